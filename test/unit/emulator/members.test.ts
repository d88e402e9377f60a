import { expect } from "chai";
import { validate } from "../../../provider/validation/validate";
import { apiDialects } from "../../../schemas/dialects";
import {
  EmulatorHarness,
  expectManagementError,
  expectManagementSuccess,
  type Json,
} from "../../support/httpRequests";

const unknownId = "0b6c1f4e-1f0e-4d52-9a3e-2f7c4c1d9e01";

for (const dialect of apiDialects) {
  describe(`emulator: the organization's members (${dialect} wire)`, () => {
    const harness = new EmulatorHarness({ dialect }).install();
    const members = () => `${harness.orgPath}/members`;
    const memberPath = (who: "admin" | "developer") => `${members()}/${harness.fixture.members[who]}`;
    const roleIdNamed = (name: string) => harness.fixture.roles.find((role) => role.name === name)!.id;
    const patch = (who: "admin" | "developer", body: Json) =>
      harness.management("PATCH", memberPath(who), { body });
    const roleNames = (member: Json) => member.assignedRoles.map((role: Json) => role.roleName);

    it("lists the members with the roles each holds, and reads one by user id", async () => {
      const listed = expectManagementSuccess(await harness.management("GET", members()));
      for (const member of listed) expect(validate("member", member)).to.deep.equal([]);
      expect(listed.map((member: Json) => [member.email, member.role, roleNames(member)])).to.deep.equal([
        ["admin@example.com", "admin", ["Admin"]],
        ["developer@example.com", "developer", ["Member"]],
      ]);
      const developer = expectManagementSuccess(await harness.management("GET", memberPath("developer")));
      expect(developer).to.deep.equal(listed[1]);
      expect(developer.assignedRoles).to.deep.equal([
        { roleId: roleIdNamed("Member"), roleName: "Member", roleType: "system" },
      ]);
      expect(developer.joinedAt).to.be.a("string");
    });

    it("gives a member exactly the roles of assignedRoleIds, which the roles' actors show", async () => {
      const developer = harness.fixture.members.developer;
      const custom = expectManagementSuccess(
        await harness.management("POST", `${harness.orgPath}/roles`, {
          body: { name: "viewers", actors: [], policies: [] },
        }),
      );
      const patched = expectManagementSuccess(
        await patch("developer", { assignedRoleIds: [custom.id, roleIdNamed("Billing").toUpperCase()] }),
      );
      expect(roleNames(patched)).to.deep.equal(["Billing", "viewers"]);
      expect(patched.role).to.equal("developer");
      const member = expectManagementSuccess(
        await harness.management("GET", `${harness.orgPath}/roles/${roleIdNamed("Member")}`),
      );
      expect(member.actors).to.deep.equal([]);
      const viewers = expectManagementSuccess(
        await harness.management("GET", `${harness.orgPath}/roles/${custom.id}`),
      );
      expect(viewers.actors).to.deep.equal([`user/${developer}`]);
      expect(
        roleNames(expectManagementSuccess(await patch("developer", { assignedRoleIds: [] }))),
      ).to.deep.equal([]);
    });

    it("refuses the deprecated role as the real API does once an organization uses custom roles", async () => {
      expectManagementError(
        await patch("developer", { role: "admin" }),
        400,
        "BAD_REQUEST",
        "Organization has migrated to Custom Roles. Use 'assignedRoleIds' instead of 'role'.",
      );
      const developer = expectManagementSuccess(await harness.management("GET", memberPath("developer")));
      expect(developer.role).to.equal("developer");
    });

    it("refuses role ids that are not the organization's roles, a role that is no role, and an empty PATCH", async () => {
      expectManagementError(
        await patch("developer", { assignedRoleIds: [unknownId] }),
        400,
        "BAD_REQUEST",
        `assignedRoleIds: ${unknownId} is not a role of the organization`,
      );
      expectManagementError(await patch("developer", { role: "owner" }), 400, "BAD_REQUEST", "role:");
      expectManagementError(await patch("developer", {}), 400, "BAD_REQUEST", "role, assignedRoleIds");
      expectManagementError(
        await patch("developer", { assignedRoleIds: ["Admin"] }),
        400,
        "BAD_REQUEST",
        "assignedRoleIds.0",
      );
    });

    it("the last member with the Admin role can neither lose it nor leave", async () => {
      expectManagementError(
        await patch("admin", { assignedRoleIds: [roleIdNamed("Member")] }),
        400,
        "BAD_REQUEST",
        "must keep at least one member with the Admin role: admin@example.com is the last one",
      );
      expectManagementError(
        await harness.management("DELETE", memberPath("admin")),
        400,
        "BAD_REQUEST",
        "admin@example.com is the last one",
      );
      const admin = expectManagementSuccess(await harness.management("GET", memberPath("admin")));
      expect(roleNames(admin)).to.deep.equal(["Admin"]);
    });

    it("once another member holds Admin, the first can lose it and leave, and holds no role after", async () => {
      expectManagementSuccess(await patch("developer", { assignedRoleIds: [roleIdNamed("Admin")] }));
      expect(
        roleNames(
          expectManagementSuccess(await patch("admin", { assignedRoleIds: [roleIdNamed("Billing")] })),
        ),
      ).to.deep.equal(["Billing"]);
      const removed = await harness.management("DELETE", memberPath("admin"));
      expect(removed.status, removed.text).to.equal(200);
      expect(Object.keys(removed.body).sort()).to.deep.equal(["requestId", "status"]);
      expectManagementError(await harness.management("GET", memberPath("admin")), 404, "NOT_FOUND");
      const listed = expectManagementSuccess(await harness.management("GET", members()));
      expect(listed.map((member: Json) => member.email)).to.deep.equal(["developer@example.com"]);
      const billing = expectManagementSuccess(
        await harness.management("GET", `${harness.orgPath}/roles/${roleIdNamed("Billing")}`),
      );
      expect(billing.actors).to.deep.equal([]);
    });

    it("answers 404 for an unknown user id and 400 for one that is not a uuid", async () => {
      expectManagementError(await harness.management("GET", `${members()}/${unknownId}`), 404, "NOT_FOUND");
      expectManagementError(
        await harness.management("DELETE", `${members()}/${unknownId}`),
        404,
        "NOT_FOUND",
      );
      expectManagementError(
        await harness.management("GET", `${members()}/someone`),
        400,
        "BAD_REQUEST",
        "userId",
      );
    });
  });
}
