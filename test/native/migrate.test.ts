import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "chai";
import { LocalStack, type StateResource } from "../../scripts/lib/localStack";
import { emulatorStackConfig, sharedEmulator } from "../support/emulator";
import { plainStackExport } from "../support/stackExport";
import { nativeProjectDir, nativeStackConfig } from "./support/nativeProject";

/** A stack made with the dynamic classes moves to the native types with an alias, replacing nothing. */
describe("native plugin: a dynamic resource moves to the native type with an alias", function () {
  this.timeout(300_000);
  let projectDir: string;
  let stack: LocalStack;

  async function keyState(): Promise<StateResource | undefined> {
    const exported = JSON.parse(await plainStackExport(stack)) as {
      deployment: { resources?: StateResource[] };
    };
    return (exported.deployment.resources ?? []).find((resource) => resource.urn.endsWith("::key"));
  }

  before(async () => {
    const { fixture } = await sharedEmulator();
    projectDir = nativeProjectDir("chc-native-migrate");
    stack = await LocalStack.create({
      projectDir,
      programModule: path.join(__dirname, "programs", "migrate", "index.js"),
      config: {
        ...(await emulatorStackConfig()),
        ...nativeStackConfig(fixture),
        "e2e:keyName": { value: `migrate-${process.pid}` },
        "e2e:served": { value: "dynamic" },
      },
    });
  });

  after(async () => {
    await stack?.dispose();
    fs.rmSync(projectDir, { recursive: true, force: true });
  });

  it("keeps the key: preview and up report it the same, and its type becomes the native one", async () => {
    const created = await stack.up();
    expect((await keyState())?.type).to.equal("pulumi-nodejs:dynamic/clickhouse:ApiKey");
    await stack.stack.setConfig("e2e:served", { value: "native" });
    expect(await stack.preview()).to.deep.equal({ same: 2 });
    const moved = await stack.up();
    expect(moved.keyUuid.value).to.equal(created.keyUuid.value);
    const state = await keyState();
    expect(state?.type).to.equal("clickhouse-cloud:index:ApiKey");
    expect(state?.id).to.equal(created.keyUuid.value);
  });

  it("after a refresh no provider code is left in state, the secret stays encrypted, and nothing changes", async () => {
    await stack.refresh();
    const state = await keyState();
    expect(JSON.stringify(state)).to.not.include("__provider");
    expect(state?.outputs?.keySecret).to.have.property("ciphertext");
    expect(await stack.preview()).to.deep.equal({ same: 2 });
    await stack.destroy();
  });
});
