import axios from "axios";
import { expect } from "chai";
import type { RequestLogEntry, RunningEmulator } from "../../../emulator";
import { LocalStack, type StateResource } from "../../../scripts/lib/localStack";
import { emulatorStackConfig, forEachDialect, sharedEmulator } from "../../support/emulator";
import { placesSecretsMustNotBe, plainStackExport } from "../../support/stackExport";
import { testProgram } from "../../support/programs";
const { projectDir, programModule } = testProgram("e2e", "api-key");

interface RemoteKey {
  id: string;
  name: string;
  roles: string[];
  state: string;
}

/**
 * One stack through the real engine, step by step: each test builds on the stack the previous one left, as a
 * user's `up`, `preview`, `refresh` and `destroy` would.
 */
forEachDialect((dialect) =>
  describe(`ApiKey through the real engine (${dialect} wire)`, function () {
    this.timeout(300_000);
    let emulator: RunningEmulator;
    let stack: LocalStack;
    const keyName = `e2e-key-${process.pid}-${Date.now().toString(36)}`;
    /** Every keySecret the stack has had; none may ever appear in plain text in the exported state. */
    const secretsSeen: string[] = [];
    let keyUuid = "";

    before(async () => {
      emulator = await sharedEmulator(dialect);
      stack = await LocalStack.create({
        projectDir,
        programModule,
        config: {
          ...(await emulatorStackConfig(dialect)),
          "e2e:keyName": { value: keyName },
          "e2e:roles": { value: JSON.stringify(["developer"]) },
          "e2e:rotationTrigger": { value: "1" },
        },
      });
    });

    after(async () => {
      await stack?.dispose();
    });

    it("up creates the key with its outputs, and the emulator has it", async () => {
      const outputs = await stack.up();
      keyUuid = String(outputs.keyUuid.value);
      expect(outputs.name.value).to.equal(keyName);
      expect(outputs.roles.value).to.deep.equal(["developer"]);
      expect(outputs.state.value).to.equal("enabled");
      expect(outputs.keyId.value)
        .to.be.a("string")
        .and.match(new RegExp(`${outputs.keySuffix.value}$`));
      expect(outputs.createdAt.value).to.be.a("string");
      expect(outputs.keySecret.secret).to.equal(true);
      const remote = await getKey(keyUuid);
      expect(remote).to.include({ name: keyName, state: "enabled" });
    });

    it("keeps the key secret and the stack's credentials out of the exported state, yet --show-secrets has it", async () => {
      const outputs = await stack.stack.outputs();
      const keySecret = String(outputs.keySecret.value);
      secretsSeen.push(keySecret);
      await expectStateHidesSecrets();
      const state = await keyState();
      expect(state.outputs?.keySecret).to.have.property("ciphertext");
      expect(await authenticate(String(outputs.keyId.value), keySecret)).to.equal(200);
    });

    it("preview shows no changes", async () => {
      expect(await stack.preview()).to.deep.equal({ same: 2 });
    });

    it("a rename and a role change update the same key in place", async () => {
      await stack.stack.setConfig("e2e:keyName", { value: `${keyName}-renamed` });
      await stack.stack.setConfig("e2e:roles", { value: JSON.stringify(["admin", "query_endpoints"]) });
      const outputs = await stack.up();
      expect(outputs.keyUuid.value).to.equal(keyUuid);
      const remote = await getKey(keyUuid);
      expect(remote.name).to.equal(`${keyName}-renamed`);
      expect(remote.roles).to.have.members(["admin", "query_endpoints"]);
      expect((await stack.stack.outputs()).keySecret.value).to.equal(secretsSeen[0]);
      await expectStateHidesSecrets();
    });

    it("refresh reports a key disabled outside Pulumi, keeps its secret encrypted, and up enables it again", async () => {
      await axios.patch(keyUrl(keyUuid), { state: "disabled" }, { auth: fixtureAuth() });
      const changes = await stack.refresh();
      expect(changes.update).to.equal(1);
      expect(stack.logs[stack.logs.length - 1].stdout).to.match(/ApiKey key updated .*\[diff: .*state/);
      expect((await keyState()).outputs?.state).to.equal("disabled");
      await expectStateHidesSecrets();
      expect((await keyState()).outputs?.keySecret).to.have.property("ciphertext");

      expect(await stack.preview()).to.include({ update: 1 });
      await stack.up();
      expect((await getKey(keyUuid)).state).to.equal("enabled");
      expect(await stack.preview()).to.deep.equal({ same: 2 });
    });

    it("a new rotationTrigger creates the new key before deleting the old one", async () => {
      await emulator.control.clearRequests();
      await stack.stack.setConfig("e2e:rotationTrigger", { value: "2" });
      const outputs = await stack.up();
      const newUuid = String(outputs.keyUuid.value);
      expect(newUuid).to.not.equal(keyUuid);
      expect(await getKeyStatus(keyUuid)).to.equal(404);

      const log = await emulator.control.requests();
      const created = single(log, (r) => r.method === "POST" && r.path.endsWith("/keys") && r.status === 200);
      const deleted = single(log, (r) => r.method === "DELETE" && r.path.endsWith(`/keys/${keyUuid}`));
      expect(Date.parse(created.startedAt) + created.durationMs).to.be.at.most(
        Date.parse(deleted.startedAt) + 1,
      );

      const current = await stack.stack.outputs();
      const newSecret = String(current.keySecret.value);
      expect(newSecret).to.not.equal(secretsSeen[0]);
      secretsSeen.push(newSecret);
      expect(await authenticate(String(current.keyId.value), newSecret)).to.equal(200);
      keyUuid = newUuid;
      await expectStateHidesSecrets();
    });

    it("destroy leaves no key of that name", async () => {
      await stack.destroy();
      expect(await getKeyStatus(keyUuid)).to.equal(404);
      const response = await axios.get(keysUrl(), { auth: fixtureAuth() });
      const names = (response.data.result as RemoteKey[]).map((key) => key.name);
      expect(names.filter((name) => name.startsWith(keyName))).to.deep.equal([]);
    });

    /**
     * `pulumi stack export` as a user runs it (LocalStack.exportState goes through the Automation API, which adds
     * --show-secrets), every file of the state backend (checkpoints, history, backups) and the engine's output so
     * far: none holds a key secret or the stack's token secret in plain text.
     */
    async function expectStateHidesSecrets(): Promise<void> {
      const places = await placesSecretsMustNotBe(stack);
      expect(places[0][1]).to.include(keyUuid);
      for (const secret of [...secretsSeen, emulator.fixture.tokenSecret]) {
        for (const [place, text] of places)
          expect(text.includes(secret), `a secret in plain text in ${place}`).to.equal(false);
      }
    }

    /** The key's resource in the state as `pulumi stack export` shows it, secrets encrypted. */
    async function keyState(): Promise<StateResource> {
      const exported = JSON.parse(await plainStackExport(stack)) as {
        deployment: { resources?: StateResource[] };
      };
      const resources = exported.deployment.resources ?? [];
      const key = resources.find((resource) => resource.type === "pulumi-nodejs:dynamic/clickhouse:ApiKey");
      if (!key) throw new Error("the stack has no ApiKey");
      return key;
    }

    function keysUrl(): string {
      return `${emulator.fixture.managementUrl}/v1/organizations/${emulator.fixture.organizationId}/keys`;
    }

    function keyUrl(id: string): string {
      return `${keysUrl()}/${id}`;
    }

    function fixtureAuth() {
      return { username: emulator.fixture.tokenKey, password: emulator.fixture.tokenSecret };
    }

    async function getKey(id: string): Promise<RemoteKey> {
      return (await axios.get(keyUrl(id), { auth: fixtureAuth() })).data.result as RemoteKey;
    }

    async function getKeyStatus(id: string): Promise<number> {
      return (await axios.get(keyUrl(id), { auth: fixtureAuth(), validateStatus: () => true })).status;
    }

    async function authenticate(keyId: string, keySecret: string): Promise<number> {
      const url = `${emulator.fixture.managementUrl}/v1/organizations/${emulator.fixture.organizationId}`;
      return (
        await axios.get(url, { auth: { username: keyId, password: keySecret }, validateStatus: () => true })
      ).status;
    }
  }),
);

function single(log: RequestLogEntry[], match: (entry: RequestLogEntry) => boolean): RequestLogEntry {
  const found = log.filter(match);
  expect(found, JSON.stringify(log.map((r) => `${r.method} ${r.path} ${r.status}`))).to.have.length(1);
  return found[0];
}
