/**
 * Webhooks, saved searches, dashboards and sources of a managed ClickStack: the same routes without `/api/v2` under
 * the service's `clickstack` path, with the Cloud key, the Cloud envelope and the Cloud's error bodies (a missing
 * dashboard is its JSON NOT_FOUND there, not Express's plain text).
 */
import { expect } from "chai";
import {
  EmulatorHarness,
  expectManagementError,
  expectManagementSuccess,
  type Json,
} from "../../support/httpRequests";

describe("emulator: observability objects of a managed ClickStack (--dialect production)", () => {
  const harness = new EmulatorHarness({ dialect: "production" }).install();
  const base = () => `${harness.servicePath()}/clickstack`;

  it("serves each kind with the Cloud key and envelope", async () => {
    const source = expectManagementSuccess(
      await harness.management("POST", `${base()}/sources`, {
        body: {
          name: "Logs 2",
          kind: "log",
          connection: harness.fixture.connections[0]?.id,
          from: { databaseName: "default", tableName: "logs" },
          timestampValueExpression: "Timestamp",
          defaultTableSelectExpression: "Body",
        },
      }),
    );
    const search = expectManagementSuccess(
      await harness.management("POST", `${base()}/saved-searches`, {
        body: { name: "s", sourceId: source.id },
      }),
    );
    expect(search.sourceId).to.equal(source.id);
    const dashboard = expectManagementSuccess(
      await harness.management("POST", `${base()}/dashboards`, {
        body: {
          name: "d",
          tiles: [{ name: "t", x: 0, y: 0, w: 6, h: 2, config: { displayType: "markdown" } }],
        },
      }),
    );
    expect(dashboard.tiles).to.have.length(1);
    const webhook = expectManagementSuccess(
      await harness.management("POST", `${base()}/webhooks`, {
        body: { name: "w", service: "generic", url: "https://hooks.example.com/w" },
      }),
    );
    const listed = await harness.management("GET", `${base()}/webhooks`);
    expect(listed.body.result.map((hook: Json) => hook.id)).to.include(webhook.id);
    expect(listed.body.meta.total).to.equal(harness.fixture.webhooks.length + 1);
    const deleted = await harness.management("DELETE", `${base()}/dashboards/${dashboard.id}`);
    expect(Object.keys(deleted.body).sort()).to.deep.equal(["requestId", "status"]);
  });

  it("answers what is missing or refused with the Cloud's error bodies", async () => {
    expectManagementError(
      await harness.management("GET", `${base()}/dashboards/${"0".repeat(24)}`),
      404,
      "NOT_FOUND",
      "Dashboard not found",
    );
    expectManagementError(
      await harness.management("GET", `${base()}/sources/${"0".repeat(24)}`),
      404,
      "NOT_FOUND",
      "Source not found",
    );
    expectManagementError(
      await harness.management("POST", `${base()}/webhooks`, {
        body: { name: "w", service: "slack", url: "https://hooks.slack.com/x", body: "{}" },
      }),
      400,
      "BAD_REQUEST",
      "body is not supported for the slack webhook service",
    );
  });

  it("needs the Cloud key", async () => {
    const response = await harness.management("GET", `${base()}/sources`, {
      headers: { authorization: `Bearer ${harness.fixture.observabilityToken}` },
    });
    expect(response.status).to.equal(401);
  });
});
