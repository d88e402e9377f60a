/**
 * The observability objects in the emulator's state file: each kind survives a restart, and a webhook's headers and
 * query parameters, which the API never shows, are kept by a PUT that leaves them out and cleared when its URL
 * changes (the state file is where they can be seen).
 */
import { promises as fs } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { send, type Json } from "../../support/httpRequests";

describe("emulator: observability objects in the state file", () => {
  let directory: string;
  let statePath: string;
  const running: RunningEmulator[] = [];
  const start = async () => {
    const emulator = await startEmulator({ statePath });
    running.push(emulator);
    return emulator;
  };
  const call = async (
    emulator: RunningEmulator,
    method: string,
    route: string,
    body?: unknown,
  ): Promise<Json> => {
    const response = await send(`${emulator.url}/api/v2${route}`, method, {
      headers: { authorization: `Bearer ${emulator.fixture.observabilityToken}` },
      body,
    });
    expect(response.status, `${method} ${route}: ${response.text}`).to.equal(200);
    return response.body.data;
  };
  const editState = async (edit: (current: Json) => void): Promise<void> => {
    const state = JSON.parse(await fs.readFile(statePath, "utf8")) as Json;
    edit(state.current);
    await fs.writeFile(statePath, JSON.stringify(state));
  };
  const storedWebhook = async (id: string): Promise<Json> => {
    const state = JSON.parse(await fs.readFile(statePath, "utf8")) as Json;
    return state.current.webhooks.find((webhook: Json) => webhook.id === id);
  };

  beforeEach(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), "emulator-objects-"));
    statePath = path.join(directory, "state.json");
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((emulator) => emulator.close()));
    await fs.rm(directory, { recursive: true, force: true });
  });

  it("keeps a webhook's headers through a PUT that leaves them out, and clears them when the URL changes", async () => {
    const hook = {
      name: "pager",
      service: "generic",
      url: "https://hooks.example.com/a",
      headers: { Authorization: "Bearer kept" },
      queryParams: { key: "kept-too" },
    };
    let emulator = await start();
    const created = await call(emulator, "POST", "/webhooks", hook);
    await call(emulator, "PUT", `/webhooks/${created.id}`, {
      name: "renamed",
      service: "generic",
      url: hook.url,
    });
    await emulator.close();
    expect(await storedWebhook(created.id)).to.deep.include({
      name: "renamed",
      headers: { Authorization: "Bearer kept" },
      queryParams: { key: "kept-too" },
    });
    emulator = await start();
    await call(emulator, "PUT", `/webhooks/${created.id}`, {
      ...hook,
      url: "https://hooks.example.com/b",
      headers: undefined,
    });
    await emulator.close();
    const moved = await storedWebhook(created.id);
    expect(moved).to.include({ url: "https://hooks.example.com/b" });
    expect(moved.headers, "a new destination does not get the old secrets").to.equal(undefined);
    expect(moved.queryParams).to.deep.equal({ key: "kept-too" });
  });

  it("keeps every kind across a restart", async () => {
    const first = await start();
    const [connection] = first.fixture.connections;
    const source = await call(first, "POST", "/sources", {
      name: "App logs",
      kind: "log",
      connection: connection?.id,
      from: { databaseName: "default", tableName: "app_logs" },
      timestampValueExpression: "Timestamp",
      defaultTableSelectExpression: "Timestamp, Body",
    });
    const search = await call(first, "POST", "/saved-searches", {
      name: "errors",
      sourceId: source.id,
      where: "error",
    });
    const dashboard = await call(first, "POST", "/dashboards", {
      name: "App",
      tiles: [
        { name: "notes", x: 0, y: 0, w: 24, h: 2, config: { displayType: "markdown", markdown: "hi" } },
      ],
    });
    const webhook = await call(first, "POST", "/webhooks", {
      name: "hook",
      service: "generic",
      url: "https://hooks.example.com/x",
    });
    await first.close();
    const second = await start();
    expect((await call(second, "GET", `/sources/${source.id}`)).name).to.equal("App logs");
    expect((await call(second, "GET", `/saved-searches/${search.id}`)).where).to.equal("error");
    expect((await call(second, "GET", `/dashboards/${dashboard.id}`)).tiles[0]).to.include({
      name: "notes",
      w: 24,
    });
    expect((await call(second, "GET", "/webhooks")).map((hook: Json) => hook.id)).to.include(webhook.id);
  });

  it("shows objects a state file holds without their optional fields with the API's defaults", async () => {
    let emulator = await start();
    const webhook = await call(emulator, "POST", "/webhooks", {
      name: "legacy",
      service: "generic",
      url: "https://hooks.example.com/legacy",
      body: "{}",
    });
    const [search] = emulator.fixture.savedSearches;
    const [dashboard] = emulator.fixture.dashboards;
    await emulator.close();
    await editState((current) => {
      delete current.webhooks.find((hook: Json) => hook.id === webhook.id).service;
      const stored = current.savedSearches.find((candidate: Json) => candidate.id === search?.id);
      for (const field of ["select", "where", "whereLanguage", "orderBy", "tags", "filters"])
        delete stored[field];
      const board = current.dashboards.find((candidate: Json) => candidate.id === dashboard?.id);
      for (const field of ["tags", "filters"]) delete board[field];
      delete board.tiles[0].config;
    });
    emulator = await start();
    const hooks = await call(emulator, "GET", "/webhooks");
    expect(hooks.find((hook: Json) => hook.id === webhook.id)).to.include({ service: "generic", body: "{}" });
    const again = await send(`${emulator.url}/api/v2/webhooks`, "POST", {
      headers: { authorization: `Bearer ${emulator.fixture.observabilityToken}` },
      body: { name: "legacy", service: "generic", url: "https://hooks.example.com/other" },
    });
    expect(again.body, "a stored webhook without a service is a generic one").to.deep.equal({
      message: "A webhook with this service and name already exists",
    });
    expect(await call(emulator, "GET", `/saved-searches/${search?.id}`)).to.deep.include({
      select: "",
      where: "",
      whereLanguage: "lucene",
      orderBy: "",
      tags: [],
      filters: [],
    });
    const shown = await call(emulator, "GET", `/dashboards/${dashboard?.id}`);
    expect(shown).to.deep.include({ tags: [], filters: [] });
    expect(shown.tiles[0].config).to.deep.equal({ displayType: "markdown", markdown: "" });
  });

  it("a PUT takes back a saved search's stored filters that are no facets, and refuses them changed", async () => {
    let emulator = await start();
    const [search] = emulator.fixture.savedSearches;
    const sql = { type: "sql", condition: "Duration > 5" };
    const ast = { type: "sql_ast", operator: "=", left: "ServiceName", right: "'api'" };
    await emulator.close();
    await editState((current) => {
      current.savedSearches.find((candidate: Json) => candidate.id === search?.id).filters = [sql, ast];
    });
    emulator = await start();
    const route = `/saved-searches/${search?.id}`;
    const stored = await call(emulator, "GET", route);
    const put = (filters: object[]) =>
      send(`${emulator.url}/api/v2${route}`, "PUT", {
        headers: { authorization: `Bearer ${emulator.fixture.observabilityToken}` },
        body: { name: stored.name, sourceId: stored.sourceId, filters },
      });
    const kept = await put([sql, ast]);
    expect(kept.status, kept.text).to.equal(200);
    expect(kept.body.data.filters).to.deep.equal([sql, ast]);
    for (const [filters, index] of [
      [[{ ...sql, condition: "Duration > 6" }, ast], 0],
      [[sql, { ...ast, right: "'web'" }], 1],
      [[sql, ast, { type: "sql", condition: "Duration < 1" }], 2],
    ] as const) {
      const refused = await put([...filters]);
      expect(refused.status, JSON.stringify(filters)).to.equal(400);
      expect(refused.body.message).to.match(
        new RegExp(`^filters\\[${index}\\] must be a sidebar-renderable`),
      );
    }
  });
});
