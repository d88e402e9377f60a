import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { expect } from "chai";
import * as ts from "typescript";
import type { RunningEmulator } from "../../../emulator";
import { LocalStack } from "../../../scripts/lib/localStack";
import { basicAuth, send } from "../../support/httpRequests";
import { blocksOf } from "../../support/docs/markdown";
import { dedicatedEmulator } from "../../support/emulator";
import { nativeProjectDir, nativeStackConfig } from "../../support/nativeProject";

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, "..", "..", "..", "..");
const sdkPackage = "pulumi-clickhouse-cloud-native";

/**
 * The README's TypeScript example for the native plugin, run as written against the generated Node SDK built
 * as the README says (its TypeScript compiled, with its package.json beside the output) and installed in the
 * program's node_modules.
 */
describe("native plugin: the README's TypeScript example runs on the generated Node SDK", function () {
  this.timeout(300_000);
  let emulator: RunningEmulator;
  let workDir: string;
  let projectDir: string;
  let stack: LocalStack;

  before(async () => {
    emulator = await dedicatedEmulator();
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-native-ts-"));
    const installed = path.join(workDir, "node_modules", sdkPackage);
    // The SDK's `npm run build` is `tsc` with its own tsconfig; this package's TypeScript runs it here.
    await run(
      "npx",
      ["tsc", "-p", path.join(repoRoot, "sdk", "nodejs", "tsconfig.json"), "--outDir", installed],
      {
        cwd: repoRoot,
      },
    );
    fs.copyFileSync(
      path.join(repoRoot, "sdk", "nodejs", "package.json"),
      path.join(installed, "package.json"),
    );
    // The SDK and the engine's inline program must share one @pulumi/pulumi: its runtime state is per module.
    fs.symlinkSync(
      path.join(repoRoot, "node_modules", "@pulumi"),
      path.join(workDir, "node_modules", "@pulumi"),
    );

    const example = blocksOf("README.md").find(
      (block) => block.language === "typescript" && block.content.includes(`from "${sdkPackage}"`),
    );
    expect(example, "the README's TypeScript example for the native plugin").to.not.equal(undefined);
    const programDir = path.join(workDir, "program");
    fs.mkdirSync(programDir);
    const { outputText } = ts.transpileModule(example!.content, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    });
    fs.writeFileSync(path.join(programDir, "index.js"), outputText);

    projectDir = nativeProjectDir("chc-native-typescript");
    stack = await LocalStack.create({
      projectDir,
      programModule: path.join(programDir, "index.js"),
      config: nativeStackConfig(emulator.fixture),
    });
  });

  after(async () => {
    await stack?.dispose();
    await emulator?.close();
    fs.rmSync(projectDir, { recursive: true, force: true });
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it("up creates the key through the plugin and exports its key id; destroy deletes it", async () => {
    const outputs = await stack.up();
    const { fixture } = emulator;
    const keys = await send(
      `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/keys`,
      "GET",
      {
        headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) },
      },
    );
    const created = (
      keys.body.result as Array<{ id: string; name: string; roles: string[]; keySuffix: string }>
    ).filter((key) => key.name === "ci-pipeline");
    expect(created).to.have.length(1);
    expect(created[0].roles).to.deep.equal(["developer"]);
    const keyId = String(outputs.keyId.value);
    expect(keyId.slice(-4)).to.equal(created[0].keySuffix);
    expect((await stack.resources()).map((resource) => resource.type)).to.deep.equal([
      "clickhouse-cloud:index:ApiKey",
    ]);
    await stack.destroy();
    const after = await send(
      `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/keys/${created[0].id}`,
      "GET",
      { headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) } },
    );
    expect(after.status).to.equal(404);
  });
});
