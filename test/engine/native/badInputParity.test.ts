import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "chai";
import type { Fixture, RunningEmulator } from "../../../emulator";
import { LocalStack } from "../../../scripts/lib/localStack";
import { dedicatedEmulator } from "../../support/emulator";
import { stackConfigFor } from "../../support/stackConfig";
import { nativeProjectDir, nativeStackConfig } from "../../support/nativeProject";

type Served = "dynamic" | "native";

interface ResourceCase {
  title: string;
  kind: "ReversePrivateEndpoint" | "ReplicaScaling" | "ApiKey" | "PrivateEndpoint" | "Alert";
  args: Record<string, unknown>;
  /**
   * The input the engine's message names (`property <field>`), as the program spells it; a nested path the rule
   * names instead (the engine can show no value for it).
   */
  field: string;
  /** The rule, in the words both paths must print. */
  rule: string;
}

interface SeriesCase {
  name: string;
  args: Record<string, unknown>;
  /** The argument the message names, as the program spells it. */
  field: string;
  rule: string;
}

/**
 * One resource per engine run: the engine stops a preview at the first resource whose Check fails (also with
 * `--continue-on-error`, which `up` alone has and which applies to failed operations, not to failed checks).
 * Every kind, and every category of rule: the request's JSON Schema (a length limit, a conditional
 * requirement, a renamed body field), rules on inputs outside the body, and rules across inputs that the
 * definitions add. No rule at preview depends on the previous inputs: a change that needs a replacement is a
 * replacement, not an error.
 */
function resourceCases(fixture: Fixture): ResourceCase[] {
  const serviceId = fixture.services.production;
  const dashboard = fixture.dashboards[0];
  return [
    {
      title: "ReversePrivateEndpoint: the API's 255-character limit on description (request schema)",
      kind: "ReversePrivateEndpoint",
      args: {
        serviceId,
        type: "VPC_ENDPOINT_SERVICE",
        vpcEndpointServiceName: "svc",
        description: "d".repeat(256),
      },
      field: "description",
      rule: "description must be at most 255 characters; got 256",
    },
    {
      title:
        "ReversePrivateEndpoint: vpcEndpointServiceName required by the type (request schema, conditional)",
      kind: "ReversePrivateEndpoint",
      args: { serviceId, type: "VPC_ENDPOINT_SERVICE", description: "no service name" },
      field: "vpcEndpointServiceName",
      rule: "vpcEndpointServiceName is required when type is VPC_ENDPOINT_SERVICE",
    },
    {
      title: "ReplicaScaling: a minimum memory above the maximum (rule across inputs)",
      kind: "ReplicaScaling",
      args: { serviceId, minReplicaMemoryGb: 64, maxReplicaMemoryGb: 32 },
      field: "maxReplicaMemoryGb",
      rule: "maxReplicaMemoryGb must be at least minReplicaMemoryGb (64); got 32",
    },
    {
      title: "ApiKey: a key id without its secret (definition rule across inputs)",
      kind: "ApiKey",
      args: { name: "half-credentials", roles: ["developer"], keyId: "own-key-id-without-secret" },
      field: "keySecret",
      rule: "keySecret is required when keyId is set",
    },
    {
      title: "ApiKey: adoptId that is not a key's uuid (input outside the body)",
      kind: "ApiKey",
      args: { name: "adopt", roles: ["developer"], adoptId: "not-a-uuid" },
      field: "adoptId",
      rule: 'adoptId must be the uuid of an existing key of the organization; got "not-a-uuid"',
    },
    {
      title: "ApiKey: an IP access source that is no address (nested property of the request schema)",
      kind: "ApiKey",
      args: { name: "office", roles: ["developer"], ipAccessList: [{ source: "office" }] },
      field: "ipAccessList[0].source",
      rule: 'ipAccessList[0].source must be an IPv4 or IPv6 address or CIDR range; got "office"',
    },
    {
      title: "PrivateEndpoint: an empty endpointId (request schema, sent as the body's id)",
      kind: "PrivateEndpoint",
      args: { serviceId, endpointId: "", description: "empty id" },
      field: "endpointId",
      rule: "endpointId must be the cloud provider's endpoint id: 1 to 128 letters, digits",
    },
    {
      title: "PrivateEndpoint: an empty serviceId (input outside the body)",
      kind: "PrivateEndpoint",
      args: { serviceId: "", endpointId: "vpce-0123456789abcdef0", description: "no service" },
      field: "serviceId",
      rule: 'serviceId must be a uuid (8-4-4-4-12 hex digits, e.g. 0b3c2d4e-5f60-4718-8293-a4b5c6d7e8f9); got ""',
    },
    {
      title: "Alert: a saved search on a tile alert (definition rule across inputs)",
      kind: "Alert",
      args: {
        name: "mixed sources",
        source: "tile",
        dashboardId: dashboard.id,
        tileId: dashboard.tileIds[0],
        savedSearchId: fixture.savedSearches[0].id,
        threshold: 10,
        interval: "5m",
        thresholdType: "above",
        channel: { type: "webhook", webhookId: fixture.webhooks[0].id },
      },
      field: "savedSearchId",
      rule: "savedSearchId applies only when source is search; got source tile, so remove savedSearchId",
    },
    {
      title: "Alert: the API's 512-character limit on name (request schema)",
      kind: "Alert",
      args: {
        name: "n".repeat(513),
        source: "tile",
        dashboardId: dashboard.id,
        tileId: dashboard.tileIds[0],
        threshold: 10,
        interval: "5m",
        thresholdType: "above",
        channel: { type: "webhook", webhookId: fixture.webhooks[0].id },
      },
      field: "name",
      rule: "name must be at most 512 characters; got 513",
    },
  ];
}

