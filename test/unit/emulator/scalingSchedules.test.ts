import { expect } from "chai";
import { validate } from "../../../provider/validation/validate";
import { apiDialects } from "../../../schemas/dialects";
import {
  EmulatorHarness,
  expectManagementError,
  expectManagementSuccess,
  uuidV4,
  type Json,
} from "../../support/httpRequests";

/** Wednesday 2026-06-03, 10:30 UTC: inside a Monday-to-Friday 09:00-17:00 window. */
const wednesdayMorning = Date.parse("2026-06-03T10:30:00Z");
/** Saturday 2026-06-06, 23:30 UTC: inside a Saturday 22:00-06:00 overnight window, outside the week's. */
const saturdayNight = Date.parse("2026-06-06T23:30:00Z");
/** Sunday 2026-06-07, 05:30 UTC: the overnight window's morning half. */
const sundayDawn = Date.parse("2026-06-07T05:30:00Z");

const businessHours = {
  name: "business hours",
  weekdays: [1, 2, 3, 4, 5],
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
  idleScaling: true,
  idleTimeoutMinutes: 10,
};

for (const dialect of apiDialects) {
  describe(`emulator: a service's scaling schedule (${dialect} wire)`, () => {
    const harness = new EmulatorHarness({ dialect }).install();
    const path = () => `${harness.servicePath("production")}/scalingSchedule`;
    const post = (entries: Json[]) => harness.management("POST", path(), { body: { entries } });
    const get = () => harness.management("GET", path());
    const service = async () =>
      expectManagementSuccess(await harness.management("GET", harness.servicePath("production")));
    const at = async (time: number) => {
      await harness.emulator.control.updateSettings({ clockOffsetMs: time - Date.now() });
    };

    it("has none until a POST; the POST answers the entries with ids, the base config and the active entry", async () => {
      expectManagementError(await get(), 404, "NOT_FOUND", "no scaling schedule");
      await at(wednesdayMorning);
      const before = await service();
      const schedule = expectManagementSuccess(await post([businessHours, weekendNight]));
      expect(validate("scalingSchedule", schedule)).to.deep.equal([]);
      const [business, night] = schedule.entries;
      expect(business.id).to.match(uuidV4);
      expect(night.id).to.match(uuidV4).and.not.equal(business.id);
      // A fixed count is reported as an equal band, and an entry without a mode as vertical.
      expect(business).to.deep.include({
        name: "business hours",
        weekdays: [1, 2, 3, 4, 5],
        autoscalingMode: "vertical",
        minReplicas: 5,
        maxReplicas: 5,
        isActiveNow: true,
      });
      expect(business).to.not.have.property("numReplicas");
      expect(night).to.deep.include({ ...weekendNight, isActiveNow: false });
      expect(schedule.activeEntryId).to.equal(business.id);
      expect(schedule.baseConfig).to.deep.equal({
        autoscalingMode: "vertical",
        minReplicaMemoryGb: before.minReplicaMemoryGb,
        maxReplicaMemoryGb: before.maxReplicaMemoryGb,
        minReplicas: before.numReplicas,
        maxReplicas: before.numReplicas,
        idleScaling: before.idleScaling,
        idleTimeoutMinutes: before.idleTimeoutMinutes,
      });
      expect(expectManagementSuccess(await get())).to.deep.equal(schedule);
    });

    it("which entry is active follows the emulator's clock, overnight windows included", async () => {
      expectManagementSuccess(await post([businessHours, weekendNight]));
      const active = async () => {
        const schedule = expectManagementSuccess(await get());
        return schedule.entries.filter((entry: Json) => entry.isActiveNow).map((entry: Json) => entry.name);
      };
      await at(saturdayNight);
      expect(await active()).to.deep.equal(["weekend night"]);
      await at(sundayDawn);
      expect(await active()).to.deep.equal(["weekend night"]);
      await at(sundayDawn + 60 * 60 * 1000);
      expect(await active()).to.deep.equal([]);
      expect(expectManagementSuccess(await get())).to.not.have.property("activeEntryId");
    });

    it("an active entry changes what the service has in effect, never its own settings", async () => {
      await at(saturdayNight);
      const before = await service();
      const schedule = expectManagementSuccess(await post([weekendNight]));
      const during = await service();
      for (const field of [
        "minReplicaMemoryGb",
        "maxReplicaMemoryGb",
        "numReplicas",
        "idleScaling",
        "idleTimeoutMinutes",
      ]) {
        expect(during[field], field).to.equal(before[field]);
      }
      if (dialect === "production") {
        expect(during.autoscalingMode).to.equal(before.autoscalingMode);
        expect(during.currentScaling).to.deep.equal({
          effectiveAutoscalingMode: "horizontal",
          effectiveMinReplicaMemoryGb: 16,
          effectiveMaxReplicaMemoryGb: 16,
          effectiveMinReplicas: 2,
          effectiveMaxReplicas: 4,
          effectiveIdleScaling: true,
          effectiveIdleTimeoutMinutes: 10,
          activeEntryId: schedule.entries[0].id,
        });
        expect(during.scalingSchedule).to.deep.equal(schedule);
        await at(wednesdayMorning);
        const after = await service();
        expect(after.currentScaling).to.include({
          effectiveMinReplicas: before.numReplicas,
          activeEntryId: null,
        });
      } else {
        expect(during).to.not.have.property("currentScaling");
      }
    });

    it("a POST replaces every entry with new ids; an empty list clears the schedule", async () => {
      const first = expectManagementSuccess(await post([businessHours]));
      const second = expectManagementSuccess(await post([weekendNight]));
      expect(second.entries.map((entry: Json) => entry.name)).to.deep.equal(["weekend night"]);
      expect(second.entries[0].id).to.not.equal(first.entries[0].id);
      const cleared = expectManagementSuccess(await post([]));
      expect(cleared).to.deep.equal({ entries: [], baseConfig: {} });
      expectManagementError(await get(), 404, "NOT_FOUND");
    });

    it("DELETE removes the schedule, and answers 404 when there is none", async () => {
      expectManagementSuccess(await post([businessHours]));
      const deleted = await harness.management("DELETE", path());
      expect(deleted.status, deleted.text).to.equal(200);
      expect(Object.keys(deleted.body).sort()).to.deep.equal(["requestId", "status"]);
      expectManagementError(await get(), 404, "NOT_FOUND");
      expectManagementError(
        await harness.management("DELETE", path()),
        404,
        "NOT_FOUND",
        "no scaling schedule",
      );
    });

    it("refuses entries that break a rule, naming the entry's field, and keeps the schedule it had", async () => {
      expectManagementSuccess(await post([businessHours]));
      const refused = async (entry: Json, ...mentions: string[]) =>
        expectManagementError(await post([entry]), 400, "BAD_REQUEST", ...mentions);
      await refused({ ...businessHours, weekdays: [] }, "entries.0.weekdays");
      await refused({ ...businessHours, weekdays: [7] }, "entries.0.weekdays");
      await refused({ ...businessHours, startHourUtc: 24 }, "entries.0.startHourUtc");
      await refused({ ...businessHours, endHourUtc: 0 }, "entries.0.endHourUtc");
      await refused(
        { ...businessHours, endHourUtc: 9 },
        "entries.0.endHourUtc: must differ from startHourUtc",
      );
      await refused({ ...businessHours, minReplicaMemoryGb: 10 }, "entries.0.minReplicaMemoryGb");
      await refused({ ...businessHours, maxReplicaMemoryGb: undefined }, "entries.0.maxReplicaMemoryGb");
      await refused(
        { ...businessHours, minReplicas: 2, maxReplicas: 2 },
        "entries.0.numReplicas: cannot be combined",
      );
      await refused(
        { ...businessHours, numReplicas: undefined, minReplicas: 2, maxReplicas: 3 },
        "entries.0.maxReplicas: must equal minReplicas",
      );
      await refused(
        { ...weekendNight, maxReplicaMemoryGb: 32 },
        "entries.0.maxReplicaMemoryGb: must equal minReplicaMemoryGb",
      );
      await refused(
        { ...weekendNight, minReplicas: undefined, maxReplicas: undefined },
        "entries.0.minReplicas",
      );
      await refused({ ...weekendNight, idleTimeoutMinutes: 4 }, "entries.0.idleTimeoutMinutes");
      await refused({ ...businessHours, autoscalingMode: "diagonal" }, "entries.0.autoscalingMode");
      const overlapping = await post([
        businessHours,
        { ...weekendNight, weekdays: [5], startHourUtc: 16, endHourUtc: 18 },
      ]);
      expectManagementError(
        overlapping,
        400,
        "BAD_REQUEST",
        'entries.1: overlaps entries.0 ("business hours") on Friday at 16:00 UTC',
      );
      const tooMany = Array.from({ length: 11 }, (_, day) => ({ ...businessHours, weekdays: [day % 7] }));
      expectManagementError(await post(tooMany), 400, "BAD_REQUEST", "entries");
      expect(expectManagementSuccess(await get()).entries.map((entry: Json) => entry.name)).to.deep.equal([
        "business hours",
      ]);
      // A vertical entry may give its fixed count as an equal band.
      expectManagementSuccess(
        await post([{ ...businessHours, numReplicas: undefined, minReplicas: 3, maxReplicas: 3 }]),
      );
    });

    it("a service that does not exist answers 404", async () => {
      const missing = `${harness.orgPath}/services/00000000-0000-4000-8000-000000000000/scalingSchedule`;
      expectManagementError(await harness.management("GET", missing), 404, "NOT_FOUND");
      expectManagementError(
        await harness.management("POST", missing, { body: { entries: [businessHours] } }),
        404,
        "NOT_FOUND",
      );
      expectManagementError(await harness.management("DELETE", missing), 404, "NOT_FOUND");
    });
  });
}
