/**
 * Reads of one collection that come together are answered from one list, against the emulator's request log: many
 * reads send one list (its pages counted) and no GET of their objects, a read alone sends its GET, a kept list answers
 * only reads that accept a recent answer, an object the list does not hold is not found as its GET would say, a write
 * makes the next read look again, a failing list falls back to each object's GET, and a list is followed page by
 * page to its end. The same for the management API's keys and
 * reverse private endpoints, and for the organization and service a private endpoint is read from.
 */
import { expect } from "chai";
import type { Fixture, RunningEmulator } from "../../../emulator";
import type { AlertCreateRequest, ManagementClient, ObservabilityClient } from "../../../provider/rest";
import { isNotFound } from "../../../provider/rest/errors/apiError";
import { DEFAULT_COALESCING } from "../../../provider/rest/coalescing/coalescedReads";
import { managementClientFor, observabilityClientFor } from "../../support/clients";
import { useEmulator } from "../../support/emulator";
import { CannedServer } from "../../support/cannedServer";
import { SimulatedClock, testOptions } from "../../support/restHarness";
import { send } from "../../support/httpRequests";

/** One attempt per request: a scripted fault fails the request it meets. */
const once = { retry: { maxAttempts: 1 } };

/** The API requests the emulator logged, as "METHOD path" (control requests excluded; the log leaves out queries). */
async function requestsOf(emulator: RunningEmulator): Promise<string[]> {
  const entries = await emulator.control.requests();
  return entries
    .filter((entry) => !entry.path.startsWith("/__emulator"))
    .map((entry) => `${entry.method} ${entry.path}`);
}

function tileAlert(fixture: Fixture, name: string, threshold = 250): AlertCreateRequest {
  const dashboard = fixture.dashboards[0]!;
  return {
    name,
    threshold,
    interval: "5m",
    source: "tile",
    thresholdType: "above",
    channel: { type: "webhook", webhookId: fixture.webhooks[0]!.id },
    dashboardId: dashboard.id,
    tileId: dashboard.tileIds[0]!,
  };
}

/** `count` alerts made through the API, a few at a time. */
async function makeAlerts(client: ObservabilityClient, fixture: Fixture, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 25) {
    const batch = Array.from({ length: Math.min(25, count - start) }, (_, i) =>
      client.alerts.create(tileAlert(fixture, `alert ${start + i}`)),
    );
    ids.push(...(await Promise.all(batch)).map((alert) => alert.id));
  }
  return ids;
}

/**
 * Lets one window pass with nothing read, so that the next read comes alone: a read that follows another (of any
 * collection) within its window is taken for one of many.
 */
function quietWindow(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, DEFAULT_COALESCING.windowMs));
}

/** A 24-hex-digit object id no object of the emulator has. */
const missingId = "0123456789abcdef01234567";

