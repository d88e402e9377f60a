/**
 * A service's life as a program lives it, through the real engine on both wires: made and waited for, its IP list,
 * tags and backup retention changed in place, stopped and started, its password regenerated and then set by the
 * program without a replace, and destroyed. A preview after each step shows no change, and no password is in the
 * state or the outputs in plain text.
 */
import { createHash, randomBytes } from "node:crypto";
import axios, { type AxiosInstance } from "axios";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import type { OutputMap } from "@pulumi/pulumi/automation";
import { LocalStack } from "../../../scripts/lib/localStack";
import { emulatorStackConfig, forEachDialect, sharedEmulator } from "../../support/emulator";
import { testProgram } from "../../support/programs";

const { projectDir, programModule } = testProgram("e2e", "service-lifecycle");

interface HeldService {
  id: string;
  state: string;
  ipAccessList: { source: string; description?: string }[];
  tags?: { key: string; value?: string }[];
}

/** The SHA-256 in base64 the API keeps of a password, computed here from the plain text. */
const sha256Base64 = (password: string) => createHash("sha256").update(password).digest("base64");

forEachDialect((dialect) =>
  describe(`a service's life through the real engine (${dialect} wire)`, function () {
    this.timeout(600_000);
    let emulator: RunningEmulator;
    let stack: LocalStack;
    let api: AxiosInstance;
    let serviceId = "";
    const passwords: string[] = [];

    const set = (key: string, value: unknown) =>
      stack.stack.setConfig(`e2e:${key}`, {
        value: typeof value === "string" ? value : JSON.stringify(value),
      });

    async function held(): Promise<HeldService> {
      return (await api.get(`/services/${serviceId}`)).data.result as HeldService;
    }

    async function retentionHeld(): Promise<number> {
      const { data } = await api.get(`/services/${serviceId}/backupConfiguration`);
      return (data.result as { backupRetentionPeriodInHours: number }).backupRetentionPeriodInHours;
    }

    /** `up`, then a preview that must find nothing to change; the service is never replaced. */
    async function upThenCleanPreview(): Promise<OutputMap> {
      const outputs = await stack.up();
      if (serviceId === "") serviceId = String(outputs.serviceId.value);
      expect(outputs.serviceId.value, "the same service").to.equal(serviceId);
      const preview = await stack.preview();
      // The stack and the service.
      expect(preview, JSON.stringify(preview)).to.deep.equal({ same: 2 });
      return outputs;
    }

    before(async () => {
      emulator = await sharedEmulator(dialect);
      const { fixture } = emulator;
      api = axios.create({
        baseURL: `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}`,
        auth: { username: fixture.tokenKey, password: fixture.tokenSecret },
      });
      stack = await LocalStack.create({
        projectDir,
        programModule,
        config: {
          ...(await emulatorStackConfig(dialect)),
          "e2e:name": { value: `life ${process.pid}-${Date.now().toString(36)}` },
          "e2e:ipAccessList": {
            value: JSON.stringify([{ source: "203.0.113.0/24", description: "office" }]),
          },
          "e2e:tags": { value: JSON.stringify({ team: "platform" }) },
          "e2e:backupRetentionPeriodInHours": { value: "48" },
          "e2e:state": { value: "running" },
          "e2e:passwordRotationTrigger": { value: "first" },
        },
      });
    });

    after(async () => {
      await stack?.destroy().catch(() => undefined);
      await stack?.dispose();
    });

    it("up makes the service and waits until it runs; its generated password is a secret output", async () => {
      const outputs = await upThenCleanPreview();
      expect(outputs.state.value).to.equal("running");
      expect(outputs.password.secret).to.equal(true);
      const password = String(outputs.password.value);
      expect(password).to.have.length.greaterThan(0);
      passwords.push(password);
      expect((await emulator.control.servicePasswordHashes(serviceId)).sha256Base64).to.equal(
        sha256Base64(password),
      );
      const service = await held();
      expect(service.state).to.equal("running");
      expect(service.ipAccessList).to.deep.equal([{ source: "203.0.113.0/24", description: "office" }]);
      expect(await retentionHeld()).to.equal(48);
    });

    it("the IP list, tags and backup retention change in place", async () => {
      await set("ipAccessList", [
        { source: "198.51.100.7", description: "runner" },
        { source: "203.0.113.0/24", description: "office" },
      ]);
      await set("tags", { team: "data", env: "prod" });
      await set("backupRetentionPeriodInHours", "72");
      expect(await stack.preview()).to.deep.equal({ same: 1, update: 1 });
      await upThenCleanPreview();
      const service = await held();
      expect([...service.ipAccessList].sort((a, b) => a.source.localeCompare(b.source))).to.deep.equal([
        { source: "198.51.100.7", description: "runner" },
        { source: "203.0.113.0/24", description: "office" },
      ]);
      expect([...(service.tags ?? [])].sort((a, b) => a.key.localeCompare(b.key))).to.deep.equal([
        { key: "env", value: "prod" },
        { key: "team", value: "data" },
      ]);
      expect(await retentionHeld()).to.equal(72);
    });

    it("the IP list given in another order is no change", async () => {
      await set("ipAccessList", [
        { source: "203.0.113.0/24", description: "office" },
        { source: "198.51.100.7", description: "runner" },
      ]);
      expect(await stack.preview()).to.deep.equal({ same: 2 });
    });

    it("state stops the service, then starts it", async () => {
      await set("state", "stopped");
      expect((await upThenCleanPreview()).state.value).to.equal("stopped");
      expect((await held()).state).to.equal("stopped");
      await set("state", "running");
      expect((await upThenCleanPreview()).state.value).to.equal("running");
      expect((await held()).state).to.equal("running");
    });

    it("a new rotation trigger has the API generate a new password, in place", async () => {
      await set("passwordRotationTrigger", "second");
      const outputs = await upThenCleanPreview();
      const password = String(outputs.password.value);
      expect(outputs.password.secret).to.equal(true);
      expect(password).to.not.equal(passwords[0]);
      passwords.push(password);
      expect((await emulator.control.servicePasswordHashes(serviceId)).sha256Base64).to.equal(
        sha256Base64(password),
      );
    });

    it("the program's own password is set by its hashes, in place", async () => {
      const own = `own-${randomBytes(9).toString("base64url")}`;
      passwords.push(own);
      await stack.stack.setConfig("e2e:password", { value: own, secret: true });
      await upThenCleanPreview();
      expect((await emulator.control.servicePasswordHashes(serviceId)).sha256Base64).to.equal(
        sha256Base64(own),
      );
    });

    it("no password is in the state in plain text", async () => {
      const state = JSON.stringify(await stack.exportState());
      for (const password of passwords) expect(state).to.not.include(password);
    });

    it("destroy deletes the service", async () => {
      await stack.destroy();
      const gone = await api.get(`/services/${serviceId}`, { validateStatus: () => true });
      expect(gone.status).to.equal(404);
    });
  }),
);
