/**
 * The clients of webhooks, saved searches, dashboards and sources against the emulator, on the specification's wire,
 * the production wire and a managed ClickStack: a lifecycle of each kind, an update that keeps what was set outside
 * the program, not-found answers taken as gone, and a fault of the emulator on a new route reaching the client.
 */
import { expect } from "chai";
import type { Fixture, RunningEmulator } from "../../../emulator";
import { isNotFound } from "../../../provider/rest/errors/apiError";
import { ObservabilityClient, type DashboardTile } from "../../../provider/rest/observability";
import { useEmulator } from "../../support/emulator";
import { apiErrorOf, testOptions } from "../../support/restHarness";

type Wire = "spec" | "production" | "managed";

function clientOf(fixture: Fixture, wire: Wire): ObservabilityClient {
  const options = testOptions([], { retry: { maxAttempts: 1 } });
  if (wire !== "managed") {
    return new ObservabilityClient(
      { apiUrl: fixture.observabilityUrl, apiToken: fixture.observabilityToken, dialect: fixture.dialect },
      options,
    );
  }
  return new ObservabilityClient(
    {
      apiUrl: fixture.managementUrl,
      apiToken: "",
      clickstack: {
        serviceId: fixture.services.production,
        organizationId: fixture.organizationId,
        tokenKey: fixture.tokenKey,
        tokenSecret: fixture.tokenSecret,
      },
    },
    options,
  );
}

for (const wire of ["spec", "production", "managed"] as const) {
  describe(`rest: observability objects against the emulator (${wire})`, () => {
    const suite = useEmulator({ dialect: wire === "spec" ? "spec" : "production" });
    const emulator = (): RunningEmulator => suite.emulator;
    const client = () => clientOf(emulator().fixture, wire);
    const connection = () => emulator().fixture.connections[0]?.id as string;

    it("a source, a saved search on it, a dashboard charting it and a webhook: created, read, listed, deleted", async () => {
      const api = client();
      const source = await api.sources.create({
        name: "App logs",
        kind: "log",
        connection: connection(),
        from: { databaseName: "default", tableName: "app_logs" },
        timestampValueExpression: "Timestamp",
        defaultTableSelectExpression: "Timestamp, Body",
      });
      const search = await api.savedSearches.create({
        name: "errors",
        sourceId: source.id,
        where: "level:error",
      });
      const dashboard = await api.dashboards.create({
        name: "App",
        tiles: [
          {
            name: "Errors",
            x: 0,
            y: 0,
            w: 12,
            h: 4,
            config: { displayType: "line", sourceId: source.id, select: [{ aggFn: "count" }] },
          },
        ],
      });
      const webhook = await api.webhooks.create({
        name: "pager",
        service: "generic",
        url: "https://hooks.example.com/pager",
        headers: { Authorization: "Bearer x" },
      });
      expect((await api.sources.get(source.id)).name).to.equal("App logs");
      expect((await api.savedSearches.get(search.id)).where).to.equal("level:error");
      expect((await api.dashboards.get(dashboard.id)).tiles[0]?.id).to.match(/^[0-9a-f]{24}$/);
      expect((await api.webhooks.get(webhook.id)).name).to.equal("pager");
      expect((await api.webhooks.list()).map((hook) => hook.id)).to.include(webhook.id);
      expect((await api.savedSearches.list()).map((found) => found.id)).to.include(search.id);
      expect((await api.dashboards.list()).map((found) => found.id)).to.include(dashboard.id);
      await api.webhooks.delete(webhook.id);
      await api.dashboards.delete(dashboard.id);
      await api.savedSearches.delete(search.id);
      await api.sources.delete(source.id);
      for (const gone of [
        api.webhooks.get(webhook.id),
        api.dashboards.get(dashboard.id),
        api.savedSearches.get(search.id),
        api.sources.get(source.id),
      ]) {
        expect(isNotFound(await apiErrorOf(gone))).to.equal(true);
      }
    });

    it("a collection named by its path under the wire's routes reaches the same objects as its client", async () => {
      const api = client();
      const hooks = api.collection<
        { name: string; service: string; url: string },
        { id: string; name: string }
      >({
        collection: "webhooks",
        noun: "webhook",
        createSchema: "webhookCreate",
        responseSchema: "webhook",
        paged: true,
        readFromList: true,
      });
      const made = await hooks.create({
        name: "by path",
        service: "generic",
        url: "https://hooks.example.com/p",
      });
      expect(
        (await api.webhooks.list()).filter((hook) => hook.id === made.id).map((hook) => hook.name),
      ).to.deep.equal(["by path"]);
      expect((await hooks.list()).map((hook) => hook.id)).to.include(made.id);
    });

    it("an update keeps what was set outside the program", async () => {
      const api = client();
      const [logs] = emulator().fixture.sources;
      const search = await api.savedSearches.create({
        name: "errors",
        sourceId: logs?.id as string,
        where: "level:error",
        tags: ["from-the-app"],
        orderBy: "Timestamp DESC",
      });
      const updated = await api.savedSearches.update(search.id, {
        name: "errors v2",
        sourceId: logs?.id as string,
      });
      expect(updated).to.deep.include({
        name: "errors v2",
        where: "level:error",
        tags: ["from-the-app"],
        orderBy: "Timestamp DESC",
      });
      const [dashboard] = emulator().fixture.dashboards;
      const before = await api.dashboards.get(dashboard?.id as string);
      const [first, second] = before.tiles;
      const { id: _dropped, ...secondWithoutId } = second as NonNullable<typeof second>;
      const renamed = await api.dashboards.update(before.id, {
        name: before.name,
        // The tiles as shown, sent back: the schema checks only a shown tile's id, the emulator shows all of it.
        tiles: [
          { ...(first as NonNullable<typeof first>), name: "Renamed" },
          secondWithoutId,
        ] as DashboardTile[],
      });
      expect(renamed.tiles.map((tile) => [tile.id, tile.name])).to.deep.equal([
        [first?.id, "Renamed"],
        [second?.id, second?.name],
      ]);
      const webhook = await api.webhooks.create({
        name: "hook",
        service: "generic",
        url: "https://hooks.example.com/a",
        description: "set in the app",
      });
      const moved = await api.webhooks.update(webhook.id, {
        name: "hook",
        service: "generic",
        url: "https://hooks.example.com/b",
      });
      expect(moved).to.include({ url: "https://hooks.example.com/b", description: "set in the app" });
    });

    if (wire !== "managed") {
      it("a fault the emulator injects on a new route reaches the client as an error, not as gone", async () => {
        const [dashboard] = emulator().fixture.dashboards;
        await emulator().control.setFaults({
          script: [{ route: "GET /api/v2/dashboards/:id", kinds: ["404html"] }],
        });
        try {
          const error = await apiErrorOf(client().dashboards.get(dashboard?.id as string));
          expect(error.status).to.equal(404);
          expect(isNotFound(error)).to.equal(false);
        } finally {
          await emulator().control.clearFaults();
        }
      });
    }
  });
}
