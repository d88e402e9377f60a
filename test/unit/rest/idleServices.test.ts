/**
 * Reverse private endpoint operations on an idle service: the API refuses them with a 424 naming the state; the
 * client wakes the service, waits until it runs, says so in one line, and sends the operation again.
 */
import { expect } from "chai";
import { systemClock, type Clock } from "../../../provider/clock";
import { isNotFound } from "../../../provider/rest";
import { ManagementClient, type WakeSettings } from "../../../provider/rest/management";
import { useEmulator } from "../../support/emulator";
import { CannedServer, type CannedResponse } from "../../support/cannedServer";
import { SimulatedClock, apiErrorOf, loggedRequests, testOptions } from "../../support/restHarness";

describe("operations refused while a service is idle", () => {
  const setup = useEmulator();
  const ids = () => {
    const { organizationId, services } = setup.emulator.fixture;
    return { org: organizationId, service: services.production };
  };
  const endpointsPath = () =>
    `/v1/organizations/${ids().org}/services/${ids().service}/dataPipesReversePrivateEndpoints`;
  const statePath = () => `/v1/organizations/${ids().org}/services/${ids().service}/state`;
  const servicePath = () => `/v1/organizations/${ids().org}/services/${ids().service}`;

  let lines: string[];
  beforeEach(() => {
    lines = [];
  });
  afterEach(async () => {
    await setup.emulator.control.updateSettings({ awakeningDelayMs: 100 });
  });

  /** A client that waits in real time (the emulator wakes services in real time) and keeps the wake lines. */
  const client = (wake: Partial<WakeSettings> = {}, clock: Clock = systemClock) => {
    const { managementUrl, tokenKey, tokenSecret } = setup.emulator.fixture;
    return new ManagementClient(
      { apiUrl: managementUrl, tokenKey, tokenSecret },
      { ...testOptions([], { clock }), wake: { report: (line) => lines.push(line), ...wake } },
    );
  };
  const setIdle = () => setup.emulator.control.setServiceState(ids().service, "idle");

  it("wakes an idle service, waits until it runs, and sends the operation again", async () => {
    await setIdle();
    const listed = await client().reversePrivateEndpoints.list(ids().org, ids().service);
    expect(listed).to.deep.equal([]);
    const requests = await loggedRequests(setup.emulator);
    expect(requests[0]).to.equal(`GET ${endpointsPath()} 424`);
    expect(requests[1]).to.equal(`PATCH ${statePath()} 200`);
    expect(requests.slice(2, -1).every((line) => line === `GET ${servicePath()} 200`)).to.equal(true);
    expect(requests.at(-1)).to.equal(`GET ${endpointsPath()} 200`);
    expect(lines).to.deep.equal([
      `service ${ids().service} is idle, and the API refuses reverse private endpoint operations until it runs: ` +
        "waking it up and waiting up to 600 s",
    ]);
  });

  it("a create refused while idle is sent again after the wake and makes exactly one endpoint", async () => {
    await setIdle();
    const created = await client().reversePrivateEndpoints.create(ids().org, ids().service, {
      type: "VPC_ENDPOINT_SERVICE",
      vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0idle",
    });
    const listed = await client().reversePrivateEndpoints.list(ids().org, ids().service);
    expect(listed.map((endpoint) => endpoint.id)).to.deep.equal([created.id]);
    const posts = (await loggedRequests(setup.emulator)).filter((line) => line.startsWith("POST "));
    expect(posts).to.deep.equal([`POST ${endpointsPath()} 424`, `POST ${endpointsPath()} 200`]);
  });

  it("operations that meet the same idle service at once share one wake and one line", async () => {
    await setIdle();
    const api = client().reversePrivateEndpoints;
    await Promise.all([api.list(ids().org, ids().service), api.list(ids().org, ids().service)]);
    const wakes = (await loggedRequests(setup.emulator)).filter((line) => line.startsWith("PATCH "));
    expect(wakes).to.deep.equal([`PATCH ${statePath()} 200`]);
    expect(lines).to.have.length(1);
  });

  it("a service already awaking is waited for without another wake", async () => {
    await setup.emulator.control.updateSettings({ awakeningDelayMs: 400 });
    await setIdle();
    await client().services.changeState(ids().org, ids().service, "awake");
    await setup.emulator.control.clearRequests();
    await client().reversePrivateEndpoints.list(ids().org, ids().service);
    const requests = await loggedRequests(setup.emulator);
    expect(requests.filter((line) => line.startsWith("PATCH "))).to.deep.equal([]);
    expect(requests.at(-1)).to.equal(`GET ${endpointsPath()} 200`);
    expect(lines).to.have.length(1);
    expect(lines[0]).to.contain("is waking up").and.contain("waiting up to 600 s");
  });

  it("a stopped service is not started: its 424 reaches the caller as it is", async () => {
    await setup.emulator.control.setServiceState(ids().service, "stopped");
    const error = await apiErrorOf(client().reversePrivateEndpoints.list(ids().org, ids().service));
    expect(error).to.include({ status: 424, code: "FAILED_DEPENDENCY" });
    expect(error.message).to.contain("Current state: stopped");
    expect(isNotFound(error)).to.equal(false);
    expect(await loggedRequests(setup.emulator)).to.deep.equal([`GET ${endpointsPath()} 424`]);
    expect(lines).to.deep.equal([]);
  });

  it("gives up after its timeout when the service does not run, naming the state", async () => {
    await setup.emulator.control.updateSettings({ awakeningDelayMs: 600_000 });
    await setIdle();
    // Simulated time: the 5 s of waiting pass without real waiting.
    const error = await client({ timeoutMs: 5_000 }, new SimulatedClock())
      .reversePrivateEndpoints.list(ids().org, ids().service)
      .then(
        () => expect.fail("the list succeeded although the service never ran"),
        (e: Error) => e,
      );
    expect(error.message).to.equal(
      `service ${ids().service} was woken up but is still awaking after 5 s, and the API refuses reverse ` +
        "private endpoint operations until it runs; run the command again once the service runs",
    );
    expect(lines[0]).to.contain("waiting up to 5 s");
  });
});

