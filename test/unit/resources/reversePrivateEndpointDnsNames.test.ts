/**
 * A reverse private endpoint's custom private DNS names (`customPrivateDnsNames`) and its GCP type, through the
 * kind's dynamic provider: refused at preview with the field and the rule named and nothing sent, compared as a set,
 * sent whole on create, changed in place by one PATCH of the whole list, read back, left alone when the program
 * leaves them out and cleared only by `[]`. The requests are read from the emulator's recording of its exchanges.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import type { RecordedExchange } from "../../../emulator/server/exchangeRecorder";
import { providerSession } from "../../../provider/host/session";
import { UNKNOWN } from "../../../provider/propertyEncoding";
import { dedicatedEmulator } from "../../support/emulator";
import { failureOf } from "../../support/failureOf";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { providerOf } from "../../support/providers";
import { configureRequestFrom, stackConfigFor } from "../../support/stackConfig";

const vpcService = {
  type: "VPC_ENDPOINT_SERVICE",
  vpcEndpointServiceName: "com.amazonaws.vpce.eu-west-1.vpce-svc-0abc",
};
const msk = {
  type: "MSK_MULTI_VPC",
  mskClusterArn: "arn:aws:kafka:eu-west-1:123456789012:cluster/one/abc",
  mskAuthentication: "SASL_IAM",
};
const gcp = {
  type: "GCP_PSC_SERVICE_ATTACHMENT",
  gcpServiceAttachment: "projects/analytics/regions/europe-west1/serviceAttachments/orders-db",
};
/** A service id of the right form, for checks that never reach the API. */
const anyServiceId = "5b2d9c4e-1a3f-4e6d-8b7c-9a0e1f2d3c4b";

