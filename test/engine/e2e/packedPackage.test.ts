import { execFile, execFileSync, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import axios from "axios";
import { expect } from "chai";
import { pulumiCliDir } from "../../../scripts/lib/pulumiCli";
import { sharedEmulator } from "../../support/emulator";

const repoRoot = path.resolve(__dirname, "..", "..", "..", "..");
const programSources = path.join(__dirname, "programs", "packed");
const pulumiVersion = (
  JSON.parse(fs.readFileSync(require.resolve("@pulumi/pulumi/package.json"), "utf8")) as { version: string }
).version;

/**
 * The package as a user gets it: `npm pack`ed, installed into a project outside the repository, run through the
 * real engine; then the project is moved to another path and the stack is refreshed and destroyed from there,
 * as a pipeline does when `up` and `destroy` run on different runners.
 */
describe("the packed package, installed outside the repository", function () {
  this.timeout(600_000);
  const workRoot = fs.mkdtempSync(path.join(os.tmpdir(), "chc-packed-"));
  const firstCheckout = path.join(workRoot, "checkout-a");
  const secondCheckout = path.join(workRoot, "checkout-b");
  const stackName = "packed";
  let env: NodeJS.ProcessEnv;
  let installOutput = "";

  before(async () => {
    // dist/ is built already; the prepack build of a clean clone is tested by test/process/docs/packaging.test.ts.
    const tarball = execFileSync(
      "npm",
      ["pack", "--silent", "--ignore-scripts", "--pack-destination", workRoot],
      {
        cwd: repoRoot,
        encoding: "utf8",
      },
    ).trim();
    fs.mkdirSync(firstCheckout);
    const manifest = {
      name: "packed-consumer",
      private: true,
      dependencies: {
        "pulumi-clickhouse-cloud": `file:${path.join(workRoot, tarball)}`,
        "@pulumi/pulumi": pulumiVersion,
      },
    };
    fs.writeFileSync(path.join(firstCheckout, "package.json"), JSON.stringify(manifest, null, 2));
    // Warnings are kept: the install must not warn about engines on Node 20.
    const install = spawnSync(
      "npm",
      ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=warn"],
      {
        cwd: firstCheckout,
        encoding: "utf8",
      },
    );
    if (install.status !== 0) throw new Error(`npm install failed:\n${install.stderr}`);
    installOutput = `${install.stdout}${install.stderr}`;
    for (const file of ["index.js", "driver.js"]) {
      fs.copyFileSync(path.join(programSources, file), path.join(firstCheckout, file));
    }
    fs.copyFileSync(
      path.join(repoRoot, "test", "engine", "e2e", "programs", "packed", "Pulumi.yaml"),
      path.join(firstCheckout, "Pulumi.yaml"),
    );

    const { fixture } = await sharedEmulator();
    env = {
      PATH: `${pulumiCliDir()}${path.delimiter}${process.env.PATH ?? ""}`,
      HOME: process.env.HOME,
      PULUMI_BACKEND_URL: `file://${path.join(workRoot, "state")}`,
      PULUMI_CONFIG_PASSPHRASE: "packed-test",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      CLICKHOUSE_API_URL: fixture.managementUrl,
      CLICKHOUSE_ORG_ID: fixture.organizationId,
      CLICKHOUSE_TOKEN_KEY: fixture.tokenKey,
      CLICKHOUSE_TOKEN_SECRET: fixture.tokenSecret,
      PACKED_SERVICE_ID: fixture.services.production,
    };
    fs.mkdirSync(path.join(workRoot, "state"));
  });

  after(() => {
    fs.rmSync(workRoot, { recursive: true, force: true });
  });

  // Asynchronous on purpose: the emulator serving the driver's providers runs in this process.
  async function run(checkout: string, command: string): Promise<unknown> {
    const { stdout } = await promisify(execFile)(
      "node",
      [path.join(checkout, "driver.js"), command, stackName],
      {
        cwd: checkout,
        env,
        encoding: "utf8",
      },
    );
    return JSON.parse(stdout.trim().split("\n").pop()!);
  }

  it("installs on Node 20 without an EBADENGINE warning (fastify's light-my-request pinned to one on cookie 1.x)", () => {
    expect(process.versions.node.split(".")[0]).to.equal("20");
    expect(installOutput).to.not.include("EBADENGINE");
  });

  it("installs with only its declared dependencies and creates a resource through the engine", async () => {
    const outputs = (await run(firstCheckout, "up")) as Record<string, { value: unknown }>;
    expect(outputs.status.value).to.equal("Ready");
    expect(await endpointStatus(String(outputs.endpointId.value))).to.equal(200);
    expect(await run(firstCheckout, "preview")).to.deep.equal({ same: 2 });
  });

  it("keeps a serialized provider that names the package, not a path", async () => {
    const state = (await run(firstCheckout, "state")) as {
      deployment: { resources: { outputs?: Record<string, unknown> }[] };
    };
    const providers = state.deployment.resources
      .map((r) => r.outputs?.__provider)
      .filter(Boolean) as string[];
    expect(providers).to.have.length(1);
    expect(providers[0]).to.include(
      'require("pulumi-clickhouse-cloud/runtime")("ReversePrivateEndpoint", this, request)',
    );
    expect(providers[0]).to.not.include(workRoot);
    expect(providers[0]).to.not.include(repoRoot);
  });

  it("its command `pulumi-clickhouse-cloud orphans` runs from the installed package's bin", async () => {
    const { fixture } = await sharedEmulator();
    const state = (await run(firstCheckout, "state")) as {
      deployment: { resources: { type: string; id?: string }[] };
    };
    const endpoint = state.deployment.resources.find((r) => r.type.endsWith(":ReversePrivateEndpoint"))!;
    const { stdout } = await promisify(execFile)(
      path.join(firstCheckout, "node_modules", ".bin", "pulumi-clickhouse-cloud"),
      ["orphans", "--stack", stackName, "--json"],
      { cwd: firstCheckout, env, encoding: "utf8" },
    );
    const listing = JSON.parse(stdout) as {
      orphans: { kind: string; id: string }[];
      serviceIds: string[];
      notListed: string[];
    };
    expect(listing.serviceIds).to.deep.equal([fixture.services.production]);
    expect(listing.orphans.map((orphan) => orphan.id)).to.not.include(endpoint.id);
    expect(listing.orphans.map((orphan) => orphan.kind)).to.include("ApiKey");
    expect(listing.notListed).to.deep.equal([
      "alerts: no observability API is configured (observability:apiUrl and observability:apiToken, " +
        "or OBSERVABILITY_API_URL and OBSERVABILITY_API_TOKEN)",
    ]);
  });

  it("is refreshed and destroyed from a copy of the project at another path", async () => {
    const outputs = (await run(firstCheckout, "up")) as Record<string, { value: unknown }>;
    fs.cpSync(firstCheckout, secondCheckout, { recursive: true });
    fs.rmSync(firstCheckout, { recursive: true, force: true });
    expect(await run(secondCheckout, "refresh")).to.deep.equal({ same: 2 });
    expect(await run(secondCheckout, "destroy")).to.deep.equal({ delete: 2 });
    expect(await endpointStatus(String(outputs.endpointId.value))).to.equal(404);
  });
});

async function endpointStatus(id: string): Promise<number> {
  const { fixture } = await sharedEmulator();
  const url = `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/services/${fixture.services.production}/dataPipesReversePrivateEndpoints/${id}`;
  const response = await axios.get(url, {
    auth: { username: fixture.tokenKey, password: fixture.tokenSecret },
    validateStatus: () => true,
  });
  return response.status;
}