/** Time that moves only when slept through, so a wait ends exactly at its deadline. */
class VirtualClock implements Clock {
  private nowMs = 1_767_225_600_000;

  now(): number {
    return this.nowMs;
  }

  sleep(ms: number): Promise<void> {
    this.nowMs += ms;
    return Promise.resolve();
  }
}

describe("operations refused while a service is idle: answers the emulator does not give", () => {
  const ORG = "0f8e5a52-6c1d-4a7e-9d0b-3c2f1e4d5a6b";
  const SERVICE = "5b2d9c4e-1a3f-4e6d-8b7c-9a0e1f2d3c4b";
  const envelope = (status: number, body: Record<string, unknown>): CannedResponse => ({
    status,
    body: JSON.stringify({ status, requestId: "r-1", ...body }),
  });
  let server: CannedServer;
  let respond: (method: string, url: string) => CannedResponse;
  let lines: string[];
  beforeEach(async () => {
    lines = [];
    server = await new CannedServer((_, request) => respond(request.method ?? "", request.url ?? "")).start();
  });
  afterEach(async () => {
    await server.stop();
  });
  const list = (wake: Partial<WakeSettings> = {}) =>
    new ManagementClient(
      { apiUrl: server.url, tokenKey: "key-id-1", tokenSecret: "secret-1" },
      {
        ...testOptions([], { retry: { maxAttempts: 1 }, throttle: "off", clock: new VirtualClock() }),
        wake: { report: (line) => lines.push(line), ...wake },
      },
    ).reversePrivateEndpoints.list(ORG, SERVICE);
  const requests = () => server.received.map((request) => `${request.method} ${request.url}`);
  const servicePath = `/v1/organizations/${ORG}/services/${SERVICE}`;

  it("does not wake a service for a refusal other than 424, even one naming the idle state", async () => {
    respond = () => envelope(400, { error: "BAD_REQUEST: Current state: idle" });
    const error = await apiErrorOf(list());
    expect(error).to.include({ status: 400, detail: "Current state: idle" });
    expect(requests()).to.deep.equal([`GET ${servicePath}/dataPipesReversePrivateEndpoints`]);
    expect(lines).to.deep.equal([]);
  });

  it("passes on a 424 that names no state", async () => {
    respond = () => envelope(424, { error: "FAILED_DEPENDENCY: the service is being upgraded" });
    const error = await apiErrorOf(list());
    expect(error).to.include({ status: 424, detail: "the service is being upgraded" });
    expect(requests()).to.deep.equal([`GET ${servicePath}/dataPipesReversePrivateEndpoints`]);
  });

  it("reads the state one last time at the deadline, and names a state the API leaves out as not running", async () => {
    let reads = 0;
    respond = (method, url) => {
      if (url.endsWith("/dataPipesReversePrivateEndpoints")) {
        return envelope(424, { error: "FAILED_DEPENDENCY: Current state: idle" });
      }
      if (method === "GET") reads += 1;
      // A 7th read would find the service running: the wait must have ended at the 6th, at the deadline.
      return envelope(200, { result: { id: SERVICE, name: "svc", state: reads > 6 ? "running" : null } });
    };
    // Reads at 0, 0.25, 0.75, 1.75, 3.75 and 5 s: the pauses double from 250 ms up to pollMs, the last one cut at the deadline.
    const error = await list({ timeoutMs: 5_000, pollMs: 2_000 }).then(
      () => expect.fail("the list succeeded although the service never ran within 5 s"),
      (e: Error) => e,
    );
    expect(error.message).to.equal(
      `service ${SERVICE} was woken up but is still not running after 5 s, and the API refuses reverse ` +
        "private endpoint operations until it runs; run the command again once the service runs",
    );
    expect(requests()).to.deep.equal([
      `GET ${servicePath}/dataPipesReversePrivateEndpoints`,
      `PATCH ${servicePath}/state`,
      ...Array.from({ length: 6 }, () => `GET ${servicePath}`),
    ]);
  });
});
