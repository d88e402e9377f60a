/**
 * The Invitation resource through its provider (check, diff, create, read, delete), against the shared emulator of
 * each wire: what a user sees at preview, in the outputs, in the progress lines and in the organization.
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
import { quickSleeps } from "../../support/quickSleeps";
import { basicAuth, send } from "../../support/httpRequests";
import type { ManagementClient } from "../../../provider/rest";

type Bag = Record<string, unknown>;

describe("Invitation: check", () => {
  const provider = providerOf("Invitation");
  const reasonsOf = async (news: Bag) =>
    ((await provider.check({}, news)).failures ?? []).map((failure) => failure.reason);

  before(async () => {
    await provider.configure(configureRequestFrom(await emulatorStackConfig()));
  });

  it("accepts an address with role ids, with the deprecated role, or with neither", async () => {
    const roleId = "0b6c1f4e-1f0e-4d52-9a3e-2f7c4c1d9e01";
    expect(await reasonsOf({ email: "Ann@Example.com", assignedRoleIds: [roleId] })).to.deep.equal([]);
    expect(await reasonsOf({ email: "ann@example.com", role: "developer" })).to.deep.equal([]);
    expect(await reasonsOf({ email: "ann@example.com" })).to.deep.equal([]);
    expect(await reasonsOf({ email: UNKNOWN, assignedRoleIds: UNKNOWN })).to.deep.equal([]);
  });

  it("names a malformed address, a role id that is not a uuid, an unknown role and a missing email", async () => {
    expect(await reasonsOf({ email: "ann.example.com" })).to.deep.equal([
      'email must be an email address (name@example.com); got "ann.example.com"',
    ]);
    expect(await reasonsOf({ email: "ann@example.com", assignedRoleIds: ["Admin"] })).to.deep.equal([
      'assignedRoleIds[0] must be a role id (a uuid); got "Admin"',
    ]);
    expect((await reasonsOf({ email: "ann@example.com", role: "owner" })).join("\n")).to.include(
      'role must be one of admin, developer; got "owner"',
    );
    expect(await reasonsOf({ role: "admin" })).to.deep.equal(["email is required"]);
  });
});

forEachDialect((dialect) =>
  describe(`Invitation against the emulator (${dialect} wire)`, function () {
    this.timeout(30_000);
    quickSleeps();
    const provider = providerOf("Invitation");
    let emulator: RunningEmulator;
    let client: ManagementClient;
    let organizationId: string;
    let count = 0;
    const address = (name: string) => `${name}.${dialect}.${process.pid}-${++count}@example.com`;
    const roleIdNamed = (name: string) => emulator.fixture.roles.find((role) => role.name === name)!.id;
    const invitations = async () => client.invitations.list(organizationId);

    before(async () => {
      emulator = await sharedEmulator(dialect);
      organizationId = emulator.fixture.organizationId;
      client = managementClientFor(emulator.fixture, { throttle: "off" });
      await provider.configure(configureRequestFrom(await emulatorStackConfig(dialect)));
    });

    afterEach(async () => {
      await emulator.control.clearFaults();
      await emulator.control.updateSettings({ clockOffsetMs: 0 });
      for (const invitation of await invitations()) {
        await client.invitations.delete(organizationId, invitation.id).catch(() => undefined);
      }
    });

    const diff = async (olds: Bag, news: Bag) => provider.diff("id", olds, news);

    it("invites the address with its roles; case and order are no change, other roles replace it", async () => {
      const email = address("Ann");
      const inputs = { email, assignedRoleIds: [roleIdNamed("Billing"), roleIdNamed("Org API reader")] };
      const { id, outs } = (await provider.create(inputs)) as { id: string; outs: Bag };
      const [held] = await invitations();
      expect(held).to.include({ id, email: email.toLowerCase() });
      expect(held.assignedRoles?.map((role) => role.roleName).sort()).to.deep.equal([
        "Billing",
        "Org API reader",
      ]);
      expect(outs).to.include({ email: email.toLowerCase(), organizationId });
      expect(outs.assignedRoleIds).to.have.members(inputs.assignedRoleIds);
      expect(outs.assignedRoles).to.deep.include({
        roleId: roleIdNamed("Billing"),
        roleName: "Billing",
        roleType: "system",
      });
      expect(outs.expireAt).to.be.a("string");
      expect(outs.createdAt).to.be.a("string");
      expect(outs).to.not.have.property("role");
      const same = {
        email: email.toUpperCase(),
        assignedRoleIds: [...inputs.assignedRoleIds].reverse().map((roleId) => roleId.toUpperCase()),
      };
      expect(await diff(outs, same)).to.deep.include({ changes: false });
      const other = { email, assignedRoleIds: [roleIdNamed("Billing")] };
      // One invitation per address: the old one is revoked before the new one of the same address is sent.
      expect(await diff(outs, other)).to.deep.equal({
        changes: true,
        replaces: ["assignedRoleIds"],
        deleteBeforeReplace: true,
      });
      // Another address's invitation is sent before the old one is revoked, as the engine does by default.
      expect(await diff(outs, { ...inputs, email: address("bob") })).to.deep.equal({
        changes: true,
        replaces: ["email"],
      });
      expect(await diff(outs, { ...inputs, role: "admin" })).to.deep.include({ replaces: ["role"] });
      const reread = await provider.read(id, outs);
      expect(reread.props).to.deep.equal(outs);
    });

    it("sends the deprecated role when set, and shows it", async () => {
      const inputs = { email: address("dev"), role: "developer" };
      const { outs } = (await provider.create(inputs)) as { outs: Bag };
      expect(outs).to.include({ role: "developer" });
      expect(outs.assignedRoleIds).to.deep.equal([]);
      const [held] = await invitations();
      expect(held.role).to.equal("developer");
    });

    it("the emulator refuses a malformed address and a role id that is not a uuid with the API's error", async () => {
      const { managementUrl, tokenKey, tokenSecret } = emulator.fixture;
      const post = (body: Bag) =>
        send(`${managementUrl}/v1/organizations/${organizationId}/invitations`, "POST", {
          headers: { authorization: basicAuth(tokenKey, tokenSecret) },
          body,
        });
      for (const [body, field] of [
        [{ email: "ann.example.com" }, "email"],
        [{ email: "ann@example.com", assignedRoleIds: ["Admin"] }, "assignedRoleIds"],
      ] as const) {
        const answer = await post(body);
        expect(answer.status, answer.text).to.equal(400);
        expect(Object.keys(answer.body).sort()).to.deep.equal(["error", "requestId", "status"]);
        expect(answer.body.status).to.equal(400);
        expect(answer.body.error).to.include(`${field}`);
      }
      expect(await invitations()).to.deep.equal([]);
    });

    it("adopts an invitation of the address already pending with the same roles, sending no second one", async () => {
      const email = address("again");
      const existing = await client.invitations.create(organizationId, {
        email,
        assignedRoleIds: [roleIdNamed("Billing")],
      });
      await emulator.control.clearRequests();
      const { result, lines } = await withProgressLines(() =>
        provider.create({ email: email.toUpperCase(), assignedRoleIds: [roleIdNamed("Billing")] }),
      );
      expect(result.id).to.equal(existing.id);
      expect(lines.join("\n")).to.include(`already has a pending invitation (${existing.id})`);
      const posts = (await emulator.control.requests()).filter((entry) => entry.method === "POST");
      expect(posts).to.deep.equal([]);
    });

    it("fails naming the pending invitation of the address when it gives other roles", async () => {
      const email = address("other");
      const existing = await client.invitations.create(organizationId, { email });
      const failure = await failureOf(() =>
        provider.create({ email, assignedRoleIds: [roleIdNamed("Billing")] }),
      );
      expect(failure.message).to.include(`${email} already has a pending invitation (${existing.id})`);
      expect(failure.message).to.include(
        `pulumi import clickhouse-cloud:index:Invitation <name> ${existing.id}`,
      );
      expect((await invitations()).map((invitation) => invitation.id)).to.deep.equal([existing.id]);
    });

    it("an address that is a member's fails naming the member", async () => {
      const failure = await failureOf(() => provider.create({ email: "Developer@example.com" }));
      expect(failure.message).to.include(
        `developer@example.com cannot be invited: they are already a member of the organization (user id ${emulator.fixture.members.developer})`,
      );
    });

    it("a create whose reply is lost adopts the invitation it made", async () => {
      await emulator.control.setFaults({
        script: [
          { route: "POST /v1/organizations/:organizationId/invitations", kinds: ["dropAfterProcessing"] },
        ],
      });
      const email = address("lost");
      const { id } = await provider.create({ email, assignedRoleIds: [roleIdNamed("Member")] });
      expect((await invitations()).map((invitation) => invitation.id)).to.deep.equal([id]);
    });

    it("delete revokes it while pending; once accepted, delete says so and the member stays", async () => {
      const pending = (await provider.create({ email: address("revoked") })) as { id: string; outs: Bag };
      await provider.delete(pending.id, pending.outs);
      expect(await invitations()).to.deep.equal([]);
      const email = address("joiner");
      const accepted = (await provider.create({ email, assignedRoleIds: [roleIdNamed("Member")] })) as {
        id: string;
        outs: Bag;
      };
      const userId = await emulator.control.acceptInvitation(accepted.id, "Joiner");
      expect(await provider.read(accepted.id, accepted.outs)).to.deep.equal({ id: "", props: {} });
      const { lines } = await withProgressLines(() => provider.delete(accepted.id, accepted.outs));
      expect(lines.join("\n")).to.include(
        `the invitation of ${email.toLowerCase()} (${accepted.id}) was already accepted: ${email.toLowerCase()} is a member (user id ${userId}), who stays`,
      );
      expect((await client.members.get(organizationId, userId)).email).to.equal(email.toLowerCase());
      await client.members.delete(organizationId, userId);
    });

    it("refresh drops an invitation past its expiry", async () => {
      // Made by an API whose clock is 31 days behind: it expired a day ago.
      await emulator.control.updateSettings({ clockOffsetMs: -31 * 24 * 60 * 60 * 1000 });
      const made = await client.invitations.create(organizationId, { email: address("late") });
      await emulator.control.updateSettings({ clockOffsetMs: 0 });
      const { result, lines } = await withProgressLines(() =>
        provider.read(made.id, { email: made.email, organizationId }),
      );
      expect(result).to.deep.equal({ id: "", props: {} });
      expect(lines.join("\n")).to.include(`(${made.id}) expired at ${made.expireAt}`);
    });

    it("imports an invitation by its uuid, its inputs those it was made with", async () => {
      const made = await client.invitations.create(organizationId, {
        email: address("imported"),
        assignedRoleIds: [roleIdNamed("Billing")],
      });
      const { importId } = resources.Invitation;
      expect(() => importId("ann@example.com")).to.throw(
        ImportIdError,
        'an Invitation is imported by "<id>"',
      );
      const { id, properties } = importId(made.id);
      const read = (await kindProvider("Invitation").read(id, properties, {}, "import"))!;
      expect(read.inputs).to.deep.equal({
        email: made.email,
        assignedRoleIds: [roleIdNamed("Billing")],
        organizationId,
      });
      expect((await diff(read.outs, read.inputs)).changes).to.equal(false);
    });
  }),
);