/** Queries that fail before anything is sent; the program runs them all and reports every failure. */
function seriesCases(fixture: Fixture): SeriesCase[] {
  const oneSeries = { sourceId: fixture.sources[0].id, aggFn: "count" };
  const hour = { startTime: 1_767_225_600_000, endTime: 1_767_229_200_000 };
  return [
    {
      name: "no-series",
      args: { ...hour, series: [] },
      field: "series",
      rule: "series must contain at least 1 element; got 0",
    },
    {
      name: "six-series",
      args: { ...hour, series: Array.from({ length: 6 }, () => oneSeries) },
      field: "series",
      rule: "series must contain at most 5 elements; got 6",
    },
    {
      name: "unknown-aggregate",
      args: { ...hour, series: [{ ...oneSeries, aggFn: "median" }] },
      field: "series[0].aggFn",
      rule: "series[0].aggFn must be one of avg, count, count_distinct, last_value, max, min, quantile, sum, any, none, increase",
    },
    {
      name: "different-grouping",
      args: { ...hour, series: [oneSeries, { ...oneSeries, groupBy: ["ServiceName"] }] },
      field: "series[1].groupBy",
      rule: "series[1].groupBy must be the same as series[0].groupBy",
    },
    {
      name: "seconds",
      args: { ...hour, startTime: 1_767_225_600, series: [oneSeries] },
      field: "startTime",
      rule: "startTime must be a whole number of milliseconds since the epoch",
    },
    {
      name: "end-before-start",
      args: { series: [oneSeries], startTime: hour.endTime, endTime: hour.startTime },
      field: "endTime",
      rule: `endTime must be later than startTime (${hour.endTime}); got ${hour.startTime}`,
    },
    {
      name: "unknown-granularity",
      args: { ...hour, series: [oneSeries], granularity: "3m" },
      field: "granularity",
      rule: "granularity must be one of 30s, 1m, 5m, 10m, 15m, 30m, 1h, 2h, 6h, 12h, 1d, 2d, 7d, 30d, auto",
    },
  ];
}

describe("native plugin: bad input fails at preview with the same words as the dynamic classes", function () {
  this.timeout(600_000);
  let emulator: RunningEmulator;
  let projectDir: string;
  let stack: LocalStack;

  before(async () => {
    emulator = await dedicatedEmulator();
    projectDir = nativeProjectDir("chc-native-bad-input-parity");
    stack = await LocalStack.create({
      projectDir,
      programModule: path.join(__dirname, "programs", "either-way", "index.js"),
      config: { ...stackConfigFor(emulator), ...nativeStackConfig(emulator.fixture) },
    });
  });

  after(async () => {
    await stack?.dispose();
    await emulator?.close();
    fs.rmSync(projectDir, { recursive: true, force: true });
  });

  /** The CLI's output of a preview of `cases` served one way, which must fail before any request. */
  async function failedPreview(served: Served, cases: unknown[]): Promise<string> {
    await stack.stack.setConfig("e2e:served", { value: served });
    await stack.stack.setConfig("e2e:cases", { value: JSON.stringify(cases) });
    await emulator.control.clearRequests();
    const error = await stack.preview().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error, `the ${served} preview should fail`).to.be.instanceOf(Error);
    const sent = (await emulator.control.requests()).map((entry) => `${entry.method} ${entry.path}`);
    expect(sent, `requests sent during the ${served} preview`).to.deep.equal([]);
    return (error as Error).message;
  }

  it("every kind: the engine names the same input and the same rule either way", async () => {
    const cases = resourceCases(emulator.fixture);
    const kinds = new Set(cases.map((testCase) => testCase.kind));
    expect(kinds.size, "kinds covered").to.equal(5);
    for (const [index, testCase] of cases.entries()) {
      const subject = [{ name: `bad-${index}`, kind: testCase.kind, args: testCase.args }];
      for (const served of ["dynamic", "native"] as const) {
        const message = await failedPreview(served, subject);
        const type =
          served === "native"
            ? `clickhouse-cloud:index:${testCase.kind}`
            : `pulumi-nodejs:dynamic/${testCase.kind === "Alert" ? "observability" : "clickhouse"}:${testCase.kind}`;
        const context = `${testCase.title} (${served})`;
        const nested = /[.[]/.test(testCase.field);
        expect(message, context).to.include(
          nested
            ? `${type} resource 'bad-${index}' has a problem: ${testCase.rule}`
            : `${type} resource 'bad-${index}': property ${testCase.field} `,
        );
        expect(message, context).to.include(`has a problem: ${testCase.rule}`);
        if (nested) expect(message, context).to.not.include("<nil>");
      }
    }
  });

  it("getSeries: every query names the same argument and the same rule either way", async () => {
    const cases = seriesCases(emulator.fixture).map((testCase) => ({ ...testCase, kind: "Series" }));
    for (const served of ["dynamic", "native"] as const) {
      const message = await failedPreview(served, cases);
      const lines = message.split("\n");
      for (const testCase of cases) {
        const line = lines.find((text) => text.startsWith(`    ${testCase.name}: `));
        expect(line, `${testCase.name} (${served}) in:\n${message}`).to.be.a("string");
        expect(line, `${testCase.name} (${served})`).to.include(testCase.field).and.include(testCase.rule);
      }
    }
  });
});
