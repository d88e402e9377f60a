/**
 * A Role with policies, a new ApiKey and the RoleAssignment of the key to the role, through the real engine, on both
 * wires and through both front ends: up makes them (the permission the API grants along is no change), a refresh
 * and a preview find nothing to change, a policy changes in place with the key still holding the role, a preview
 * refuses an unknown permission and the assignment once the Role sets its actors, sending nothing, and destroy
 * removes them all. What the organization holds is read through the management API after each step.
 */
import * as fs from "node:fs";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import type { ApiDialect } from "../../../schemas/dialects";
import type { ManagementClient, Role } from "../../../provider/rest";
import { LocalStack } from "../../../scripts/lib/localStack";
import { emulatorStackConfig, forEachDialect, sharedEmulator } from "../../support/emulator";
import { managementClientFor } from "../../support/clients";
import { nativeProjectDir, nativeStackConfig } from "../../support/nativeProject";
import { testProgram } from "../../support/programs";
import { frontEnds, type FrontEnd } from "../../support/kindThroughTheEngine";

const { projectDir, programModule } = testProgram("e2e", "roles");

const viewAndManage = {
  allowDeny: "ALLOW",
  permissions: ["control-plane:service:manage", "control-plane:service:view"],
  resources: ["instance/*"],
};
const billing = (organizationId: string) => ({
  allowDeny: "DENY",
  permissions: ["control-plane:organization:view-billing"],
  resources: [`organization/${organizationId}`],
});
const backups = {
  allowDeny: "ALLOW",
  permissions: ["control-plane:service:view", "control-plane:service:view-backups"],
  resources: ["instance/*"],
};

async function stackFor(frontEnd: FrontEnd, dialect: ApiDialect, emulator: RunningEmulator, name: string) {
  const native = frontEnd === "native";
  const dir = native ? nativeProjectDir("chc-roles") : undefined;
  const stack = await LocalStack.create({
    projectDir: dir ?? projectDir,
    programModule,
    config: {
      ...(native ? nativeStackConfig(emulator.fixture) : await emulatorStackConfig(dialect)),
      "e2e:frontEnd": { value: frontEnd },
      "e2e:name": { value: name },
      "e2e:policies": {
        value: JSON.stringify([viewAndManage, billing(emulator.fixture.organizationId)]),
      },
    },
  });
  return { stack, dir };
}

