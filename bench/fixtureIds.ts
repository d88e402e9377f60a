import type { Fixture } from "../emulator";
import type { BenchFixtureIds } from "./programs/ours/settings";

/** The emulator's objects the benchmark's resources name. */
export function benchFixtureIds(fixture: Fixture): BenchFixtureIds {
  const dashboard = fixture.dashboards[0];
  return {
    services: fixture.services,
    dashboardId: dashboard.id,
    tileId: dashboard.tileIds[0],
    webhookId: fixture.webhooks[0].id,
    sourceId: fixture.sources[0].id,
    connectionId: fixture.connections[0].id,
  };
}
