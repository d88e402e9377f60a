import type { RunningEmulator } from "../emulator";
import type { BenchFixtureIds } from "./programs/ours/settings";

/**
 * The emulator's objects the benchmark's resources name. The seeded API key's id is not in the fixture (which has
 * its credentials), so it is read from the API, as a program's author would look it up: one request, made before
 * any figure clears the request log.
 */
export async function benchFixtureIds({ fixture }: RunningEmulator): Promise<BenchFixtureIds> {
  const dashboard = fixture.dashboards[0];
  return {
    services: fixture.services,
    dashboardId: dashboard.id,
    tileId: dashboard.tileIds[0],
    webhookId: fixture.webhooks[0].id,
    sourceId: fixture.sources[0].id,
    connectionId: fixture.connections[0].id,
    apiKeyId: await seededApiKeyId(fixture),
  };
}

async function seededApiKeyId(fixture: RunningEmulator["fixture"]): Promise<string> {
  const credentials = Buffer.from(`${fixture.tokenKey}:${fixture.tokenSecret}`).toString("base64");
  const response = await fetch(`${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/keys`, {
    headers: { authorization: `Basic ${credentials}` },
  });
  if (!response.ok) throw new Error(`listing the emulator's API keys: HTTP ${response.status}`);
  const { result } = (await response.json()) as { result: { id: string }[] };
  if (result.length !== 1) throw new Error(`the emulator seeds one API key; it lists ${result.length}`);
  return result[0].id;
}
