/**
 * The Member resource through its provider (check, diff, create, read, update, delete), against the shared emulator
 * of each wire: what a user sees at preview, in the outputs, in the progress lines and in the organization.
 */
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { UNKNOWN } from "../../../provider/propertyEncoding";
import { resources } from "../../../provider/resources/registry";
import { ImportIdError } from "../../../provider/resources/adoption/importIds";
import { kindProvider } from "../../../provider/host/kindProviders";
import { forEachDialect, sharedEmulator, emulatorStackConfig } from "../../support/emulator";
import { managementClientFor } from "../../support/clients";
import { providerOf } from "../../support/providers";
import { configureRequestFrom } from "../../support/stackConfig";
import { failureOf } from "../../support/failureOf";
import { withProgressLines } from "../../support/progressLines";
import { basicAuth, send } from "../../support/httpRequests";
import type { ManagementClient, MemberPatchRequest } from "../../../provider/rest";
import { MembersApi } from "../../../provider/rest/management/members";

type Bag = Record<string, unknown>;
const someUuid = "0b6c1f4e-1f0e-4d52-9a3e-2f7c4c1d9e01";

describe("Member: check", () => {
  const provider = providerOf("Member");
  const reasonsOf = async (news: Bag) =>
    ((await provider.check({}, news)).failures ?? []).map((failure) => failure.reason);

  before(async () => {
    await provider.configure(configureRequestFrom(await emulatorStackConfig()));
  });

  it("accepts a member by user id or by email, with roles, the deprecated role and removeOnDestroy", async () => {
    expect(await reasonsOf({ userId: someUuid, assignedRoleIds: [someUuid] })).to.deep.equal([]);
    expect(await reasonsOf({ email: "Ann@example.com", role: "admin", removeOnDestroy: true })).to.deep.equal(
      [],
    );
    expect(await reasonsOf({ userId: UNKNOWN })).to.deep.equal([]);
  });

  it("names neither or both of userId and email, a malformed email, a role id or user id that is not a uuid", async () => {
    expect(await reasonsOf({})).to.deep.equal([
      "userId or email is required: the existing member (their user id, or their email) to manage",
    ]);
    expect(await reasonsOf({ userId: someUuid, email: "ann@example.com" })).to.deep.equal([
      "email cannot be set with userId: name the member once, by user id or by email",
    ]);
    expect(await reasonsOf({ email: "ann(at)example.com" })).to.deep.equal([
      'email must be an email address (name@example.com); got "ann(at)example.com"',
    ]);
    expect(
      await reasonsOf({ email: "ann@example.com", assignedRoleIds: [someUuid, "Billing"] }),
    ).to.deep.equal(['assignedRoleIds[1] must be a role id (a uuid); got "Billing"']);
    expect(await reasonsOf({ userId: "ann" })).to.deep.equal([
      'userId must be the user id of a member of the organization (a uuid); got "ann"',
    ]);
    expect(await reasonsOf({ userId: someUuid, removeOnDestroy: "yes" })).to.deep.equal([
      'removeOnDestroy must be true or false; got "yes"',
    ]);
  });
});

