import { createHash } from "node:crypto";
import { expect } from "chai";
import { validate } from "../../../provider/validation/validate";
import {
  delay,
  EmulatorHarness,
  expectManagementError,
  expectManagementSuccess,
  type Json,
} from "../../support/httpRequests";

const transitionMs = 150;

describe("emulator: a service's create, PATCH, password and delete", () => {
  const harness = new EmulatorHarness({ dialect: "production", awakeningDelayMs: transitionMs }).install();
  const servicesPath = () => `${harness.orgPath}/services`;
  const create = (body: Json) => harness.management("POST", servicesPath(), { body });
  const get = async (id: string) =>
    expectManagementSuccess(await harness.management("GET", `${servicesPath()}/${id}`));
  const patch = (id: string, body: Json, suffix = "") =>
    harness.management("PATCH", `${servicesPath()}/${id}${suffix}`, { body });
  const remove = (id: string) => harness.management("DELETE", `${servicesPath()}/${id}`);
  const minimal = { name: "made by a test", provider: "aws", region: "eu-west-1" };

  it("POST makes a provisioning service that runs after the transition delay, and answers its password once", async () => {
    const created = expectManagementSuccess(
      await create({
        ...minimal,
        ipAccessList: [{ source: "10.0.0.0/8", description: "office" }],
        tags: [{ key: "team", value: "data" }, { key: "critical" }],
        releaseChannel: "fast",
        numReplicas: 2,
      }),
    );
    expect(validate("serviceCreateResult", created)).to.deep.equal([]);
    expect(created.password).to.match(/^[A-Za-z0-9]{16}$/);
    const service = created.service;
    expect(service).to.include({
      name: "made by a test",
      provider: "aws",
      region: "eu-west-1",
      state: "provisioning",
    });
    expect(service).to.include({ releaseChannel: "fast", numReplicas: 2, isPrimary: true });
    expect(service.tags).to.deep.equal([{ key: "team", value: "data" }, { key: "critical" }]);
    expect(service.ipAccessList).to.deep.equal([{ source: "10.0.0.0/8", description: "office" }]);
    const listed = expectManagementSuccess(await harness.management("GET", servicesPath()));
    expect(listed.map((each: Json) => each.id)).to.include(service.id);
    expect((await get(service.id)).password).to.equal(undefined);
    await delay(transitionMs + 50);
    expect((await get(service.id)).state).to.equal("running");
    const hashes = await harness.emulator.control.servicePasswordHashes(service.id);
    expect(hashes.sha256Base64).to.equal(createHash("sha256").update(created.password).digest("base64"));
  });

  it("refuses a create without name, provider or region, or with a region of another cloud, naming the field", async () => {
    expectManagementError(await create({ provider: "aws", region: "eu-west-1" }), 400, "BAD_REQUEST", "name");
    expectManagementError(
      await create({ ...minimal, region: "us-east1" }),
      400,
      "BAD_REQUEST",
      "region",
      "aws",
    );
    expectManagementError(await create({ ...minimal, colour: "blue" }), 400, "BAD_REQUEST", "colour");
    expectManagementError(
      await create({ ...minimal, tags: [{ key: "has space" }] }),
      400,
      "BAD_REQUEST",
      "tags.0.key",
    );
    expectManagementError(
      await create({ ...minimal, provider: "azure", region: "eastus", tier: "development" }),
      400,
      "BAD_REQUEST",
      "tier",
    );
    expectManagementError(
      await create({ ...minimal, profile: "v1-highmem-xs" }),
      400,
      "BAD_REQUEST",
      "ENTERPRISE",
    );
    expectManagementError(
      await create({ ...minimal, dataWarehouseId: "7a1c9bb4-7cf6-4d0d-a0a7-3d3f1f5c6a11" }),
      400,
      "BAD_REQUEST",
      "dataWarehouseId",
    );
    expectManagementError(await create({ ...minimal, numReplicas: 1 }), 400, "BAD_REQUEST", "numReplicas");
    const names = expectManagementSuccess(await harness.management("GET", servicesPath())).map(
      (each: Json) => each.name,
    );
    expect(names).to.not.include(minimal.name);
  });

  it("a service made in an existing warehouse is not its primary and may have one replica", async () => {
    const primary = await get(harness.fixture.services.production);
    const created = expectManagementSuccess(
      await create({ ...minimal, dataWarehouseId: primary.dataWarehouseId, numReplicas: 1 }),
    );
    expect(created.service).to.include({
      isPrimary: false,
      numReplicas: 1,
      dataWarehouseId: primary.dataWarehouseId,
    });
  });

  it("PATCH renames, changes the IP list and tags by add and remove, and switches the MySQL endpoint", async () => {
    const { service } = expectManagementSuccess(
      await create({
        ...minimal,
        ipAccessList: [{ source: "10.0.0.0/8" }],
        tags: [{ key: "a", value: "1" }],
      }),
    );
    const patched = expectManagementSuccess(
      await patch(service.id, {
        name: "renamed",
        ipAccessList: {
          remove: [{ source: "10.0.0.0/8" }],
          add: [{ source: "192.168.1.1", description: "vpn" }],
        },
        tags: { remove: [{ key: "a" }], add: [{ key: "b", value: "2" }] },
        endpoints: [{ protocol: "mysql", enabled: false }],
        enableCoreDumps: false,
      }),
    );
    expect(validate("serviceDetails", patched)).to.deep.equal([]);
    expect(patched).to.include({ name: "renamed", enableCoreDumps: false });
    expect(patched.ipAccessList).to.deep.equal([{ source: "192.168.1.1", description: "vpn" }]);
    expect(patched.tags).to.deep.equal([{ key: "b", value: "2" }]);
    expect(patched.endpoints.map((endpoint: Json) => endpoint.protocol)).to.deep.equal([
      "nativesecure",
      "https",
    ]);
    expectManagementError(await patch(service.id, {}), 400, "BAD_REQUEST", "at least one of", "name");
    expectManagementError(
      await patch(service.id, { ipAccessList: { add: [{ source: "not-an-ip" }] } }),
      400,
      "BAD_REQUEST",
      "ipAccessList.add[0].source",
    );
    expectManagementError(
      await patch(service.id, { transparentDataEncryptionKeyId: "key-1" }),
      400,
      "BAD_REQUEST",
      "transparent data encryption",
    );
  });

  it("PATCH password keeps the hashes sent, or generates a password and answers it", async () => {
    const id = harness.fixture.services.production;
    const sha256Base64 = createHash("sha256").update("correct horse battery staple").digest("base64");
    const byHash = expectManagementSuccess(await patch(id, { newPasswordHash: sha256Base64 }, "/password"));
    expect(byHash).to.deep.equal({});
    expect(await harness.emulator.control.servicePasswordHashes(id)).to.deep.equal({ sha256Base64 });
    const generated = expectManagementSuccess(await patch(id, {}, "/password"));
    expect(generated.password).to.match(/^[A-Za-z0-9]{16}$/);
    expect((await harness.emulator.control.servicePasswordHashes(id)).sha256Base64).to.equal(
      createHash("sha256").update(generated.password).digest("base64"),
    );
    expectManagementError(
      await patch(id, { newPasswordHash: "plain" }, "/password"),
      400,
      "BAD_REQUEST",
      "newPasswordHash",
    );
  });

  it("DELETE refuses a service that is not stopped (409), then terminates a stopped one until it is gone", async () => {
    const control = harness.emulator.control;
    await control.updateSettings({ awakeningDelayMs: 60_000 });
    const { service } = expectManagementSuccess(await create(minimal));
    expectManagementError(await remove(service.id), 409, "CONFLICT", "must be stopped", "provisioning");
    expectManagementError(
      await patch(service.id, { command: "stop" }, "/state"),
      409,
      "CONFLICT",
      "provisioning",
    );
    await control.setServiceState(service.id, "running");
    expectManagementError(await remove(service.id), 409, "CONFLICT", "running");
    const stopping = expectManagementSuccess(await patch(service.id, { command: "stop" }, "/state"));
    expect(stopping.state).to.equal("stopping");
    expectManagementError(await remove(service.id), 409, "CONFLICT", "stopping");
    await control.setServiceState(service.id, "stopped");
    await control.updateSettings({ awakeningDelayMs: transitionMs });
    const deleted = await remove(service.id);
    expect(deleted.status).to.equal(200);
    expect(deleted.body).to.deep.include({ status: 200 });
    expect((await get(service.id)).state).to.equal("terminating");
    await delay(transitionMs + 50);
    expectManagementError(
      await harness.management("GET", `${servicesPath()}/${service.id}`),
      404,
      "NOT_FOUND",
    );
    const listed = expectManagementSuccess(await harness.management("GET", servicesPath()));
    expect(listed.map((each: Json) => each.id)).to.not.include(service.id);
  });

  it("backup configuration: GET the defaults, PATCH them; a start time makes backups daily, a period ends that", async () => {
    const backups = `${servicesPath()}/${harness.fixture.services.production}/backupConfiguration`;
    const read = async () => expectManagementSuccess(await harness.management("GET", backups));
    const change = (body: Json) => harness.management("PATCH", backups, { body });
    expect(await read()).to.deep.equal({
      backupPeriodInHours: 24,
      backupRetentionPeriodInHours: 24,
      backupStartTime: null,
    });
    expect(
      expectManagementSuccess(await change({ backupPeriodInHours: 12, backupRetentionPeriodInHours: 72 })),
    ).to.deep.equal({
      backupPeriodInHours: 12,
      backupRetentionPeriodInHours: 72,
      backupStartTime: null,
    });
    expect(expectManagementSuccess(await change({ backupStartTime: "03:00" }))).to.deep.equal({
      backupPeriodInHours: 24,
      backupRetentionPeriodInHours: 72,
      backupStartTime: "03:00",
    });
    expect(expectManagementSuccess(await change({ backupPeriodInHours: 6 }))).to.deep.equal({
      backupPeriodInHours: 6,
      backupRetentionPeriodInHours: 72,
      backupStartTime: null,
    });
    expect(await read()).to.include({ backupPeriodInHours: 6 });
    expectManagementError(
      await change({ backupRetentionPeriodInHours: 30 }),
      400,
      "BAD_REQUEST",
      "backupRetentionPeriodInHours",
    );
    expectManagementError(await change({ backupStartTime: "03:30" }), 400, "BAD_REQUEST", "backupStartTime");
    const development = `${servicesPath()}/${harness.fixture.services.development}/backupConfiguration`;
    expectManagementError(
      await harness.management("GET", development),
      400,
      "BAD_REQUEST",
      "development service",
    );
    const secondary = `${servicesPath()}/${harness.fixture.services.secondary}/backupConfiguration`;
    expectManagementError(await harness.management("GET", secondary), 400, "BAD_REQUEST", "primary service");
  });
});
