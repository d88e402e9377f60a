import { createHash } from "node:crypto";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { providerSession } from "../../../provider/host/session";
import type { OperationContext } from "../../../provider/resources/operations";
import { operations } from "../../../provider/resources/service/operations";
import type { ServiceInputs, ServiceOutputs } from "../../../provider/resources/service/shapes";
import { dedicatedEmulator } from "../../support/emulator";
import { send, basicAuth, type Json } from "../../support/httpRequests";
import { providerOf } from "../../support/providers";
import { quickSleeps } from "../../support/quickSleeps";
import { configureRequestFrom, stackConfigFor } from "../../support/stackConfig";

const sha256Base64 = (text: string) => createHash("sha256").update(text).digest("base64");

describe("Service", function () {
  this.timeout(60_000);
  quickSleeps();
  const provider = providerOf("Service");
  let emulator: RunningEmulator;
  let context: OperationContext;
  const lines: string[] = [];

  before(async () => {
    emulator = await dedicatedEmulator({ dialect: "production", awakeningDelayMs: 300 });
    await provider.configure(configureRequestFrom(stackConfigFor(emulator)));
    const session = providerSession.operationContext("Service");
    context = { ...session, progress: (line) => lines.push(line) };
  });
  after(() => emulator.close());
  beforeEach(async () => {
    lines.length = 0;
    await emulator.control.reset();
    await emulator.control.updateSettings({ awakeningDelayMs: 300 });
  });

  const api = async (method: string, path: string, body?: Json) => {
    const { tokenKey, tokenSecret, organizationId } = emulator.fixture;
    const response = await send(`${emulator.url}/v1/organizations/${organizationId}${path}`, method, {
      headers: { authorization: basicAuth(tokenKey, tokenSecret) },
      body,
    });
    return response;
  };
  const listed = async (): Promise<Json[]> => (await api("GET", "/services")).body.result;
  const remote = async (id: string): Promise<Json> => (await api("GET", `/services/${id}`)).body.result;
  const inputs = (extra: Partial<ServiceInputs> = {}): ServiceInputs => ({
    name: "orders",
    provider: "aws",
    region: "eu-west-1",
    waitTimeoutMinutes: 90,
    ...extra,
  });

  describe("check", () => {
    const failuresOf = async (news: Record<string, unknown>) =>
      (await provider.check({}, { name: "orders", provider: "aws", region: "eu-west-1", ...news }))
        .failures ?? [];

    it("accepts a service with every field a user sets", async () => {
      expect(
        await failuresOf({
          tier: "production",
          ipAccessList: [{ source: "10.0.0.0/8", description: "office" }],
          tags: { team: "data", critical: "" },
          numReplicas: 3,
          minReplicaMemoryGb: 16,
          maxReplicaMemoryGb: 64,
          idleScaling: true,
          idleTimeoutMinutes: 10,
          releaseChannel: "fast",
          mysqlEndpoint: false,
          enableCoreDumps: false,
          state: "stopped",
          password: "s3cret-Password",
          passwordRotationTrigger: "2026-11",
          waitTimeoutMinutes: 30,
        }),
      ).to.deep.equal([]);
    });

    it("names the field and the rule: required fields, enums, a region of another cloud, tags, the band", async () => {
      const missing = await provider.check({}, { provider: "aws" });
      expect(missing.failures?.map((failure) => failure.property).sort()).to.deep.equal(["name", "region"]);
      const failures = await failuresOf({
        provider: "gcp",
        region: "eu-west-1",
        tags: { "has space": "x", ok: "bad value!" },
        releaseChannel: "weekly",
        numReplicas: 2,
        minReplicas: 1,
        maxReplicas: 3,
        state: "idle",
        password: "",
        waitTimeoutMinutes: 0,
      });
      const reasons = Object.fromEntries(failures.map((failure) => [failure.property, failure.reason]));
      const tagReasons = failures
        .filter((failure) => failure.property === "tags")
        .map((failure) => failure.reason);
      expect(reasons.region).to.match(/"eu-west-1" is not a region of gcp; gcp has us-east1/);
      expect(tagReasons).to.have.length(2);
      expect(tagReasons[0]).to.match(
        /tag key "has space" must be 1 to 128 letters, digits, dots, dashes or underscores/,
      );
      expect(tagReasons[1]).to.match(/the value of tag ok must be up to 256/);
      expect(reasons.releaseChannel).to.match(/slow, default, fast/);
      expect(reasons.numReplicas).to.match(/cannot be set with minReplicas/);
      expect(reasons.state).to.equal('state must be one of running, stopped; got "idle"');
      expect(reasons.password).to.equal("password must be a non-empty string (its value is not shown)");
      expect(reasons.waitTimeoutMinutes).to.match(/positive number of minutes; got 0/);
      const backups = await failuresOf({
        backupPeriodInHours: 7,
        backupRetentionPeriodInHours: 30,
        backupStartTime: "3am",
      });
      expect(backups.map((failure) => failure.reason)).to.deep.equal([
        "backupPeriodInHours must be one of 6, 8, 12, 16, 20, 24, 36, 48 hours; got 7",
        "backupRetentionPeriodInHours must be whole days in hours (a multiple of 24) between 24 and 1080; got 30",
        'backupStartTime must be a full hour of the day in UTC, "HH:00"; got "3am"',
        "backupPeriodInHours cannot be set with backupStartTime: a start time makes backups daily (the API then " +
          "reports a period of 24 hours); set one of them",
      ]);
      const both = await failuresOf({ backupPeriodInHours: 12, backupStartTime: "03:00" });
      expect(both.map((failure) => failure.reason)).to.deep.equal([
        "backupPeriodInHours cannot be set with backupStartTime: a start time makes backups daily (the API then " +
          "reports a period of 24 hours); set one of them",
      ]);
      expect(JSON.stringify(failures)).to.not.include("s3cret");
    });
  });

  describe("one owner of each scaling setting", () => {
    const scaling = providerOf("ReplicaScaling");
    const serviceId = "6f3d8e0a-5b7c-4d2e-9f1a-0b2c3d4e5f60";
    const serviceInputs = { name: "orders", provider: "aws", region: "eu-west-1" };
    const scalingFailures = async (news: Record<string, unknown>) =>
      (await scaling.check({}, { serviceId, ...news })).failures ?? [];

    it("a ReplicaScaling is refused at check for a setting the Service of its service sets", async () => {
      await provider.diff(serviceId, serviceInputs, { ...serviceInputs, numReplicas: 3, idleScaling: true });
      const failures = await scalingFailures({ numReplicas: 4, idleTimeoutMinutes: 10 });
      expect(failures).to.deep.equal([
        {
          property: "numReplicas",
          reason:
            `numReplicas is also set by the Service resource of service ${serviceId}: a scaling setting has one ` +
            "owner, so set numReplicas on the Service or on this ReplicaScaling, not both",
        },
      ]);
      expect(await scalingFailures({ idleTimeoutMinutes: 10 })).to.deep.equal([]);
      expect(await scaling.check({}, { serviceId: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", numReplicas: 4 }))
        .to.have.property("failures")
        .that.deep.equals([]);
    });

    it("a setting the Service stops setting may move to a ReplicaScaling", async () => {
      await provider.diff(serviceId, serviceInputs, { ...serviceInputs, numReplicas: 3 });
      expect(await scalingFailures({ numReplicas: 4 })).to.have.length(1);
      await provider.diff(serviceId, serviceInputs, serviceInputs);
      expect(await scalingFailures({ numReplicas: 4 })).to.deep.equal([]);
    });

    it("a Service made with scaling settings claims them, and its delete lets them go", async () => {
      const { id, outs } = await operations.create(inputs({ numReplicas: 2 }), context);
      const failures = (await scaling.check({}, { serviceId: id, numReplicas: 5 })).failures ?? [];
      expect(failures.map((failure) => failure.property)).to.deep.equal(["numReplicas"]);
      await operations.delete(id, outs, context);
      expect((await scaling.check({}, { serviceId: id, numReplicas: 5 })).failures ?? []).to.deep.equal([]);
    });
  });

  describe("lifecycle", () => {
    it("create waits while provisioning, reports progress, and outputs the generated password once made", async () => {
      const { id, outs } = await operations.create(
        inputs({ ipAccessList: [{ source: "10.0.0.0/8" }], tags: { team: "data" }, numReplicas: 2 }),
        context,
      );
      expect(outs).to.include({ name: "orders", provider: "aws", region: "eu-west-1", state: "running" });
      expect(outs).to.include({ numReplicas: 2, mysqlEndpoint: true });
      expect(outs.tags).to.deep.equal({ team: "data" });
      expect(outs.ipAccessList).to.deep.equal([{ source: "10.0.0.0/8" }]);
      expect(lines.some((line) => line.includes(`service ${id}: provisioning after`))).to.equal(true);
      const hashes = await emulator.control.servicePasswordHashes(id);
      expect(hashes.sha256Base64).to.equal(sha256Base64(outs.password ?? "no password"));
      expect((await listed()).filter((service) => service.name === "orders")).to.have.length(1);
    });

    it("a password the program sets reaches the API as hashes only, and rotates without a replace", async () => {
      const created = await operations.create(inputs({ password: "first-Password-1" }), context);
      expect(created.outs.password).to.equal("first-Password-1");
      expect((await emulator.control.servicePasswordHashes(created.id)).sha256Base64).to.equal(
        sha256Base64("first-Password-1"),
      );
      await emulator.control.clearRequests();
      const updated = await operations.update(
        created.id,
        created.outs,
        inputs({ password: "second-Password-2" }),
        context,
      );
      expect(updated.password).to.equal("second-Password-2");
      expect((await emulator.control.servicePasswordHashes(created.id)).sha256Base64).to.equal(
        sha256Base64("second-Password-2"),
      );
      const routes = (await emulator.control.requests()).map((request) => request.route);
      expect(routes).to.include("PATCH /v1/organizations/:organizationId/services/:serviceId/password");
      expect(routes).to.not.include("POST /v1/organizations/:organizationId/services");
    });

    it("backup settings are sent after the create, changed in place, and read back with the service", async () => {
      const created = await operations.create(inputs({ backupRetentionPeriodInHours: 72 }), context);
      expect(created.outs).to.include({ backupPeriodInHours: 24, backupRetentionPeriodInHours: 72 });
      const backups = async () =>
        (await api("GET", `/services/${created.id}/backupConfiguration`)).body.result;
      expect(await backups()).to.include({ backupRetentionPeriodInHours: 72 });
      const updated = await operations.update(
        created.id,
        created.outs,
        inputs({ backupRetentionPeriodInHours: 168, backupStartTime: "02:00" }),
        context,
      );
      expect(updated).to.include({
        backupPeriodInHours: 24,
        backupRetentionPeriodInHours: 168,
        backupStartTime: "02:00",
      });
      expect(await backups()).to.deep.equal({
        backupPeriodInHours: 24,
        backupRetentionPeriodInHours: 168,
        backupStartTime: "02:00",
      });
      const read = await operations.read(created.id, updated, context, "refresh");
      expect(read?.outs).to.include({ backupRetentionPeriodInHours: 168, backupStartTime: "02:00" });
      // The API reports a 24-hour period once backups start at a set time: no change to show.
      const verdict = await provider.diff(
        created.id,
        { ...updated },
        {
          name: "orders",
          provider: "aws",
          region: "eu-west-1",
          backupRetentionPeriodInHours: 168,
          backupStartTime: "02:00",
        },
      );
      expect(verdict.changes).to.equal(false);
    });

    it("a new passwordRotationTrigger has the API generate a new password", async () => {
      const created = await operations.create(inputs(), context);
      const rotated = await operations.update(
        created.id,
        created.outs,
        inputs({ passwordRotationTrigger: "2026-12" }),
        context,
      );
      expect(rotated.password).to.be.a("string").and.not.equal(created.outs.password);
      expect((await emulator.control.servicePasswordHashes(created.id)).sha256Base64).to.equal(
        sha256Base64(rotated.password ?? ""),
      );
    });

    it("update changes the name, IP list, tags and scaling in place, and stops and starts the service", async () => {
      const created = await operations.create(
        inputs({
          ipAccessList: [{ source: "10.0.0.0/8" }, { source: "192.168.0.1" }],
          tags: { a: "1", b: "2" },
        }),
        context,
      );
      const changed = await operations.update(
        created.id,
        created.outs,
        inputs({
          name: "orders-eu",
          ipAccessList: [{ source: "192.168.0.1" }, { source: "172.16.0.0/12", description: "vpn" }],
          tags: { b: "3", c: "" },
          numReplicas: 4,
          state: "stopped",
        }),
        context,
      );
      expect(changed).to.include({ name: "orders-eu", numReplicas: 4, state: "stopped" });
      expect(changed.tags).to.deep.equal({ b: "3", c: "" });
      const service = await remote(created.id);
      expect(service.ipAccessList).to.have.deep.members([
        { source: "192.168.0.1" },
        { source: "172.16.0.0/12", description: "vpn" },
      ]);
      expect(service.tags).to.have.deep.members([{ key: "b", value: "3" }, { key: "c" }]);
      expect(service.state).to.equal("stopped");
      const started = await operations.update(
        created.id,
        changed,
        inputs({ name: "orders-eu", state: "running" }),
        context,
      );
      expect(started.state).to.equal("running");
      expect(lines.some((line) => line.includes("sending start"))).to.equal(true);
    });

    it("the IP list and tags compare as sets, and an idle service compares as running", async () => {
      const olds = {
        name: "orders",
        provider: "aws",
        region: "eu-west-1",
        state: "idle",
        ipAccessList: [{ source: "10.0.0.0/8" }, { source: "192.168.0.1", description: "vpn" }],
        tags: { a: "1", b: "2" },
      };
      const news = {
        ...olds,
        state: "running",
        ipAccessList: [{ source: "192.168.0.1", description: "vpn" }, { source: "10.0.0.0/8" }],
        tags: { b: "2", a: "1" },
      };
      const same = await provider.diff("id", olds, news);
      expect(same.changes).to.equal(false);
      const moved = await provider.diff("id", olds, { ...news, ipAccessList: [{ source: "10.0.0.0/8" }] });
      expect(moved.changes).to.equal(true);
      expect(moved.replaces ?? []).to.deep.equal([]);
      const region = await provider.diff("id", olds, { ...news, region: "eu-west-2" });
      expect(region.replaces).to.deep.equal(["region"]);
    });

    it("delete stops a running service, waits, deletes it and waits until it is gone", async () => {
      const created = await operations.create(inputs(), context);
      await operations.delete(created.id, created.outs, context);
      expect((await api("GET", `/services/${created.id}`)).status).to.equal(404);
      expect(lines.some((line) => line.includes("stopping it before the delete"))).to.equal(true);
      const routes = (await emulator.control.requests()).map((request) => request.route);
      expect(routes).to.include("PATCH /v1/organizations/:organizationId/services/:serviceId/state");
      expect(await operations.read(created.id, created.outs, context, "refresh")).to.equal(undefined);
    });

    it("delete retries the DELETE while the API answers 409", async () => {
      const created = await operations.create(inputs({ state: "stopped" }), context);
      const deleteRoute = "DELETE /v1/organizations/:organizationId/services/:serviceId";
      await emulator.control.setFaults({ script: [{ route: deleteRoute, kinds: ["409", "409"] }] });
      await emulator.control.clearRequests();
      await operations.delete(created.id, created.outs, context);
      const deletes = (await emulator.control.requests()).filter((request) => request.route === deleteRoute);
      expect(deletes.map((request) => request.status)).to.deep.equal([409, 409, 200]);
      expect((await api("GET", `/services/${created.id}`)).status).to.equal(404);
      expect(lines.filter((line) => line.includes("not ready to delete it yet (409"))).to.have.length(2);
      await emulator.control.clearFaults();
    });

    it("a create interrupted during its wait is taken over by the next create, not made twice", async () => {
      await emulator.control.updateSettings({ awakeningDelayMs: 60_000 });
      const interrupted = await api("POST", "/services", {
        name: "orders",
        provider: "aws",
        region: "eu-west-1",
      });
      expect(interrupted.status).to.equal(200);
      await emulator.control.updateSettings({ awakeningDelayMs: 300 });
      await emulator.control.setServiceState(interrupted.body.result.service.id, "running");
      const { id, outs } = await operations.create(inputs(), context);
      expect(id).to.equal(interrupted.body.result.service.id);
      expect((await listed()).filter((service) => service.name === "orders")).to.have.length(1);
      expect(lines.some((line) => line.startsWith(`warning: taking over service ${id}`))).to.equal(true);
      // The interrupted run's password was lost with its reply: a new one is generated and output.
      expect((await emulator.control.servicePasswordHashes(id)).sha256Base64).to.equal(
        sha256Base64(outs.password ?? ""),
      );
    });

    it("two candidates for an interrupted create fail it, naming both, and make nothing", async () => {
      for (let made = 0; made < 2; made++) {
        await api("POST", "/services", { name: "orders", provider: "aws", region: "eu-west-1" });
      }
      let failure: unknown;
      await operations.create(inputs(), context).catch((error: unknown) => (failure = error));
      expect(String(failure)).to.match(/several services named "orders"/);
      expect((await listed()).filter((service) => service.name === "orders")).to.have.length(2);
    });

    it("a service with other settings, or made before the wait timeout, is not taken over", async () => {
      await api("POST", "/services", { name: "orders", provider: "aws", region: "eu-west-2" });
      const { id } = await operations.create(inputs(), context);
      const orders = (await listed()).filter((service) => service.name === "orders");
      expect(orders).to.have.length(2);
      expect(orders.map((service) => service.id)).to.include(id);
    });

    it("read reports a service deleted out of band as gone, and keeps the password the API never returns", async () => {
      const created = await operations.create(inputs(), context);
      const read = await operations.read(created.id, created.outs, context, "refresh");
      expect(read?.outs.password).to.equal(created.outs.password);
      const outputs: ServiceOutputs = created.outs;
      await operations.delete(created.id, outputs, context);
      expect(await operations.read(created.id, outputs, context, "refresh")).to.equal(undefined);
    });
  });
});
