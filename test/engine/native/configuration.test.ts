import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { LocalStack } from "../../../scripts/lib/localStack";
import { basicAuth, send } from "../../support/httpRequests";
import { sharedEmulator } from "../../support/emulator";
import { nativeProjectDir } from "../../support/nativeProject";

const programModule = path.join(__dirname, "programs", "one-key", "index.js");

/** The plugin's settings come from the `clickhouse-cloud` config namespace, else from the same env vars as before. */
describe("native plugin: configuration", function () {
  this.timeout(300_000);
  let emulator: RunningEmulator;
  let projectDir: string;
  const stacks: LocalStack[] = [];

  async function stackWith(config: Record<string, string>, env: Record<string, string>): Promise<LocalStack> {
    const stack = await LocalStack.create({
      projectDir,
      programModule,
      config: Object.fromEntries(Object.entries(config).map(([key, value]) => [key, { value }])),
      env,
    });
    stacks.push(stack);
    return stack;
  }

  async function failure(operation: Promise<unknown>): Promise<string> {
    const error = await operation.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error, "the operation should fail").to.be.instanceOf(Error);
    return String((error as Error).message);
  }

  before(async () => {
    emulator = await sharedEmulator();
    projectDir = nativeProjectDir("chc-native-configuration");
  });

  after(async () => {
    for (const stack of stacks) await stack.dispose();
    fs.rmSync(projectDir, { recursive: true, force: true });
  });

  it("without stack config, the environment variables connect it", async () => {
    const { fixture } = emulator;
    const stack = await stackWith(
      { "e2e:keyName": `env-only-${process.pid}` },
      {
        CLICKHOUSE_API_URL: fixture.managementUrl,
        CLICKHOUSE_ORG_ID: fixture.organizationId,
        CLICKHOUSE_TOKEN_KEY: fixture.tokenKey,
        CLICKHOUSE_TOKEN_SECRET: fixture.tokenSecret,
        CLICKHOUSE_THROTTLE: "off",
      },
    );
    const outputs = await stack.up();
    const key = await send(
      `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/keys/${String(outputs.keyUuid.value)}`,
      "GET",
      { headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) } },
    );
    expect(key.body.result).to.include({ name: `env-only-${process.pid}` });
    await stack.destroy();
  });

  it("a missing setting names the plugin's config key and the env var, and how to set them", async () => {
    const { fixture } = emulator;
    const stack = await stackWith(
      {
        "e2e:keyName": `missing-${process.pid}`,
        "clickhouse-cloud:apiUrl": fixture.managementUrl,
        "clickhouse-cloud:organizationId": fixture.organizationId,
        "clickhouse-cloud:tokenKey": fixture.tokenKey,
      },
      // Empty counts as unset: whatever the caller's shell exports, the secret is missing.
      { CLICKHOUSE_TOKEN_SECRET: "" },
    );
    const message = await failure(stack.up());
    expect(message).to.include("clickhouse-cloud:tokenSecret (or env CLICKHOUSE_TOKEN_SECRET): missing");
    expect(message).to.include("pulumi config set --secret clickhouse-cloud:tokenSecret");
    expect(message).to.not.include("clickhouse:tokenSecret");
    // A stack configured for the TypeScript classes (or by `configure` without --plugin) is told why and what to run.
    expect(message).to.include("The plugin reads only clickhouse-cloud:* keys");
    expect(message).to.include("`npx pulumi-clickhouse-cloud-emulator configure --fixture <file> --plugin`");
  });

  it("a preview with a missing setting succeeds, warning of the plugin's key and the command that sets it", async () => {
    const { fixture } = emulator;
    const stack = await stackWith(
      {
        "e2e:keyName": `preview-missing-${process.pid}`,
        "clickhouse-cloud:apiUrl": fixture.managementUrl,
        "clickhouse-cloud:organizationId": fixture.organizationId,
        "clickhouse-cloud:tokenKey": fixture.tokenKey,
      },
      { CLICKHOUSE_TOKEN_SECRET: "" },
    );
    // The stack and the key; the preview sends nothing, so it cannot fail on the missing secret.
    expect(await stack.preview()).to.deep.equal({ create: 2 });
    const log = stack.logs[stack.logs.length - 1];
    const output = `${log.stdout}\n${log.stderr}`;
    expect(output).to.include("warning: the settings of the management API are incomplete");
    expect(output).to.include(
      "clickhouse-cloud:tokenSecret (or env CLICKHOUSE_TOKEN_SECRET): missing; run " +
        "`pulumi config set --secret clickhouse-cloud:tokenSecret <key-secret>`",
    );
    expect(output).to.not.include("clickhouse:tokenSecret");
    expect(output).to.not.include("clickhouse-cloud:tokenKey (or env");
  });

  it("a URL that is not one fails the preview naming the setting, before any request", async () => {
    const stack = await stackWith(
      { "e2e:keyName": `bad-url-${process.pid}`, "clickhouse-cloud:apiUrl": "api.clickhouse.cloud" },
      {},
    );
    await emulator.control.clearRequests();
    const message = await failure(stack.preview());
    expect(message).to.include('clickhouse-cloud:apiUrl is not a valid URL: "api.clickhouse.cloud"');
    expect(await emulator.control.requests()).to.deep.equal([]);
  });

  it("a shared budget that is not a Redis URL fails the preview naming the setting, never its password", async () => {
    // Set as a secret, as the README says: the engine shows a plaintext config value in its own error line.
    const stack = await LocalStack.create({
      projectDir,
      programModule,
      config: {
        "e2e:keyName": { value: `bad-budget-${process.pid}` },
        "clickhouse-cloud:sharedBudget": {
          value: "https://user:hunter2@redis.example.com:6379",
          secret: true,
        },
      },
    });
    stacks.push(stack);
    await emulator.control.clearRequests();
    const message = await failure(stack.preview());
    expect(message).to.include("clickhouse-cloud:sharedBudget: must be");
    expect(message).to.include("whose scheme is not redis or rediss");
    expect(message).to.not.include("hunter2");
    expect(await emulator.control.requests()).to.deep.equal([]);
  });
});