describe("coalesced reads: reads that come together share one list", () => {
  describe("alerts, specification's wire (the list is not paged)", () => {
    const setup = useEmulator();
    const fixture = () => setup.emulator.fixture;
    const client = () => observabilityClientFor(fixture(), testOptions([], once));

    it("answers 30 reads that come together from one list, sending no GET of an alert", async () => {
      const api = client();
      const ids = await makeAlerts(api, fixture(), 30);
      await setup.emulator.control.clearRequests();
      const read = await Promise.all(ids.map((id) => api.alerts.get(id)));
      expect(read.map((alert) => alert.id)).to.deep.equal(ids);
      expect(read.map((alert) => alert.name)).to.deep.equal(ids.map((_, i) => `alert ${i}`));
      expect(await requestsOf(setup.emulator)).to.deep.equal(["GET /api/v2/alerts"]);
    });

    it("sends one GET for a read that comes alone", async () => {
      const api = client();
      const [id] = await makeAlerts(api, fixture(), 3);
      await setup.emulator.control.clearRequests();
      await quietWindow();
      expect((await api.alerts.get(id!)).name).to.equal("alert 0");
      expect(await requestsOf(setup.emulator)).to.deep.equal([`GET /api/v2/alerts/${id}`]);
    });

    it("answers the reads that come after a list from it, until its age is up", async () => {
      const clock = new SimulatedClock();
      const api = observabilityClientFor(fixture(), testOptions([], { ...once, clock }));
      const ids = await makeAlerts(api, fixture(), 6);
      await setup.emulator.control.clearRequests();
      await Promise.all(ids.slice(0, 3).map((id) => api.alerts.get(id, "recent")));
      await Promise.all(ids.slice(3).map((id) => api.alerts.get(id, "recent")));
      expect(await requestsOf(setup.emulator)).to.deep.equal(["GET /api/v2/alerts"]);
      await clock.sleep(DEFAULT_COALESCING.maxAgeMs);
      await Promise.all(ids.slice(3).map((id) => api.alerts.get(id, "recent")));
      expect(await requestsOf(setup.emulator)).to.deep.equal(["GET /api/v2/alerts", "GET /api/v2/alerts"]);
    });

    it("answers a read of now (the default) only from a list asked for while it waited, never a kept one", async () => {
      const api = client();
      const ids = await makeAlerts(api, fixture(), 3);
      await Promise.all(ids.map((id) => api.alerts.get(id, "recent")));
      // Someone else raises the threshold: a request this process does not send.
      const response = await send(`${fixture().observabilityUrl}/api/v2/alerts/${ids[0]}`, "PUT", {
        headers: { authorization: `Bearer ${fixture().observabilityToken}` },
        body: tileAlert(fixture(), "alert 0", 777),
      });
      expect(response.status).to.equal(200);
      await setup.emulator.control.clearRequests();
      expect((await api.alerts.get(ids[0]!, "recent")).threshold).to.equal(250);
      expect((await api.alerts.get(ids[0]!)).threshold).to.equal(777);
      expect(await requestsOf(setup.emulator)).to.have.length(1);
    });

    it("finds an alert the list does not hold not found, as its GET would, and still answers the others", async () => {
      const api = client();
      const ids = await makeAlerts(api, fixture(), 2);
      await setup.emulator.control.clearRequests();
      const outcomes = await Promise.allSettled([...ids, missingId].map((id) => api.alerts.get(id)));
      expect(outcomes.map((outcome) => outcome.status)).to.deep.equal(["fulfilled", "fulfilled", "rejected"]);
      const failure = (outcomes[2] as PromiseRejectedResult).reason as Error;
      expect(isNotFound(failure)).to.equal(true);
      expect(failure.message).to.contain(`alert ${missingId} was not found`);
      // It names the read it stands for, and why it was not sent.
      expect(failure.message).to.contain(`GET /api/v2/alerts/${missingId}`);
      expect(failure.message).to.contain("not in the alert list");
      expect(await requestsOf(setup.emulator)).to.deep.equal(["GET /api/v2/alerts"]);
      const alone = await api.alerts.get(missingId).catch((error: unknown) => error);
      expect(isNotFound(alone)).to.equal(true);
    });

    it("reads after a write of this process see the write: the list taken before it answers nothing after it", async () => {
      const api = client();
      const ids = await makeAlerts(api, fixture(), 4);
      await Promise.all(ids.map((id) => api.alerts.get(id)));
      await api.alerts.replace(ids[0]!, tileAlert(fixture(), "renamed", 900));
      await setup.emulator.control.clearRequests();
      const [changed, other] = await Promise.all([api.alerts.get(ids[0]!), api.alerts.get(ids[1]!)]);
      expect(changed).to.include({ name: "renamed", threshold: 900 });
      expect(other.name).to.equal("alert 1");
      expect(await requestsOf(setup.emulator)).to.deep.equal(["GET /api/v2/alerts"]);
    });

    it("a list of a collection is not kept past a write to another: a dashboard's delete deletes its alerts", async () => {
      const api = client();
      const dashboard = await api.dashboards.create({
        name: "short-lived",
        tiles: [
          {
            name: "Errors",
            x: 0,
            y: 0,
            w: 12,
            h: 4,
            config: { displayType: "line", sourceId: fixture().sources[0]!.id, select: [{ aggFn: "count" }] },
          },
        ],
      });
      const onTile = await api.alerts.create({
        ...tileAlert(fixture(), "on the short-lived tile"),
        dashboardId: dashboard.id,
        tileId: dashboard.tiles[0]!.id,
      });
      const [other] = await makeAlerts(api, fixture(), 1);
      await Promise.all([api.alerts.get(onTile.id), api.alerts.get(other!)]);
      await api.dashboards.delete(dashboard.id);
      const gone = await Promise.allSettled([api.alerts.get(onTile.id), api.alerts.get(other!)]);
      expect(gone[0]!.status).to.equal("rejected");
      expect(isNotFound((gone[0] as PromiseRejectedResult).reason)).to.equal(true);
      expect(gone[1]!.status).to.equal("fulfilled");
    });

    it("falls back to each alert's GET when the list fails, and keeps nothing of it", async () => {
      const api = client();
      const ids = await makeAlerts(api, fixture(), 3);
      await setup.emulator.control.clearRequests();
      await setup.emulator.control.setFaults({ script: [{ route: "GET /api/v2/alerts", kinds: ["500"] }] });
      const read = await Promise.all(ids.map((id) => api.alerts.get(id)));
      expect(read.map((alert) => alert.id)).to.deep.equal(ids);
      const requests = await requestsOf(setup.emulator);
      expect(requests[0]).to.equal("GET /api/v2/alerts");
      expect([...requests.slice(1)].sort()).to.deep.equal(ids.map((id) => `GET /api/v2/alerts/${id}`).sort());
      await setup.emulator.control.clearRequests();
      await Promise.all(ids.map((id) => api.alerts.get(id)));
      expect(await requestsOf(setup.emulator)).to.deep.equal(["GET /api/v2/alerts"]);
    });
  });

  describe("alerts, production wire (the list is paged)", () => {
    const setup = useEmulator({ dialect: "production" });
    const fixture = () => setup.emulator.fixture;

    it("follows the list page by page to its end past 1000 alerts, and finds an alert of the last page", async () => {
      const api = observabilityClientFor(fixture(), testOptions([], once));
      const ids = await makeAlerts(api, fixture(), 1010);
      await setup.emulator.control.clearRequests();
      const wanted = [ids[0]!, ids[500]!, ids[1005]!, ids[1009]!];
      const read = await Promise.all(wanted.map((id) => api.alerts.get(id)));
      expect(read.map((alert) => alert.id)).to.deep.equal(wanted);
      // Two pages: offset 0 and offset 1000.
      expect(await requestsOf(setup.emulator)).to.deep.equal(["GET /api/v2/alerts", "GET /api/v2/alerts"]);
    });
  });

  describe("a list of more pages than reads (a few objects of a large organization)", () => {
    const pageSize = 1000;
    const total = 10_000;
    const savedSearch = (index: number) => ({
      id: index.toString(16).padStart(24, "0"),
      name: `search ${index}`,
    });
    const server = new CannedServer((_index, request) => {
      const url = new URL(request.url ?? "/", "http://localhost");
      const one = /^\/api\/v2\/saved-searches\/([0-9a-f]{24})$/.exec(url.pathname);
      if (one !== null)
        return { status: 200, body: JSON.stringify({ data: savedSearch(parseInt(one[1]!, 16)) }) };
      const offset = Number(url.searchParams.get("offset") ?? "0");
      const items = Array.from({ length: Math.min(pageSize, total - offset) }, (_, i) =>
        savedSearch(offset + i),
      );
      return { status: 200, body: JSON.stringify({ data: items, meta: { total, limit: pageSize, offset } }) };
    });
    before(() => server.start());
    after(() => server.stop());

    it("answers from the first page what it holds and reads the rest singly, never listing ten pages", async () => {
      const api = observabilityClientFor(server.url, testOptions([], once));
      server.received.length = 0;
      const wanted = [savedSearch(7), savedSearch(4321), savedSearch(9999)];
      const read = await Promise.all(wanted.map(({ id }) => api.savedSearches.get(id)));
      expect(read).to.deep.equal(wanted);
      expect(server.received.map((request) => request.url)).to.deep.equal([
        "/api/v2/saved-searches?limit=1000&offset=0",
        `/api/v2/saved-searches/${wanted[1]!.id}`,
        `/api/v2/saved-searches/${wanted[2]!.id}`,
      ]);
    });
  });

  describe("the observability objects and the updates that read them first", () => {
    const setup = useEmulator();
    const fixture = () => setup.emulator.fixture;
    const client = () => observabilityClientFor(fixture(), testOptions([], once));

    it("reads webhooks, which have no GET of one, from one list however many come together", async () => {
      const api = client();
      const made = await Promise.all(
        [0, 1, 2].map((i) =>
          api.webhooks.create({
            name: `hook ${i}`,
            service: "generic",
            url: `https://hooks.example.com/${i}`,
          }),
        ),
      );
      await setup.emulator.control.clearRequests();
      const read = await Promise.all(made.map((webhook) => api.webhooks.get(webhook.id)));
      expect(read.map((webhook) => webhook.name)).to.deep.equal(["hook 0", "hook 1", "hook 2"]);
      expect(await requestsOf(setup.emulator)).to.deep.equal(["GET /api/v2/webhooks"]);
    });

    it("updates saved searches that come together with one list and one PUT each", async () => {
      const api = client();
      const sourceId = fixture().sources[0]!.id;
      const made = await Promise.all(
        [0, 1, 2, 3].map((i) =>
          api.savedSearches.create({ name: `search ${i}`, sourceId, where: "level:error" }),
        ),
      );
      await setup.emulator.control.clearRequests();
      const updated = await Promise.all(
        made.map((search, i) => api.savedSearches.update(search.id, { name: `search ${i} r1`, sourceId })),
      );
      expect(updated.map((search) => [search.name, search.where])).to.deep.equal(
        [0, 1, 2, 3].map((i) => [`search ${i} r1`, "level:error"]),
      );
      const requests = await requestsOf(setup.emulator);
      expect(requests[0]).to.equal("GET /api/v2/saved-searches");
      expect([...requests.slice(1)].sort()).to.deep.equal(
        made.map((search) => `PUT /api/v2/saved-searches/${search.id}`).sort(),
      );
    });
  });

  describe("management: API keys, reverse private endpoints, and what a private endpoint is read from", () => {
    const setup = useEmulator({ provisioningDelayMs: 0 });
    const fixture = () => setup.emulator.fixture;
    const client = (): ManagementClient => managementClientFor(fixture(), testOptions([], once));
    const keysPath = () => `/v1/organizations/${fixture().organizationId}/keys`;

    it("answers reads of keys that come together from the organization's key list", async () => {
      const api = client();
      const organizationId = fixture().organizationId;
      const made = await Promise.all(
        [0, 1, 2, 3, 4].map((i) =>
          api.keys.create(organizationId, { name: `key ${i}`, roles: ["developer"] }),
        ),
      );
      await setup.emulator.control.clearRequests();
      const outcomes = await Promise.allSettled(
        [...made.map((result) => result.key.id), "00000000-0000-4000-8000-000000000000"].map((id) =>
          api.keys.get(organizationId, id),
        ),
      );
      expect(outcomes.slice(0, 5).map((outcome) => outcome.status)).to.deep.equal(Array(5).fill("fulfilled"));
      expect(isNotFound((outcomes[5] as PromiseRejectedResult).reason)).to.equal(true);
      expect(await requestsOf(setup.emulator)).to.deep.equal([`GET ${keysPath()}`]);
    });

    it("reads a key alone with its GET, and one after a PATCH sees the PATCH", async () => {
      const api = client();
      const organizationId = fixture().organizationId;
      const [first, second] = await Promise.all(
        [0, 1].map((i) => api.keys.create(organizationId, { name: `key ${i}`, roles: ["developer"] })),
      );
      await setup.emulator.control.clearRequests();
      await quietWindow();
      await api.keys.get(organizationId, first!.key.id);
      expect(await requestsOf(setup.emulator)).to.deep.equal([`GET ${keysPath()}/${first!.key.id}`]);
      await Promise.all([first, second].map((made) => api.keys.get(organizationId, made!.key.id)));
      await api.keys.update(organizationId, first!.key.id, { name: "renamed" });
      await setup.emulator.control.clearRequests();
      const [renamed] = await Promise.all(
        [first, second].map((made) => api.keys.get(organizationId, made!.key.id)),
      );
      expect(renamed!.name).to.equal("renamed");
      expect(await requestsOf(setup.emulator)).to.deep.equal([`GET ${keysPath()}`]);
    });

    it("answers reads of a service's reverse private endpoints from its endpoint list; waits still GET", async () => {
      const api = client();
      const { organizationId, services } = fixture();
      const made = await Promise.all(
        [0, 1, 2].map((i) =>
          api.reversePrivateEndpoints.create(organizationId, services.production, {
            type: "VPC_ENDPOINT_SERVICE",
            vpcEndpointServiceName: `com.amazonaws.vpce.us-east-1.vpce-svc-0test${i}`,
            description: `endpoint ${i}`,
          }),
        ),
      );
      await setup.emulator.control.clearRequests();
      const read = await Promise.all(
        made.map((endpoint) =>
          api.reversePrivateEndpoints.read(organizationId, services.production, endpoint.id),
        ),
      );
      expect(read.map((endpoint) => endpoint.description)).to.deep.equal([
        "endpoint 0",
        "endpoint 1",
        "endpoint 2",
      ]);
      const collection = `/v1/organizations/${organizationId}/services/${services.production}/dataPipesReversePrivateEndpoints`;
      expect(await requestsOf(setup.emulator)).to.deep.equal([`GET ${collection}`]);
      await api.reversePrivateEndpoints.get(organizationId, services.production, made[0]!.id);
      expect(await requestsOf(setup.emulator)).to.deep.equal([
        `GET ${collection}`,
        `GET ${collection}/${made[0]!.id}`,
      ]);
    });

    it("reads the organization and the service once for private endpoints read together", async () => {
      const api = client();
      const { organizationId, services } = fixture();
      const endpointIds = [0, 1, 2].map((i) => `vpce-0test${String(i).padStart(12, "0")}`);
      for (const id of endpointIds)
        await api.privateEndpoints.create(organizationId, services.production, { id, description: id });
      await setup.emulator.control.clearRequests();
      const [registrations, attached] = await Promise.all([
        Promise.all(
          [...endpointIds, "vpce-0unknown"].map((id) =>
            api.privateEndpoints.registration(organizationId, id),
          ),
        ),
        Promise.all(
          [...endpointIds, "vpce-0unknown"].map((id) =>
            api.privateEndpoints.isAttached(organizationId, services.production, id),
          ),
        ),
      ]);
      expect(registrations.map((registration) => registration?.description)).to.deep.equal([
        ...endpointIds,
        undefined,
      ]);
      expect(attached).to.deep.equal([true, true, true, false]);
      expect((await requestsOf(setup.emulator)).sort()).to.deep.equal(
        [
          `GET /v1/organizations/${organizationId}`,
          `GET /v1/organizations/${organizationId}/services/${services.production}`,
        ].sort(),
      );
    });
  });
});
