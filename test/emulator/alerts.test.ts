import { expect } from "chai";
import { validate } from "../../provider/rest/validation";
import { EmulatorHarness, expectObservabilityInvalid } from "./helpers";

describe("emulator: alerts", () => {
  const harness = new EmulatorHarness().install();
  const post = (body: unknown) => harness.observability("POST", "/api/v2/alerts", { body });
  const tileAlert = () => {
    const dashboard = harness.fixture.dashboards[0];
    return {
      name: "Error rate high",
      message: "Check the checkout service",
      threshold: 5,
      interval: "5m",
      source: "tile",
      thresholdType: "above",
      channel: { type: "webhook", webhookId: harness.fixture.webhooks[0].id },
      dashboardId: dashboard.id,
      tileId: dashboard.tileIds[0],
    };
  };
  const searchAlert = () => ({
    threshold: 1,
    interval: "1h",
    source: "search",
    thresholdType: "below",
    channel: { type: "webhook", webhookId: harness.fixture.webhooks[1].id },
    savedSearchId: harness.fixture.savedSearches[0].id,
    groupBy: "service",
  });

  it("creates a tile alert: data with every field of seed 2.5, inactive and not silenced", async () => {
    const response = await post(tileAlert());
    expect(response.status, response.text).to.equal(200);
    expect(Object.keys(response.body)).to.deep.equal(["data"]);
    const alert = response.body.data;
    expect(validate("alert", alert)).to.deep.equal([]);
    expect(alert.id).to.match(/^[0-9a-f]{24}$/);
    expect(alert).to.include({
      name: "Error rate high",
      message: "Check the checkout service",
      threshold: 5,
      interval: "5m",
      source: "tile",
      thresholdType: "above",
      state: "inactive",
      silenced: false,
      dashboard: harness.fixture.dashboards[0].id,
      tileId: harness.fixture.dashboards[0].tileIds[0],
    });
    expect(alert.channel).to.deep.equal(tileAlert().channel);
    expect(alert.team).to.match(/^[0-9a-f]{24}$/);
    expect(alert.createdAt).to.equal(alert.updatedAt);
    expect(alert).not.to.have.property("savedSearch");
  });

  it("creates a search alert reporting its saved search as savedSearch, with groupBy", async () => {
    const response = await post(searchAlert());
    expect(response.status, response.text).to.equal(200);
    expect(response.body.data).to.include({
      source: "search",
      savedSearch: harness.fixture.savedSearches[0].id,
      groupBy: "service",
    });
    expect(response.body.data).not.to.have.property("dashboard");
  });

  const rejected: Array<[string, () => unknown, string[]]> = [
    ["a missing threshold", () => ({ ...tileAlert(), threshold: undefined }), ["threshold"]],
    ["a threshold that isn't a number", () => ({ ...tileAlert(), threshold: "5" }), ["threshold"]],
    ["a malformed interval", () => ({ ...tileAlert(), interval: "five minutes" }), ["interval"]],
    ["an unknown source", () => ({ ...tileAlert(), source: "log" }), ["source"]],
    ["an unknown thresholdType", () => ({ ...tileAlert(), thresholdType: "equal" }), ["thresholdType"]],
    ["a missing channel", () => ({ ...tileAlert(), channel: undefined }), ["channel"]],
    [
      "a channel without webhookId",
      () => ({ ...tileAlert(), channel: { type: "webhook" } }),
      ["channel.webhookId"],
    ],
    ["a tile alert without tileId", () => ({ ...tileAlert(), tileId: undefined }), ["tileId"]],
    [
      "a search alert without savedSearchId",
      () => ({ ...searchAlert(), savedSearchId: undefined }),
      ["savedSearchId"],
    ],
    ["an unknown field", () => ({ ...tileAlert(), severity: "high" }), ["severity"]],
    [
      "a dashboard that doesn't exist",
      () => ({ ...tileAlert(), dashboardId: "0".repeat(24) }),
      ["dashboardId", "0".repeat(24)],
    ],
    [
      "a tile that isn't on the dashboard",
      () => ({ ...tileAlert(), tileId: harness.fixture.dashboards[1].tileIds[0] }),
      ["tileId"],
    ],
    [
      "a saved search that doesn't exist",
      () => ({ ...searchAlert(), savedSearchId: "f".repeat(24) }),
      ["savedSearchId"],
    ],
    ["groupBy on a tile alert", () => ({ ...tileAlert(), groupBy: "service" }), ["groupBy", "source search"]],
    [
      "a dashboard on a search alert",
      () => ({ ...searchAlert(), dashboardId: harness.fixture.dashboards[0].id }),
      ["dashboardId", "source tile"],
    ],
    [
      "a webhook that doesn't exist",
      () => ({ ...tileAlert(), channel: { type: "webhook", webhookId: "e".repeat(24) } }),
      ["channel.webhookId"],
    ],
  ];
  for (const [rule, body, fields] of rejected) {
    it(`rejects ${rule} with a 400 naming ${fields[0]}`, async () => {
      expectObservabilityInvalid(await post(body()), ...fields);
    });
  }

  it("lists and gets alerts", async () => {
    const first = (await post(tileAlert())).body.data;
    const second = (await post(searchAlert())).body.data;
    const listed = await harness.observability("GET", "/api/v2/alerts");
    expect(listed.status).to.equal(200);
    expect(listed.body.data.map((alert: { id: string }) => alert.id)).to.deep.equal([first.id, second.id]);
    const got = await harness.observability("GET", `/api/v2/alerts/${first.id}`);
    expect(got.body).to.deep.equal({ data: first });
  });

  it("PUT replaces the whole alert, keeping id, team, state and createdAt", async () => {
    const created = (await post(tileAlert())).body.data;
    const response = await harness.observability("PUT", `/api/v2/alerts/${created.id}`, {
      body: searchAlert(),
    });
    expect(response.status, response.text).to.equal(200);
    const replaced = response.body.data;
    expect(replaced).to.include({
      id: created.id,
      team: created.team,
      state: "inactive",
      createdAt: created.createdAt,
    });
    expect(replaced).to.include({ source: "search", threshold: 1 });
    expect(replaced).not.to.have.property("name");
    expect(replaced).not.to.have.property("dashboard");
    expect(Date.parse(replaced.updatedAt)).to.be.at.least(Date.parse(created.updatedAt));
    expectObservabilityInvalid(
      await harness.observability("PUT", `/api/v2/alerts/${created.id}`, { body: { threshold: 1 } }),
      "interval",
    );
  });

  it("DELETE removes an alert; unknown ids are 404 Alert not found, malformed ones a 400", async () => {
    const created = (await post(tileAlert())).body.data;
    const deleted = await harness.observability("DELETE", `/api/v2/alerts/${created.id}`);
    expect(deleted.status).to.equal(200);
    expect(deleted.body).to.deep.equal({});
    for (const method of ["GET", "PUT", "DELETE"]) {
      const response = await harness.observability(method, `/api/v2/alerts/${created.id}`, {
        body: method === "PUT" ? tileAlert() : undefined,
      });
      expect(response.status, method).to.equal(404);
      expect(response.body).to.deep.equal({ message: "Alert not found" });
    }
    const malformed = await harness.observability("GET", "/api/v2/alerts/123");
    expect(malformed.status).to.equal(400);
    expect(malformed.body.message).to.match(/^Params validation failed: id/);
  });

  it("deleting a dashboard or saved search (control API) deletes their alerts", async () => {
    const onTile = (await post(tileAlert())).body.data;
    const onSearch = (await post(searchAlert())).body.data;
    expect(
      (await harness.control("DELETE", `/dashboards/${harness.fixture.dashboards[0].id}`)).status,
    ).to.equal(204);
    expect((await harness.observability("GET", `/api/v2/alerts/${onTile.id}`)).status).to.equal(404);
    expectObservabilityInvalid(await post(tileAlert()), "dashboardId");
    expect((await harness.control("DELETE", `/saved-searches/${onSearch.savedSearch}`)).status).to.equal(204);
    expect((await harness.observability("GET", `/api/v2/alerts/${onSearch.id}`)).status).to.equal(404);
    expect((await harness.control("DELETE", `/saved-searches/${onSearch.savedSearch}`)).status).to.equal(404);
  });
});
