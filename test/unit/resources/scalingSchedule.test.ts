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

/** Wednesday 2026-06-03, 10:30 UTC. */
const wednesdayMorning = Date.parse("2026-06-03T10:30:00Z");

const businessHours = {
  name: "business hours",
  weekdays: [5, 1, 2, 3, 4],
  startHourUtc: 9,
  endHourUtc: 17,
  minReplicaMemoryGb: 32,
  maxReplicaMemoryGb: 64,
  numReplicas: 5,
};
const weekendNight = {
  name: "weekend night",
  weekdays: [6],
  startHourUtc: 22,
  endHourUtc: 6,
  autoscalingMode: "horizontal",
  minReplicaMemoryGb: 16,
  maxReplicaMemoryGb: 16,
  minReplicas: 2,
  maxReplicas: 4,
  idleTimeoutMinutes: 10,
};

describe("ScalingScheduleProvider", function () {
  this.timeout(30_000);
  let emulator: RunningEmulator;
  let serviceId: string;
  let api: AxiosInstance;
  const provider = providerOf("ScalingSchedule");

  const remote = async () => {
    const response = await api.get("", { validateStatus: () => true });
    return response.status === 404 ? undefined : response.data.result;
  };

  before(async () => {
    emulator = await sharedEmulator();
    serviceId = emulator.fixture.services.production;
    api = axios.create({
      baseURL: `${emulator.fixture.managementUrl}/v1/organizations/${emulator.fixture.organizationId}/services/${serviceId}/scalingSchedule`,
      auth: { username: emulator.fixture.tokenKey, password: emulator.fixture.tokenSecret },
    });
    await provider.configure(await emulatorConfigureRequest());
  });

  // The emulator is shared: the service is left without a schedule and the clock as it was.
  afterEach(async () => {
    await emulator.control.updateSettings({ clockOffsetMs: 0 });
    await api.delete("", { validateStatus: () => true });
  });

  describe("check", () => {
    const failuresOf = async (entries: unknown, extra: Bag = {}) =>
      (await provider.check({}, { serviceId, entries, ...extra })).failures ?? [];
    const reasons = async (entries: unknown) => (await failuresOf(entries)).map((failure) => failure.reason);

    it("accepts vertical and horizontal entries, an overnight window, and a vertical entry's equal band", async () => {
      expect(await failuresOf([businessHours, weekendNight])).to.deep.equal([]);
      const band = { ...businessHours, numReplicas: undefined, minReplicas: 3, maxReplicas: 3 };
      expect(await failuresOf([band])).to.deep.equal([]);
      expect(await failuresOf([{ ...businessHours, startHourUtc: 0, endHourUtc: 24 }])).to.deep.equal([]);
    });

    it("refuses what each field's schema refuses, naming the entry's field", async () => {
      const cases: [Bag, string][] = [
        [{ weekdays: [] }, "entries[0].weekdays must list at least one day"],
        [{ weekdays: [1, 1] }, "entries[0].weekdays must list at least one day, each once"],
        [{ weekdays: [7] }, "entries[0].weekdays"],
        [{ startHourUtc: 24 }, "entries[0].startHourUtc must be an hour of the day in UTC, 0 to 23; got 24"],
        [{ endHourUtc: 0 }, "entries[0].endHourUtc must be an hour of the day in UTC, 1 to 24"],
        [
          { minReplicaMemoryGb: 10 },
          "entries[0].minReplicaMemoryGb must be a multiple of 4 between 8 and 356; got 10",
        ],
        [{ numReplicas: 0 }, "entries[0].numReplicas must be a whole number of replicas, at least 1; got 0"],
        [
          { idleTimeoutMinutes: 4 },
          "entries[0].idleTimeoutMinutes must be a whole number of minutes of at least 5; got 4",
        ],
        [{ autoscalingMode: "diagonal" }, "entries[0].autoscalingMode"],
        [{ name: "" }, "entries[0].name must be a non-empty label"],
      ];
      for (const [change, reason] of cases) {
        const found = await reasons([{ ...businessHours, ...change }]);
        expect(found, JSON.stringify(change)).to.have.length(1);
        expect(found[0], JSON.stringify(change)).to.include(reason);
      }
      const eleven = Array.from({ length: 11 }, (_, index) => ({
        ...businessHours,
        weekdays: [0],
        startHourUtc: 2 * index,
        endHourUtc: 2 * index + 1,
      }));
      expect(await reasons(eleven)).to.deep.equal([
        "entries must hold at most 10 entries; got an array of 11 elements",
      ]);
    });

    it("refuses entries that break a rule across fields, naming the field and the rule", async () => {
      const cases: [Bag, string][] = [
        [{ endHourUtc: 9 }, "entries[0].endHourUtc must differ from startHourUtc (9)"],
        [
          { maxReplicaMemoryGb: undefined },
          "entries[0].maxReplicaMemoryGb must be set with the other memory bound",
        ],
        [
          { minReplicaMemoryGb: 64, maxReplicaMemoryGb: 32 },
          "entries[0].maxReplicaMemoryGb must be at least minReplicaMemoryGb (64); got 32",
        ],
        [
          { minReplicas: 2, maxReplicas: 2 },
          "entries[0].numReplicas cannot be set with minReplicas or maxReplicas",
        ],
        [
          { numReplicas: undefined, minReplicas: 2 },
          "entries[0].maxReplicas must be set with the other end of the band",
        ],
        [
          { numReplicas: undefined, minReplicas: 2, maxReplicas: 3 },
          "entries[0].maxReplicas must equal minReplicas (2) in a vertical entry",
        ],
        [
          { autoscalingMode: "horizontal", numReplicas: undefined, minReplicas: 2, maxReplicas: 4 },
          "entries[0].maxReplicaMemoryGb must equal minReplicaMemoryGb (32) in a horizontal entry",
        ],
      ];
      for (const [change, reason] of cases) {
        const found = await reasons([{ ...businessHours, ...change }]);
        expect(found, JSON.stringify(change)).to.have.length(1);
        expect(found[0], JSON.stringify(change)).to.include(reason);
      }
      expect(
        await reasons([{ ...weekendNight, numReplicas: 3, minReplicas: undefined, maxReplicas: undefined }]),
      ).to.deep.equal([
        "entries[0].numReplicas is a vertical entry's fixed count: a horizontal entry scales between minReplicas and maxReplicas",
      ]);
      expect(
        await reasons([{ ...weekendNight, minReplicaMemoryGb: undefined, maxReplicaMemoryGb: undefined }]),
      ).to.deep.equal([
        "entries[0].minReplicaMemoryGb and maxReplicaMemoryGb are required in a horizontal entry (one memory size per replica)",
      ]);
      expect(await failuresOf([])).to.deep.equal([
        {
          property: "entries",
          reason:
            "entries must hold at least one entry: a schedule without entries is no schedule (to clear it, remove the resource)",
        },
      ]);
    });

    it("refuses overlapping windows, an overnight one included, naming both entries and the hour", async () => {
      const sundayMorning = {
        ...businessHours,
        name: "sunday",
        weekdays: [0],
        startHourUtc: 5,
        endHourUtc: 8,
      };
      expect(await reasons([weekendNight, sundayMorning])).to.deep.equal([
        'entries[1] ("sunday") overlaps entries[0] ("weekend night") at Sunday 05:00 UTC: the API refuses overlapping windows',
      ]);
      expect(await failuresOf([weekendNight, { ...sundayMorning, startHourUtc: 6 }])).to.deep.equal([]);
    });

    it("checks nothing before the entries are known, and sends nothing", async () => {
      await emulator.control.clearRequests();
      expect(await failuresOf(UNKNOWN)).to.deep.equal([]);
      expect(await emulator.control.requests()).to.deep.equal([]);
    });
  });

  describe("lifecycle", () => {
    it("create sends the entries; outputs are the program's entries, the ids, the base config and the active entry", async () => {
      await emulator.control.updateSettings({ clockOffsetMs: wednesdayMorning - Date.now() });
      const created = await provider.create({ serviceId, entries: [businessHours, weekendNight] });
      expect(created.id).to.equal(serviceId);
      const schedule = await remote();
      expect(schedule.entries.map((entry: Bag) => entry.name)).to.deep.equal([
        "business hours",
        "weekend night",
      ]);
      expect(created.outs.entries).to.deep.equal([businessHours, weekendNight]);
      expect(created.outs.scheduledEntries).to.deep.equal(schedule.entries);
      expect(created.outs.activeEntryId).to.equal(schedule.entries[0].id);
      expect(created.outs.baseConfig).to.deep.equal(schedule.baseConfig);
      // Nothing to change: the same entries in another order and another spelling of the fixed count.
      const sameContent = [
        weekendNight,
        {
          ...businessHours,
          weekdays: [1, 2, 3, 4, 5],
          numReplicas: undefined,
          minReplicas: 5,
          maxReplicas: 5,
          autoscalingMode: "vertical",
        },
      ];
      expect(await provider.diff(serviceId, created.outs, { serviceId, entries: sameContent })).to.include({
        changes: false,
      });
      const changed = [weekendNight, { ...businessHours, numReplicas: 6 }];
      expect(await provider.diff(serviceId, created.outs, { serviceId, entries: changed })).to.include({
        changes: true,
      });
    });

    it("a read of an unchanged schedule reports the program's entries; one changed outside shows as the API's", async () => {
      const created = await provider.create({ serviceId, entries: [businessHours, weekendNight] });
      const unchanged = await provider.read(serviceId, created.outs);
      expect(unchanged.inputs).to.deep.equal({
        serviceId,
        organizationId: emulator.fixture.organizationId,
        entries: [businessHours, weekendNight],
      });
      await api.post("", { entries: [{ ...businessHours, numReplicas: 7 }, weekendNight] });
      const drifted = await provider.read(serviceId, created.outs);
      expect(drifted.inputs?.entries).to.deep.equal([
        {
          name: "business hours",
          weekdays: [1, 2, 3, 4, 5],
          startHourUtc: 9,
          endHourUtc: 17,
          autoscalingMode: "vertical",
          minReplicaMemoryGb: 32,
          maxReplicaMemoryGb: 64,
          minReplicas: 7,
          maxReplicas: 7,
        },
        weekendNight,
      ]);
      const diff = await provider.diff(serviceId, drifted.props, {
        serviceId,
        entries: [businessHours, weekendNight],
      });
      expect(diff).to.include({ changes: true });
      const updated = await provider.update(serviceId, drifted.props, {
        serviceId,
        entries: [businessHours, weekendNight],
      });
      expect(updated.outs.entries).to.deep.equal([businessHours, weekendNight]);
      expect((await remote()).entries[0]).to.include({ minReplicas: 5, maxReplicas: 5 });
    });

    it("create refuses to replace a schedule it did not make, and adopts one with its own entries", async () => {
      await api.post("", { entries: [weekendNight] });
      const refused = await provider.create({ serviceId, entries: [businessHours] }).then(
        () => "created",
        (error: Error) => error.message,
      );
      expect(refused).to.equal(
        `service ${serviceId} already has a scaling schedule with other entries ("weekend night"), which a create ` +
          "would replace: import it (`pulumi import clickhouse-cloud:index:ScalingSchedule <name> " +
          `${serviceId}\`, then set its entries in the program) or delete it first`,
      );
      expect((await remote()).entries.map((entry: Bag) => entry.name)).to.deep.equal(["weekend night"]);
      // As after a create whose reply was lost: the same entries are the program's.
      await emulator.control.clearRequests();
      const { result, lines } = await withProgressLines(() =>
        provider.create({ serviceId, entries: [weekendNight] }),
      );
      expect(result.outs.entries).to.deep.equal([weekendNight]);
      expect(lines).to.deep.equal([
        `[ScalingSchedule] service ${serviceId} already has a scaling schedule with these entries: adopted`,
      ]);
      expect((await emulator.control.requests()).map((entry) => entry.method)).to.deep.equal(["GET"]);
    });

    it("an import reports every entry as the API gives it; delete removes the schedule; a read then finds it gone", async () => {
      await api.post("", { entries: [businessHours] });
      const { id, properties } = resources.ScalingSchedule.importId(serviceId);
      const read = await provider.read(id, properties);
      expect(read.inputs?.entries).to.deep.equal([
        {
          name: "business hours",
          weekdays: [1, 2, 3, 4, 5],
          startHourUtc: 9,
          endHourUtc: 17,
          autoscalingMode: "vertical",
          minReplicaMemoryGb: 32,
          maxReplicaMemoryGb: 64,
          minReplicas: 5,
          maxReplicas: 5,
        },
      ]);
      expect(await provider.diff(serviceId, read.props, { serviceId, entries: [businessHours] })).to.include({
        changes: false,
      });
      await provider.delete(serviceId, read.props);
      expect(await remote()).to.equal(undefined);
      expect(await provider.read(serviceId, read.props)).to.deep.equal({ id: "", props: {} });
      // Deleting it again (a schedule already gone) succeeds.
      await provider.delete(serviceId, read.props);
    });
  });

  it("export lists only the services that have a schedule", async () => {
    const { client, organizationId } = providerSession.management();
    const ids = Object.values(emulator.fixture.services);
    const scope = {
      management: client,
      organizationId,
      tokenKey: emulator.fixture.tokenKey,
      clickStacks: [],
      serviceIds: ids,
      services: async () => Promise.all(ids.map((id) => client.services.get(organizationId, id))),
      notListed: () => undefined,
      clock: { now: () => Date.now(), sleep: async () => undefined },
    };
    const list = () => resources.ScalingSchedule.existing.list(scope);
    expect(await list()).to.deep.equal([]);
    await api.post("", { entries: [businessHours] });
    expect(await list()).to.deep.equal([
      { id: serviceId, importId: serviceId, label: "analytics-prod scaling schedule", serviceId },
    ]);
  });
});
