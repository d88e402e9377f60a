import axios, { type AxiosInstance } from "axios";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { providerOf } from "../../support/providers";
import { UNKNOWN } from "../../../provider/propertyEncoding";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { quickSleeps } from "../../support/quickSleeps";

const putRoute = "PUT /v1/organizations/:organizationId/services/:serviceId/upgradeWindow";

describe("UpgradeWindowProvider", function () {
  quickSleeps();
  this.timeout(60_000);
  let emulator: RunningEmulator;
  let primary: string;
  let secondary: string;
  let api: AxiosInstance;
  const provider = providerOf("UpgradeWindow");

  before(async () => {
    emulator = await sharedEmulator();
    const { fixture } = emulator;
    // No other unit test gives a service an upgrade window; each test removes the one it made. The secondary
    // service shares the production service's warehouse.
    primary = fixture.services.production;
    secondary = fixture.services.secondary;
    api = axios.create({
      baseURL: `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/services`,
      auth: { username: fixture.tokenKey, password: fixture.tokenSecret },
      validateStatus: () => true,
    });
    await provider.configure(await emulatorConfigureRequest());
  });

  afterEach(async () => {
    await api.delete(`/${primary}/upgradeWindow`);
    await emulator.control.updateSettings({ scheduledUpgrades: true });
  });

  const held = async (serviceId: string) => {
    const answer = await api.get(`/${serviceId}/upgradeWindow`);
    return answer.status === 404 ? undefined : answer.data.result;
  };

  async function failureOf(run: () => Promise<unknown>): Promise<string> {
    try {
      await run();
    } catch (error) {
      return String(error);
    }
    throw new Error("expected a failure");
  }

  describe("check", () => {
    const failuresOf = async (news: Record<string, unknown>) =>
      (await provider.check({}, { serviceId: primary, ...news })).failures ?? [];

    it("accepts every weekday and each allowed start hour", async () => {
      for (const weekday of [0, 3, 6]) {
        for (const startHourUtc of [0, 6, 12, 18]) {
          expect(await failuresOf({ weekday, startHourUtc })).to.deep.equal([]);
        }
      }
    });

    it("names the field, the rule and the value of a bad weekday or start hour", async () => {
      expect(await failuresOf({ weekday: 7, startHourUtc: 3 })).to.deep.equal([
        {
          property: "weekday",
          reason: "weekday must be a whole number from 0 (Sunday) to 6 (Saturday); got 7",
        },
        {
          property: "startHourUtc",
          reason: "startHourUtc must be one of 0, 6, 12, 18 (the hour in UTC the window starts); got 3",
        },
      ]);
      expect(await failuresOf({ weekday: 1.5, startHourUtc: 6 })).to.deep.equal([
        {
          property: "weekday",
          reason: "weekday must be a whole number from 0 (Sunday) to 6 (Saturday); got 1.5",
        },
      ]);
      expect(await failuresOf({})).to.deep.equal([
        { property: "weekday", reason: "weekday is required" },
        { property: "startHourUtc", reason: "startHourUtc is required" },
      ]);
    });

    it("leaves values unknown during preview to be checked later", async () => {
      expect(await failuresOf({ weekday: UNKNOWN, startHourUtc: UNKNOWN })).to.deep.equal([]);
    });
  });

  describe("diff", () => {
    const olds = { serviceId: "s", organizationId: "o", weekday: 3, startHourUtc: 12, duration: 6 };

    it("updates the weekday or start hour in place, and sees no change in the same window", async () => {
      expect(await provider.diff("s", olds, { serviceId: "s", weekday: 3, startHourUtc: 12 })).to.deep.equal({
        changes: false,
        replaces: [],
      });
      expect(await provider.diff("s", olds, { serviceId: "s", weekday: 4, startHourUtc: 12 })).to.deep.equal({
        changes: true,
        replaces: [],
      });
      expect(await provider.diff("s", olds, { serviceId: "s", weekday: 3, startHourUtc: 18 })).to.deep.equal({
        changes: true,
        replaces: [],
      });
    });

    it("replaces on another service", async () => {
      const result = await provider.diff("s", olds, { serviceId: "t", weekday: 3, startHourUtc: 12 });
      expect(result).to.deep.equal({ changes: true, replaces: ["serviceId"] });
    });
  });

  describe("lifecycle against the emulator", () => {
    it("sets the window, reads it, changes it in place and deletes it", async () => {
      const created = await provider.create({ serviceId: primary, weekday: 3, startHourUtc: 12 });
      expect(created.id).to.equal(primary);
      expect(created.outs).to.deep.equal({
        serviceId: primary,
        organizationId: emulator.fixture.organizationId,
        weekday: 3,
        startHourUtc: 12,
        duration: 6,
      });
      expect(await held(primary)).to.deep.equal({ weekday: 3, startHourUtc: 12, duration: 6 });

      const read = await provider.read(created.id, created.outs);
      expect(read).to.deep.include({ id: primary, props: created.outs });
      expect(read.inputs).to.deep.equal({
        serviceId: primary,
        organizationId: emulator.fixture.organizationId,
        weekday: 3,
        startHourUtc: 12,
      });

      const updated = await provider.update(created.id, created.outs, {
        serviceId: primary,
        weekday: 0,
        startHourUtc: 18,
      });
      expect(updated.outs).to.include({ weekday: 0, startHourUtc: 18, duration: 6 });
      expect(await held(primary)).to.deep.equal({ weekday: 0, startHourUtc: 18, duration: 6 });

      await provider.delete(created.id, updated.outs ?? {});
      expect(await held(primary)).to.equal(undefined);
      expect((await provider.read(created.id, created.outs)).id).to.equal("");
      await provider.delete(created.id, updated.outs ?? {}); // already gone: nothing to do
    });

    it("refuses to overwrite a window that differs, and adopts one that matches without a PUT", async () => {
      expect((await api.put(`/${primary}/upgradeWindow`, { weekday: 5, startHourUtc: 0 })).status).to.equal(
        200,
      );
      const failure = await failureOf(() =>
        provider.create({ serviceId: primary, weekday: 3, startHourUtc: 12 }),
      );
      expect(failure).to.match(
        new RegExp(
          `service ${primary} already has an upgrade window with other settings \\(weekday 5, startHourUtc 0\\).*import`,
        ),
      );
      expect(await held(primary)).to.deep.equal({ weekday: 5, startHourUtc: 0, duration: 6 });

      await emulator.control.clearRequests();
      const adopted = await provider.create({ serviceId: primary, weekday: 5, startHourUtc: 0 });
      expect(adopted.outs).to.include({ weekday: 5, startHourUtc: 0, duration: 6 });
      const routes = (await emulator.control.requests()).map((entry) => entry.route);
      expect(routes).to.not.include(putRoute);
    });

    it("refuses a secondary service in plain words, whether or not its primary has a window", async () => {
      const secondaryError = new RegExp(
        `service ${secondary} is a secondary service: it follows the upgrade window of its warehouse's primary service`,
      );
      // No window anywhere: the PUT is sent and the API's 400 is reported in plain words.
      expect(
        await failureOf(() => provider.create({ serviceId: secondary, weekday: 1, startHourUtc: 6 })),
      ).to.match(secondaryError);
      // The primary has one, which the secondary answers as its own: the create does not take it.
      await api.put(`/${primary}/upgradeWindow`, { weekday: 1, startHourUtc: 6 });
      await emulator.control.clearRequests();
      expect(
        await failureOf(() => provider.create({ serviceId: secondary, weekday: 1, startHourUtc: 6 })),
      ).to.match(secondaryError);
      const routes = (await emulator.control.requests()).map((entry) => entry.route);
      expect(routes).to.not.include(putRoute);
      expect(await held(primary)).to.deep.equal({ weekday: 1, startHourUtc: 6, duration: 6 });
    });

    it("reports an organization without the scheduled upgrades feature, and sets nothing", async () => {
      await emulator.control.updateSettings({ scheduledUpgrades: false });
      const failure = await failureOf(() =>
        provider.create({ serviceId: primary, weekday: 2, startHourUtc: 0 }),
      );
      expect(failure).to.match(
        new RegExp(
          `the API refused the upgrade window of service ${primary} \\(weekday 2, startHourUtc 0\\)`,
        ),
      );
      expect(failure).to.match(
        /needs the organization's scheduled upgrades feature, which ClickHouse support enables/,
      );
      expect(await held(primary)).to.equal(undefined);
    });

    it("deletes a window even once the feature is gone, and drops one removed out of band", async () => {
      const created = await provider.create({ serviceId: primary, weekday: 4, startHourUtc: 6 });
      await emulator.control.updateSettings({ scheduledUpgrades: false });
      await provider.delete(created.id, created.outs);
      expect(await held(primary)).to.equal(undefined);

      await emulator.control.updateSettings({ scheduledUpgrades: true });
      const again = await provider.create({ serviceId: primary, weekday: 4, startHourUtc: 6 });
      await api.delete(`/${primary}/upgradeWindow`);
      expect((await provider.read(again.id, again.outs)).id).to.equal("");
    });
  });
});
