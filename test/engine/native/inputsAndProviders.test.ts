import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "chai";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { LocalStack, type StateResource } from "../../../scripts/lib/localStack";
import { basicAuth, send } from "../../support/httpRequests";
import { sharedEmulator } from "../../support/emulator";
import { placesSecretsMustNotBe, plainStackExport } from "../../support/stackExport";
import { nativeProjectDir, nativeStackConfig } from "../../support/nativeProject";

async function keyOf(emulator: RunningEmulator, uuid: string) {
  const { fixture } = emulator;
  return send(`${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/keys/${uuid}`, "GET", {
    headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) },
  });
}

async function stateResources(stack: LocalStack): Promise<StateResource[]> {
  const exported = JSON.parse(await plainStackExport(stack)) as {
    deployment: { resources?: StateResource[] };
  };
  return exported.deployment.resources ?? [];
}

describe("native plugin: two organizations in one program", function () {
  this.timeout(300_000);
  let first: RunningEmulator;
  let second: RunningEmulator;
  let projectDir: string;
  let stack: LocalStack;
  const ownKeyId = `own-key-${process.pid}`;
  const ownKeySecret = `own-secret-${Date.now().toString(36)}-never-in-state`;

  before(async () => {
    first = await sharedEmulator();
    second = await startEmulator({ port: 0 });
    projectDir = nativeProjectDir("chc-native-two-organizations");
    stack = await LocalStack.create({
      projectDir,
      programModule: path.join(__dirname, "programs", "two-organizations", "index.js"),
      config: {
        ...nativeStackConfig(first.fixture),
        "e2e:keyName": { value: `native-two-${process.pid}` },
        "e2e:secondApiUrl": { value: second.fixture.managementUrl },
        "e2e:secondOrganizationId": { value: second.fixture.organizationId },
        "e2e:secondTokenKey": { value: second.fixture.tokenKey },
        "e2e:secondTokenSecret": { value: second.fixture.tokenSecret, secret: true },
        "e2e:ownKeyId": { value: ownKeyId },
        // Secret in the stack config, yet read by the program with `config.require`, so its input is not marked.
        "e2e:ownKeySecret": { value: ownKeySecret, secret: true },
      },
    });
  });

  after(async () => {
    await stack?.dispose();
    await second?.close();
    fs.rmSync(projectDir, { recursive: true, force: true });
  });

  it("each provider creates its key in its own organization", async () => {
    const outputs = await stack.up();
    expect(first.fixture.organizationId).to.not.equal(second.fixture.organizationId);
    expect(outputs.firstOrganization.value).to.equal(first.fixture.organizationId);
    expect(outputs.secondOrganization.value).to.equal(second.fixture.organizationId);
    const firstUuid = String(outputs.firstKeyUuid.value);
    const secondUuid = String(outputs.secondKeyUuid.value);
    expect((await keyOf(first, firstUuid)).status).to.equal(200);
    expect((await keyOf(second, firstUuid)).status).to.equal(404);
    const own = await keyOf(second, secondUuid);
    expect(own.status).to.equal(200);
    expect(own.body.result).to.include({ keySuffix: ownKeyId.slice(-4) });
    expect((await keyOf(first, secondUuid)).status).to.equal(404);
  });

  it("keeps credentials the program left unmarked secret in inputs and outputs", async () => {
    const own = (await stateResources(stack)).find((resource) => resource.urn.endsWith("::second-key"));
    for (const bag of [own?.inputs, own?.outputs]) {
      expect(bag?.keyId).to.have.property("ciphertext");
      expect(bag?.keySecret).to.have.property("ciphertext");
    }
    expect(own?.outputs?.hashData).to.have.property("ciphertext");
    for (const [place, text] of await placesSecretsMustNotBe(stack)) {
      for (const secret of [ownKeySecret, second.fixture.tokenSecret]) {
        expect(text.includes(secret), `a secret in plain text in ${place}`).to.equal(false);
      }
    }
  });

  it("preview shows no changes, and destroy deletes both keys", async () => {
    const outputs = await stack.stack.outputs();
    expect(await stack.preview()).to.deep.equal({ same: 4 });
    await stack.destroy();
    expect((await keyOf(first, String(outputs.firstKeyUuid.value))).status).to.equal(404);
    expect((await keyOf(second, String(outputs.secondKeyUuid.value))).status).to.equal(404);
  });
});

describe("native plugin: bad input fails at preview with the check's words, before any request", function () {
  this.timeout(300_000);
  let emulator: RunningEmulator;
  let projectDir: string;
  let stack: LocalStack;

  before(async () => {
    emulator = await sharedEmulator();
    projectDir = nativeProjectDir("chc-native-bad-input");
    stack = await LocalStack.create({
      projectDir,
      programModule: path.join(__dirname, "programs", "bad-input", "index.js"),
      config: {
        ...nativeStackConfig(emulator.fixture),
        "e2e:sourceId": { value: emulator.fixture.sources[0].id },
        "e2e:case": { value: "resource" },
      },
    });
  });

  after(async () => {
    await stack?.dispose();
    fs.rmSync(projectDir, { recursive: true, force: true });
  });

  async function failedPreview(): Promise<string> {
    await emulator.control.clearRequests();
    const error = await stack.preview().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error, "preview should fail").to.be.instanceOf(Error);
    expect(await emulator.control.requests(), "requests sent").to.deep.equal([]);
    return String((error as Error).message);
  }

  it("an API key with a role that does not exist", async () => {
    const message = await failedPreview();
    expect(message).to.include('roles[0] must be one of admin, developer, query_endpoints; got "root"');
  });

  it("a series query whose start is in seconds", async () => {
    await stack.stack.setConfig("e2e:case", { value: "series" });
    const message = await failedPreview();
    expect(message).to.include("startTime must be a whole number of milliseconds since the epoch");
    expect(message).to.include("a time in seconds such as 1700000000 is too small");
  });
});
