import { expect } from "chai";
import { validate } from "../../../provider/validation/validate";
import { apiDialects } from "../../../schemas/dialects";
import {
  EmulatorHarness,
  expectManagementError,
  expectManagementSuccess,
  uuidV4,
  type Json,
} from "../../support/httpRequests";

const unknownId = "0b6c1f4e-1f0e-4d52-9a3e-2f7c4c1d9e01";
const dayMs = 24 * 60 * 60 * 1000;

for (const dialect of apiDialects) {
  describe(`emulator: invitations to the organization (${dialect} wire)`, () => {
    const harness = new EmulatorHarness({ dialect }).install();
    const invitations = () => `${harness.orgPath}/invitations`;
    const roleIdNamed = (name: string) => harness.fixture.roles.find((role) => role.name === name)!.id;
    const invite = (body: Json) => harness.management("POST", invitations(), { body });

    it("invites an address, kept in lower case, with the roles its user will hold and the deprecated role sent", async () => {
      const created = expectManagementSuccess(
        await invite({
          email: "New.Person@Example.COM",
          role: "developer",
          assignedRoleIds: [roleIdNamed("Billing")],
        }),
      );
      expect(validate("invitation", created)).to.deep.equal([]);
      expect(created.id).to.match(uuidV4);
      expect(created).to.include({ email: "new.person@example.com", role: "developer" });
      expect(created.assignedRoles).to.deep.equal([
        { roleId: roleIdNamed("Billing"), roleName: "Billing", roleType: "system" },
      ]);
      expect(Date.parse(created.expireAt) - Date.parse(created.createdAt)).to.equal(30 * dayMs);
      const read = expectManagementSuccess(await harness.management("GET", `${invitations()}/${created.id}`));
      expect(read).to.deep.equal(created);
      const listed = expectManagementSuccess(await harness.management("GET", invitations()));
      expect(listed).to.deep.equal([created]);
    });

    it("shows no deprecated role when none was sent, and no roles when none were given", async () => {
      const created = expectManagementSuccess(await invite({ email: "plain@example.com" }));
      expect(created).not.to.have.property("role");
      expect(created.assignedRoles).to.deep.equal([]);
    });

    it("withdraws an invitation: the DELETE answers without result, then it is 404", async () => {
      const created = expectManagementSuccess(await invite({ email: "gone@example.com" }));
      const path = `${invitations()}/${created.id}`;
      const deleted = await harness.management("DELETE", path);
      expect(deleted.status, deleted.text).to.equal(200);
      expect(Object.keys(deleted.body).sort()).to.deep.equal(["requestId", "status"]);
      expectManagementError(await harness.management("GET", path), 404, "NOT_FOUND", created.id);
      expectManagementError(await harness.management("DELETE", path), 404, "NOT_FOUND");
      expectManagementSuccess(await invite({ email: "gone@example.com" }));
    });

    it("refuses an address already invited, or a member's, whatever its case", async () => {
      expectManagementSuccess(await invite({ email: "twice@example.com" }));
      expectManagementError(
        await invite({ email: "TWICE@example.com" }),
        400,
        "BAD_REQUEST",
        "email: twice@example.com has already been invited to the organization",
      );
      expectManagementError(
        await invite({ email: "Admin@Example.com" }),
        400,
        "BAD_REQUEST",
        "email: admin@example.com is already a member of the organization",
      );
      expect(expectManagementSuccess(await harness.management("GET", invitations()))).to.have.length(1);
    });

    it("refuses a malformed address, an unknown field, a missing email and role ids that are not roles", async () => {
      expectManagementError(await invite({ email: "not-an-address" }), 400, "BAD_REQUEST", "email:");
      expectManagementError(await invite({ email: "a b@example.com" }), 400, "BAD_REQUEST", "email:");
      expectManagementError(
        await invite({ email: "x@example.com", team: "a" }),
        400,
        "BAD_REQUEST",
        "team: Unrecognized field",
      );
      expectManagementError(await invite({ role: "admin" }), 400, "BAD_REQUEST", "email: Required");
      expectManagementError(
        await invite({ email: "x@example.com", assignedRoleIds: [unknownId] }),
        400,
        "BAD_REQUEST",
        `assignedRoleIds: ${unknownId} is not a role of the organization`,
      );
      expect(expectManagementSuccess(await harness.management("GET", invitations()))).to.deep.equal([]);
    });

    it("answers 404 for an unknown invitation and 400 for an id that is not a uuid", async () => {
      expectManagementError(
        await harness.management("GET", `${invitations()}/${unknownId}`),
        404,
        "NOT_FOUND",
      );
      expectManagementError(
        await harness.management("GET", `${invitations()}/latest`),
        400,
        "BAD_REQUEST",
        "invitationId",
      );
    });

    it("an invitation accepted (the control path) makes its user a member holding its roles", async () => {
      const created = expectManagementSuccess(
        await invite({ email: "joiner@example.com", assignedRoleIds: [roleIdNamed("Org API reader")] }),
      );
      const accepted = await harness.control("POST", `/invitations/${created.id}/accept`, {
        body: { name: "Joiner" },
      });
      expect(accepted.status, accepted.text).to.equal(200);
      const userId = accepted.body.userId as string;
      const member = expectManagementSuccess(
        await harness.management("GET", `${harness.orgPath}/members/${userId}`),
      );
      expect(member).to.include({ email: "joiner@example.com", name: "Joiner", role: "developer" });
      expect(member.assignedRoles.map((role: Json) => role.roleName)).to.deep.equal(["Org API reader"]);
      expectManagementError(
        await harness.management("GET", `${invitations()}/${created.id}`),
        404,
        "NOT_FOUND",
      );
      expectManagementError(
        await invite({ email: "joiner@example.com" }),
        400,
        "BAD_REQUEST",
        "already a member",
      );
    });

    it("the control path accepts without a body (the name is the address's local part) and 404s an unknown invitation", async () => {
      const created = expectManagementSuccess(await invite({ email: "quiet.one@example.com" }));
      const accepted = await harness.control("POST", `/invitations/${created.id}/accept`);
      expect(accepted.status, accepted.text).to.equal(200);
      const member = expectManagementSuccess(
        await harness.management("GET", `${harness.orgPath}/members/${accepted.body.userId}`),
      );
      expect(member).to.include({ name: "quiet.one", email: "quiet.one@example.com" });
      expect(member.assignedRoles).to.deep.equal([]);
      const again = await harness.control("POST", `/invitations/${created.id}/accept`);
      expect(again.status).to.equal(404);
      expect(again.body.error).to.equal(`Invitation ${created.id} not found in the organization`);
      const badName = await harness.control("POST", `/invitations/${unknownId}/accept`, {
        body: { name: 7 },
      });
      expect(badName.status).to.equal(400);
    });
  });
}