describe("ReversePrivateEndpoint custom private DNS names and the GCP type", function () {
  this.timeout(30_000);
  const provider = providerOf("ReversePrivateEndpoint");
  let production: RunningEmulator;
  let spec: RunningEmulator;
  let dir: string;
  let recording: string;
  const configureFor = (emulator: RunningEmulator) =>
    provider.configure(configureRequestFrom(stackConfigFor(emulator)));

  /** The exchanges recorded since the last `beforeEach`, with the method and the path after the collection. */
  const exchanges = (): RecordedExchange[] =>
    fs.existsSync(recording)
      ? fs
          .readFileSync(recording, "utf8")
          .trim()
          .split("\n")
          .filter((line) => line !== "")
          .map((line) => JSON.parse(line) as RecordedExchange)
      : [];
  const writes = () => exchanges().filter((exchange) => exchange.method !== "GET");
  const patches = () => exchanges().filter((exchange) => exchange.method === "PATCH");

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-rpe-dns-"));
    recording = path.join(dir, "exchanges.jsonl");
    [production, spec] = await Promise.all([
      startEmulator({ port: 0, dialect: "production", provisioningDelayMs: 0, recordExchangesTo: recording }),
      dedicatedEmulator({ provisioningDelayMs: 0 }),
    ]);
  });
  beforeEach(async () => {
    await configureFor(production);
    await Promise.all([production.control.reset(), spec.control.clearRequests()]);
    fs.rmSync(recording, { force: true });
  });
  after(async () => {
    // Every other test file expects the process's provider context pointed at the shared emulator.
    await provider.configure(await emulatorConfigureRequest());
    await Promise.all([production?.close(), spec?.close()]);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  describe("check, before anything is sent", () => {
    const failuresOf = async (news: Record<string, unknown>) =>
      (await provider.check({}, { serviceId: anyServiceId, ...news })).failures ?? [];

    it("accepts exact names, leading wildcards, any case, an empty list, and the GCP type", async () => {
      // The longest name the API takes: 253 characters.
      const longest = ["a", "b", "c"].map((letter) => letter.repeat(63)).join(".") + `.${"d".repeat(61)}`;
      expect(longest).to.have.length(253);
      const names = [
        "db.example.com",
        "*.internal.example.com",
        "Orders-1.EU.example.com",
        "localhost",
        longest,
      ];
      expect(await failuresOf({ ...vpcService, customPrivateDnsNames: names })).to.deep.equal([]);
      expect(await failuresOf({ ...vpcService, customPrivateDnsNames: [] })).to.deep.equal([]);
      expect(await failuresOf({ ...gcp, customPrivateDnsNames: ["*.sql.example.com"] })).to.deep.equal([]);
      expect(await failuresOf({ ...msk, customPrivateDnsNames: [] })).to.deep.equal([]);
    });

    const notNames = [
      "db_1.example.com",
      "db..example.com",
      "-db.example.com",
      "db-.example.com",
      "db.example.com.",
      "*.",
      "*",
      "db.*.example.com",
      "**.example.com",
      "10.0.0.1",
      "db example.com",
      `${"a".repeat(64)}.example.com`,
      `${"abcdefghi.".repeat(25)}example.com`,
      "",
    ];
    for (const name of notNames) {
      it(`refuses ${JSON.stringify(name.length > 40 ? `${name.slice(0, 37)}...` : name)}, naming the field, its index and the rule`, async () => {
        const failures = await failuresOf({
          ...vpcService,
          customPrivateDnsNames: ["ok.example.com", name],
        });
        expect(failures).to.have.length(1);
        expect(failures[0].property).to.equal("customPrivateDnsNames");
        expect(failures[0].reason).to.equal(
          `customPrivateDnsNames[1] must be a DNS name (labels of letters, digits and hyphens separated by dots, ` +
            "each 1 to 63 characters, not starting or ending with a hyphen, 253 characters at most, the last label " +
            'not all digits) or a wildcard "*." followed by one, e.g. db.example.com or *.example.com; got ' +
            JSON.stringify(name),
        );
      });
    }

    it("refuses a name listed twice, in any case", async () => {
      const failures = await failuresOf({
        ...vpcService,
        customPrivateDnsNames: ["db.example.com", "*.example.com", "DB.Example.com"],
      });
      expect(failures).to.deep.equal([
        {
          property: "customPrivateDnsNames",
          reason:
            "customPrivateDnsNames lists DB.Example.com more than once (DNS names are case-insensitive): each name " +
            "must be unique",
        },
      ]);
    });

    it("names a repeat in the API's case rules only: straße and strasse are two names, both checked", async () => {
      const failures = await failuresOf({
        ...vpcService,
        customPrivateDnsNames: ["straße.example.com", "strasse.example.com"],
      });
      expect(failures.map((failure) => failure.reason)).to.deep.equal([
        `customPrivateDnsNames[0] must be a DNS name (labels of letters, digits and hyphens separated by dots, ` +
          "each 1 to 63 characters, not starting or ending with a hyphen, 253 characters at most, the last label " +
          'not all digits) or a wildcard "*." followed by one, e.g. db.example.com or *.example.com; got ' +
          '"straße.example.com"',
      ]);
    });

    it("takes null as left out, on either wire", async () => {
      expect(await failuresOf({ ...vpcService, customPrivateDnsNames: null })).to.deep.equal([]);
      await configureFor(spec);
      expect(await failuresOf({ ...vpcService, customPrivateDnsNames: null })).to.deep.equal([]);
    });

    it("refuses names on an MSK_MULTI_VPC endpoint", async () => {
      expect(await failuresOf({ ...msk, customPrivateDnsNames: ["kafka.example.com"] })).to.deep.equal([
        {
          property: "customPrivateDnsNames",
          reason:
            "customPrivateDnsNames must be left out or empty when type is MSK_MULTI_VPC: the API does not support " +
            "custom private DNS names on MSK multi-VPC endpoints",
        },
      ]);
    });

    it("refuses a value that is no list of strings", async () => {
      const failures = await failuresOf({ ...vpcService, customPrivateDnsNames: ["db.example.com", 7] });
      expect(failures).to.deep.equal([
        {
          property: "customPrivateDnsNames",
          reason: 'customPrivateDnsNames must be a list of DNS names (strings); got ["db.example.com",7]',
        },
      ]);
      expect(
        (await failuresOf({ ...vpcService, customPrivateDnsNames: "db.example.com" }))[0].property,
      ).to.equal("customPrivateDnsNames");
    });

    it("leaves names not known yet, or a type not known yet, to be checked when known", async () => {
      expect(await failuresOf({ ...vpcService, customPrivateDnsNames: UNKNOWN })).to.deep.equal([]);
      expect(
        await failuresOf({ ...msk, type: UNKNOWN, customPrivateDnsNames: ["kafka.example.com"] }),
      ).to.deep.equal([]);
    });

    it("checks the GCP service attachment's form, and requires one for the GCP type", async () => {
      const [malformed] = await failuresOf({ ...gcp, gcpServiceAttachment: "orders-db" });
      expect(malformed.property).to.equal("gcpServiceAttachment");
      expect(malformed.reason).to.include(
        "must be a GCP service attachment URI: projects/{project}/regions/{region}/serviceAttachments/{name}",
      );
      const [missing] = await failuresOf({ type: "GCP_PSC_SERVICE_ATTACHMENT" });
      expect(missing.property).to.equal("gcpServiceAttachment");
      expect(missing.reason).to.match(/required when type is GCP_PSC_SERVICE_ATTACHMENT/);
    });

    it("refuses the names, the GCP type and its attachment on the specification's wire, naming the setting", async () => {
      await configureFor(spec);
      const failures = await failuresOf({ ...gcp, customPrivateDnsNames: [] });
      expect(failures.map((failure) => failure.property)).to.deep.equal([
        "type",
        "gcpServiceAttachment",
        "customPrivateDnsNames",
      ]);
      expect(failures[0].reason).to.equal(
        "type GCP_PSC_SERVICE_ATTACHMENT is served by the production wire only: the specification's types are " +
          "VPC_ENDPOINT_SERVICE, VPC_RESOURCE and MSK_MULTI_VPC; set clickhouse:apiDialect to production (the " +
          "default for api.clickhouse.cloud) or leave it out",
      );
      expect(failures[2].reason).to.match(
        /^customPrivateDnsNames is an input of the production wire: .*clickhouse:apiDialect to production/,
      );
      expect(await failuresOf(vpcService)).to.deep.equal([]);
    });

    it("the client's PATCH fails on the specification's wire before anything is sent", async () => {
      await configureFor(spec);
      const { client, organizationId } = providerSession.management();
      const error = await failureOf(() =>
        client.reversePrivateEndpoints.update(
          organizationId,
          spec.fixture.services.production,
          anyServiceId,
          {
            customPrivateDnsMappings: [],
          },
        ),
      );
      expect(error.message).to.match(
        /^PATCH \S+\/dataPipesReversePrivateEndpoints\/\S+: the specification's management API cannot change a reverse private endpoint; .*clickhouse:apiDialect production/,
      );
      expect(await spec.control.requests()).to.deep.equal([]);
    });

    it("sends nothing to either wire", async () => {
      await failuresOf({ ...msk, customPrivateDnsNames: ["kafka.example.com", "bad_name"] });
      await configureFor(spec);
      await failuresOf({ ...gcp, customPrivateDnsNames: ["db.example.com"] });
      expect(exchanges()).to.deep.equal([]);
      expect(await spec.control.requests()).to.deep.equal([]);
    });
  });

  describe("diff", () => {
    const olds = {
      serviceId: "s",
      organizationId: "o",
      status: "Ready",
      ...vpcService,
      customPrivateDnsNames: ["db.example.com", "*.example.com"],
    };
    const news = { serviceId: "s", ...vpcService };
    const diff = (names: unknown) =>
      provider.diff("id", olds, names === undefined ? news : { ...news, customPrivateDnsNames: names });

    it("changes the names in place, never replacing the endpoint", async () => {
      for (const names of [["db.example.com"], ["db.example.com", "*.example.com", "api.example.com"], []]) {
        const verdict = await diff(names);
        expect(verdict.changes, JSON.stringify(names)).to.equal(true);
        expect(verdict.replaces ?? [], JSON.stringify(names)).to.deep.equal([]);
      }
    });

    it("sees no change in another order or case: the names are a set", async () => {
      expect((await diff(["*.EXAMPLE.com", "db.example.com"])).changes).to.equal(false);
    });

    it("sees no change when the program leaves them out, whatever names the endpoint has", async () => {
      expect((await diff(undefined)).changes).to.equal(false);
      expect((await diff(null)).changes).to.equal(false);
    });

    it("sees an empty list as no change for an endpoint recorded before the names existed", async () => {
      const { customPrivateDnsNames: _names, ...older } = olds;
      expect((await provider.diff("id", older, { ...news, customPrivateDnsNames: [] })).changes).to.equal(
        false,
      );
      const named = await provider.diff("id", older, { ...news, customPrivateDnsNames: ["db.example.com"] });
      expect(named).to.include({ changes: true });
      expect(named.replaces ?? []).to.deep.equal([]);
    });

    it("counts names not known yet as a change in place", async () => {
      const verdict = await diff(UNKNOWN);
      expect(verdict.changes).to.equal(true);
      expect(verdict.replaces ?? []).to.deep.equal([]);
    });

    it("replaces the endpoint for another GCP service attachment", async () => {
      const { vpcEndpointServiceName: _name, ...others } = olds;
      const attached = { ...others, ...gcp };
      const moved = await provider.diff("id", attached, {
        serviceId: "s",
        ...gcp,
        gcpServiceAttachment: "projects/analytics/regions/europe-west1/serviceAttachments/other",
      });
      expect(moved).to.deep.include({ changes: true, replaces: ["gcpServiceAttachment"] });
    });
  });

  describe("against the production wire", () => {
    const serviceId = () => production.fixture.services.production;
    const create = (extra: Record<string, unknown>) =>
      provider.create({ serviceId: serviceId(), ...vpcService, ...extra });

    it("sends the names on create, as mappings, and records them", async () => {
      const created = await create({ customPrivateDnsNames: ["db.example.com", "*.Internal.example.com"] });
      const [post] = writes();
      expect(post.method).to.equal("POST");
      expect(post.requestBody).to.deep.equal({
        ...vpcService,
        customPrivateDnsMappings: [
          { privateDnsName: "db.example.com" },
          { privateDnsName: "*.Internal.example.com" },
        ],
      });
      expect(created.outs.customPrivateDnsNames).to.deep.equal(["db.example.com", "*.Internal.example.com"]);
    });

    it("sends no mappings on create when the program leaves them out, and records none", async () => {
      const created = await create({});
      expect(writes()[0].requestBody).to.deep.equal(vpcService);
      expect(created.outs.customPrivateDnsNames).to.deep.equal([]);
    });

    it("changes the names with one PATCH of the whole list: same endpoint, nothing else written", async () => {
      const created = await create({ customPrivateDnsNames: ["db.example.com"] });
      fs.rmSync(recording, { force: true });
      const names = ["db.example.com", "*.example.com"];
      const updated = await provider.update(created.id, created.outs, {
        serviceId: serviceId(),
        ...vpcService,
        customPrivateDnsNames: names,
      });
      expect(writes().map((exchange) => exchange.method)).to.deep.equal(["PATCH"]);
      const [patch] = patches();
      expect(patch.url).to.match(new RegExp(`/clickpipesReversePrivateEndpoints/${created.id}$`));
      expect(patch.requestBody).to.deep.equal({
        customPrivateDnsMappings: [{ privateDnsName: "db.example.com" }, { privateDnsName: "*.example.com" }],
      });
      expect(patch.status).to.equal(200);
      expect(updated.outs).to.include({ status: "Ready" });
      expect(updated.outs.customPrivateDnsNames).to.deep.equal(names);
      const read = await provider.read(created.id, updated.outs);
      expect(read.id).to.equal(created.id);
      expect(read.props.customPrivateDnsNames).to.deep.equal(names);
      expect(read.inputs.customPrivateDnsNames).to.deep.equal(names);
    });

    it("changes one name of several to another with a PATCH: as many names, one the same, is no same set", async () => {
      const created = await create({ customPrivateDnsNames: ["api.example.com", "db.example.com"] });
      fs.rmSync(recording, { force: true });
      const names = ["api.example.com", "orders.example.com"];
      const updated = await provider.update(created.id, created.outs, {
        serviceId: serviceId(),
        ...vpcService,
        customPrivateDnsNames: names,
      });
      expect(patches().map((exchange) => exchange.requestBody)).to.deep.equal([
        {
          customPrivateDnsMappings: [
            { privateDnsName: "api.example.com" },
            { privateDnsName: "orders.example.com" },
          ],
        },
      ]);
      expect(updated.outs.customPrivateDnsNames).to.deep.equal(names);
    });

    it("clears the names only for an empty list; left out, they stay as they are", async () => {
      const created = await create({ customPrivateDnsNames: ["db.example.com"] });
      fs.rmSync(recording, { force: true });
      const unmanaged = await provider.update(created.id, created.outs, {
        serviceId: serviceId(),
        ...vpcService,
        readyTimeoutSeconds: 60,
      });
      expect(patches()).to.deep.equal([]);
      expect(unmanaged.outs.customPrivateDnsNames).to.deep.equal(["db.example.com"]);
      const cleared = await provider.update(created.id, unmanaged.outs, {
        serviceId: serviceId(),
        ...vpcService,
        customPrivateDnsNames: [],
      });
      expect(patches().map((exchange) => exchange.requestBody)).to.deep.equal([
        { customPrivateDnsMappings: [] },
      ]);
      expect(cleared.outs.customPrivateDnsNames).to.deep.equal([]);
    });

    it("sends no PATCH when the names are the same set", async () => {
      const created = await create({ customPrivateDnsNames: ["db.example.com", "*.example.com"] });
      fs.rmSync(recording, { force: true });
      await provider.update(created.id, created.outs, {
        serviceId: serviceId(),
        ...vpcService,
        customPrivateDnsNames: ["*.EXAMPLE.COM", "db.example.com"],
      });
      expect(patches()).to.deep.equal([]);
    });

    it("reads back names changed elsewhere on refresh", async () => {
      const created = await create({});
      await production.control.clearRequests();
      const { client, organizationId } = providerSession.management();
      await client.reversePrivateEndpoints.update(organizationId, serviceId(), created.id, {
        customPrivateDnsMappings: [{ privateDnsName: "elsewhere.example.com" }],
      });
      const read = await provider.read(created.id, created.outs);
      expect(read.props.customPrivateDnsNames).to.deep.equal(["elsewhere.example.com"]);
    });

    it("gives an adopted endpoint the names set, with one PATCH", async () => {
      const original = await create({});
      fs.rmSync(recording, { force: true });
      const adopted = await create({ adoptId: original.id, customPrivateDnsNames: ["db.example.com"] });
      expect(adopted.id).to.equal(original.id);
      expect(writes().map((exchange) => exchange.method)).to.deep.equal(["PATCH"]);
      expect(adopted.outs.customPrivateDnsNames).to.deep.equal(["db.example.com"]);
    });

    it("creates a GCP PSC endpoint and records its service attachment", async () => {
      const created = await provider.create({
        serviceId: serviceId(),
        ...gcp,
        customPrivateDnsNames: ["db.example.com"],
      });
      expect(created.outs).to.include({
        type: "GCP_PSC_SERVICE_ATTACHMENT",
        gcpServiceAttachment: gcp.gcpServiceAttachment,
      });
      expect(writes()[0].requestBody).to.deep.equal({
        ...gcp,
        customPrivateDnsMappings: [{ privateDnsName: "db.example.com" }],
      });
    });

    it("fails an update with the API's refusal of a name another endpoint of the service holds", async () => {
      await create({ customPrivateDnsNames: ["db.example.com"] });
      const second = await create({});
      const error = await failureOf(() =>
        provider.update(second.id, second.outs, {
          serviceId: serviceId(),
          ...vpcService,
          customPrivateDnsNames: ["DB.example.com"],
        }),
      );
      expect(error.message).to.match(/\(400 BAD_REQUEST from PATCH /);
      expect(error.message).to.include(
        "customPrivateDnsMappings: db.example.com is already a private DNS name of reverse private endpoint",
      );
    });
  });
});
