import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import type { LocalStack } from "../../../scripts/lib/localStack";
import { directApi, type DirectApi } from "./support/directApi";
import { dedicatedEmulator, requestStats, takeRequests } from "../../support/reliability/emulators";
import { objectCount, remoteInventory, stateInventory, without, type Inventory } from "./support/inventory";
import { quickstartResourceCount, quickstartStack } from "./support/quickstart";
import { reportCase } from "../../support/reliability/report";

/** Every POST the quickstart sends: the four creates and the series query (a POST that only reads). */
const createRoutes = [
  "POST /v1/organizations/:organizationId/services/:serviceId/dataPipesReversePrivateEndpoints",
  "POST /v1/organizations/:organizationId/keys",
  "POST /v1/organizations/:organizationId/services/:serviceId/privateEndpoint",
  "POST /api/v2/alerts",
  "POST /api/v2/charts/series",
];
const deleteKeyRoute = "DELETE /v1/organizations/:organizationId/keys/:keyId";

describe("ambiguous create: the server makes the object, then the connection drops before the reply", function () {
  this.timeout(180_000);
  let emulator: RunningEmulator;
  let api: DirectApi;
  let stack: LocalStack;
  let baseline: Inventory;

  before(async () => {
    emulator = await dedicatedEmulator();
    api = directApi(emulator.fixture);
    baseline = await remoteInventory(api);
    stack = await quickstartStack(emulator);
  });

  after(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("up ends with exactly one object of each kind, each recorded in state", async () => {
    await emulator.control.clearRequests();
    await emulator.control.setFaults({
      script: createRoutes.map((route) => ({ route, kinds: ["dropAfterProcessing" as const] })),
    });
    await stack.up();
    await emulator.control.clearFaults();
    const requests = await takeRequests(emulator);

    // Each POST was processed and its connection dropped, once.
    for (const route of createRoutes) {
      const sent = requests.filter((entry) => entry.route === route);
      expect(sent[0], route).to.include({ status: 0, fault: "dropAfterProcessing" });
    }
    // A key's secret comes back only in the lost reply, so the key it made was deleted and one more was created;
    // the other kinds adopted what their lost reply made (the private endpoint's POST is idempotent per id).
    const keyPosts = requests.filter((entry) => entry.route === createRoutes[1]);
    expect(keyPosts.map((entry) => entry.status)).to.deep.equal([0, 200]);
    expect(requests.filter((entry) => entry.route === deleteKeyRoute).map((e) => e.status)).to.deep.equal([
      200,
    ]);
    // Alerts list only after their create lost its reply: a create that goes well is one request. A key's create
    // lists once before its POST, for a key a killed run left under this resource's mark, and once more after the
    // lost reply.
    const listsOf = (listRoute: string, postRoute: string) => {
      const firstPost = requests.findIndex((entry) => entry.route === postRoute);
      const lists = requests.flatMap((entry, index) => (entry.route === listRoute ? [index] : []));
      return { firstPost, lists };
    };
    const alerts = listsOf("GET /api/v2/alerts", createRoutes[3]);
    expect(alerts.lists, "alert lists").to.have.length(1);
    expect(alerts.lists[0], "the alert list").to.be.greaterThan(alerts.firstPost);
    const keys = listsOf("GET /v1/organizations/:organizationId/keys", createRoutes[1]);
    expect(keys.lists, "key lists").to.have.length(2);
    expect(keys.lists[0], "the key list before the create").to.be.lessThan(keys.firstPost);
    expect(keys.lists[1], "the key list after the lost reply").to.be.greaterThan(keys.firstPost);
    for (const route of [createRoutes[0], createRoutes[3]]) {
      expect(requests.filter((entry) => entry.route === route)).to.have.length(1);
    }

    const inState = stateInventory(await stack.resources());
    expect(objectCount(inState)).to.equal(quickstartResourceCount - 1);
    expect(without(await remoteInventory(api), baseline)).to.deep.equal(inState);
    // The credentials in state are those of the key that exists: the API knows them (the key admits only
    // 10.0.0.0/8, so from loopback they get 403, where unknown credentials get 401).
    const outputs = await stack.stack.outputs();
    expect(outputs.apiKeySecret.secret).to.equal(true);
    const withStateCredentials = await api.management.get(api.orgPath, {
      auth: { username: String(outputs.apiKeyId.value), password: String(outputs.apiKeySecret.value) },
    });
    expect(withStateCredentials.status).to.equal(403);

    await stack.destroy();
    const left = without(await remoteInventory(api), baseline);
    expect(objectCount(left)).to.equal(0);
    const stats = requestStats(requests);
    reportCase({
      case: "ambiguous create (quickstart up + destroy)",
      injected: "dropAfterProcessing on each of the 5 POST routes",
      result: "one object per resource, all in state",
      requests: stats.requests,
      tooManyRequests: stats.tooManyRequests,
      faults: stats.faults,
      objectsLeft: objectCount(left),
    });
  });
});
