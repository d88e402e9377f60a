import { expect } from "chai";
import {
  EmulatorHarness,
  basicAuth,
  expectManagementError,
  expectManagementSuccess,
  send,
  uuidV4,
} from "../../support/httpRequests";

describe("emulator: authentication, envelopes and robustness", () => {
  const harness = new EmulatorHarness().install();

  describe("management auth", () => {
    it("refuses a request without credentials with a 401 body", async () => {
      const response = await send(`${harness.emulator.url}${harness.orgPath}`, "GET");
      expectManagementError(response, 401, "UNAUTHORIZED", "Authorization");
    });

    it("refuses a wrong secret, an unknown key and a non-Basic scheme", async () => {
      const { tokenKey, tokenSecret } = harness.fixture;
      for (const authorization of [
        basicAuth(tokenKey, `${tokenSecret}x`),
        basicAuth("unknown-key", tokenSecret),
        `Bearer ${tokenSecret}`,
        "Basic !!!",
      ]) {
        const response = await harness.management("GET", harness.orgPath, { headers: { authorization } });
        expectManagementError(response, 401, "UNAUTHORIZED");
        expect(response.text).not.to.include(tokenSecret);
      }
    });

    it("says why the credentials are refused: not Basic, or Basic without keyId:keySecret", async () => {
      const cases: [string, string][] = [
        ["Bearer abc", "UNAUTHORIZED: The Authorization header must use the Basic scheme with an API key"],
        ["Basic !!!", "UNAUTHORIZED: The Basic credentials must be base64(keyId:keySecret)"],
      ];
      for (const [authorization, error] of cases) {
        const response = await harness.management("GET", harness.orgPath, { headers: { authorization } });
        expect([response.status, response.body.error]).to.deep.equal([401, error]);
      }
    });

    it("another organization's id is a 403, a malformed one a 400 naming organizationId", async () => {
      const other = "11111111-1111-4111-8111-111111111111";
      expectManagementError(
        await harness.management("GET", `/v1/organizations/${other}`),
        403,
        "FORBIDDEN",
        other,
      );
      expectManagementError(
        await harness.management("GET", "/v1/organizations/acme"),
        400,
        "BAD_REQUEST",
        "organizationId",
      );
    });

    it("authenticates before anything else: no credentials and a bad body is still a 401", async () => {
      const response = await send(`${harness.emulator.url}${harness.orgPath}/keys`, "POST", { body: "{" });
      expectManagementError(response, 401, "UNAUTHORIZED");
    });
  });

  describe("envelopes", () => {
    it("GET organization: the management envelope with a fresh uuid v4 requestId each time", async () => {
      const first = await harness.management("GET", harness.orgPath);
      const second = await harness.management("GET", harness.orgPath);
      const organization = expectManagementSuccess(first);
      expectManagementSuccess(second);
      expect(first.body.requestId).to.match(uuidV4).and.not.equal(second.body.requestId);
      expect(organization).to.include({ id: harness.fixture.organizationId });
      expect(organization.privateEndpoints).to.deep.equal([]);
    });
  });

  describe("observability auth", () => {
    it("answers plain-text Unauthorized without or with a wrong token", async () => {
      const attempts: Array<Record<string, string>> = [
        {},
        { authorization: "Bearer nope" },
        { authorization: "Basic abc" },
        // The real server's scheme is case-sensitive and takes one space: the right token is refused so.
        { authorization: `bearer ${harness.fixture.observabilityToken}` },
        { authorization: `BEARER ${harness.fixture.observabilityToken}` },
        { authorization: `Bearer  ${harness.fixture.observabilityToken}` },
      ];
      for (const headers of attempts) {
        const response = await send(`${harness.emulator.url}/api/v2/alerts`, "GET", { headers });
        expect(response.status).to.equal(401);
        expect(response.headers.get("content-type")).to.match(/^text\/plain/);
        expect(response.text).to.equal("Unauthorized");
      }
    });
  });

  describe("malformed requests", () => {
    const keysPath = () => `${harness.orgPath}/keys`;

    it("malformed JSON is a 400 in each API's shape", async () => {
      const headers = { "content-type": "application/json" };
      expectManagementError(
        await harness.management("POST", keysPath(), { headers, body: '{"name":' }),
        400,
        "BAD_REQUEST",
        "not valid JSON",
      );
      const observability = await harness.observability("POST", "/api/v2/alerts", { headers, body: "{]" });
      expect(observability.status).to.equal(400);
      expect(observability.body).to.deep.equal({ message: "Invalid JSON payload" });
    });

    it("observability: malformed JSON is a 400 before the token is checked", async () => {
      const headers = { "content-type": "application/json" };
      for (const authorization of ["", "Bearer wrong"]) {
        const response = await send(`${harness.emulator.url}/api/v2/alerts`, "POST", {
          headers: { ...headers, ...(authorization ? { authorization } : {}) },
          body: '{"threshold":',
        });
        expect(response.status, authorization).to.equal(400);
        expect(response.body).to.deep.equal({ message: "Invalid JSON payload" });
      }
    });

    it("a body that is not JSON is a 415", async () => {
      const headers = { "content-type": "text/plain" };
      expectManagementError(
        await harness.management("POST", keysPath(), { headers, body: "name=x" }),
        415,
        "UNSUPPORTED_MEDIA_TYPE",
        "application/json",
      );
      const observability = await harness.observability("POST", "/api/v2/alerts", { headers, body: "x" });
      expect(observability.status).to.equal(415);
      expect(observability.body).to.have.property("message");
    });

    it("a body over 1 MiB is a 413", async () => {
      const body = { name: "x".repeat(1024 * 1024), roles: ["admin"] };
      expectManagementError(await harness.management("POST", keysPath(), { body }), 413, "PAYLOAD_TOO_LARGE");
      const observability = await harness.observability("POST", "/api/v2/charts/series", { body });
      expect(observability.status).to.equal(413);
      expect(observability.body).to.have.property("message");
    });

    it("a missing body where one is needed is a 400 naming the required fields", async () => {
      expectManagementError(
        await harness.management("POST", keysPath()),
        400,
        "BAD_REQUEST",
        "request body must be a JSON object",
      );
    });

    it("an empty body with a JSON content type is accepted where no body is needed", async () => {
      const response = await harness.management("GET", harness.orgPath, {
        headers: { "content-type": "application/json" },
      });
      expectManagementSuccess(response);
    });

    it("unknown routes are 404s in each API's shape", async () => {
      expectManagementError(
        await harness.management("GET", "/v1/nothing/here"),
        404,
        "NOT_FOUND",
        "/v1/nothing/here",
      );
      const observability = await harness.observability("GET", "/api/v2/nothing");
      expect(observability.status).to.equal(404);
      expect(observability.body).to.deep.equal({ message: "Not found" });
      const elsewhere = await send(`${harness.emulator.url}/nothing`, "GET");
      expect(elsewhere.status).to.equal(404);
      expect(elsewhere.body).to.have.property("error");
    });

    it("a known path with another method is a 405 with an Allow header", async () => {
      const response = await harness.management("PUT", `${harness.servicePath()}/replicaScaling`);
      expectManagementError(response, 405, "METHOD_NOT_ALLOWED", "PUT");
      expect(response.headers.get("allow")).to.equal("PATCH");
      const observability = await harness.observability("GET", "/api/v2/charts/series");
      expect(observability.status).to.equal(405);
      expect(observability.headers.get("allow")).to.equal("POST");
      expect(observability.body).to.have.property("message");
    });

    it("keeps serving after all of the above", async () => {
      expectManagementSuccess(await harness.management("GET", harness.orgPath));
    });
  });

  describe("HTTP edges, as the real servers handle them", () => {
    const createAlert = async (): Promise<string> => (await harness.createTileAlert()).id;

    it("a trailing slash reaches the same route on both APIs", async () => {
      const organization = expectManagementSuccess(await harness.management("GET", `${harness.orgPath}/`));
      expect(organization.id).to.equal(harness.fixture.organizationId);
      const created = expectManagementSuccess(
        await harness.management("POST", `${harness.orgPath}/keys/`, {
          body: { name: "slash", roles: ["developer"] },
        }),
      );
      expect(created.key.name).to.equal("slash");
      const alertId = await createAlert();
      const listed = await harness.observability("GET", "/api/v2/alerts/");
      expect(listed.status).to.equal(200);
      expect(listed.body.data.map((alert: { id: string }) => alert.id)).to.include(alertId);
      expect((await harness.observability("GET", `/api/v2/alerts/${alertId}/`)).body.data.id).to.equal(
        alertId,
      );
    });

    it("upper-case uuids and object ids find the same objects", async () => {
      const { organizationId, services } = harness.fixture;
      const service = expectManagementSuccess(
        await harness.management(
          "GET",
          `/v1/organizations/${organizationId.toUpperCase()}/services/${services.production.toUpperCase()}`,
        ),
      );
      expect(service.id).to.equal(services.production);
      const { key } = expectManagementSuccess(
        await harness.management("POST", `${harness.orgPath}/keys`, {
          body: { name: "k", roles: ["admin"] },
        }),
      );
      const path = `${harness.orgPath}/keys/${key.id.toUpperCase()}`;
      expect(expectManagementSuccess(await harness.management("GET", path)).id).to.equal(key.id);
      expectManagementSuccess(await harness.management("DELETE", path));

      const alertId = await createAlert();
      const read = await harness.observability("GET", `/api/v2/alerts/${alertId.toUpperCase()}`);
      expect(read.status, read.text).to.equal(200);
      expect(read.body.data.id).to.equal(alertId);
      const deleted = await harness.observability("DELETE", `/api/v2/alerts/${alertId.toUpperCase()}`);
      expect(deleted.status).to.equal(200);
      expect((await harness.observability("GET", `/api/v2/alerts/${alertId}`)).status).to.equal(404);
    });

    it("a path that cannot be percent-decoded is a 400 in each API's shape, after authentication", async () => {
      const badService = `${harness.orgPath}/services/%zz`;
      expectManagementError(await harness.management("GET", badService), 400, "BAD_REQUEST", "%");
      expectManagementError(await send(`${harness.emulator.url}${badService}`, "GET"), 401, "UNAUTHORIZED");
      const observability = await harness.observability("GET", "/api/v2/alerts/%zz");
      expect(observability.status).to.equal(400);
      expect(observability.body).to.deep.equal({ message: "Something went wrong :(" });
      const anonymous = await send(`${harness.emulator.url}/api/v2/alerts/%zz`, "GET");
      expect([anonymous.status, anonymous.text]).to.deep.equal([401, "Unauthorized"]);
      const control = await harness.control("GET", "/requests/%zz");
      expect(control.status).to.equal(400);
      expect(control.body).to.have.property("error");
    });

    it("an over-long path id gets the API's own answer for a bad id, without echoing it whole", async () => {
      const longId = "a".repeat(5000);
      const key = await harness.management("GET", `${harness.orgPath}/keys/${longId}`);
      expectManagementError(key, 400, "BAD_REQUEST", "keyId", "must be a UUID");
      expect(key.text).to.not.include(longId);
      expectManagementError(
        await harness.management("GET", `${harness.orgPath}/services/${longId}`),
        400,
        "BAD_REQUEST",
        "serviceId",
      );
      const alert = await harness.observability("GET", `/api/v2/alerts/${longId}`);
      expect(alert.status).to.equal(400);
      expect(alert.body.message).to.match(/^Params validation failed: .*id/);
    });

    it("headers over 16 KiB are a 431: the management envelope, Node's bare status line for observability", async () => {
      const padding = { "x-padding": "p".repeat(20 * 1024) };
      const management = await harness.management("GET", harness.orgPath, { headers: padding });
      expectManagementError(management, 431, "REQUEST_HEADER_FIELDS_TOO_LARGE", "16 KiB");
      const observability = await harness.observability("GET", "/api/v2/alerts", { headers: padding });
      expect([observability.status, observability.text]).to.deep.equal([431, ""]);
      expectManagementSuccess(await harness.management("GET", harness.orgPath));
    });
  });
});