forEachDialect((dialect) => {
  for (const frontEnd of frontEnds) {
    describe(`Role and RoleAssignment through the real engine (${frontEnd} front end, ${dialect} wire)`, function () {
      this.timeout(300_000);
      let emulator: RunningEmulator;
      let client: ManagementClient;
      let stack: LocalStack;
      let dir: string | undefined;
      let roleId = "";
      let keyId = "";
      const name = `e2e role ${frontEnd} ${process.pid}-${Date.now().toString(36)}`;
      const patches = "PATCH /v1/organizations/:organizationId/roles/:roleId";

      const held = (): Promise<Role> => client.roles.get(emulator.fixture.organizationId, roleId);
      const policiesConfig = (policies: unknown[]) =>
        stack.stack.setConfig("e2e:policies", { value: JSON.stringify(policies) });
      const failedPreview = () =>
        stack.preview().then(
          (summary) => `previewed ${JSON.stringify(summary)}`,
          (error: Error) => error.message,
        );

      before(async () => {
        emulator = await sharedEmulator(dialect);
        client = managementClientFor(emulator.fixture, { throttle: "off" });
        ({ stack, dir } = await stackFor(frontEnd, dialect, emulator, name));
      });

      after(async () => {
        await stack?.destroy().catch(() => undefined);
        await stack?.dispose();
        if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
      });

      it("up makes the role with its policies and gives it the new key; a preview shows no change", async () => {
        const outputs = await stack.up();
        roleId = String(outputs.roleId.value);
        keyId = String(outputs.keyId.value);
        const role = await held();
        expect(role).to.include({ name, type: "custom" });
        expect(role.actors).to.deep.equal([`apiKey/${keyId}`]);
        // The API grants control-plane:service:delete along with control-plane:service:manage.
        expect(
          role.policies?.map((policy) => [policy.allowDeny, [...(policy.permissions ?? [])].sort()]),
        ).to.deep.equal([
          [
            "ALLOW",
            ["control-plane:service:delete", "control-plane:service:manage", "control-plane:service:view"],
          ],
          ["DENY", ["control-plane:organization:view-billing"]],
        ]);
        expect(outputs.policies.value).to.deep.equal([
          viewAndManage,
          billing(emulator.fixture.organizationId),
        ]);
        expect(
          (outputs.appliedPolicies.value as Array<{ addedByApi: string[] }>)[0].addedByApi,
        ).to.deep.equal(["control-plane:service:delete"]);
        expect(outputs.actor.value).to.equal(`apiKey/${keyId}`);
        expect(await stack.preview()).to.deep.equal({ same: 4 });
      });

      it("a refresh and a preview find nothing changed", async () => {
        const refreshed = await stack.refresh();
        const { same: _same, ...changes } = refreshed;
        expect(changes, JSON.stringify(refreshed)).to.deep.equal({});
        expect(await stack.preview()).to.deep.equal({ same: 4 });
      });

      it("a policy changes in place: the role keeps its id and the key still holds it", async () => {
        await policiesConfig([backups, billing(emulator.fixture.organizationId)]);
        const outputs = await stack.up();
        expect(outputs.roleId.value, "updated in place, not replaced").to.equal(roleId);
        const role = await held();
        expect(role.policies?.map((policy) => [...(policy.permissions ?? [])].sort())).to.deep.equal([
          ["control-plane:service:view", "control-plane:service:view-backups"],
          ["control-plane:organization:view-billing"],
        ]);
        expect(role.actors).to.deep.equal([`apiKey/${keyId}`]);
        expect(outputs.policies.value).to.deep.equal([backups, billing(emulator.fixture.organizationId)]);
        expect(await stack.preview()).to.deep.equal({ same: 4 });
      });

      it("a preview refuses an unknown permission and an assignment to a role whose Role sets actors", async () => {
        await emulator.control.clearRequests();
        await policiesConfig([{ ...backups, permissions: ["control-plane:service:view-backup"] }]);
        const unknown = await failedPreview();
        expect(unknown).to.include(
          'policies[0].permissions[0] is not a permission of ClickHouse Cloud; got "control-plane:service:view-backup"',
        );
        await policiesConfig([backups, billing(emulator.fixture.organizationId)]);
        await stack.stack.setConfig("e2e:roleActors", { value: JSON.stringify([]) });
        const owned = await failedPreview();
        expect(owned).to.include(`the actors of role ${roleId} are set by its Role resource`);
        const sent = (await emulator.control.requests()).filter((request) => request.route === patches);
        expect(sent).to.deep.equal([]);
        await stack.stack.removeConfig("e2e:roleActors");
        expect(await stack.preview()).to.deep.equal({ same: 4 });
      });

      if (dialect === "production") {
        it("the key takes its role over from the assignment in place: the same key and secret, still holding it", async () => {
          const before = await stack.stack.outputs();
          await emulator.control.clearRequests();
          await stack.stack.setConfig("e2e:keyHoldsRole", { value: "true" });
          const outputs = await stack.up();
          expect(outputs.keyId.value, "updated in place, not replaced").to.equal(keyId);
          expect(outputs.keySecret.value).to.equal(before.keySecret.value);
          expect(outputs.keyRoleIds.value).to.deep.equal([roleId.toLowerCase()]);
          expect((await held()).actors).to.deep.equal([`apiKey/${keyId}`]);
          const sent = (await emulator.control.requests()).map((request) => request.route);
          // The key already holds the role, so nothing needs sending: only who owns it moves.
          expect(sent, "no new key").to.not.include("POST /v1/organizations/:organizationId/keys");
          expect(sent, "the dropped assignment leaves the role to the key").to.not.include(patches);
          expect(await stack.preview()).to.deep.equal({ same: 3 });
        });
      }

      it("destroy takes the key off the role and deletes both", async () => {
        await stack.destroy();
        const roles = await client.roles.list(emulator.fixture.organizationId);
        expect(roles.map((role) => role.id)).to.not.include(roleId);
        const keys = await client.keys.list(emulator.fixture.organizationId);
        expect(keys.map((key) => key.id)).to.not.include(keyId);
      });
    });
  }
});
