import axios from "axios";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { LocalStack, type StateResource } from "../../../scripts/lib/localStack";
import { emulatorStackConfig, sharedEmulator } from "../../support/emulator";
import { placesSecretsMustNotBe, plainStackExport } from "../../support/stackExport";
import { testProgram } from "../../support/programs";

const { projectDir, programModule } = testProgram("e2e", "api-key");

/**
 * A key made from a key id and secret the program chose, given as secret config: through the real engine, the
 * key authenticates with them, a preview sees no change, and neither appears in plain text anywhere on disk or in
 * the engine's output.
 */
describe("ApiKey from the program's own key id and secret, through the real engine", function () {
  this.timeout(300_000);
  let emulator: RunningEmulator;
  let stack: LocalStack;
  const unique = `${process.pid}${Date.now().toString(36)}`;
  const keyId = `OwnKeyId${unique}`;
  const keySecret = `4b1dOwnSecret-${unique}-never-in-plain-text`;
  let keyUuid = "";

  before(async () => {
    emulator = await sharedEmulator();
    stack = await LocalStack.create({
      projectDir,
      programModule,
      config: {
        ...(await emulatorStackConfig()),
        "e2e:keyName": { value: `e2e-own-${unique}` },
        "e2e:roles": { value: JSON.stringify(["developer"]) },
        "e2e:keyId": { value: keyId, secret: true },
        "e2e:keySecret": { value: keySecret, secret: true },
      },
    });
  });

  after(async () => {
    await stack?.dispose();
  });

  it("up creates the key; its credentials are secret outputs and authenticate against the API", async () => {
    const outputs = await stack.up();
    keyUuid = String(outputs.keyUuid.value);
    expect(outputs.keySuffix.value).to.equal(keyId.slice(-4));
    expect(outputs.keyId).to.deep.include({ value: keyId, secret: true });
    expect(outputs.keySecret).to.deep.include({ value: keySecret, secret: true });
    expect(await authenticate(keyId, keySecret)).to.equal(200);
    expect(await authenticate(keyId, `${keySecret}x`)).to.equal(401);
  });

  it("preview shows no changes, nor does a refresh, after which preview still shows none", async () => {
    expect(await stack.preview()).to.deep.equal({ same: 2 });
    expect(await stack.refresh()).to.deep.equal({ same: 2 });
    expect(await stack.preview()).to.deep.equal({ same: 2 });
  });

  it("keeps the key id and secret out of the exported state, the backend's files and the engine's output", async () => {
    const places = await placesSecretsMustNotBe(stack);
    expect(places[0][1]).to.include(keyUuid);
    for (const [place, text] of places) {
      for (const value of [keySecret, keyId])
        expect(text.includes(value), `a credential in plain text in ${place}`).to.equal(false);
    }
    const exported = JSON.parse(await plainStackExport(stack)) as {
      deployment: { resources: StateResource[] };
    };
    const key = exported.deployment.resources.find((r) => r.type.endsWith(":ApiKey"));
    for (const name of ["keyId", "keySecret"])
      expect(key?.inputs?.[name], name).to.have.property("ciphertext");
    for (const name of ["keyId", "keySecret", "hashData"])
      expect(key?.outputs?.[name], name).to.have.property("ciphertext");
  });

  it("destroy deletes the key, and its credentials stop working", async () => {
    await stack.destroy();
    const url = `${emulator.fixture.managementUrl}/v1/organizations/${emulator.fixture.organizationId}/keys/${keyUuid}`;
    const auth = { username: emulator.fixture.tokenKey, password: emulator.fixture.tokenSecret };
    expect((await axios.get(url, { auth, validateStatus: () => true })).status).to.equal(404);
    expect(await authenticate(keyId, keySecret)).to.equal(401);
  });

  async function authenticate(id: string, secret: string): Promise<number> {
    const url = `${emulator.fixture.managementUrl}/v1/organizations/${emulator.fixture.organizationId}`;
    return (await axios.get(url, { auth: { username: id, password: secret }, validateStatus: () => true }))
      .status;
  }
});
