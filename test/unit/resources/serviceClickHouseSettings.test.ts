import axios, { type AxiosInstance } from "axios";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { UNKNOWN } from "../../../provider/propertyEncoding";
import { providerSession } from "../../../provider/host/session";
import { resources } from "../../../provider/resources/registry";
import { providerOf } from "../../support/providers";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { withProgressLines } from "../../support/progressLines";

type Bag = Record<string, unknown>;
const schemaRoute = "GET /v1/organizations/:organizationId/services/:serviceId/clickhouseSettings/schema";

describe("ServiceClickHouseSettingsProvider", function () {
  this.timeout(30_000);
  let emulator: RunningEmulator;
  let serviceId: string;
  let api: AxiosInstance;
  const provider = providerOf("ServiceClickHouseSettings");

  /** The settings the service has, name to value, as the API lists them. */
  async function remote(): Promise<Record<string, string>> {
    const listed: { name: string; value: string }[] = (await api.get("")).data.result.settings;
    return Object.fromEntries(listed.map((setting) => [setting.name, setting.value]));
  }

  /** What the emulator was asked since the last clear, as "METHOD path-after-the-service". */
  async function asked(): Promise<string[]> {
    return (await emulator.control.requests())
      .filter((entry) => entry.path.includes(serviceId))
      .map((entry) => `${entry.method} ${entry.path.split(serviceId)[1]}`);
  }

  before(async () => {
    emulator = await sharedEmulator();
    serviceId = emulator.fixture.services.secondary;
    api = axios.create({
      baseURL: `${emulator.fixture.managementUrl}/v1/organizations/${emulator.fixture.organizationId}/services/${serviceId}/clickhouseSettings`,
      auth: { username: emulator.fixture.tokenKey, password: emulator.fixture.tokenSecret },
    });
    await provider.configure(await emulatorConfigureRequest());
  });

  // The emulator is shared: the service gets back the settings it had (none).
  afterEach(async () => {
    await emulator.control.clearFaults();
    for (const name of Object.keys(await remote())) await api.delete(`/${name}`);
  });

  describe("check against the service's settings schema", () => {
    const failuresOf = async (settings: unknown, extra: Bag = {}) =>
      (await provider.check({}, { serviceId, settings, ...extra })).failures ?? [];

    it("accepts settings of every type with fitting values, and sends nothing but the schema's GET", async () => {
      await emulator.control.clearRequests();
      const settings = {
        compatibility: "24.8",
        max_memory_usage: "10000000000",
        distributed_ddl_task_timeout: "-1",
        join_use_nulls: "true",
        max_execution_time: "2.5",
        enable_parallel_replicas: "2",
      };
      expect(await failuresOf(settings)).to.deep.equal([]);
      expect(await asked()).to.deep.equal(["GET /clickhouseSettings/schema"]);
    });

    it("refuses an unknown name and values that do not fit, naming each setting and its rule", async () => {
      await emulator.control.clearRequests();
      const failures = await failuresOf({
        max_memory_usag: "1",
        max_memory_usage: "-5",
        join_use_nulls: "yes",
        enable_parallel_replicas: "3",
        max_execution_time: "soon",
      });
      expect(failures).to.deep.equal([
        {
          property: "settings",
          reason:
            `settings["max_memory_usag"]: the settings schema of service ${serviceId} lists no setting ` +
            '"max_memory_usag" (only the settings it lists can be set); did you mean "max_memory_usage"?',
        },
        {
          property: "settings",
          reason:
            'settings["max_memory_usage"] is of type UInt64, so its value must be a whole number, 0 or more; got "-5"',
        },
        {
          property: "settings",
          reason:
            'settings["join_use_nulls"] is of type Bool, so its value must be 0, 1, true or false; got "yes"',
        },
        {
          property: "settings",
          reason: 'settings["enable_parallel_replicas"] must be one of "0", "1", "2"; got "3"',
        },
        {
          property: "settings",
          reason:
            'settings["max_execution_time"] is of type Seconds, so its value must be a duration, 0 or more; got "soon"',
        },
      ]);
      // Refused before anything is set.
      expect(await asked()).to.deep.equal(["GET /clickhouseSettings/schema"]);
      expect(await remote()).to.deep.equal({});
    });

    it("refuses a value that is not a string by its schema, without asking the API", async () => {
      await emulator.control.clearRequests();
      const failures = await failuresOf({ max_memory_usage: 8 });
      expect(failures).to.have.length(1);
      expect(failures[0].property).to.equal("");
      expect(failures[0].reason).to.match(/^settings\.max_memory_usage/);
      expect(failures[0].reason).to.include("each value a string");
      expect(await asked()).to.deep.equal([]);
    });

    it("asks the API only of what the last `up` did not send: nothing in a no-change preview, a changed value alone", async () => {
      const olds = { serviceId, settings: { max_execution_time: "60", join_use_nulls: "1" } };
      await emulator.control.clearRequests();
      expect((await provider.check(olds, olds)).failures ?? []).to.deep.equal([]);
      expect(await asked(), "a no-change check").to.deep.equal([]);
      const changed = { serviceId, settings: { max_execution_time: "not a number", join_use_nulls: "1" } };
      const failures = (await provider.check(olds, changed)).failures ?? [];
      expect(failures.map((failure) => failure.reason)).to.have.length(1);
      expect(failures[0].reason).to.include("max_execution_time");
      expect(await asked()).to.deep.equal(["GET /clickhouseSettings/schema"]);
      // Moved to another service, every setting is new to it.
      await emulator.control.clearRequests();
      const moved = { ...olds, serviceId: emulator.fixture.services.production };
      expect((await provider.check(olds, moved)).failures ?? []).to.deep.equal([]);
      expect((await emulator.control.requests()).map((entry) => entry.path)).to.deep.equal([
        `/v1/organizations/${emulator.fixture.organizationId}/services/${moved.serviceId}/clickhouseSettings/schema`,
      ]);
    });

    it("skips the schema while the service id (or the settings) is not known, as in a preview of a new service", async () => {
      await emulator.control.clearRequests();
      expect(await failuresOf({ no_such_setting: "1" }, { serviceId: UNKNOWN })).to.deep.equal([]);
      expect(await failuresOf(UNKNOWN)).to.deep.equal([]);
      expect(await asked()).to.deep.equal([]);
    });

    it("a schema that cannot be read warns and fails nothing; the API refuses a bad setting when it is sent", async () => {
      await emulator.control.setFaults({ script: [{ route: schemaRoute, kinds: ["404html"] }] });
      const { result, lines } = await withProgressLines(() => failuresOf({ no_such_setting: "1" }));
      expect(result).to.deep.equal([]);
      expect(lines).to.have.length(1);
      expect(lines[0]).to.match(
        /^\[ServiceClickHouseSettings\] warning: the inputs could not be checked against the API \(.*404.*\); the API checks them when `up` sends them$/,
      );
      const refused = await provider.create({ serviceId, settings: { no_such_setting: "1" } }).then(
        () => "created",
        (error: Error) => error.message,
      );
      expect(refused).to.include("no_such_setting").and.include("is not a setting");
    });

    it("a setting's deprecation notice is a warning, not a failure", async () => {
      const { result, lines } = await withProgressLines(() => failuresOf({ keep_alive_timeout: "30" }));
      expect(result).to.deep.equal([]);
      expect(lines).to.deep.equal([
        `[ServiceClickHouseSettings] warning: ClickHouse setting keep_alive_timeout of service ${serviceId}: ` +
          "This server setting may stop applying once services run on stateless workers.",
      ]);
    });
  });

  describe("lifecycle", () => {
    it("create sets only the named settings, warns of a disruptive one, and leaves settings set outside", async () => {
      await api.patch("", { settings: JSON.stringify({ max_execution_time: "60" }) });
      const { result: created, lines } = await withProgressLines(() =>
        provider.create({ serviceId, settings: { compatibility: "24.8", join_use_nulls: "1" } }),
      );
      expect(created.id).to.equal(serviceId);
      expect(created.outs).to.deep.include({
        serviceId,
        settings: { compatibility: "24.8", join_use_nulls: "1" },
      });
      expect(await remote()).to.deep.equal({
        max_execution_time: "60",
        compatibility: "24.8",
        join_use_nulls: "1",
      });
      expect(lines).to.have.length(1);
      expect(lines[0]).to.match(
        new RegExp(
          `^\\[ServiceClickHouseSettings\\] warning: ClickHouse setting compatibility of service ${serviceId}: .+`,
        ),
      );
    });

    it("an update sends only changed values, resets a name removed, and keeps settings set outside", async () => {
      const initial = { compatibility: "24.8", join_use_nulls: "1", max_memory_usage: "5" };
      const created = await provider.create({ serviceId, settings: initial });
      await api.patch("", { settings: JSON.stringify({ max_execution_time: "60" }) });
      await emulator.control.clearRequests();
      const news = { serviceId, settings: { compatibility: "24.8", join_use_nulls: "0" } };
      const diff = await provider.diff(serviceId, created.outs, news);
      expect(diff).to.include({ changes: true });
      expect(diff.replaces ?? []).to.deep.equal([]);
      const { result, lines } = await withProgressLines(() => provider.update(serviceId, created.outs, news));
      expect(result.outs.settings).to.deep.equal({ compatibility: "24.8", join_use_nulls: "0" });
      expect(await remote()).to.deep.equal({
        compatibility: "24.8",
        join_use_nulls: "0",
        max_execution_time: "60",
      });
      const writes = (await asked()).filter((line) => !line.startsWith("GET"));
      expect(writes).to.deep.equal([
        "PATCH /clickhouseSettings",
        "DELETE /clickhouseSettings/max_memory_usage",
      ]);
      // compatibility, unchanged, was not sent again: the API warns of it whenever it is sent.
      expect(lines).to.deep.equal([
        `[ServiceClickHouseSettings] service ${serviceId}: ClickHouse setting max_memory_usage reset to the platform's default`,
      ]);
      expect(await provider.diff(serviceId, result.outs, news)).to.include({ changes: false });
    });

    it("a read reports a managed setting changed or reset outside the program, and none it does not manage", async () => {
      const created = await provider.create({
        serviceId,
        settings: { compatibility: "24.8", join_use_nulls: "1" },
      });
      await api.patch("", { settings: JSON.stringify({ compatibility: "23.8", max_execution_time: "60" }) });
      await api.delete("/join_use_nulls");
      const read = await provider.read(serviceId, created.outs);
      expect(read.props).to.deep.include({ settings: { compatibility: "23.8" } });
      expect(read.inputs).to.deep.equal({
        serviceId,
        organizationId: emulator.fixture.organizationId,
        settings: { compatibility: "23.8" },
      });
      const diff = await provider.diff(serviceId, read.props, {
        serviceId,
        settings: { compatibility: "24.8", join_use_nulls: "1" },
      });
      expect(diff).to.include({ changes: true });
    });

    it("an import manages every setting the service has", async () => {
      await api.patch("", { settings: JSON.stringify({ compatibility: "24.8", max_execution_time: "60" }) });
      const { id, properties } = resources.ServiceClickHouseSettings.importId(serviceId);
      const read = await provider.read(id, properties);
      expect(read.inputs).to.deep.include({
        serviceId,
        settings: { compatibility: "24.8", max_execution_time: "60" },
      });
      expect(() => resources.ServiceClickHouseSettings.importId("not-a-uuid")).to.throw(/imported by "<id>"/);
    });

    it("delete resets the managed settings only; a service that is gone needs nothing", async () => {
      const created = await provider.create({ serviceId, settings: { compatibility: "24.8" } });
      await api.patch("", { settings: JSON.stringify({ max_execution_time: "60" }) });
      await provider.delete(serviceId, created.outs);
      expect(await remote()).to.deep.equal({ max_execution_time: "60" });
      const gone = "00000000-0000-4000-8000-000000000000";
      await provider.delete(gone, { ...created.outs, serviceId: gone });
      expect(await provider.read(gone, { ...created.outs, serviceId: gone })).to.deep.equal({
        id: "",
        props: {},
      });
    });
  });

  it("export lists only the services that have settings set", async () => {
    const { client, organizationId } = providerSession.management();
    const scope = {
      management: client,
      organizationId,
      tokenKey: emulator.fixture.tokenKey,
      clickStacks: [],
      serviceIds: Object.values(emulator.fixture.services),
      services: async () =>
        Promise.all(
          Object.values(emulator.fixture.services).map((id) => client.services.get(organizationId, id)),
        ),
      notListed: () => undefined,
      clock: { now: () => Date.now(), sleep: async () => undefined },
    };
    const list = () => resources.ServiceClickHouseSettings.existing.list(scope);
    expect(await list()).to.deep.equal([]);
    await api.patch("", { settings: JSON.stringify({ compatibility: "24.8" }) });
    expect(await list()).to.deep.equal([
      { id: serviceId, importId: serviceId, label: "analytics-reporting clickhouse settings", serviceId },
    ]);
  });
});
