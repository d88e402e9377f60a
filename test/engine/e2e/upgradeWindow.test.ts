/**
 * An UpgradeWindow through the real engine, on both wires and both front ends: up gives the production service (a
 * warehouse's primary) a window, a preview after it shows no change, an update moves it in place, a refresh and a
 * preview find nothing to change, and destroy removes it. Then, with the package's class on each wire, a change
 * made outside Pulumi shows on refresh and the next `up` reverts it.
 */
import type { AxiosInstance } from "axios";
import { apiDialects } from "../../../schemas/dialects";
import { describeThroughTheEngine } from "../../support/kindThroughTheEngine";
import { describeSettingDrift } from "../../support/settingDrift";

// The production service of each wire's shared emulator has no window before, and none after.
describeThroughTheEngine({
  kind: "UpgradeWindow",
  inputs: (fixture) => ({
    create: { serviceId: fixture.services.production, weekday: 3, startHourUtc: 12 },
    update: { serviceId: fixture.services.production, weekday: 0, startHourUtc: 18 },
  }),
});

for (const dialect of apiDialects) {
  describeSettingDrift({
    kind: "UpgradeWindow",
    dialect,
    path: "upgradeWindow",
    inputs: async (fixture) => ({ serviceId: fixture.services.production, weekday: 2, startHourUtc: 6 }),
    async drift(api: AxiosInstance, servicePath: string) {
      await api.put(`${servicePath}/upgradeWindow`, { weekday: 6, startHourUtc: 0 });
      return { weekday: 6, startHourUtc: 0 };
    },
    restored: ({ weekday, startHourUtc }) => ({ weekday, startHourUtc, duration: 6 }),
  });
}
