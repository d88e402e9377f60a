/**
 * Measurements that explain figure 1's ratios: the costs our program has and the control has not, or the other
 * way round, each timed on its own.
 * - Serializing the provider into state: the control's program serializes its provider object with Pulumi's
 *   closure serializer (loading it, then once per program run, since its resources share the object); ours
 *   writes its provider module's text and serializes nothing.
 * - Loading the package's runtime (one bundle of the resource modules and the validators compiled at build time)
 *   in the dynamic-provider process, which the engine starts afresh for every command, and its first check of a
 *   resource; then loading the HTTP libraries (their own bundle, required when the first client is made).
 */
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import * as pulumi from "@pulumi/pulumi";
import { benchKinds } from "../programs/ours/settings";
import { summarize, type Summary } from "../stats";

const run = promisify(execFile);
const serializeSamples = 15;
const loadSamples = 3;

export interface OverheadCauses {
  /** ms to serialize a no-op provider like the control's. */
  readonly noopSerializeMs: Summary;
  /** ms to load `pulumi-clickhouse-cloud/runtime` in a fresh Node process that has loaded @pulumi/pulumi. */
  readonly runtimeLoadMs: Summary;
  /** ms to load the runtime and check one resource of each kind, as the first calls of a preview do. */
  readonly runtimeFirstChecksMs: Summary;
  /** ms to load the HTTP libraries' bundle after that, as the first request does. */
  readonly httpLibrariesLoadMs: Summary;
}

export async function measureOverheadCauses(): Promise<OverheadCauses> {
  const noop: pulumi.dynamic.ResourceProvider = {
    async create(inputs) {
      return { id: "noop", outs: inputs };
    },
  };
  return {
    noopSerializeMs: await serializeTimes(() => noop),
    ...(await runtimeLoadTimes()),
  };
}

async function serializeTimes(provider: () => pulumi.dynamic.ResourceProvider): Promise<Summary> {
  const samples: number[] = [];
  for (let i = 0; i < serializeSamples; i++) {
    const object = provider();
    const started = process.hrtime.bigint();
    await pulumi.runtime.serializeFunction(() => object, { allowSecrets: true });
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return summarize(samples);
}

/**
 * Runs where the dynamic provider runs (the program's directory), so the package resolves the same way. The
 * checks get inputs that fail (an empty object): validation runs in full and no input needs to be valid.
 */
async function runtimeLoadTimes(): Promise<
  Pick<OverheadCauses, "runtimeLoadMs" | "runtimeFirstChecksMs" | "httpLibrariesLoadMs">
> {
  const script = [
    'require("@pulumi/pulumi");',
    "const ms = (from) => Number(process.hrtime.bigint() - from) / 1e6;",
    "const started = process.hrtime.bigint();",
    'const runtime = require("pulumi-clickhouse-cloud/runtime");',
    "const loaded = ms(started);",
    `Promise.all(${JSON.stringify(benchKinds)}.map((kind) => runtime(kind).check({}, {})))`,
    "  .then(() => {",
    "    const checked = ms(started);",
    "    const httpStarted = process.hrtime.bigint();",
    // The bundle that the runtime's first HTTP client requires, beside the runtime's own.
    '    require(require("path").join(require("path").dirname(require.resolve("pulumi-clickhouse-cloud/runtime")), "httpModules.js"));',
    "    console.log(JSON.stringify([loaded, checked, ms(httpStarted)]));",
    "  });",
  ].join("\n");
  const cwd = path.resolve(__dirname, "..", "..", "..", "bench", "programs", "ours");
  const load: number[] = [];
  const checks: number[] = [];
  const http: number[] = [];
  for (let i = 0; i < loadSamples; i++) {
    const { stdout } = await run(process.execPath, ["-e", script], { cwd });
    const [loaded, checked, httpLoaded] = JSON.parse(stdout.trim()) as [number, number, number];
    load.push(loaded);
    checks.push(checked);
    http.push(httpLoaded);
  }
  return {
    runtimeLoadMs: summarize(load),
    runtimeFirstChecksMs: summarize(checks),
    httpLibrariesLoadMs: summarize(http),
  };
}
