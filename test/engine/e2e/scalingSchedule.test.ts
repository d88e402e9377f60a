/**
 * ScalingSchedule through the real engine, on both wires and through both front ends (the package's class and the
 * native plugin's type token): a preview refuses overlapping windows; up sends the entries; a preview after it shows
 * no change (the API reports a fixed count as an equal band and gives each entry an id); an update changes an entry
 * in place; refresh finds no change, then an entry changed outside, which the next up undoes; destroy deletes the
 * schedule. The schedule is checked in the emulator after each step, and the service's own scaling settings are
 * checked to stay as they were. The windows are on a day three days ahead, so none is active while the test runs.
 */
import axios, { type AxiosInstance } from "axios";
import { expect } from "chai";
import type { Fixture } from "../../../emulator";
import type { LocalStack } from "../../../scripts/lib/localStack";
import { forEachDialect, sharedEmulator } from "../../support/emulator";
import { frontEnds, oneKindStack, type OneKindStack } from "../../support/kindThroughTheEngine";

const kind = "ScalingSchedule";
type Bag = Record<string, unknown>;

/** A day of the week that is neither today nor tomorrow in UTC. */
const quietDay = (new Date().getUTCDay() + 3) % 7;
const morning = { name: "morning", weekdays: [quietDay], startHourUtc: 6, endHourUtc: 12, numReplicas: 3 };
const evening = {
  name: "evening",
  weekdays: [quietDay],
  startHourUtc: 18,
  endHourUtc: 2,
  autoscalingMode: "horizontal",
  minReplicaMemoryGb: 16,
  maxReplicaMemoryGb: 16,
  minReplicas: 2,
  maxReplicas: 4,
};

forEachDialect((dialect) => {
  for (const frontEnd of frontEnds) {
    describe(`${kind} through the real engine (${frontEnd} front end, ${dialect} wire)`, function () {
      this.timeout(300_000);
      let fixture: Fixture;
      let stack: LocalStack;
      let schedules: AxiosInstance;
      let services: AxiosInstance;
      let serviceId: string;
      let made: OneKindStack | undefined;
      let ownScaling: Bag;

      /** The schedule as the API answers it, or undefined for its 404. */
      async function remote(): Promise<{ entries: Bag[]; activeEntryId?: string } | undefined> {
        const response = await schedules.get("", { validateStatus: () => true });
        return response.status === 404 ? undefined : response.data.result;
      }

      /** The service's own scaling settings, which the schedule must leave alone. */
      async function scalingOfService(): Promise<Bag> {
        const service = (await services.get("")).data.result;
        const { minReplicaMemoryGb, maxReplicaMemoryGb, numReplicas, idleScaling, idleTimeoutMinutes } =
          service;
        return { minReplicaMemoryGb, maxReplicaMemoryGb, numReplicas, idleScaling, idleTimeoutMinutes };
      }

      const withEntries = (entries: Bag[]) =>
        stack.stack.setConfig("e2e:inputs", { value: JSON.stringify({ serviceId, entries }) });

      before(async () => {
        fixture = (await sharedEmulator(dialect)).fixture;
        serviceId = fixture.services.production;
        const auth = { username: fixture.tokenKey, password: fixture.tokenSecret };
        const servicePath = `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/services/${serviceId}`;
        services = axios.create({ baseURL: servicePath, auth });
        schedules = axios.create({ baseURL: `${servicePath}/scalingSchedule`, auth });
        expect(await remote(), "the service starts without a schedule").to.equal(undefined);
        ownScaling = await scalingOfService();
        made = await oneKindStack(kind, frontEnd, dialect);
        stack = made.stack;
      });

      after(async () => {
        await made?.dispose();
        // Other tests share the emulator: the service is left without a schedule.
        await schedules.delete("", { validateStatus: () => true });
      });

      it("a preview refuses overlapping windows, naming both entries", async () => {
        await withEntries([morning, { ...evening, startHourUtc: 11 }]);
        const failed = await stack.preview().then(
          () => "previewed",
          (error: Error) => error.message,
        );
        expect(failed).to.include('entries[1] ("evening") overlaps entries[0] ("morning")');
        expect(await remote()).to.equal(undefined);
      });

      it("up sends the entries and a preview after it shows no change", async () => {
        await withEntries([morning, evening]);
        const outputs = (await stack.up()).subject?.value as Bag;
        expect(outputs.entries).to.deep.equal([morning, evening]);
        const schedule = await remote();
        expect(
          schedule?.entries.map((entry) => [entry.name, entry.minReplicas, entry.maxReplicas]),
        ).to.deep.equal([
          ["morning", 3, 3],
          ["evening", 2, 4],
        ]);
        expect(outputs.scheduledEntries).to.deep.equal(schedule?.entries);
        expect(schedule?.entries.every((entry) => entry.isActiveNow === false)).to.equal(true);
        expect(outputs).to.not.have.property("activeEntryId");
        expect(await stack.preview()).to.deep.equal({ same: 2 });
        expect(await scalingOfService()).to.deep.equal(ownScaling);
      });

      it("an update changes an entry in place; refresh and preview find no change", async () => {
        await withEntries([{ ...morning, numReplicas: 5 }, evening]);
        expect(await stack.preview()).to.deep.equal({ same: 1, update: 1 });
        const outputs = (await stack.up()).subject?.value as Bag;
        expect(outputs.entries).to.deep.equal([{ ...morning, numReplicas: 5 }, evening]);
        expect((await remote())?.entries[0]).to.include({ name: "morning", minReplicas: 5, maxReplicas: 5 });
        expect(await stack.refresh()).to.deep.equal({ same: 2 });
        expect(await stack.preview()).to.deep.equal({ same: 2 });
      });

      it("refresh reports an entry changed outside, and up sends the program's entries again", async () => {
        await schedules.post("", { entries: [{ ...morning, numReplicas: 7 }, evening] });
        expect(await stack.refresh()).to.deep.equal({ same: 1, update: 1 });
        expect(await stack.preview()).to.deep.equal({ same: 1, update: 1 });
        await stack.up();
        expect((await remote())?.entries[0]).to.include({ name: "morning", minReplicas: 5, maxReplicas: 5 });
        expect(await stack.preview()).to.deep.equal({ same: 2 });
      });

      it("destroy deletes the schedule and leaves the service's own scaling settings", async () => {
        await stack.destroy();
        expect(await remote()).to.equal(undefined);
        expect(await scalingOfService()).to.deep.equal(ownScaling);
      });
    });
  }
});
