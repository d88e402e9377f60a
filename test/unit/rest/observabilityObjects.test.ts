/**
 * The clients of webhooks, saved searches, dashboards and sources against prepared answers: lists read to their
 * last page, a webhook read from the list (the API has no GET of one), the dashboard's plain-text 404 taken as
 * "gone" while a proxy's page is not, and the bodies `update` sends (what the request leaves out, from the object
 * as read).
 */
import { expect } from "chai";
import { isNotFound } from "../../../provider/rest/errors/apiError";
import { CannedServer, type CannedResponse } from "../../support/cannedServer";
import { observabilityClientFor } from "../../support/clients";
import { apiErrorOf, testOptions } from "../../support/restHarness";

const id = (n: number) => n.toString(16).padStart(24, "0");
const webhook = (n: number, extra: object = {}) => ({
  id: id(n),
  name: `hook ${n}`,
  service: "generic",
  url: `https://hooks.example.com/${n}`,
  ...extra,
});
const json = (body: unknown, headers?: Record<string, string>): CannedResponse => ({
  status: 200,
  body: JSON.stringify(body),
  headers,
});

describe("rest: observability objects (webhooks, saved searches, dashboards, sources)", () => {
  let server: CannedServer;
  let answer: (index: number, url: string) => CannedResponse;
  beforeEach(async () => {
    server = await new CannedServer((index, request) => answer(index, request.url ?? "")).start();
  });
  afterEach(async () => {
    await server.stop();
  });
  const client = () => observabilityClientFor(server.url, testOptions([], { retry: { maxAttempts: 1 } }));
  const sent = () => server.received.map((request) => `${request.method} ${request.url}`);
  const bodyOf = (index: number) =>
    JSON.parse(server.received[index].body ?? "null") as Record<string, unknown>;

  it("reads a paged list page after page until meta.total", async () => {
    const all = Array.from({ length: 2500 }, (_, n) => webhook(n));
    answer = (_index, url) => {
      const query = new URL(url, "http://x").searchParams;
      const offset = Number(query.get("offset"));
      const limit = Number(query.get("limit"));
      return json({ data: all.slice(offset, offset + limit), meta: { total: all.length, limit, offset } });
    };
    const listed = await client().webhooks.list();
    expect(listed.map((hook) => hook.id)).to.deep.equal(all.map((hook) => hook.id));
    expect(sent()).to.deep.equal([
      "GET /api/v2/webhooks?limit=1000&offset=0",
      "GET /api/v2/webhooks?limit=1000&offset=1000",
      "GET /api/v2/webhooks?limit=1000&offset=2000",
    ]);
  });

  it("reads every page of 2,500 objects whose total comes only in X-Total-Count", async () => {
    const all = Array.from({ length: 2500 }, (_, n) => webhook(n));
    answer = (_index, url) => {
      const query = new URL(url, "http://x").searchParams;
      const offset = Number(query.get("offset"));
      const limit = Number(query.get("limit"));
      return json({ data: all.slice(offset, offset + limit) }, { "X-Total-Count": String(all.length) });
    };
    const listed = await client().webhooks.list();
    expect(listed.map((hook) => hook.id)).to.deep.equal(all.map((hook) => hook.id));
    expect(sent()).to.deep.equal([
      "GET /api/v2/webhooks?limit=1000&offset=0",
      "GET /api/v2/webhooks?limit=1000&offset=1000",
      "GET /api/v2/webhooks?limit=1000&offset=2000",
    ]);
  });

  it("goes on from where a short page ended until the total is read", async () => {
    const all = Array.from({ length: 2500 }, (_, n) => webhook(n));
    answer = (_index, url) => {
      const query = new URL(url, "http://x").searchParams;
      const offset = Number(query.get("offset"));
      // A server whose pages hold at most 700 objects, whatever limit is asked for.
      return json({ data: all.slice(offset, offset + 700), meta: { total: all.length, limit: 700, offset } });
    };
    const listed = await client().webhooks.list();
    expect(listed.map((hook) => hook.id)).to.deep.equal(all.map((hook) => hook.id));
    expect(sent()).to.deep.equal([
      "GET /api/v2/webhooks?limit=1000&offset=0",
      "GET /api/v2/webhooks?limit=1000&offset=700",
      "GET /api/v2/webhooks?limit=1000&offset=1400",
      "GET /api/v2/webhooks?limit=1000&offset=2100",
    ]);
  });

  it("takes a list without meta as the whole list, and reads an unpaged kind in one request", async () => {
    answer = () => json({ data: [{ id: id(1), name: "Logs", kind: "log" }] });
    expect((await client().savedSearches.list()).length).to.equal(1);
    expect((await client().sources.list()).map((source) => source.name)).to.deep.equal(["Logs"]);
    expect(sent()).to.deep.equal(["GET /api/v2/saved-searches?limit=1000&offset=0", "GET /api/v2/sources"]);
  });

  it("reads one webhook from the list, and a webhook missing from it is gone", async () => {
    answer = () =>
      json({ data: [webhook(1), webhook(0xabcdef)], meta: { total: 2, limit: 1000, offset: 0 } });
    // An id with hex letters, given in upper case, is the one the list shows in lower case.
    expect((await client().webhooks.get(id(0xabcdef).toUpperCase())).name).to.equal(`hook ${0xabcdef}`);
    const error = await apiErrorOf(client().webhooks.get(id(3)));
    expect(isNotFound(error)).to.equal(true);
    expect(error.message).to.include(`webhook ${id(3)} was not found`);
    expect(sent().every((line) => line.startsWith("GET /api/v2/webhooks?"))).to.equal(true);
  });

  it("takes the dashboard route's plain-text Not Found as gone, and a proxy's 404 page as an error", async () => {
    answer = () => ({
      status: 404,
      body: "Not Found",
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
    const gone = await apiErrorOf(client().dashboards.get(id(7)));
    expect(isNotFound(gone)).to.equal(true);
    expect(isNotFound(await apiErrorOf(client().dashboards.delete(id(7))))).to.equal(true);
    answer = () => ({
      status: 404,
      body: "<html><head><title>404 Not Found</title></head><body>nginx</body></html>",
      headers: { "content-type": "text/html" },
    });
    expect(isNotFound(await apiErrorOf(client().dashboards.get(id(7))))).to.equal(false);
    answer = () => ({ status: 404, body: "Not Found", headers: { "content-type": "text/plain" } });
    expect(isNotFound(await apiErrorOf(client().sources.get(id(7)))), "only dashboards answer so").to.equal(
      false,
    );
  });

  it("names a dashboard the API says is gone by its own id, whether read or deleted", async () => {
    answer = () => ({ status: 404, body: "Not Found", headers: { "content-type": "text/plain" } });
    const read = await apiErrorOf(client().dashboards.get(id(7)));
    expect(read.message).to.include(
      `dashboard ${id(7)} was not found: dashboard not found (404 NOT_FOUND from GET /api/v2/dashboards/${id(7)}`,
    );
    const deleted = await apiErrorOf(client().dashboards.delete(id(7)));
    expect(deleted.message).to.include(
      `dashboard ${id(7)} was not found: dashboard not found (404 NOT_FOUND from DELETE /api/v2/dashboards/${id(7)}`,
    );
  });

  it("says of a webhook missing from the whole list what its own GET would say", async () => {
    answer = () => json({ data: [webhook(1)], meta: { total: 1, limit: 1000, offset: 0 } });
    const error = await apiErrorOf(client().webhooks.get(id(3)));
    expect(error.message).to.include(
      `webhook ${id(3)} was not found: webhook not found (404 NOT_FOUND from GET /api/v2/webhooks/${id(3)})`,
    );
  });

  it("takes only a 404 as the dashboard route's gone: another status that says Not Found is an error", async () => {
    answer = () => ({ status: 400, body: "Not Found", headers: { "content-type": "text/plain" } });
    const error = await apiErrorOf(client().dashboards.get(id(7)));
    expect(isNotFound(error)).to.equal(false);
    expect(error.status).to.equal(400);
    expect(error.message).to.include("rejected the request for dashboard");
  });

  it("lists dashboards in one request, as the API does not page them", async () => {
    const config = { displayType: "markdown", markdown: "hi" };
    answer = () =>
      json({
        data: [
          { id: id(10), name: "Health", tiles: [{ id: "t", name: "A", x: 0, y: 0, w: 6, h: 2, config }] },
        ],
      });
    expect((await client().dashboards.list()).map((dashboard) => dashboard.name)).to.deep.equal(["Health"]);
    expect(sent()).to.deep.equal(["GET /api/v2/dashboards"]);
  });

  it("a dashboard update gives a new filter an id of its own when the dashboard had no filters", async () => {
    const config = { displayType: "markdown", markdown: "hi" };
    const tile = { id: "tile-a", name: "Errors", x: 0, y: 0, w: 6, h: 2, config };
    answer = () => json({ data: { id: id(11), name: "Health", tiles: [tile] } });
    await client().dashboards.update(id(11), {
      name: "Health",
      tiles: [tile],
      filters: [{ type: "QUERY_EXPRESSION", name: "Service", expression: "ServiceName", sourceId: id(9) }],
    });
    const body = bodyOf(1) as { filters: Array<{ id: string; name: string }> };
    expect(body.filters.map((filter) => filter.name)).to.deep.equal(["Service"]);
    expect(body.filters[0].id).to.match(/^[0-9a-f]{24}$/);
  });

  it("a dashboard update sends no filters when neither the request nor the dashboard has any", async () => {
    const config = { displayType: "markdown", markdown: "hi" };
    const tile = { id: "tile-a", name: "Errors", x: 0, y: 0, w: 6, h: 2, config };
    answer = () => json({ data: { id: id(12), name: "Health", tiles: [tile] } });
    const updated = await client().dashboards.update(id(12), { name: "Renamed", tiles: [tile] });
    expect(updated.name).to.equal("Health");
    expect(sent()).to.deep.equal([`GET /api/v2/dashboards/${id(12)}`, `PUT /api/v2/dashboards/${id(12)}`]);
    expect(bodyOf(1)).to.deep.equal({ name: "Renamed", tiles: [tile] });
  });

  it("a webhook turned into a slack one with a body the request sets is refused before the PUT", async () => {
    const existing = webhook(6);
    answer = () => json({ data: [existing], meta: { total: 1, limit: 1000, offset: 0 } });
    const error = await client()
      .webhooks.update(id(6), {
        name: "chat",
        service: "slack",
        url: "https://hooks.slack.com/x",
        body: "{}",
      })
      .then(
        () => undefined,
        (failure: Error) => failure,
      );
    expect(error?.message).to.include("body is not supported for the slack webhook service");
    expect(sent()).to.deep.equal(["GET /api/v2/webhooks?limit=1000&offset=0"]);
  });

  it("names an object whose create carries no name as a new one of its kind", async () => {
    answer = () => ({ status: 400, body: JSON.stringify({ message: "no widgets here" }) });
    const widgets = client().collection<{ id: string }, { id: string }>({
      noun: "widget",
      collection: "widgets",
      createSchema: "privateEndpointCreate",
      responseSchema: "privateEndpoint",
      paged: false,
    });
    const error = await apiErrorOf(widgets.create({ id: "w-1" }));
    expect(error.message).to.include("rejected the request for a new widget: no widgets here");
  });

  it("a saved search update sends back every field the request leaves out", async () => {
    const existing = {
      id: id(4),
      name: "errors",
      sourceId: id(9),
      select: "Timestamp, Body",
      where: "level:error",
      whereLanguage: "lucene",
      orderBy: "Timestamp DESC",
      tags: ["set-in-the-app"],
      filters: [{ type: "sql", condition: "ServiceName IN ('api')" }],
      teamId: id(8),
      createdAt: "2026-01-01T00:00:00.000Z",
    };
    answer = (index) => json({ data: index === 0 ? existing : { ...existing, where: "level:warn" } });
    await client().savedSearches.update(id(4), { name: "errors", sourceId: id(9), where: "level:warn" });
    expect(sent()).to.deep.equal([
      `GET /api/v2/saved-searches/${id(4)}`,
      `PUT /api/v2/saved-searches/${id(4)}`,
    ]);
    expect(bodyOf(1)).to.deep.equal({
      name: "errors",
      sourceId: id(9),
      select: "Timestamp, Body",
      where: "level:warn",
      whereLanguage: "lucene",
      orderBy: "Timestamp DESC",
      tags: ["set-in-the-app"],
      filters: [{ type: "sql", condition: "ServiceName IN ('api')" }],
    });
  });

  it("a webhook update keeps description and body, and leaves the unreadable headers to the API", async () => {
    const existing = webhook(5, { description: "from the app", body: '{"a":1}' });
    answer = (index) =>
      index === 0
        ? json({ data: [existing], meta: { total: 1, limit: 1000, offset: 0 } })
        : json({ data: existing });
    await client().webhooks.update(id(5), { name: "renamed", service: "generic", url: existing.url });
    expect(bodyOf(1)).to.deep.equal({
      name: "renamed",
      service: "generic",
      url: existing.url,
      description: "from the app",
      body: '{"a":1}',
    });
  });

  it("a webhook turned into a slack one does not carry the body slack refuses", async () => {
    const existing = webhook(6, { body: '{"a":1}' });
    answer = (index) =>
      index === 0
        ? json({ data: [existing], meta: { total: 1, limit: 1000, offset: 0 } })
        : json({ data: existing });
    await client().webhooks.update(id(6), {
      name: "chat",
      service: "slack",
      url: "https://hooks.slack.com/x",
    });
    expect(bodyOf(1)).to.deep.equal({ name: "chat", service: "slack", url: "https://hooks.slack.com/x" });
  });

  it("a dashboard update keeps tile and filter ids by name, so the alerts on its tiles survive", async () => {
    const config = { displayType: "markdown", markdown: "hi" };
    const place = { x: 0, y: 0, w: 6, h: 2 };
    const existing = {
      id: id(10),
      name: "Health",
      tiles: [
        { id: "tile-a", name: "Errors", ...place, config },
        { id: "tile-b", name: "Latency", ...place, config },
      ],
      tags: ["app"],
      filters: [
        { id: "f-1", type: "QUERY_EXPRESSION", name: "Service", expression: "ServiceName", sourceId: id(9) },
      ],
    };
    answer = () => json({ data: existing });
    const filters = [
      { type: "QUERY_EXPRESSION", name: "Service", expression: "ServiceName", sourceId: id(9) },
      { type: "QUERY_EXPRESSION", name: "Host", expression: "Host", sourceId: id(9) },
    ] as const;
    await client().dashboards.update(id(10), {
      name: "Health",
      tiles: [
        { name: "Latency", ...place, config },
        { name: "New", ...place, config },
      ],
      filters: [...filters],
    });
    const body = bodyOf(1) as {
      tiles: Array<{ id?: string }>;
      filters: Array<{ id: string }>;
      tags: string[];
    };
    expect(body.tiles.map((tile) => tile.id)).to.deep.equal(["tile-b", undefined]);
    expect(body.filters[0].id).to.equal("f-1");
    expect(body.filters[1].id).to.match(/^[0-9a-f]{24}$/);
    expect(body.tags, "kept from the dashboard as read").to.deep.equal(["app"]);
  });

  it("checks a body before sending it, naming the field", async () => {
    answer = () => json({ data: {} });
    const error = await client()
      .webhooks.create({ name: "chat", service: "slack", url: "https://hooks.slack.com/x", body: "{}" })
      .then(
        () => undefined,
        (failure: Error) => failure,
      );
    expect(error?.message).to.include("body is not supported for the slack webhook service");
    expect(server.received).to.have.length(0);
  });
});
