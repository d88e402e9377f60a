import { expect } from "chai";
import { validate } from "../../../provider/validation/validate";
import { apiDialects } from "../../../schemas/dialects";
import {
  EmulatorHarness,
  expectManagementError,
  expectManagementSuccess,
  uuidV4,
  type HttpResponse,
  type Json,
} from "../../support/httpRequests";

const unknownId = "0b6c1f4e-1f0e-4d52-9a3e-2f7c4c1d9e01";

/** `{status, requestId}` and nothing else: the answer to a DELETE of a role, a member or an invitation. */
function expectBareSuccess(response: HttpResponse): void {
  expect(response.status, response.text).to.equal(200);
  expect(Object.keys(response.body).sort()).to.deep.equal(["requestId", "status"]);
}

for (const dialect of apiDialects) {
  describe(`emulator: the organization's roles (${dialect} wire)`, () => {
    const harness = new EmulatorHarness({ dialect }).install();
    const roles = () => `${harness.orgPath}/roles`;
    const roleIdNamed = (name: string) => harness.fixture.roles.find((role) => role.name === name)!.id;
    const organization = () => `organization/${harness.fixture.organizationId}`;
    const servicePolicy = (permissions: string[]) => ({
      allowDeny: "ALLOW",
      permissions,
      resources: ["instance/*"],
    });
    const create = (body: Json) => harness.management("POST", roles(), { body });
    const createRole = async (body: Json) => expectManagementSuccess(await create(body));

    it("lists the system roles the organization comes with; the fixture's user and key hold Admin", async () => {
      const listed = expectManagementSuccess(await harness.management("GET", roles()));
      expect(listed.map((role: Json) => [role.name, role.type])).to.deep.equal([
        ["Admin", "system"],
        ["Billing", "system"],
        ["Org API reader", "system"],
        ["Member", "system"],
      ]);
      for (const role of listed) expect(validate("role", role), role.name).to.deep.equal([]);
      const admin = listed[0];
      expect(admin).to.include({ tenantId: organization(), ownerId: organization() });
      const keyId = expectManagementSuccess(await harness.management("GET", `${harness.orgPath}/keys`))[0].id;
      expect(admin.actors).to.deep.equal([`user/${harness.fixture.members.admin}`, `apiKey/${keyId}`]);
      expect(listed[3].actors).to.deep.equal([`user/${harness.fixture.members.developer}`]);
    });

    it("creates a custom role, shows it with its policies' ids, and reads it back by id and in the list", async () => {
      const created = await createRole({
        name: "Service operators",
        actors: [`user/${harness.fixture.members.developer}`],
        policies: [
          servicePolicy(["control-plane:service:view"]),
          {
            allowDeny: "DENY",
            permissions: ["control-plane:organization:view-billing"],
            resources: [organization()],
          },
          { ...servicePolicy(["sql-console:database:access"]), tags: { roleV2: "sql-console-readonly" } },
        ],
      });
      expect(validate("role", created)).to.deep.equal([]);
      expect(created.id).to.match(uuidV4);
      expect(created).to.include({ name: "Service operators", type: "custom", tenantId: organization() });
      expect(created.actors).to.deep.equal([`user/${harness.fixture.members.developer}`]);
      expect(created.createdAt).to.equal(created.updatedAt);
      expect(created.policies.map((policy: Json) => [policy.allowDeny, policy.roleId])).to.deep.equal([
        ["ALLOW", created.id],
        ["DENY", created.id],
        ["ALLOW", created.id],
      ]);
      expect(created.policies[2].tags).to.deep.equal({ roleV2: "sql-console-readonly" });
      expect(created.policies[0]).not.to.have.property("tags");
      for (const policy of created.policies) expect(policy.id).to.match(uuidV4);
      expect(
        expectManagementSuccess(await harness.management("GET", `${roles()}/${created.id}`)),
      ).to.deep.equal(created);
      const listed = expectManagementSuccess(await harness.management("GET", roles()));
      expect(listed.map((role: Json) => role.name)).to.include("Service operators");
    });

    it("grants control-plane:service:delete along with control-plane:service:manage, as the API does", async () => {
      const created = await createRole({
        name: "managers",
        actors: [],
        policies: [servicePolicy(["control-plane:service:manage", "control-plane:service:view"])],
      });
      expect(created.policies[0].permissions).to.deep.equal([
        "control-plane:service:manage",
        "control-plane:service:view",
        "control-plane:service:delete",
      ]);
    });

    it("a PATCH replaces what it sends: new policies get new ids; actors alone keep the policies", async () => {
      const created = await createRole({
        name: "readers",
        actors: [],
        policies: [servicePolicy(["control-plane:service:view"])],
      });
      const path = `${roles()}/${created.id}`;
      const renamed = expectManagementSuccess(
        await harness.management("PATCH", path, {
          body: { name: "backup readers", policies: [servicePolicy(["control-plane:service:view-backups"])] },
        }),
      );
      expect(renamed.name).to.equal("backup readers");
      expect(renamed.policies).to.have.length(1);
      expect(renamed.policies[0].permissions).to.deep.equal(["control-plane:service:view-backups"]);
      expect(renamed.policies[0].id).not.to.equal(created.policies[0].id);
      const assigned = expectManagementSuccess(
        await harness.management("PATCH", path, {
          body: { actors: [`user/${harness.fixture.members.developer}`] },
        }),
      );
      expect(assigned.actors).to.deep.equal([`user/${harness.fixture.members.developer}`]);
      expect(assigned.policies).to.deep.equal(renamed.policies);
      expect(expectManagementSuccess(await harness.management("GET", path))).to.deep.equal(assigned);
    });

    it("deletes a custom role: the DELETE answers without result, then the role is 404", async () => {
      const created = await createRole({ name: "short-lived", actors: [], policies: [] });
      const path = `${roles()}/${created.id}`;
      expectBareSuccess(await harness.management("DELETE", path));
      expectManagementError(await harness.management("GET", path), 404, "NOT_FOUND", created.id);
      expectManagementError(await harness.management("DELETE", path), 404, "NOT_FOUND");
      expectManagementError(
        await harness.management("PATCH", path, { body: { name: "x" } }),
        404,
        "NOT_FOUND",
      );
    });

    it("a system role takes new actors but neither a new name, new policies nor a DELETE", async () => {
      const billing = `${roles()}/${roleIdNamed("Billing")}`;
      const developer = `user/${harness.fixture.members.developer}`;
      const assigned = expectManagementSuccess(
        await harness.management("PATCH", billing, { body: { actors: [developer] } }),
      );
      expect(assigned.actors).to.deep.equal([developer]);
      expectManagementError(
        await harness.management("PATCH", billing, { body: { name: "Payments" } }),
        400,
        "BAD_REQUEST",
        "Billing is a system role: only its actors can be changed",
      );
      expectManagementError(
        await harness.management("PATCH", billing, { body: { policies: [] } }),
        400,
        "BAD_REQUEST",
        "system role",
      );
      expectManagementError(
        await harness.management("DELETE", billing),
        400,
        "BAD_REQUEST",
        "Billing is a system role: it cannot be deleted",
      );
    });

    it("refuses a policy whose permissions are of two scopes, and an organization that is not the role's", async () => {
      expectManagementError(
        await create({
          name: "mixed",
          actors: [],
          policies: [
            {
              allowDeny: "ALLOW",
              permissions: ["control-plane:organization:view", "control-plane:service:view"],
              resources: [organization()],
            },
          ],
        }),
        400,
        "BAD_REQUEST",
        "policies.0.permissions: All permissions in a policy must target the same resource scope",
      );
      expectManagementError(
        await create({
          name: "any organization",
          actors: [],
          policies: [
            {
              allowDeny: "ALLOW",
              permissions: ["control-plane:organization:view"],
              resources: ["organization/*"],
            },
          ],
        }),
        400,
        "BAD_REQUEST",
        "policies.0.resources: Organization * must match the role's organization",
      );
      expectManagementError(
        await create({
          name: "wrong scope",
          actors: [],
          policies: [
            servicePolicy(["control-plane:service:view"]),
            { allowDeny: "ALLOW", permissions: ["control-plane:service:view"], resources: [organization()] },
          ],
        }),
        400,
        "BAD_REQUEST",
        "policies.1.resources:",
        "is not a service",
      );
    });

    it("refuses a permission ClickHouse Cloud does not have, naming the policy's permissions", async () => {
      expectManagementError(
        await create({
          name: "made up",
          actors: [],
          policies: [servicePolicy(["control-plane:service:view", "control-plane:service:fly"])],
        }),
        400,
        "BAD_REQUEST",
        "policies.0.permissions: control-plane:service:fly is not a permission of ClickHouse Cloud",
      );
      const created = await createRole({ name: "viewers", actors: [], policies: [] });
      expectManagementError(
        await harness.management("PATCH", `${roles()}/${created.id}`, {
          body: { policies: [servicePolicy(["control-plane:database:access"])] },
        }),
        400,
        "BAD_REQUEST",
        "policies.0.permissions: control-plane:database:access is not a permission",
      );
    });

    it("refuses an actor that is neither a member nor a key, a name another role has, and missing fields", async () => {
      expectManagementError(
        await create({ name: "ghosts", actors: [`user/${unknownId}`], policies: [] }),
        400,
        "BAD_REQUEST",
        `actors: user/${unknownId}: not a member or an API key of the organization`,
      );
      expectManagementError(
        await create({ name: "Admin", actors: [], policies: [] }),
        400,
        "BAD_REQUEST",
        'name: a role named "Admin" already exists',
      );
      expectManagementError(
        await create({ name: "no policies", actors: [] }),
        400,
        "BAD_REQUEST",
        "policies: Required",
      );
      expectManagementError(
        await create({ name: "bad actor", actors: ["team/x"], policies: [] }),
        400,
        "BAD_REQUEST",
        "actors.0: Invalid format",
      );
      expectManagementError(
        await harness.management("PATCH", `${roles()}/${roleIdNamed("Member")}`, { body: {} }),
        400,
        "BAD_REQUEST",
        "Must set at least one of name, actors, policies",
      );
    });

    it("answers 404 for an unknown role and 400 for an id that is not a uuid", async () => {
      expectManagementError(await harness.management("GET", `${roles()}/${unknownId}`), 404, "NOT_FOUND");
      expectManagementError(
        await harness.management("GET", `${roles()}/admin`),
        400,
        "BAD_REQUEST",
        "roleId",
      );
    });

    it("keeps a member on the Admin role: its actors cannot be left without one", async () => {
      const admin = `${roles()}/${roleIdNamed("Admin")}`;
      expectManagementError(
        await harness.management("PATCH", admin, { body: { actors: [] } }),
        400,
        "BAD_REQUEST",
        "admin@example.com is the last one",
      );
      const developer = `user/${harness.fixture.members.developer}`;
      const handedOver = expectManagementSuccess(
        await harness.management("PATCH", admin, { body: { actors: [developer] } }),
      );
      expect(handedOver.actors).to.deep.equal([developer]);
    });

    it("a deleted role is no longer held by its members, nor given by invitations", async () => {
      const developer = harness.fixture.members.developer;
      const created = await createRole({ name: "temporary", actors: [`user/${developer}`], policies: [] });
      const invitation = expectManagementSuccess(
        await harness.management("POST", `${harness.orgPath}/invitations`, {
          body: { email: "someone@example.com", assignedRoleIds: [created.id] },
        }),
      );
      expect(invitation.assignedRoles.map((role: Json) => role.roleId)).to.deep.equal([created.id]);
      expectBareSuccess(await harness.management("DELETE", `${roles()}/${created.id}`));
      const member = expectManagementSuccess(
        await harness.management("GET", `${harness.orgPath}/members/${developer}`),
      );
      expect(member.assignedRoles.map((role: Json) => role.roleName)).to.deep.equal(["Member"]);
      const invited = expectManagementSuccess(
        await harness.management("GET", `${harness.orgPath}/invitations/${invitation.id}`),
      );
      expect(invited.assignedRoles).to.deep.equal([]);
    });
  });
}
