import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { expect } from "chai";
import { repoRoot } from "../../support/programs";

/** The README's main job, `npm run demo`, as a newcomer runs it (after the bootstrap `npm test` already did). */
describe("the demo (npm run demo)", function () {
  this.timeout(600_000);

  it("creates every resource, charts the series, previews no changes, destroys, and exits 0", async () => {
    const { stdout } = await promisify(execFile)(
      "node",
      [path.join(repoRoot, "dist", "scripts", "demo.js")],
      {
        cwd: repoRoot,
        env: process.env,
        maxBuffer: 32 * 1024 * 1024,
      },
    );
    for (const kind of ["ReversePrivateEndpoint", "ReplicaScaling", "ApiKey", "PrivateEndpoint", "Alert"]) {
      expect(stdout).to.match(new RegExp(`dynamic/\\w+:${kind} \\S+ created`));
    }
    expect(stdout).to.include("apiKeySecret                     [secret]");
    expect(stdout).to.match(/last full week \(daily buckets\)\n[\s\S]*┤/);
    expect(stdout).to.include("=== pulumi preview (expect no changes)");
    expect(stdout).to.match(/\nno changes\n/);
    expect(stdout).to.match(/- 6 deleted/);
    // The demo removes the stack itself, so the CLI's advice to `pulumi stack rm` it must not reach the user.
    expect(stdout).to.include("stack `demo` destroyed and removed");
    expect(stdout).to.not.include("pulumi stack rm");
    // The real-API hint sets the key id the way the CLI accepts it.
    expect(stdout).to.include("pulumi config set --plaintext clickhouse:tokenKey '<key id>'");
    for (const leftover of [".pulumi-state/demo", "examples/quickstart/Pulumi.demo.yaml"]) {
      expect(fs.existsSync(path.join(repoRoot, leftover)), leftover).to.equal(false);
    }
  });
});
