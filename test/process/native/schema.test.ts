import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { expect } from "chai";
import { schemaPath, schemaText } from "../../../scripts/generate/schema";

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, "..", "..", "..", "..");
const sdkDir = path.join(repoRoot, "sdk");

interface Schema {
  name: string;
  version: string;
  config: { variables: Record<string, { secret?: boolean }> };
  provider: { inputProperties: Record<string, { secret?: boolean }> };
  resources: Record<
    string,
    {
      inputProperties: Record<string, { secret?: boolean }>;
      properties: Record<string, { secret?: boolean }>;
    }
  >;
  functions: Record<string, unknown>;
}

/** Runs the SDK tool (Pulumi's binder and generators, built from tools/sdkgen) with `args`. */
function sdkgen(...args: string[]) {
  return run("bash", [path.join(repoRoot, "scripts", "sdkgen.sh"), ...args], {
    cwd: repoRoot,
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** Every file under `dir`, by path relative to it, with its content. */
function filesUnder(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, full), fs.readFileSync(full, "utf8"));
  }
  return files;
}

describe("native plugin: schema.json and the generated SDKs", function () {
  this.timeout(600_000);
  const schema = JSON.parse(fs.readFileSync(schemaPath, "utf8")) as Schema;

  it("schema.json is what the resource definitions make (run `npm run generate` after changing one)", () => {
    expect(fs.readFileSync(schemaPath, "utf8")).to.equal(schemaText());
  });

  it("names the package, its twenty-one resources, its seven functions and the twelve settings, credentials secret", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
      version: string;
    };
    expect(schema.name).to.equal("clickhouse-cloud");
    expect(schema.version).to.equal(manifest.version);
    expect(Object.keys(schema.resources).sort()).to.deep.equal([
      "clickhouse-cloud:index:Alert",
      "clickhouse-cloud:index:ApiKey",
      "clickhouse-cloud:index:ClickPipe",
      "clickhouse-cloud:index:ClickPipesCdcScaling",
      "clickhouse-cloud:index:Dashboard",
      "clickhouse-cloud:index:Invitation",
      "clickhouse-cloud:index:Member",
      "clickhouse-cloud:index:OrganizationSettings",
      "clickhouse-cloud:index:PrivateEndpoint",
      "clickhouse-cloud:index:ReplicaScaling",
      "clickhouse-cloud:index:ReversePrivateEndpoint",
      "clickhouse-cloud:index:Role",
      "clickhouse-cloud:index:RoleAssignment",
      "clickhouse-cloud:index:SavedSearch",
      "clickhouse-cloud:index:ScalingSchedule",
      "clickhouse-cloud:index:Service",
      "clickhouse-cloud:index:ServiceClickHouseSettings",
      "clickhouse-cloud:index:ServiceQueryEndpoint",
      "clickhouse-cloud:index:Source",
      "clickhouse-cloud:index:UpgradeWindow",
      "clickhouse-cloud:index:Webhook",
    ]);
    expect(Object.keys(schema.functions)).to.deep.equal([
      "clickhouse-cloud:index:getPrivateEndpointConfig",
      "clickhouse-cloud:index:getSeries",
      "clickhouse-cloud:index:getOrganization",
      "clickhouse-cloud:index:getRoles",
      "clickhouse-cloud:index:getService",
      "clickhouse-cloud:index:getServices",
      "clickhouse-cloud:index:getMembers",
    ]);
    const settings = [
      "organizationId",
      "tokenKey",
      "tokenSecret",
      "apiUrl",
      "throttle",
      "apiDialect",
      "observabilityApiUrl",
      "observabilityApiToken",
      "observabilityThrottle",
      "sharedBudget",
      "clickstackServiceId",
      "observabilityApiDialect",
    ];
    for (const bag of [schema.config.variables, schema.provider.inputProperties]) {
      expect(Object.keys(bag)).to.have.members(settings);
      const secret = Object.keys(bag).filter((name) => bag[name].secret);
      // A Redis URL of the shared budget may carry a password.
      expect(secret).to.have.members(["tokenSecret", "observabilityApiToken", "sharedBudget"]);
    }
    const apiKey = schema.resources["clickhouse-cloud:index:ApiKey"];
    expect(apiKey.properties.keySecret.secret).to.equal(true);
    expect(apiKey.inputProperties.keyId.secret).to.equal(true);
    expect(apiKey.inputProperties.keySecret.secret).to.equal(true);
  });

  it("binds with Pulumi's schema binder; a schema with a dangling type reference does not", async () => {
    await sdkgen("-check");
    const broken = JSON.parse(fs.readFileSync(schemaPath, "utf8")) as Schema;
    (broken.resources["clickhouse-cloud:index:ApiKey"].inputProperties as Record<string, unknown>).state = {
      $ref: "#/types/clickhouse-cloud:index:NoSuchType",
    };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-schema-"));
    try {
      const brokenPath = path.join(dir, "schema.json");
      fs.writeFileSync(brokenPath, JSON.stringify(broken));
      const failure = await sdkgen("-check", "-schema", brokenPath).then(
        () => undefined,
        (error: { stderr: string }) => error,
      );
      expect(failure, "the binder accepted a dangling reference").to.not.equal(undefined);
      expect(failure?.stderr).to.include("NoSuchType");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("sdk/ is what Pulumi's generators make from schema.json (run `npm run sdk` after changing it)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-sdk-"));
    try {
      await sdkgen("-out", dir);
      const generated = filesUnder(dir);
      const checkedIn = filesUnder(sdkDir);
      expect([...checkedIn.keys()].sort()).to.deep.equal([...generated.keys()].sort());
      for (const [file, content] of generated) expect(checkedIn.get(file), file).to.equal(content);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the Node SDK type-checks against this package's @pulumi/pulumi", async () => {
    await run("npx", ["tsc", "--noEmit", "-p", path.join(sdkDir, "nodejs", "tsconfig.json")], {
      cwd: repoRoot,
    });
  });

  it("the Python SDK compiles", async () => {
    const pyFiles = [...filesUnder(path.join(sdkDir, "python")).keys()].filter((file) =>
      file.endsWith(".py"),
    );
    expect(pyFiles).to.include("pulumi_clickhouse_cloud/api_key.py");
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), "chc-pycache-"));
    try {
      await run("python3", ["-m", "py_compile", ...pyFiles], {
        cwd: path.join(sdkDir, "python"),
        // Bytecode goes to a temporary directory, not beside the checked-in sources.
        env: { ...process.env, PYTHONPYCACHEPREFIX: cache },
      });
    } finally {
      fs.rmSync(cache, { recursive: true, force: true });
    }
  });
});
