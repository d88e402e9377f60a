import { expect } from "chai";
import { tileAlertBody } from "../../support/alertBodies";
import {
  EmulatorHarness,
  expectManagementError,
  expectManagementSuccess,
  uuidV4,
} from "../../support/httpRequests";

describe("emulator: ClickStack managed by ClickHouse Cloud (--dialect production)", () => {
  const production = new EmulatorHarness({ dialect: "production" }).install();
  const spec = new EmulatorHarness().install();
  const alerts = (harness: EmulatorHarness) => `${harness.servicePath()}/clickstack/alerts`;

  it("serves alerts under the service, with the Cloud key and the Cloud envelope", async () => {
    const created = expectManagementSuccess(
      await production.management("POST", alerts(production), { body: tileAlertBody(production.fixture) }),
    );
    expect(created).to.include({ state: "OK", source: "tile", threshold: 5 });
    const listed = await production.management("GET", alerts(production));
    expect(listed.body.result.map((alert: { id: string }) => alert.id)).to.deep.equal([created.id]);
    expect(listed.body.meta).to.deep.equal({ total: 1, limit: 1000, offset: 0 });
    expect(listed.headers.get("x-total-count")).to.equal("1");
    const deleted = await production.management("DELETE", `${alerts(production)}/${created.id}`);
    expect(deleted.status).to.equal(200);
    expect(Object.keys(deleted.body).sort()).to.deep.equal(["requestId", "status"]);
    expect(deleted.body.requestId).to.match(uuidV4);
  });

  it("answers a missing alert with the Cloud's NOT_FOUND, and refuses a bad body in the Cloud's error shape", async () => {
    expectManagementError(
      await production.management("GET", `${alerts(production)}/${"0".repeat(24)}`),
      404,
      "NOT_FOUND",
      "Alert not found",
    );
    const refused = await production.management("POST", alerts(production), {
      body: { ...tileAlertBody(production.fixture), interval: "2m" },
    });
    expectManagementError(refused, 400, "BAD_REQUEST", "interval");
  });

  it("takes one channel: channels in a create or a PUT is dropped as an unknown field, and no alert shows it", async () => {
    const body = tileAlertBody(production.fixture);
    const unknownWebhook = { type: "webhook", webhookId: "0".repeat(24) };
    const several = { ...body, channels: [body.channel, unknownWebhook] };
    const created = expectManagementSuccess(
      await production.management("POST", alerts(production), { body: several }),
    );
    expect(created).to.not.have.property("channels");
    expect(created.channel).to.deep.equal(body.channel);
    const replaced = expectManagementSuccess(
      await production.management("PUT", `${alerts(production)}/${created.id}`, {
        body: { ...several, threshold: 6 },
      }),
    );
    expect(replaced).to.include({ threshold: 6 }).and.not.have.property("channels");
    const read = expectManagementSuccess(
      await production.management("GET", `${alerts(production)}/${created.id}`),
    );
    expect(read).to.not.have.property("channels");
    const listed = await production.management("GET", alerts(production));
    expect(listed.body.result[0]).to.not.have.property("channels");
    // The observability API of the same wire lists channels, and refuses one whose webhook does not exist.
    const direct = await production.observability("POST", "/api/v2/alerts", { body: several });
    expect(direct.status).to.equal(400);
  });

  it("needs the Cloud key: a Bearer token is refused", async () => {
    const response = await production.management("GET", alerts(production), {
      headers: { authorization: `Bearer ${production.fixture.observabilityToken}` },
    });
    expect(response.status).to.equal(401);
  });

  it("answers a route it does not serve (chart series) with the gateway's HTML 'Cannot POST' page", async () => {
    const response = await production.management(
      "POST",
      `${production.servicePath()}/clickstack/charts/series`,
      {
        body: {},
      },
    );
    expect(response.status).to.equal(404);
    expect(response.headers.get("content-type")).to.match(/^text\/html/);
    expect(response.text).to.include(`Cannot POST /v1/organizations/${production.fixture.organizationId}`);
    // The page of Express's finalhandler, whole.
    expect(response.text).to.equal(
      `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n` +
        `<body>\n<pre>Cannot POST ${production.servicePath()}/clickstack/charts/series</pre>\n</body>\n</html>\n`,
    );
  });

  it("answers the Cloud's NOT_FOUND for a service the organization does not have", async () => {
    const unknownService = "00000000-0000-4000-8000-000000000000";
    const response = await production.management(
      "GET",
      `${production.orgPath}/services/${unknownService}/clickstack/alerts`,
    );
    expectManagementError(response, 404, "NOT_FOUND", `Service ${unknownService} not found`);
  });

  const notObjects: Array<[string, unknown, string]> = [
    ["null", null, "null"],
    ["an array", [], "array"],
    ["a number", 5, "number"],
  ];
  for (const [what, body, received] of notObjects) {
    it(`refuses ${what} as an alert body with the Cloud's BAD_REQUEST`, async () => {
      const response = await production.management("POST", alerts(production), { body });
      expectManagementError(
        response,
        400,
        "BAD_REQUEST",
        `Body validation failed: Expected object, received ${received}`,
      );
    });
  }

  it("is not served on the specification's wire", async () => {
    expect((await spec.management("GET", alerts(spec))).status).to.equal(404);
  });
});
