import { expect } from "chai";
import { validate } from "../../../provider/validation/validate";
import { searchAlertBody, tileAlertBody } from "../../support/alertBodies";
import { EmulatorHarness, type HttpResponse } from "../../support/httpRequests";

/** Asserts the observability API's 400 with exactly this message. */
function expectRefusal(response: HttpResponse, message: string) {
  expect(response.status, response.text).to.equal(400);
  expect(response.body).to.deep.equal({ message });
}

describe("emulator: alerts", () => {
  const harness = new EmulatorHarness().install();
  const post = (body: unknown) => harness.observability("POST", "/api/v2/alerts", { body });
  const get = (id: string) => harness.observability("GET", `/api/v2/alerts/${id}`);
  const tileAlert = () => ({
    name: "Error rate high",
    message: "Check the checkout service",
    ...tileAlertBody(harness.fixture),
  });
  const searchAlert = () => ({ ...searchAlertBody(harness.fixture), groupBy: "service" });

  it("creates a tile alert: data with every field of the specification's alert, inactive, silenced false", async () => {
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
      dashboard: harness.fixture.dashboards[0].id,
      tileId: harness.fixture.dashboards[0].tileIds[0],
    });
    expect(alert.channel).to.deep.equal(tileAlert().channel);
    expect(alert.team).to.match(/^[0-9a-f]{24}$/);
    expect(alert.createdAt).to.equal(alert.updatedAt);
    expect(alert.silenced).to.equal(false);
    expect(alert).not.to.have.any.keys("savedSearch", "groupBy");
  });

  it("creates a search alert reporting its saved search as savedSearch, with groupBy; name and message null", async () => {
    const response = await post(searchAlert());
    expect(response.status, response.text).to.equal(200);
    expect(response.body.data).to.include({
      source: "search",
      savedSearch: harness.fixture.savedSearches[0].id,
      groupBy: "service",
      name: null,
      message: null,
    });
    expect(response.body.data).not.to.have.any.keys("dashboard", "tileId");
  });

  it("drops unknown fields and the fields of the other source instead of refusing them", async () => {
    const tile = await post({
      ...tileAlert(),
      severity: "high",
      groupBy: "service",
      savedSearchId: harness.fixture.savedSearches[0].id,
      channel: { ...tileAlert().channel, url: "https://example.com" },
    });
    expect(tile.status, tile.text).to.equal(200);
    const stored = (await get(tile.body.data.id)).body.data;
    expect(stored).not.to.have.any.keys("severity", "groupBy", "savedSearch", "savedSearchId");
    expect(stored.channel).to.deep.equal(tileAlert().channel);

    const search = await post({
      ...searchAlert(),
      dashboardId: harness.fixture.dashboards[0].id,
      tileId: "t",
    });
    expect(search.status, search.text).to.equal(200);
    expect((await get(search.body.data.id)).body.data).not.to.have.any.keys(
      "dashboard",
      "dashboardId",
      "tileId",
    );
  });

  it("takes name and message of 1 to 512 and 1 to 4096 characters, and null for either", async () => {
    const longest = await post({ ...tileAlert(), name: "n".repeat(512), message: "m".repeat(4096) });
    expect(longest.status, longest.text).to.equal(200);
    expect(longest.body.data.name).to.have.length(512);
    const nulls = await post({ ...tileAlert(), name: null, message: null });
    expect(nulls.body.data).to.include({ name: null, message: null });
  });

  const refusals: Array<[string, () => unknown, string]> = [
    ["a missing threshold", () => ({ ...tileAlert(), threshold: undefined }), "threshold: Required"],
    [
      "a threshold that isn't a number",
      () => ({ ...tileAlert(), threshold: "5" }),
      "threshold: Expected number, received string",
    ],
    ["a malformed interval", () => ({ ...tileAlert(), interval: "five minutes" }), "interval: Invalid"],
    [
      "an unknown source",
      () => ({ ...tileAlert(), source: "log" }),
      "source: Invalid enum value. Expected 'search' | 'tile', received 'log'; Invalid input",
    ],
    [
      "an unknown thresholdType",
      () => ({ ...tileAlert(), thresholdType: "equal" }),
      "thresholdType: Invalid enum value. Expected 'above' | 'below', received 'equal'",
    ],
    ["a missing channel", () => ({ ...tileAlert(), channel: undefined }), "channel: Required"],
    [
      "a channel without webhookId",
      () => ({ ...tileAlert(), channel: { type: "webhook" } }),
      "channel.webhookId: Required",
    ],
    [
      "a channel of another type",
      () => ({ ...tileAlert(), channel: { type: "email", webhookId: harness.fixture.webhooks[0].id } }),
      'channel.type: Invalid literal value, expected "webhook"',
    ],
    [
      "an empty webhookId",
      () => ({ ...tileAlert(), channel: { type: "webhook", webhookId: "" } }),
      "channel.webhookId: String must contain at least 1 character(s)",
    ],
    [
      "a name of 513 characters",
      () => ({ ...tileAlert(), name: "n".repeat(513) }),
      "name: String must contain at most 512 character(s)",
    ],
    [
      "an empty name",
      () => ({ ...tileAlert(), name: "" }),
      "name: String must contain at least 1 character(s)",
    ],
    [
      "a message of 4097 characters",
      () => ({ ...tileAlert(), message: "m".repeat(4097) }),
      "message: String must contain at most 4096 character(s)",
    ],
    [
      "a name that isn't a string",
      () => ({ ...tileAlert(), name: 7 }),
      "name: Expected string, received number",
    ],
    [
      "several problems, in the API's order",
      () => ({ ...tileAlert(), name: "", threshold: undefined, channel: { type: "webhook" } }),
      "channel.webhookId: Required; threshold: Required; name: String must contain at least 1 character(s)",
    ],
    // No source object fits: the API reports its union as a whole, without naming a field.
    ["a tile alert without tileId", () => ({ ...tileAlert(), tileId: undefined }), "Invalid input"],
    [
      "a search alert without savedSearchId",
      () => ({ ...searchAlert(), savedSearchId: undefined }),
      "Invalid input",
    ],
    ["a search alert whose groupBy is a number", () => ({ ...searchAlert(), groupBy: 3 }), "Invalid input"],
    ["an alert without source", () => ({ ...tileAlert(), source: undefined }), "Invalid input"],
    // ...unless one failed only on a length.
    [
      "an empty tileId",
      () => ({ ...tileAlert(), tileId: "" }),
      "tileId: String must contain at least 1 character(s)",
    ],
    [
      "an empty savedSearchId",
      () => ({ ...searchAlert(), savedSearchId: "" }),
      "savedSearchId: String must contain at least 1 character(s)",
    ],
  ];
  for (const [rule, body, message] of refusals) {
    it(`refuses ${rule}: 400 "Body validation failed: ${message}"`, async () => {
      expectRefusal(await post(body()), `Body validation failed: ${message}`);
    });
  }

  const references: Array<[string, () => unknown, string]> = [
    [
      "a dashboard id that is no object id",
      () => ({ ...tileAlert(), dashboardId: "dash" }),
      "Invalid dashboard ID",
    ],
    [
      "a dashboard that doesn't exist",
      () => ({ ...tileAlert(), dashboardId: "0".repeat(24) }),
      "Dashboard not found",
    ],
    [
      "a tile that isn't on the dashboard",
      () => ({ ...tileAlert(), tileId: harness.fixture.dashboards[1].tileIds[0] }),
      "Tile not found",
    ],
    [
      "a saved search id that is no object id",
      () => ({ ...searchAlert(), savedSearchId: "s" }),
      "Invalid saved search ID",
    ],
    [
      "a saved search that doesn't exist",
      () => ({ ...searchAlert(), savedSearchId: "f".repeat(24) }),
      "Saved search not found",
    ],
    [
      "a webhook id that is no object id",
      () => ({ ...tileAlert(), channel: { type: "webhook", webhookId: "hook" } }),
      "Invalid webhook ID",
    ],
    [
      "a webhook that doesn't exist",
      () => ({ ...tileAlert(), channel: { type: "webhook", webhookId: "e".repeat(24) } }),
      "Webhook not found",
    ],
    [
      "a missing dashboard before a missing webhook",
      () => ({
        ...tileAlert(),
        dashboardId: "0".repeat(24),
        channel: { type: "webhook", webhookId: "e".repeat(24) },
      }),
      "Dashboard not found",
    ],
  ];
  for (const [rule, body, message] of references) {
    it(`refuses ${rule}: 400 {"message":"${message}"}`, async () => {
      expectRefusal(await post(body()), message);
    });
  }

  it("lists and gets alerts", async () => {
    const first = (await post(tileAlert())).body.data;
    const second = (await post(searchAlert())).body.data;
    const listed = await harness.observability("GET", "/api/v2/alerts");
    expect(listed.status).to.equal(200);
    expect(listed.body.data.map((alert: { id: string }) => alert.id)).to.deep.equal([first.id, second.id]);
    const got = await get(first.id);
    expect(got.body).to.deep.equal({ data: first });
  });

  it("takes object ids in either case and shows them in lower case", async () => {
    const dashboard = harness.fixture.dashboards[0];
    const created = await post({ ...tileAlert(), dashboardId: dashboard.id.toUpperCase() });
    expect(created.status, created.text).to.equal(200);
    expect(created.body.data.dashboard).to.equal(dashboard.id);
    const upper = await get(created.body.data.id.toUpperCase());
    expect(upper.status).to.equal(200);
    expect(upper.body.data.id).to.equal(created.body.data.id);
  });

  it("PUT replaces the whole alert, keeping id, team, state and createdAt; left-out texts become null", async () => {
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
      name: null,
      message: null,
    });
    expect(replaced).to.include({ source: "search", threshold: 1 });
    expect(replaced).not.to.have.any.keys("dashboard", "tileId");
    expect(Date.parse(replaced.updatedAt)).to.be.at.least(Date.parse(created.updatedAt));
  });

  it("PUT checks the body and the id before looking the alert up, as the API does", async () => {
    const unknown = "0123456789abcdef01234567";
    const put = (id: string, body: unknown) => harness.observability("PUT", `/api/v2/alerts/${id}`, { body });
    expectRefusal(
      await put(unknown, { threshold: 1 }),
      "Body validation failed: channel: Required; interval: Required; thresholdType: Required; Invalid input",
    );
    expectRefusal(
      await put("123", { ...tileAlert(), threshold: undefined }),
      "Body validation failed: threshold: Required; Params validation failed: id: Invalid ObjectId",
    );
    expectRefusal(await put(unknown, { ...tileAlert(), tileId: "nope" }), "Tile not found");
    const missing = await put(unknown, tileAlert());
    expect(missing.status).to.equal(404);
    expect(missing.body).to.deep.equal({ message: "Alert not found" });
  });

  it("DELETE removes an alert and answers {}; unknown ids are 404 Alert not found, malformed ones a 400", async () => {
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
    expectRefusal(await get("123"), "Params validation failed: id: Invalid ObjectId");
    // The API's ObjectId also takes any 12-byte string, as the id's raw bytes: a well-formed id of no alert.
    const twelveBytes = await get("abcdefghijkl");
    expect(twelveBytes.status).to.equal(404);
    expect(twelveBytes.body).to.deep.equal({ message: "Alert not found" });
  });

  it("deleting a dashboard or saved search (control API) deletes their alerts", async () => {
    const onTile = (await post(tileAlert())).body.data;
    const onSearch = (await post(searchAlert())).body.data;
    expect(
      (await harness.control("DELETE", `/dashboards/${harness.fixture.dashboards[0].id}`)).status,
    ).to.equal(204);
    expect((await get(onTile.id)).status).to.equal(404);
    expectRefusal(await post(tileAlert()), "Dashboard not found");
    expect((await harness.control("DELETE", `/saved-searches/${onSearch.savedSearch}`)).status).to.equal(204);
    expect((await get(onSearch.id)).status).to.equal(404);
    expect((await harness.control("DELETE", `/saved-searches/${onSearch.savedSearch}`)).status).to.equal(404);
  });
});
