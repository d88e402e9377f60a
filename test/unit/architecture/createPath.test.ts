/**
 * How far one create travels through our code: the files whose functions run from the front end's create to the
 * HTTP request, measured by V8's precise coverage around a create of each kind against the emulator. The settings
 * (resolved once per process), the transport with its rate-limit budget and error reading, and the validation of
 * answers are the same for every request of every kind and are counted as what they are, one box each.
 */
import { Session } from "node:inspector/promises";
import * as path from "node:path";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { providerOf } from "../../support/providers";
import { quickSleeps } from "../../support/quickSleeps";
import { providerSession } from "../../../provider/host/session";

// The module object itself, whose `request` the HTTP library looks up on each call: `import * as` gives getters only.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const http = require("node:http") as { request: (...args: unknown[]) => unknown };

const providerRoot = path.resolve(__dirname, "../../../provider");

/** Folders every request of every kind passes through, each counted as one file of the path. */
const sharedBoxes = ["settings", "rest/transport", "rest/budget", "rest/errors", "validation"];

/** The boxes every request of every kind passes through, and the one clock every layer reads. */
function isSharedInfrastructure(file: string): boolean {
  return sharedBoxes.includes(file) || file === "clock.ts";
}

/** The files of ours that ran, relative to provider/, with each shared box as one entry. */
async function filesRunBy(session: Session, action: () => Promise<unknown>): Promise<string[]> {
  await session.post("Profiler.takePreciseCoverage");
  await action();
  const { result } = await session.post("Profiler.takePreciseCoverage");
  const ran = new Set<string>();
  for (const script of result) {
    if (!script.url.startsWith("file://")) continue;
    const file = ours(new URL(script.url).pathname);
    if (file === undefined || !script.functions.some((fn) => fn.ranges[0].count > 0)) continue;
    ran.add(file);
  }
  return [...ran].sort();
}

/** Our file (relative to provider/, a shared box by its folder) of a compiled module's path. */
function ours(compiled: string): string | undefined {
  const file = path.relative(providerRoot, compiled);
  if (file.startsWith("..")) return undefined;
  const box = sharedBoxes.find((folder) => file.startsWith(`${folder}/`));
  return box ?? file.replace(/\.js$/, ".ts");
}

/**
 * The files of ours on the call stack of each HTTP request `action` sends: the chain of calls, awaited ones
 * included, from the front end's create down to the transport.
 */
async function filesOnRequestPaths(action: () => Promise<unknown>): Promise<string[]> {
  const stacks: string[] = [];
  const original = http.request;
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = Infinity;
  http.request = function (this: unknown, ...args: unknown[]) {
    stacks.push(new Error().stack ?? "");
    return original.apply(this, args);
  };
  try {
    await action();
  } finally {
    http.request = original;
    Error.stackTraceLimit = limit;
  }
  const files = new Set<string>();
  for (const stack of stacks) {
    for (const match of stack.matchAll(/\(?(\/[^():]+\.js):\d+:\d+\)?/g)) {
      const file = ours(match[1]);
      if (file !== undefined) files.add(file);
    }
  }
  return [...files].sort();
}

describe("architecture: the awaited call chain of every kind's create, front end to transport, crosses at most 9 files of ours", function () {
  this.timeout(60_000);
  quickSleeps();
  let emulator: RunningEmulator;
  const session = new Session();

  let scalingNow: number | undefined;

  before(async () => {
    emulator = await sharedEmulator();
    await providerOf("ReplicaScaling").configure(await emulatorConfigureRequest());
    const { client, organizationId } = providerSession.management();
    scalingNow =
      (await client.services.get(organizationId, emulator.fixture.services.secondary)).numReplicas ??
      undefined;
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
  });

  after(async () => {
    await session.post("Profiler.stopPreciseCoverage");
    session.disconnect();
  });

  const creates: Record<string, () => Record<string, unknown>> = {
    ApiKey: () => ({ name: `path-${Date.now()}`, roles: ["developer"] }),
    ReversePrivateEndpoint: () => ({
      serviceId: emulator.fixture.services.production,
      type: "VPC_ENDPOINT_SERVICE",
      vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0a1b2c3d4e5f60718",
      description: `path-${Date.now()}`,
    }),
    PrivateEndpoint: () => ({
      serviceId: emulator.fixture.services.production,
      endpointId: `vpce-path${Date.now()}`,
    }),
    // The setting the service has already: the create sends it, and the shared emulator stays as it was.
    ReplicaScaling: () => ({ serviceId: emulator.fixture.services.secondary, numReplicas: scalingNow }),
    Alert: () => ({
      name: `path-${Date.now()}`,
      threshold: 5,
      interval: "5m",
      source: "tile",
      thresholdType: "above",
      channel: { type: "webhook", webhookId: emulator.fixture.webhooks[0].id },
      dashboardId: emulator.fixture.dashboards[0].id,
      tileId: emulator.fixture.dashboards[0].tileIds[0],
    }),
    Webhook: () => ({
      name: `path-${Date.now()}`,
      service: "generic",
      url: "https://hooks.example.com/path",
    }),
    SavedSearch: () => ({ name: `path-${Date.now()}`, sourceId: emulator.fixture.sources[0].id }),
    Dashboard: () => ({
      name: `path-${Date.now()}`,
      tiles: [
        { name: "Errors", x: 0, y: 0, w: 12, h: 4, config: { displayType: "markdown", markdown: "errors" } },
      ],
    }),
    Source: () => ({
      name: `path-${Date.now()}`,
      kind: "log",
      connection: emulator.fixture.connections[0].id,
      from: { databaseName: "default", tableName: "otel_logs" },
      timestampValueExpression: "TimestampTime",
      defaultTableSelectExpression: "Timestamp, Body",
    }),
  };

  for (const [kind, inputs] of Object.entries(creates)) {
    it(kind, async () => {
      const provider = providerOf(kind);
      // The first create loads the modules and resolves the settings; the second is the one measured.
      const first = await provider.create(inputs());
      const made: { id: string; outs?: unknown }[] = [first];
      let onPath: string[] = [];
      const ran = await filesRunBy(session, async () => {
        onPath = await filesOnRequestPaths(async () => made.push(await provider.create(inputs())));
      });
      console.log(`      ${kind}: path ${onPath.length} files: ${onPath.join(", ")}`);
      // The wider count decision record 0007 reports: every file of ours that ran, the transport as one, without the
      // boxes every request of every kind shares (settings, clock, budget, errors, validation), plus the definition.
      const kindFiles = ran.filter((file) => file === "rest/transport" || !isSharedInfrastructure(file));
      console.log(
        `      ${kind}: ran ${kindFiles.length} files and the kind's definition: ${kindFiles.join(", ")}`,
      );
      expect(onPath, onPath.join(", ")).to.have.length.at.most(9);
      for (const { id, outs } of made) await provider.delete(id, (outs ?? {}) as never);
    });
  }
});
