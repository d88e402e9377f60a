/**
 * An Invitation, a Member made outside the program (invited and accepted through the emulator) adopted by user id,
 * and getMembers, through the real engine, on both wires and through both front ends: up invites and gives the
 * member the program's roles, a refresh and a preview find nothing to change, the member's roles change in place, a
 * new role for the invitation replaces it (the old one revoked first), a preview refuses a malformed email and a
 * role id that is not a uuid, destroy revokes the invitation and leaves the member, and a stack whose Member sets removeOnDestroy removes them on destroy. What the organization holds is read
 * through the management API after each step.
 */
import * as fs from "node:fs";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import type { ApiDialect } from "../../../schemas/dialects";
import type { ManagementClient } from "../../../provider/rest";
import { LocalStack } from "../../../scripts/lib/localStack";
import { emulatorStackConfig, forEachDialect, sharedEmulator } from "../../support/emulator";
import { managementClientFor } from "../../support/clients";
import { nativeProjectDir, nativeStackConfig } from "../../support/nativeProject";
import { testProgram } from "../../support/programs";
import { frontEnds } from "../../support/kindThroughTheEngine";

const { projectDir, programModule } = testProgram("e2e", "people");

forEachDialect((dialect: ApiDialect) => {
  for (const frontEnd of frontEnds) {
    describe(`Invitation, Member and getMembers through the real engine (${frontEnd} front end, ${dialect} wire)`, function () {
      this.timeout(300_000);
      let emulator: RunningEmulator;
      let client: ManagementClient;
      let organizationId: string;
      let stack: LocalStack;
      let dir: string | undefined;
      let userId = "";
      let invitationId = "";
      const tag = `${frontEnd}.${dialect}.${process.pid}-${Date.now().toString(36)}`;
      const memberEmail = `member.${tag}@example.com`;
      const inviteEmail = `invitee.${tag}@example.com`;
      const roleIdNamed = (name: string) => emulator.fixture.roles.find((role) => role.name === name)!.id;
      const roleNamesOf = (roles: { roleName?: string | null }[] | null | undefined) =>
        (roles ?? []).map((role) => role.roleName).sort();
      const config = (key: string, value: unknown) =>
        stack.stack.setConfig(`e2e:${key}`, {
          value: typeof value === "string" ? value : JSON.stringify(value),
        });
      const lastOutput = () => {
        const log = stack.logs[stack.logs.length - 1];
        return `${log.stdout}\n${log.stderr}`;
      };

      async function newStack(name: string): Promise<void> {
        const native = frontEnd === "native";
        dir = native ? nativeProjectDir(`chc-people-${name}`) : undefined;
        stack = await LocalStack.create({
          projectDir: dir ?? projectDir,
          programModule,
          config: {
            ...(native ? nativeStackConfig(emulator.fixture) : await emulatorStackConfig(dialect)),
            "e2e:frontEnd": { value: frontEnd },
            "e2e:inviteEmail": { value: inviteEmail },
            "e2e:inviteRoles": { value: JSON.stringify([roleIdNamed("Billing")]) },
            "e2e:memberUserId": { value: userId },
            "e2e:memberRoles": {
              value: JSON.stringify([roleIdNamed("Member"), roleIdNamed("Org API reader")]),
            },
          },
        });
      }

      async function disposeStack(): Promise<void> {
        await stack?.destroy().catch(() => undefined);
        await stack?.dispose();
        if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
        dir = undefined;
      }

      before(async () => {
        emulator = await sharedEmulator(dialect);
        organizationId = emulator.fixture.organizationId;
        client = managementClientFor(emulator.fixture, { throttle: "off" });
        // A member made outside the program: invited with the Member role, then accepted.
        const invited = await client.invitations.create(organizationId, {
          email: memberEmail,
          assignedRoleIds: [roleIdNamed("Member")],
        });
        userId = await emulator.control.acceptInvitation(invited.id, "Made Outside");
        await newStack("main");
      });

      after(async () => {
        await disposeStack();
        await client.members.delete(organizationId, userId).catch(() => undefined);
      });

      it("up invites the address and gives the member the program's roles; a preview shows no change", async () => {
        const outputs = await stack.up();
        invitationId = String(outputs.invitationId.value);
        const invitation = await client.invitations.get(organizationId, invitationId);
        expect(invitation.email).to.equal(inviteEmail);
        expect(roleNamesOf(invitation.assignedRoles)).to.deep.equal(["Billing"]);
        expect(outputs.invitationRoles.value).to.deep.equal([roleIdNamed("Billing")]);
        const member = await client.members.get(organizationId, userId);
        expect(roleNamesOf(member.assignedRoles)).to.deep.equal(["Member", "Org API reader"]);
        expect(outputs.memberId.value).to.equal(userId);
        expect(outputs.memberEmail.value).to.equal(memberEmail);
        expect(outputs.memberRemovedOnDestroy.value).to.equal(false);
        expect(outputs.memberEmails.value).to.include.members(["admin@example.com", memberEmail]);
        expect(await stack.preview()).to.deep.equal({ same: 3 });
      });

      it("a refresh and a preview find nothing changed", async () => {
        const refreshed = await stack.refresh();
        const { same: _same, ...changes } = refreshed;
        expect(changes, JSON.stringify(refreshed)).to.deep.equal({});
        expect(await stack.preview()).to.deep.equal({ same: 3 });
      });

      it("the member's roles change in place, and only they are sent", async () => {
        await config("memberRoles", [roleIdNamed("Billing")]);
        await emulator.control.clearRequests();
        const outputs = await stack.up();
        expect(outputs.memberId.value).to.equal(userId);
        expect(roleNamesOf((await client.members.get(organizationId, userId)).assignedRoles)).to.deep.equal([
          "Billing",
        ]);
        const routes = (await emulator.control.requests()).map((entry) => entry.route ?? entry.path);
        expect(routes).to.include("PATCH /v1/organizations/:organizationId/members/:userId");
        // Nothing is sent to the invitation, which did not change.
        expect(routes.filter((route) => /^(POST|DELETE) .*invitations/.test(route))).to.deep.equal([]);
        expect(await stack.preview()).to.deep.equal({ same: 3 });
      });

      it("a new role for the invitation replaces it: the old one is revoked, the new one pending", async () => {
        await config("inviteRoles", [roleIdNamed("Org API reader")]);
        const outputs = await stack.up();
        const replaced = String(outputs.invitationId.value);
        expect(replaced).to.not.equal(invitationId);
        const pending = (await client.invitations.list(organizationId)).filter(
          (invitation) => invitation.email === inviteEmail,
        );
        expect(pending.map((invitation) => invitation.id)).to.deep.equal([replaced]);
        expect(roleNamesOf(pending[0].assignedRoles)).to.deep.equal(["Org API reader"]);
        invitationId = replaced;
        expect(await stack.preview()).to.deep.equal({ same: 3 });
      });

      it("a preview refuses a malformed email and a role id that is not a uuid, naming each, sending nothing", async () => {
        await emulator.control.clearRequests();
        const failedPreview = () =>
          stack.preview().then(
            (summary) => `previewed ${JSON.stringify(summary)}`,
            (error: Error) => error.message,
          );
        await config("inviteEmail", "invitee(at)example.com");
        expect(await failedPreview()).to.include(
          'email must be an email address (name@example.com); got "invitee(at)example.com"',
        );
        await config("inviteEmail", inviteEmail);
        await config("memberRoles", ["Billing"]);
        expect(await failedPreview()).to.include(
          'assignedRoleIds[0] must be a role id (a uuid); got "Billing"',
        );
        // Only getMembers reads; nothing is written.
        const sent = (await emulator.control.requests()).filter((entry) => entry.method !== "GET");
        expect(sent).to.deep.equal([]);
        await config("memberRoles", [roleIdNamed("Billing")]);
        expect(await stack.preview()).to.deep.equal({ same: 3 });
      });

      it("destroy revokes the invitation and leaves the member, saying so", async () => {
        await stack.destroy();
        expect(lastOutput()).to.include(
          `member ${memberEmail} (user id ${userId}) left in the organization: removeOnDestroy is not set`,
        );
        const invitations = await client.invitations.list(organizationId);
        expect(invitations.map((invitation) => invitation.id)).to.not.include(invitationId);
        const member = await client.members.get(organizationId, userId);
        expect(roleNamesOf(member.assignedRoles)).to.deep.equal(["Billing"]);
        await disposeStack();
      });

      it("with removeOnDestroy, destroy removes the member", async () => {
        await newStack("removing");
        await config("removeOnDestroy", "true");
        const outputs = await stack.up();
        expect(outputs.memberRemovedOnDestroy.value).to.equal(true);
        expect(await stack.preview()).to.deep.equal({ same: 3 });
        await stack.destroy();
        const members = await client.members.list(organizationId);
        expect(members.map((member) => member.userId)).to.not.include(userId);
        expect(members.map((member) => member.userId)).to.include(emulator.fixture.members.admin);
      });
    });
  }
});
