import { expect } from "chai";
import type { Fixture, RunningEmulator } from "../../../emulator";
import { LocalStack } from "../../../scripts/lib/localStack";
import { badInputCases, directRequest, type BadInputCase } from "./support/badInputCases";
import { directApi, type DirectApi } from "./support/directApi";
import { dedicatedEmulator, stackConfigFor, takeRequests } from "../../support/reliability/emulators";
import { reportCase } from "../../support/reliability/report";
import { testProgram } from "../../support/programs";

const { projectDir, programModule } = testProgram("reliability", "bad-input");

/** Rules that depend on the service (its tier, its warehouse), which only the API knows: refused by `up`. */
function serviceDependentCases(fixture: Fixture): BadInputCase[] {
  return [
    {
      title: "maxReplicaMemoryGb 124 on a non-paid service",
      kind: "ReplicaScaling",
      args: { serviceId: fixture.services.trial, maxReplicaMemoryGb: 124 },
      field: "maxReplicaMemoryGb",
      rule: /must be at most 120 for a non-paid service; got 124/,
    },
    {
      title: "numReplicas 1 on the first service of a warehouse",
      kind: "ReplicaScaling",
      args: { serviceId: fixture.services.production, numReplicas: 1 },
      field: "numReplicas",
      rule: /must be between 2 and 20 for the first service of a warehouse; got 1/,
    },
    {
      title: "memory bounds on a development service",
      kind: "ReplicaScaling",
      args: { serviceId: fixture.services.development, minReplicaMemoryGb: 16 },
      field: "minReplicaMemoryGb",
      rule: /can be set only on production services/,
    },
  ];
}

describe("bad input: refused before anything is sent, and by the API itself", function () {
  this.timeout(300_000);
  let emulator: RunningEmulator;
  let api: DirectApi;
  let stack: LocalStack;

  before(async () => {
    emulator = await dedicatedEmulator();
    api = directApi(emulator.fixture);
    stack = await LocalStack.create({ projectDir, programModule, config: stackConfigFor(emulator) });
  });

  after(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  /** The error text of an engine operation that must fail: the CLI's message with its captured output. */
  async function failureOf(operation: () => Promise<unknown>, what = "the operation"): Promise<string> {
    const outcome = await operation().then(
      () => undefined,
      (error: Error) => error,
    );
    expect(outcome, `${what} should have failed`).to.be.instanceOf(Error);
    return outcome!.message;
  }

  async function useCase(testCase: BadInputCase): Promise<void> {
    await stack.stack.setConfig("e2e:case", {
      value: JSON.stringify({ kind: testCase.kind, args: testCase.args }),
    });
    await emulator.control.clearRequests();
  }

  /** The same body, sent straight to the emulator with valid credentials, gets a 400 naming the field. */
  async function expectApiRefuses(testCase: BadInputCase): Promise<void> {
    const request = directRequest(testCase, emulator.fixture);
    const client = request.api === "management" ? api.management : api.observability;
    const response = await client.request({ method: request.method, url: request.path, data: request.body });
    expect(response.status, `${testCase.title}: ${JSON.stringify(response.data)}`).to.equal(400);
    const text = JSON.stringify(response.data);
    if (testCase.apiMessage) expect(text, testCase.title).to.match(testCase.apiMessage);
    else expect(text, testCase.title).to.contain(testCase.apiField ?? testCase.field);
  }

  it("a table of 30+ cases: preview names the field and the rule, and sends no request", async () => {
    const cases = badInputCases(emulator.fixture);
    expect(cases.length).to.be.at.least(30);
    for (const testCase of cases) {
      await useCase(testCase);
      const message = await failureOf(() => stack.preview(), `${testCase.title}: the preview`);
      const sent = await takeRequests(emulator);
      // The whole error in the assertion's message: chai would cut it where it quotes the value.
      expect(message, `${testCase.title}: ${message}`).to.contain(testCase.field).and.to.match(testCase.rule);
      expect(
        sent.map((entry) => `${entry.method} ${entry.path}`),
        `${testCase.title}: requests during preview`,
      ).to.deep.equal([]);
      await expectApiRefuses(testCase);
    }
    expect(await stack.resources()).to.deep.equal([]);
    reportCase({
      case: `bad input at preview (${cases.length} cases)`,
      injected: "limits, enums, conditional requirements",
      result: "each refused naming field and rule; API 400s too",
      requests: 0,
      objectsLeft: 0,
    });
  });

  it("rules that depend on the service: up fails naming the field, after one refused request", async () => {
    const cases = serviceDependentCases(emulator.fixture);
    let requests = 0;
    for (const testCase of cases) {
      await useCase(testCase);
      const message = await failureOf(() => stack.up());
      const sent = await takeRequests(emulator);
      requests += sent.length;
      // The whole error in the assertion's message: chai would cut it where it quotes the value.
      expect(message, `${testCase.title}: ${message}`).to.contain(testCase.field).and.to.match(testCase.rule);
      expect(
        sent.map((entry) => `${entry.method} ${entry.status}`),
        testCase.title,
      ).to.deep.equal(["PATCH 400"]);
      await expectApiRefuses(testCase);
    }
    expect(await stack.resources()).to.deep.equal([]);
    reportCase({
      case: `bad input at up (${cases.length} service-dependent cases)`,
      injected: "tier cap, first-service replicas, memory on development",
      result: "up fails naming field and rule; nothing recorded",
      requests,
      objectsLeft: 0,
    });
  });
});
