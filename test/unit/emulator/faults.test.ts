import * as http from "node:http";
import { expect } from "chai";
import type { FaultPlan, RequestLogEntry } from "../../../emulator";
import {
  EmulatorHarness,
  basicAuth,
  delay,
  expectManagementError,
  expectManagementSuccess,
} from "../../support/httpRequests";

const organizationRoute = "GET /v1/organizations/:organizationId";
const createKeyRoute = "POST /v1/organizations/:organizationId/keys";

describe("emulator: fault injection", () => {
  const harness = new EmulatorHarness().install();
  const setFaults = (plan: FaultPlan) => harness.control("PUT", "/faults", { body: plan });
  const getOrganization = () => harness.management("GET", harness.orgPath);
  const log = async (): Promise<RequestLogEntry[]> => (await harness.control("GET", "/requests")).body;

  /** Resolves to the error of a request whose connection is dropped, or fails the test. */
  async function droppedError(request: Promise<unknown>): Promise<Error> {
    try {
      await request;
    } catch (error) {
      return error as Error;
    }
    expect.fail("the request should have been dropped");
  }

  it("scripted 500, 502 and 503 answer in the API's error shape, in order, then requests succeed", async () => {
    expect(
      (await setFaults({ script: [{ route: organizationRoute, kinds: ["500", "502", "503"] }] })).status,
    ).to.equal(200);
    expectManagementError(await getOrganization(), 500, "INTERNAL_SERVER_ERROR");
    expectManagementError(await getOrganization(), 502, "BAD_GATEWAY");
    expectManagementError(await getOrganization(), 503, "SERVICE_UNAVAILABLE");
    expectManagementSuccess(await getOrganization());
    const faults = (await log()).map((entry) => entry.fault);
    expect(faults).to.deep.equal(["500", "502", "503", undefined]);
  });

  it("a 429 fault carries each API's reset headers", async () => {
    await setFaults({
      retryAfterSeconds: 2,
      script: [
        { route: organizationRoute, kinds: ["429"] },
        { route: "GET /api/v2/alerts", kinds: ["429"] },
      ],
    });
    const management = await getOrganization();
    expect(management.status).to.equal(429);
    expect(management.body).to.deep.equal({ error: "TOO_MANY_REQUESTS" });
    expect(management.headers.get("x-ratelimit-reset")).to.equal("2");
    const observability = await harness.observability("GET", "/api/v2/alerts");
    expect(observability.status).to.equal(429);
    expect(observability.headers.get("content-type")).to.match(/^text\/html/);
    expect(observability.headers.get("ratelimit-policy")).to.equal("100;w=60");
    expect(observability.headers.get("ratelimit-reset")).to.equal("2");
    expect(observability.headers.get("retry-after")).to.equal("2");
  });

  it("504html answers an HTML page", async () => {
    await setFaults({ script: [{ route: "POST /api/v2/charts/series", kinds: ["504html"] }] });
    const response = await harness.observability("POST", "/api/v2/charts/series", { body: {} });
    expect(response.status).to.equal(504);
    expect(response.headers.get("content-type")).to.match(/^text\/html/);
    expect(response.text).to.include("<html>");
  });

  it("404html answers a proxy's HTML not-found page, not the API's NOT_FOUND, and processes nothing", async () => {
    const endpoints = `${harness.servicePath()}/dataPipesReversePrivateEndpoints`;
    await setFaults({
      script: [
        {
          route:
            "POST /v1/organizations/:organizationId/services/:serviceId/dataPipesReversePrivateEndpoints",
          kinds: ["404html"],
        },
        { route: "GET /api/v2/alerts", kinds: ["404html"] },
      ],
    });
    const body = { type: "VPC_ENDPOINT_SERVICE", vpcEndpointServiceName: "com.amazonaws.vpce.svc-1" };
    const management = await harness.management("POST", endpoints, { body });
    expect(management.status).to.equal(404);
    expect(management.headers.get("content-type")).to.match(/^text\/html/);
    expect(management.text).to.include("<title>404 Not Found</title>").and.not.include("NOT_FOUND:");
    expect(expectManagementSuccess(await harness.management("GET", endpoints))).to.deep.equal([]);
    const observability = await harness.observability("GET", "/api/v2/alerts");
    expect(observability.status).to.equal(404);
    expect(observability.text).to.include("<h1>404 Not Found</h1>").and.not.include('"message"');
    expect((await log()).map((entry) => entry.fault)).to.deep.equal(["404html", undefined, "404html"]);
  });

  it("drop destroys the connection before anything is processed", async () => {
    await setFaults({ script: [{ route: createKeyRoute, kinds: ["drop"] }] });
    const body = { name: "dropped", roles: ["admin"] };
    await droppedError(harness.management("POST", `${harness.orgPath}/keys`, { body }));
    const keys = expectManagementSuccess(await harness.management("GET", `${harness.orgPath}/keys`));
    expect(keys.map((key: { name: string }) => key.name)).not.to.include("dropped");
    const [entry] = await log();
    expect(entry).to.include({ route: createKeyRoute, status: 0, fault: "drop" });
  });

  it("dropAfterProcessing applies the change, then drops the connection", async () => {
    await setFaults({ script: [{ route: createKeyRoute, kinds: ["dropAfterProcessing"] }] });
    const body = { name: "processed", roles: ["admin"] };
    await droppedError(harness.management("POST", `${harness.orgPath}/keys`, { body }));
    const keys = expectManagementSuccess(await harness.management("GET", `${harness.orgPath}/keys`));
    expect(keys.map((key: { name: string }) => key.name)).to.include("processed");
    expect((await log())[0]).to.include({ status: 0, fault: "dropAfterProcessing" });
  });

  it("slowAfterProcessing makes the object at once and holds the reply back", async () => {
    // The hold is long so that the polling below surely ends inside it; the test waits it out once.
    await setFaults({ slowMs: 3000, script: [{ route: createKeyRoute, kinds: ["slowAfterProcessing"] }] });
    let replied = false;
    const create = harness
      .management("POST", `${harness.orgPath}/keys`, { body: { name: "held", roles: ["admin"] } })
      .finally(() => {
        replied = true;
      });
    const listNames = async (): Promise<string[]> =>
      expectManagementSuccess(await harness.management("GET", `${harness.orgPath}/keys`)).map(
        (key: { name: string }) => key.name,
      );
    let names = await listNames();
    while (!names.includes("held") && !replied) names = await listNames();
    expect(names, "the key is listed while its create's reply is held").to.include("held");
    expect(replied, "the create's reply was still held when the key was listed").to.equal(false);
    const created = expectManagementSuccess(await create);
    expect(created.key.name).to.equal("held");
    const entries = await log();
    expect(entries.filter((entry) => entry.fault === "slowAfterProcessing")).to.have.length(1);
    expect(entries.find((entry) => entry.fault)).to.include({ route: createKeyRoute, status: 200 });
  });

  it("a reply held by slowAfterProcessing survives the plan being cleared while its request was read", async () => {
    await setFaults({ slowMs: 100, script: [{ route: createKeyRoute, kinds: ["slowAfterProcessing"] }] });
    const body = JSON.stringify({ name: "cleared-meanwhile", roles: ["admin"] });
    const { tokenKey, tokenSecret } = harness.fixture;
    const url = new URL(`${harness.emulator.url}${harness.orgPath}/keys`);
    const reply = new Promise<number>((resolve, reject) => {
      const request = http.request(url, {
        method: "POST",
        headers: {
          authorization: basicAuth(tokenKey, tokenSecret),
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      });
      request.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on("error", reject);
      // The headers go first, and the fault is picked from the plan when they arrive; the body follows once the plan
      // is gone. Half a second is ample for a loopback request's headers: the log below shows the fault was picked.
      request.flushHeaders();
      void delay(500)
        .then(() => harness.control("DELETE", "/faults"))
        .then(() => request.end(body));
    });
    expect(await reply).to.equal(200);
    expect((await log()).map((entry) => [entry.route, entry.status, entry.fault])).to.deep.equal([
      [createKeyRoute, 200, "slowAfterProcessing"],
    ]);
  });

  it("slow delays the reply by slowMs", async () => {
    await setFaults({ slowMs: 300, script: [{ route: organizationRoute, kinds: ["slow"] }] });
    const started = Date.now();
    expectManagementSuccess(await getOrganization());
    expect(Date.now() - started).to.be.at.least(290);
    expect((await log())[0]).to.include({ status: 200, fault: "slow" });
  });

  it("random faults follow the probability, only on the listed routes, and repeat with the same seed", async () => {
    const plan: FaultPlan = {
      probability: 0.5,
      kinds: ["500", "503"],
      seed: 42,
      routes: [organizationRoute],
    };
    const run = async () => {
      await setFaults(plan);
      const statuses: number[] = [];
      for (let index = 0; index < 30; index += 1) statuses.push((await getOrganization()).status);
      return statuses;
    };
    const first = await run();
    const second = await run();
    expect(first).to.deep.equal(second);
    const failures = first.filter((status) => status !== 200).length;
    expect(failures).to.be.within(5, 25);
    expect(first.every((status) => [200, 500, 503].includes(status))).to.equal(true);
    expectManagementSuccess(await harness.management("GET", `${harness.orgPath}/keys`));
  });

  it("random faults draw every kind of the plan, and another seed draws another sequence", async () => {
    const statusesWith = async (seed?: number) => {
      await setFaults({ probability: 0.5, kinds: ["500", "503"], routes: [organizationRoute], seed });
      const statuses: number[] = [];
      for (let index = 0; index < 30; index += 1) statuses.push((await getOrganization()).status);
      return statuses;
    };
    const first = await statusesWith(42);
    expect([...new Set(first)].sort()).to.deep.equal([200, 500, 503]);
    expect(await statusesWith(43)).to.not.deep.equal(first);
    expect(await statusesWith(undefined)).to.deep.equal(await statusesWith(0));
  });

  it("random faults with probability 1 leave routes the plan does not list alone", async () => {
    await setFaults({ probability: 1, kinds: ["500"], routes: [organizationRoute] });
    for (let index = 0; index < 10; index += 1) {
      expectManagementSuccess(await harness.management("GET", `${harness.orgPath}/keys`));
    }
    expectManagementError(await getOrganization(), 500, "INTERNAL_SERVER_ERROR");
  });

  it("slow waits slowMs, not the default, when the plan sets it", async () => {
    await setFaults({ slowMs: 3_000, script: [{ route: organizationRoute, kinds: ["slow"] }] });
    let answered = false;
    const reply = getOrganization().then((response) => {
      answered = true;
      return response;
    });
    // The default wait is 1.5 s: the reply must still be held after 2 s.
    await delay(2_000);
    expect(answered).to.equal(false);
    expectManagementSuccess(await reply);
  });

  it("never applies to the control path", async () => {
    await setFaults({ probability: 1, kinds: ["500"] });
    expect((await harness.control("GET", "/settings")).status).to.equal(200);
    expectManagementError(await getOrganization(), 500, "INTERNAL_SERVER_ERROR");
    expect((await harness.control("DELETE", "/faults")).status).to.equal(204);
    expectManagementSuccess(await getOrganization());
  });

  it("refuses plans naming unknown routes or kinds", async () => {
    const unknownRoute = await setFaults({ routes: ["GET /v1/nothing"] });
    expect(unknownRoute.status).to.equal(400);
    expect(unknownRoute.body.error).to.include("GET /v1/nothing").and.include(organizationRoute);
    const twoUnknown = await setFaults({ routes: ["GET /v1/nothing", organizationRoute, "GET /v1/none"] });
    expect(twoUnknown.body.error).to.match(
      /^Unknown route "GET \/v1\/nothing", "GET \/v1\/none"; known routes: [A-Z]+ \/\S+(, [A-Z]+ \/\S+)+$/,
    );
    const unknownKind = await harness.control("PUT", "/faults", { body: { kinds: ["418"] } });
    expect(unknownKind.status).to.equal(400);
    const unknownField = await harness.control("PUT", "/faults", { body: { chance: 1 } });
    expect(unknownField.status).to.equal(400);
  });
});
