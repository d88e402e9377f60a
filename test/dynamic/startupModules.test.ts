import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { expect } from "chai";

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, "..", "..", "..");

/**
 * What the dynamic-provider process loads before it sends anything: the runtime by package name, then a check of
 * valid and invalid inputs, as a preview does. Prints the check's failures and the libraries in require.cache.
 */
const script = `
  const runtime = require("pulumi-clickhouse-cloud/runtime");
  const provider = runtime("ApiKey");
  Promise.all([
    provider.check({}, { name: "key", roles: ["developer"] }),
    provider.check({}, { name: "", roles: ["developer"] }),
  ]).then(([good, bad]) => {
    const libraries = Object.keys(require.cache)
      .map((file) => /node_modules[\\\\/]((?:@[^\\\\/]+[\\\\/])?[^\\\\/]+)[\\\\/](.*)$/.exec(file))
      .filter(Boolean)
      .map(([, name, rest]) => name + "/" + rest.replace(/\\\\/g, "/"));
    console.log(JSON.stringify({ good: good.failures, bad: bad.failures, libraries }));
  });`;

describe("the provider process before its first request", () => {
  it("checks inputs without loading axios or ajv's schema compiler", async function () {
    this.timeout(30_000);
    const { stdout } = await run(process.execPath, ["-e", script], { cwd: repoRoot });
    const { good, bad, libraries } = JSON.parse(stdout) as {
      good: unknown[];
      bad: { property: string; reason: string }[];
      libraries: string[];
    };
    expect(good).to.deep.equal([]);
    expect(bad.map((failure) => failure.property)).to.deep.equal(["name"]);
    expect(libraries.filter((file) => file.startsWith("axios"))).to.deep.equal([]);
    // Only ajv's small run-time helpers, which the validators compiled at build time call.
    expect(
      libraries.filter((file) => file.startsWith("ajv/") && !file.startsWith("ajv/dist/runtime/")),
    ).to.deep.equal([]);
  });
});