forEachDialect((dialect) =>
  describe(`Member against the emulator (${dialect} wire)`, function () {
    this.timeout(30_000);
    const provider = providerOf("Member");
    let emulator: RunningEmulator;
    let client: ManagementClient;
    let organizationId: string;
    let count = 0;
    const joined: string[] = [];
    const roleIdNamed = (name: string) => emulator.fixture.roles.find((role) => role.name === name)!.id;

    /** A member made outside the program: invited with `roles`, then accepted. */
    async function member(roles: string[]): Promise<{ userId: string; email: string }> {
      const email = `member.${dialect}.${process.pid}-${++count}@example.com`;
      const invitation = await client.invitations.create(organizationId, {
        email,
        assignedRoleIds: roles.map(roleIdNamed),
      });
      const userId = await emulator.control.acceptInvitation(invitation.id, `Member ${count}`);
      joined.push(userId);
      return { userId, email };
    }
    const rolesOf = async (userId: string) =>
      ((await client.members.get(organizationId, userId)).assignedRoles ?? [])
        .map((role) => role.roleName)
        .sort();

    before(async () => {
      emulator = await sharedEmulator(dialect);
      organizationId = emulator.fixture.organizationId;
      client = managementClientFor(emulator.fixture, { throttle: "off" });
      await provider.configure(configureRequestFrom(await emulatorStackConfig(dialect)));
    });

    afterEach(async () => {
      for (const userId of joined.splice(0)) {
        await client.members.delete(organizationId, userId).catch(() => undefined);
      }
    });

    const diff = async (olds: Bag, news: Bag) => provider.diff("id", olds, news);

    /** Every member PATCH the provider's client sends (the emulator's request log has no bodies). */
    const patches: MemberPatchRequest[] = [];
    const realUpdate = MembersApi.prototype.update;
    before(() => {
      MembersApi.prototype.update = function (this: MembersApi, org, userId, request) {
        patches.push(structuredClone(request));
        return realUpdate.call(this, org, userId, request);
      };
    });
    after(() => {
      MembersApi.prototype.update = realUpdate;
    });
    beforeEach(() => {
      patches.length = 0;
    });

    it("adopts a member by email without sending anything when it sets nothing", async () => {
      const { userId, email } = await member(["Member"]);
      const { result, lines } = await withProgressLines(() =>
        provider.create({ email: email.toUpperCase() }),
      );
      const { id, outs } = result as { id: string; outs: Bag };
      expect(id).to.equal(userId);
      expect(outs).to.include({
        userId,
        email,
        name: `Member ${count}`,
        role: "developer",
        removeOnDestroy: false,
        organizationId,
      });
      expect(outs.assignedRoleIds).to.deep.equal([roleIdNamed("Member")]);
      expect(outs.assignedRoles).to.deep.equal([
        { roleId: roleIdNamed("Member"), roleName: "Member", roleType: "system" },
      ]);
      expect(outs.joinedAt).to.be.a("string");
      expect(lines.join("\n")).to.include(`member ${email} (user id ${userId}) adopted as they are`);
      expect(patches).to.deep.equal([]);
      expect((await diff(outs, { email })).changes).to.equal(false);
      // The same member by user id is the same member: no change.
      expect((await diff(outs, { userId: userId.toUpperCase() })).changes).to.equal(false);
    });

    it("adopts by user id and PATCHes only assignedRoleIds when only they are set; a change is in place", async () => {
      const { userId } = await member(["Member"]);
      const inputs = { userId, assignedRoleIds: [roleIdNamed("Billing"), roleIdNamed("Member")] };
      const { outs } = (await provider.create(inputs)) as { outs: Bag };
      expect(await rolesOf(userId)).to.deep.equal(["Billing", "Member"]);
      expect(patches.splice(0)).to.deep.equal([{ assignedRoleIds: inputs.assignedRoleIds }]);
      const reordered = { userId, assignedRoleIds: [...inputs.assignedRoleIds].reverse() };
      expect((await diff(outs, reordered)).changes).to.equal(false);
      const changed = { userId, assignedRoleIds: [roleIdNamed("Org API reader")] };
      expect(await diff(outs, changed)).to.deep.include({ changes: true, replaces: [] });
      const updated = (await provider.update(userId, outs, changed)).outs as Bag;
      expect(await rolesOf(userId)).to.deep.equal(["Org API reader"]);
      expect(updated.assignedRoleIds).to.deep.equal([roleIdNamed("Org API reader")]);
      expect(patches).to.deep.equal([{ assignedRoleIds: changed.assignedRoleIds }]);
      // Left out, the roles are not managed: no change, whatever the member holds.
      expect((await diff(updated, { userId })).changes).to.equal(false);
    });

    it("sends only role when only role is set, and the API's refusal reaches the user intact", async () => {
      const { userId } = await member(["Member"]);
      const failure = await failureOf(() => provider.create({ userId, role: "admin" }));
      expect(failure.message).to.include(
        "Organization has migrated to Custom Roles. Use 'assignedRoleIds' instead of 'role'.",
      );
      expect(patches.splice(0)).to.deep.equal([{ role: "admin" }]);
      // The role it already shows is no change, and nothing is sent.
      const { outs } = (await provider.create({ userId, role: "developer" })) as { outs: Bag };
      expect(outs.role).to.equal("developer");
      expect(patches).to.deep.equal([]);
    });

    it("the emulator refuses a role id that is not a uuid, and an unknown role, with the API's error", async () => {
      const { userId } = await member(["Member"]);
      const { managementUrl, tokenKey, tokenSecret } = emulator.fixture;
      const patch = (assignedRoleIds: string[]) =>
        send(`${managementUrl}/v1/organizations/${organizationId}/members/${userId}`, "PATCH", {
          headers: { authorization: basicAuth(tokenKey, tokenSecret) },
          body: { assignedRoleIds },
        });
      for (const ids of [["Billing"], [someUuid]]) {
        const answer = await patch(ids);
        expect(answer.status, answer.text).to.equal(400);
        expect(Object.keys(answer.body).sort()).to.deep.equal(["error", "requestId", "status"]);
        expect(answer.body.error).to.include("assignedRoleIds");
      }
      expect(await rolesOf(userId)).to.deep.equal(["Member"]);
    });

    it("fails naming the email, or the user id, that no member has", async () => {
      const byEmail = await failureOf(() => provider.create({ email: "nobody@example.com" }));
      expect(byEmail.message).to.equal(
        `organization ${organizationId} has no member with email nobody@example.com: a member is made by ` +
          "accepting an invitation (an Invitation resource makes one), not by this resource; run `pulumi up` " +
          "again once they have joined",
      );
      const byId = await failureOf(() => provider.create({ userId: someUuid }));
      expect(byId.message).to.include(
        `has no member with user id ${someUuid}: a member is made by accepting`,
      );
    });

    it("destroy leaves the member and says so, unless removeOnDestroy", async () => {
      const { userId, email } = await member(["Member"]);
      const kept = (await provider.create({ userId })) as { id: string; outs: Bag };
      const { lines } = await withProgressLines(() => provider.delete(kept.id, kept.outs));
      expect(lines.join("\n")).to.include(
        `member ${email} (user id ${userId}) left in the organization: removeOnDestroy is not set`,
      );
      expect((await client.members.get(organizationId, userId)).userId).to.equal(userId);
      // removeOnDestroy changes in place, sending nothing.
      expect(await diff(kept.outs, { userId, removeOnDestroy: true })).to.deep.include({
        changes: true,
        replaces: [],
      });
      const flagged = (await provider.update(userId, kept.outs, { userId, removeOnDestroy: true }))
        .outs as Bag;
      expect(flagged.removeOnDestroy).to.equal(true);
      await provider.delete(userId, flagged);
      expect((await client.members.list(organizationId)).map((listed) => listed.userId)).to.not.include(
        userId,
      );
      expect(await provider.read(userId, flagged)).to.deep.equal({ id: "", props: {} });
    });

    it("removeOnDestroy of the last admin: the API's refusal reaches the user intact, and the member stays", async () => {
      const admin = emulator.fixture.members.admin;
      const { outs } = (await provider.create({ userId: admin, removeOnDestroy: true })) as { outs: Bag };
      const failure = await failureOf(() => provider.delete(admin, outs));
      expect(failure.message).to.include(
        "The organization must keep at least one member with the Admin role: admin@example.com is the last one",
      );
      expect((await client.members.get(organizationId, admin)).userId).to.equal(admin);
    });

    it("refresh shows roles changed outside the program, and drops a member removed outside", async () => {
      const { userId } = await member(["Member"]);
      const { outs } = (await provider.create({ userId, assignedRoleIds: [roleIdNamed("Member")] })) as {
        outs: Bag;
      };
      await client.members.update(organizationId, userId, { assignedRoleIds: [roleIdNamed("Billing")] });
      const reread = (await provider.read(userId, outs)).props!;
      expect(reread.assignedRoleIds).to.deep.equal([roleIdNamed("Billing")]);
      expect(await diff(reread, { userId, assignedRoleIds: [roleIdNamed("Member")] })).to.deep.include({
        changes: true,
      });
      await client.members.delete(organizationId, userId);
      expect(await provider.read(userId, reread)).to.deep.equal({ id: "", props: {} });
    });

    it("imports a member by user id, its roles left unmanaged and without removeOnDestroy", async () => {
      const { userId } = await member(["Billing"]);
      const { importId } = resources.Member;
      expect(() => importId("ann@example.com")).to.throw(ImportIdError, 'a Member is imported by "<id>"');
      const { id, properties } = importId(userId);
      const read = (await kindProvider("Member").read(id, properties, {}, "import"))!;
      expect(read.inputs).to.deep.equal({ userId, organizationId });
      expect(read.outs).to.include({ removeOnDestroy: false });
      expect((await diff(read.outs, read.inputs)).changes).to.equal(false);
    });
  }),
);
