import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { expect } from "chai";
import { parse as parseYaml } from "yaml";
import { schemaPath } from "../../../scripts/generate/schema";

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, "..", "..", "..", "..");
const examples = path.join(repoRoot, "examples");

interface ResourceSchema {
  inputProperties: Record<string, unknown>;
  requiredInputs: string[];
}

/**
 * The examples in other languages, checked as far as this machine allows: it has no Python or Go language host.
 * The YAML example also runs for real (yamlExample.test.ts).
 */
describe("native plugin: the Go, Python and YAML examples", function () {
  this.timeout(600_000);

  it("the Go example builds against the generated Go SDK", async () => {
    await run("go", ["vet", "."], { cwd: path.join(examples, "native-go") });
  });

  it("the Python example compiles", async () => {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), "chc-pycache-"));
    try {
      await run("python3", ["-m", "py_compile", path.join(examples, "native-python", "__main__.py")], {
        env: { ...process.env, PYTHONPYCACHEPREFIX: cache },
      });
    } finally {
      fs.rmSync(cache, { recursive: true, force: true });
    }
  });

  it("the YAML example uses only types and inputs the plugin's schema declares, and sets every required one", () => {
    const schema = JSON.parse(fs.readFileSync(schemaPath, "utf8")) as {
      resources: Record<string, ResourceSchema>;
    };
    const program = parseYaml(fs.readFileSync(path.join(examples, "native-yaml", "Pulumi.yaml"), "utf8")) as {
      resources: Record<string, { type: string; properties: Record<string, unknown> }>;
    };
    const declared = Object.values(program.resources);
    expect(declared.map((resource) => resource.type)).to.deep.equal([
      "clickhouse-cloud:index:ApiKey",
      "clickhouse-cloud:index:Alert",
      "clickhouse-cloud:index:Source",
      "clickhouse-cloud:index:Webhook",
      "clickhouse-cloud:index:SavedSearch",
      "clickhouse-cloud:index:Dashboard",
      "clickhouse-cloud:index:Alert",
      "clickhouse-cloud:index:Alert",
    ]);
    for (const { type, properties } of declared) {
      const resource = schema.resources[type];
      expect(Object.keys(resource.inputProperties), type).to.include.members(Object.keys(properties));
      expect(Object.keys(properties), type).to.include.members(resource.requiredInputs);
    }
  });
});
