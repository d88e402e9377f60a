import axios, { type AxiosInstance } from "axios";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { providerOf } from "../../support/providers";
import { UNKNOWN } from "../../../provider/propertyEncoding";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { quickSleeps } from "../../support/quickSleeps";

const upsertRoute = "POST /v1/organizations/:organizationId/services/:serviceId/serviceQueryEndpoint";

describe("ServiceQueryEndpointProvider", function () {
  quickSleeps();
  this.timeout(60_000);
  let emulator: RunningEmulator;
  let serviceId: string;
  let keyId: string;
  let api: AxiosInstance;
  const provider = providerOf("ServiceQueryEndpoint");
  const otherKey = "0b6c1f4e-1f0e-4d52-9a3e-2f7c4c1d9e01";

  before(async () => {
    emulator = await sharedEmulator();
    const { fixture } = emulator;
    // No other unit test gives the production service a query API endpoint; each test removes the one it made.
    serviceId = fixture.services.production;
    api = axios.create({
      baseURL: `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}`,
      auth: { username: fixture.tokenKey, password: fixture.tokenSecret },
      validateStatus: () => true,
    });
    // The id the API lists the fixture's key under (not the Basic-auth key id).
    const keys = (await api.get("/keys")).data.result as Array<{ id: string }>;
    keyId = keys[0].id;
    await provider.configure(await emulatorConfigureRequest());
  });

  afterEach(async () => {
    await api.delete(`/services/${serviceId}/serviceQueryEndpoint`);
    await emulator.control.clearFaults();
  });

  const held = async () => {
    const answer = await api.get(`/services/${serviceId}/serviceQueryEndpoint`);
    return answer.status === 404 ? undefined : answer.data.result;
  };

  describe("check", () => {
    const failuresOf = async (news: Record<string, unknown>) =>
      (await provider.check({}, { serviceId, ...news })).failures ?? [];
    const reasons = async (news: Record<string, unknown>) =>
      Object.fromEntries((await failuresOf(news)).map((failure) => [failure.property, failure.reason]));

    it("accepts roles, keys and origins within the rules, origins left out or empty", async () => {
      const roles = ["sql_console_read_only", "sql_console_admin"];
      expect(await failuresOf({ roles, openApiKeys: [keyId] })).to.deep.equal([]);
      expect(
        await failuresOf({
          roles,
          openApiKeys: [keyId],
          allowedOrigins: " https://a.example.com ,b.example.org",
        }),
      ).to.deep.equal([]);
      expect(await failuresOf({ roles, openApiKeys: [keyId], allowedOrigins: "" })).to.deep.equal([]);
    });

    it("names each field and its rule: a role or key by its place in the list, the origins, the service", async () => {
      const failures = await failuresOf({
        serviceId: "svc-1",
        roles: ["sql_console_owner"],
        openApiKeys: ["not-a-uuid"],
        allowedOrigins: "a.example.com,,b.example.org",
      });
      // A nested path goes to the engine in the reason alone (the engine looks a property up as a top-level key).
      expect(failures).to.deep.include.members([
        {
          property: "",
          reason: 'roles[0] must be one of sql_console_read_only, sql_console_admin; got "sql_console_owner"',
        },
        { property: "", reason: 'openApiKeys[0] must be an API key id (a uuid); got "not-a-uuid"' },
      ]);
      const byProperty = Object.fromEntries(failures.map((failure) => [failure.property, failure.reason]));
      expect(byProperty.allowedOrigins).to.match(
        /^allowedOrigins must be a comma-separated list of origins .*got "a.example.com,,b.example.org"$/,
      );
      expect(byProperty.serviceId).to.match(/^serviceId must be a uuid/);
      expect(failures).to.have.length(4);
    });

    it("refuses no role, no key, a repeated role and a missing list", async () => {
      expect(Object.keys(await reasons({ roles: [], openApiKeys: [] })).sort()).to.deep.equal([
        "openApiKeys",
        "roles",
      ]);
      const repeated = await reasons({
        roles: ["sql_console_admin", "sql_console_admin"],
        openApiKeys: [keyId],
      });
      expect(repeated.roles).to.match(/each once/);
      const missing = await reasons({});
      expect(missing).to.deep.equal({ roles: "roles is required", openApiKeys: "openApiKeys is required" });
    });

    it("leaves values unknown during preview to be checked later", async () => {
      expect(
        await failuresOf({ roles: UNKNOWN, openApiKeys: UNKNOWN, allowedOrigins: UNKNOWN }),
      ).to.deep.equal([]);
    });
  });

  describe("diff", () => {
    const olds = {
      serviceId: "s",
      organizationId: "o",
      endpointId: "e",
      roles: ["sql_console_read_only", "sql_console_admin"],
      openApiKeys: ["0b6c1f4e-1f0e-4d52-9a3e-2f7c4c1d9e01", "1b6c1f4e-1f0e-4d52-9a3e-2f7c4c1d9e02"],
      allowedOrigins: "https://a.example.com,https://b.example.org",
    };

    it("sees no change in reordered roles and keys, key case, or origins respaced, reordered and recased", async () => {
      const news = {
        serviceId: "s",
        roles: ["sql_console_admin", "sql_console_read_only"],
        openApiKeys: ["1B6C1F4E-1F0E-4D52-9A3E-2F7C4C1D9E02", "0b6c1f4e-1f0e-4d52-9a3e-2f7c4c1d9e01"],
        allowedOrigins: " https://B.example.org ,  https://a.example.com",
      };
      expect(await provider.diff("s", olds, news)).to.deep.equal({ changes: false, replaces: [] });
    });

    it("updates a role, a key or the origins in place; removing the origins is a change", async () => {
      const base = { serviceId: "s", roles: olds.roles, openApiKeys: olds.openApiKeys };
      const cases = [
        { ...base, allowedOrigins: olds.allowedOrigins, roles: ["sql_console_read_only"] },
        { ...base, allowedOrigins: olds.allowedOrigins, openApiKeys: [olds.openApiKeys[0]] },
        { ...base, allowedOrigins: "https://a.example.com" },
        base,
      ];
      for (const news of cases) {
        expect(await provider.diff("s", olds, news), JSON.stringify(news)).to.deep.equal({
          changes: true,
          replaces: [],
        });
      }
    });

    it("replaces on another service or organization", async () => {
      const news = { serviceId: "t", organizationId: "p", roles: olds.roles, openApiKeys: olds.openApiKeys };
      const result = await provider.diff("s", olds, { ...news, allowedOrigins: olds.allowedOrigins });
      expect(result).to.deep.equal({ changes: true, replaces: ["serviceId", "organizationId"] });
    });
  });

  describe("lifecycle against the emulator", () => {
    it("creates the endpoint, reads it, updates it in place and deletes it", async () => {
      const created = await provider.create({
        serviceId,
        roles: ["sql_console_read_only"],
        openApiKeys: [keyId],
        allowedOrigins: "https://app.example.com",
      });
      expect(created.id).to.equal(serviceId);
      const remote = await held();
      expect(remote).to.deep.include({
        roles: ["sql_console_read_only"],
        openApiKeys: [keyId],
        allowedOrigins: "https://app.example.com",
      });
      expect(created.outs).to.deep.equal({
        serviceId,
        organizationId: emulator.fixture.organizationId,
        endpointId: remote.id,
        roles: ["sql_console_read_only"],
        openApiKeys: [keyId],
        allowedOrigins: "https://app.example.com",
      });

      const read = await provider.read(created.id, created.outs);
      expect(read).to.deep.include({ id: serviceId, props: created.outs });
      expect(read.inputs).to.deep.equal({
        serviceId,
        organizationId: emulator.fixture.organizationId,
        roles: ["sql_console_read_only"],
        openApiKeys: [keyId],
        allowedOrigins: "https://app.example.com",
      });

      const updated = await provider.update(created.id, created.outs, {
        serviceId,
        roles: ["sql_console_admin"],
        openApiKeys: [keyId],
      });
      expect(updated.outs).to.not.have.property("allowedOrigins");
      expect(await held()).to.deep.equal({
        id: remote.id,
        roles: ["sql_console_admin"],
        openApiKeys: [keyId],
        allowedOrigins: "",
      });

      await provider.delete(created.id, updated.outs ?? {});
      expect(await held()).to.equal(undefined);
      expect((await provider.read(created.id, created.outs)).id).to.equal("");
      await provider.delete(created.id, updated.outs ?? {}); // already gone: nothing to do
    });

    it("refuses to overwrite an endpoint that differs, and adopts one that matches without sending it", async () => {
      const outOfBand = {
        roles: ["sql_console_admin"],
        openApiKeys: [keyId],
        allowedOrigins: "https://x.example.com",
      };
      expect((await api.post(`/services/${serviceId}/serviceQueryEndpoint`, outOfBand)).status).to.equal(200);
      let failure: unknown;
      await provider
        .create({ serviceId, roles: ["sql_console_read_only"], openApiKeys: [keyId] })
        .catch((error) => {
          failure = error;
        });
      expect(String(failure)).to.match(
        new RegExp(
          `service ${serviceId} already has a query API endpoint with other settings .*sql_console_admin.*import`,
        ),
      );
      expect(await held()).to.deep.include(outOfBand);

      await emulator.control.clearRequests();
      const adopted = await provider.create({
        serviceId,
        roles: ["sql_console_admin"],
        openApiKeys: [keyId.toUpperCase()],
        allowedOrigins: "HTTPS://x.example.com ",
      });
      expect(adopted.outs).to.include({ allowedOrigins: "https://x.example.com" });
      const routes = (await emulator.control.requests()).map((entry) => entry.route);
      expect(routes).to.not.include(upsertRoute);
    });

    it("reports the API's refusal of a key that is not the organization's, and makes nothing", async () => {
      let failure: unknown;
      await provider
        .create({ serviceId, roles: ["sql_console_admin"], openApiKeys: [otherKey] })
        .catch((error) => {
          failure = error;
        });
      expect(String(failure)).to.match(
        new RegExp(
          `the API refused the query API endpoint of service ${serviceId} .*${otherKey} is not an API key of the organization`,
        ),
      );
      expect(await held()).to.equal(undefined);
    });

    it("settles a reply lost after the upsert was processed by reading the endpoint back", async () => {
      await emulator.control.clearRequests();
      await emulator.control.setFaults({ script: [{ route: upsertRoute, kinds: ["dropAfterProcessing"] }] });
      const created = await provider.create({
        serviceId,
        roles: ["sql_console_admin"],
        openApiKeys: [keyId],
      });
      // Sent once, then read back: a POST whose outcome is unknown is not repeated blindly.
      const getRoute = upsertRoute.replace("POST", "GET");
      const routes = (await emulator.control.requests()).map((entry) => entry.route);
      expect(routes).to.deep.equal([getRoute, upsertRoute, getRoute]);
      expect(created.outs).to.deep.include({ roles: ["sql_console_admin"], openApiKeys: [keyId] });
      expect(await held()).to.deep.include({ roles: ["sql_console_admin"], openApiKeys: [keyId] });
    });

    it("drops the resource when the endpoint is removed out of band", async () => {
      const created = await provider.create({
        serviceId,
        roles: ["sql_console_admin"],
        openApiKeys: [keyId],
      });
      await api.delete(`/services/${serviceId}/serviceQueryEndpoint`);
      expect((await provider.read(created.id, created.outs)).id).to.equal("");
    });
  });
});
