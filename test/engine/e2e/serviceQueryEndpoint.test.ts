/**
 * A ServiceQueryEndpoint through the real engine, on both wires and both front ends: up gives the production
 * service an endpoint for the fixture's API key, a preview after it shows no change, an update changes its roles
 * and allowed origins in place, a refresh and a preview find nothing to change, and destroy removes it. Then, with
 * the package's class on each wire, a change made outside Pulumi shows on refresh and the next `up` reverts it.
 */
import type { AxiosInstance } from "axios";
import type { Fixture } from "../../../emulator";
import { apiDialects } from "../../../schemas/dialects";
import { managementClientFor } from "../../support/clients";
import { describeThroughTheEngine } from "../../support/kindThroughTheEngine";
import { describeSettingDrift } from "../../support/settingDrift";

/** The id the API lists the fixture's key under (the endpoint names keys by it, not by the Basic-auth key id). */
async function fixtureKeyId(fixture: Fixture): Promise<string> {
  const keys = await managementClientFor(fixture, { throttle: "off" }).keys.list(fixture.organizationId);
  return keys[0].id;
}

// The production service of each wire's shared emulator has no endpoint before, and none after.
describeThroughTheEngine({
  kind: "ServiceQueryEndpoint",
  inputs: async (fixture) => {
    const serviceId = fixture.services.production;
    const openApiKeys = [await fixtureKeyId(fixture)];
    return {
      create: { serviceId, roles: ["sql_console_read_only"], openApiKeys },
      update: {
        serviceId,
        roles: ["sql_console_read_only", "sql_console_admin"],
        openApiKeys,
        allowedOrigins: "https://app.example.com",
      },
    };
  },
});

for (const dialect of apiDialects) {
  describeSettingDrift({
    kind: "ServiceQueryEndpoint",
    dialect,
    path: "serviceQueryEndpoint",
    inputs: async (fixture) => ({
      serviceId: fixture.services.production,
      roles: ["sql_console_read_only"],
      openApiKeys: [await fixtureKeyId(fixture)],
      allowedOrigins: "https://app.example.com",
    }),
    async drift(api: AxiosInstance, servicePath: string) {
      const endpoint = (await api.get(`${servicePath}/serviceQueryEndpoint`)).data.result;
      const changed = { roles: ["sql_console_admin"], allowedOrigins: "https://other.example.org" };
      await api.post(`${servicePath}/serviceQueryEndpoint`, { ...endpoint, id: undefined, ...changed });
      return changed;
    },
    restored: ({ roles, openApiKeys, allowedOrigins }) => ({ roles, openApiKeys, allowedOrigins }),
  });
}
