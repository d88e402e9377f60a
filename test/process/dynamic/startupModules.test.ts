import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { expect } from "chai";

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, "..", "..", "..", "..");
const runtimeDir = path.join(repoRoot, "dist", "runtime");

/** Runs `script` in a fresh Node process in the repository and parses the JSON it prints. */
async function inFreshProcess<T>(script: string): Promise<T> {
  const { stdout } = await run(process.execPath, ["-e", script], { cwd: repoRoot });
  return JSON.parse(stdout) as T;
}

/**
 * What the dynamic-provider process loads before it sends anything: the runtime by package name, then a check of
 * valid and invalid inputs, as a preview does. Prints the check's failures and every file in require.cache.
 */
const checkScript = `
  const runtime = require("pulumi-clickhouse-cloud/runtime");
  const provider = runtime("ApiKey");
  Promise.all([
    provider.check({}, { name: "key", roles: ["developer"] }),
    provider.check({}, { name: "", roles: ["developer"] }),
  ]).then(([good, bad]) => {
    console.log(JSON.stringify({
      resolved: require.resolve("pulumi-clickhouse-cloud/runtime"),
      good: good.failures,
      bad: bad.failures,
      loaded: Object.keys(require.cache),
    }));
  });`;

describe("the provider process before its first request", () => {
  it("runs the runtime's one-file bundle and checks inputs without loading the HTTP libraries", async function () {
    this.timeout(30_000);
    const { resolved, good, bad, loaded } = await inFreshProcess<{
      resolved: string;
      good: unknown[];
      bad: { property: string; reason: string }[];
      loaded: string[];
    }>(checkScript);
    expect(resolved).to.equal(path.join(runtimeDir, "index.js"));
    expect(good).to.deep.equal([]);
    expect(bad.map((failure) => failure.property)).to.deep.equal(["name"]);
    // One file: no module of this package's sources and none from node_modules (ajv's run-time helpers, which
    // the validators compiled at build time call, are inside); the HTTP libraries' bundle is not loaded yet.
    expect(loaded).to.deep.equal([path.join(runtimeDir, "index.js")]);
  });

  it("loads the HTTP libraries from their own bundle, which needs nothing from node_modules", async function () {
    this.timeout(30_000);
    const { loaded, exported } = await inFreshProcess<{ loaded: string[]; exported: string[] }>(`
      const modules = require("./dist/runtime/httpModules.js");
      console.log(JSON.stringify({
        loaded: Object.keys(require.cache),
        exported: Object.keys(modules).map((name) => name + ":" + typeof modules[name]),
      }));`);
    expect(loaded).to.deep.equal([path.join(runtimeDir, "httpModules.js")]);
    expect(exported).to.have.members(["axios:function", "axiosRetry:function"]);
  });
});
