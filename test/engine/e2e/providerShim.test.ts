import * as fs from "node:fs";
import * as path from "node:path";
import axios from "axios";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { LocalStack, type StateResource } from "../../../scripts/lib/localStack";
import { emulatorStackConfig, sharedEmulator } from "../../support/emulator";

const projectDir = path.resolve(__dirname, "../../../../test/engine/e2e/programs/api-key");
const programModule = path.join(__dirname, "programs", "api-key", "index.js");
/**
 * `__provider` as versions up to 0.1.0 wrote it for an ApiKey: seven closures forwarding each call to
 * `require("pulumi-clickhouse-cloud/runtime")(kind)`. States holding it must keep working.
 */
const sevenClosureProvider = fs.readFileSync(
  path.resolve(__dirname, "../../../../test/engine/e2e/fixtures/apiKey-provider-seven-closures.txt"),
  "utf8",
);
/**
 * `__provider` as the next version wrote it: one `configure` that loads `runtime(kind)` and copies its methods
 * onto the shim itself.
 */
const configureLoopProvider = fs.readFileSync(
  path.resolve(__dirname, "../../../../test/engine/e2e/fixtures/apiKey-provider-configure-loop.txt"),
  "utf8",
);
/**
 * `__provider` as the version after that wrote it: Pulumi's serialization of an object whose one `configure` calls
 * `runtime(kind, this, request)`.
 */
const serializedConfigureProvider = fs.readFileSync(
  path.resolve(__dirname, "../../../../test/engine/e2e/fixtures/apiKey-provider-serialized-configure.txt"),
  "utf8",
);

interface ExportedState {
  version: number;
  deployment: { resources: StateResource[] };
}

function keyResource(state: ExportedState): StateResource {
  const key = state.deployment.resources.find((r) => r.type.endsWith(":ApiKey"));
  expect(key, "an ApiKey in state").to.not.equal(undefined);
  return key!;
}

describe("the serialized provider shim", function () {
  this.timeout(300_000);
  let emulator: RunningEmulator;
  let stack: LocalStack;
  const keyName = `shim-key-${process.pid}-${Date.now().toString(36)}`;

  /** The names of the organization's API keys, read from the management API. */
  async function remoteKeyNames(): Promise<string[]> {
    const { fixture } = emulator;
    const response = await axios.get(
      `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/keys`,
      {
        auth: { username: fixture.tokenKey, password: fixture.tokenSecret },
      },
    );
    return (response.data.result as { name: string }[]).map((key) => key.name);
  }

  before(async () => {
    emulator = await sharedEmulator();
    stack = await LocalStack.create({
      projectDir,
      programModule,
      config: {
        ...(await emulatorStackConfig()),
        "e2e:keyName": { value: keyName },
        "e2e:roles": { value: JSON.stringify(["developer"]) },
        "e2e:rotationTrigger": { value: "1" },
      },
    });
  });

  after(async () => {
    await stack?.dispose();
  });

  /** Puts `provider` in place of the ApiKey's `__provider` (both copies), as an older version left it. */
  async function writeProviderText(provider: string): Promise<void> {
    const state = (await stack.exportState()) as unknown as ExportedState;
    const key = keyResource(state);
    key.inputs!.__provider = provider;
    key.outputs!.__provider = provider;
    await stack.stack.importStack(state as never);
    const imported = keyResource((await stack.exportState()) as unknown as ExportedState);
    expect(imported.outputs?.__provider).to.equal(provider);
  }

  it("takes at most 200 B of state per copy, holds one call of the runtime and no method list", async () => {
    await stack.up();
    const key = keyResource((await stack.exportState()) as unknown as ExportedState);
    for (const copy of [key.inputs?.__provider, key.outputs?.__provider]) {
      expect(copy).to.be.a("string");
      expect(JSON.stringify(copy).length).to.be.at.most(200);
      expect(copy).to.include('require("pulumi-clickhouse-cloud/runtime")("ApiKey", this, request)');
      // The methods are the runtime's business: naming them here would cost every resource's state.
      expect(copy).to.not.include('"check"');
      expect(copy).to.not.include("__calls");
    }
  });

  it("still serves refresh and preview of a state written with the serialized configure provider", async () => {
    await writeProviderText(serializedConfigureProvider);
    expect(await stack.refresh()).to.deep.equal({ same: 2 });
    expect(await stack.preview()).to.deep.equal({ same: 2 });
    expect(await remoteKeyNames()).to.include(keyName);
  });

  it("still serves refresh and preview of a state written with the configure-loop provider", async () => {
    await writeProviderText(configureLoopProvider);
    expect(await stack.refresh()).to.deep.equal({ same: 2 });
    expect(await stack.preview()).to.deep.equal({ same: 2 });
    expect(await remoteKeyNames()).to.include(keyName);
  });

  it("still serves refresh, preview and destroy of a state written with the seven-closure provider", async () => {
    await writeProviderText(sevenClosureProvider);
    expect(await stack.refresh()).to.deep.equal({ same: 2 });
    expect(await stack.preview()).to.deep.equal({ same: 2 });
    expect(await remoteKeyNames()).to.include(keyName);
    // Destroy runs on the state alone, so the old provider text serves the delete.
    expect(await stack.destroy()).to.deep.equal({ delete: 2 });
    expect(await remoteKeyNames()).to.not.include(keyName);
  });
});
