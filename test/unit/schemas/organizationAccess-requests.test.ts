import { expect } from "chai";
import { validate } from "../../../provider/validation/validate";
import { expectOnlyProblem, expectValid } from "./expectations";

const userId = "3f1c2a4e-6b7d-4e8f-9a0b-1c2d3e4f5a6b";
const roleId = "7d1e9c2b-3a4f-4b5c-8d6e-0f1a2b3c4d5e";
const organizationId = "0f8e5a52-6c1d-4a7e-9d0b-3c2f1e4d5a6b";

describe("schemas: roleCreate and rolePatch", () => {
  const policy = {
    allowDeny: "ALLOW",
    permissions: ["control-plane:service:view"],
    resources: ["instance/*"],
  };
  const role = { name: "operators", actors: [`user/${userId}`], policies: [policy] };

  it("accepts a role with users, keys, each kind of resource and a SQL console tag", () => {
    expectValid("roleCreate", role);
    expectValid("roleCreate", {
      name: "everything",
      actors: [`user/${userId}`, `apiKey/${roleId}`],
      policies: [
        { ...policy, resources: [`instance/${roleId}`, "instance/*"] },
        {
          allowDeny: "DENY",
          permissions: ["control-plane:organization:manage-billing"],
          resources: [`organization/${organizationId}`],
        },
        {
          allowDeny: "ALLOW",
          permissions: ["sql-console:database:access"],
          resources: ["instance/*"],
          tags: { roleV2: "sql-console-admin", grants: ["default"] },
        },
      ],
    });
    expectValid("roleCreate", { name: "empty", actors: [], policies: [] });
  });

  it("requires the name, the actors and the policies of a new role", () => {
    for (const field of ["name", "actors", "policies"] as const) {
      const { [field]: _left, ...rest } = role;
      expectOnlyProblem("roleCreate", rest, field, `${field} is required`);
    }
  });

  it("names an actor that is not user/<id> or apiKey/<id>, and a repeated one", () => {
    expectOnlyProblem(
      "roleCreate",
      { ...role, actors: [`team/${userId}`] },
      "actors[0]",
      'must be "user/<user id>" or "apiKey/<API key id>"',
    );
    expectOnlyProblem(
      "roleCreate",
      { ...role, actors: [`user/${userId}`, `user/${userId}`] },
      "actors",
      "each once",
    );
  });

  it("names a policy's effect, permissions and resources when they are not the API's forms", () => {
    expectOnlyProblem(
      "roleCreate",
      { ...role, policies: [{ ...policy, allowDeny: "allow" }] },
      "policies[0].allowDeny",
      "must be one of ALLOW, DENY",
    );
    expectOnlyProblem(
      "roleCreate",
      { ...role, policies: [{ ...policy, permissions: [] }] },
      "policies[0].permissions",
      "must list at least one permission",
    );
    expectOnlyProblem(
      "roleCreate",
      { ...role, policies: [{ ...policy, permissions: ["view services"] }] },
      "policies[0].permissions[0]",
      '"<area>:<resource>:<action>"',
    );
    expectOnlyProblem(
      "roleCreate",
      { ...role, policies: [{ ...policy, resources: ["service/*"] }] },
      "policies[0].resources[0]",
      '"organization/<organization id>", "instance/<service id>" or "instance/*"',
    );
    expectOnlyProblem(
      "roleCreate",
      { ...role, policies: [{ ...policy, tags: { roleV2: "sql-console-writer" } }] },
      "policies[0].tags.roleV2",
      "sql-console-readonly, sql-console-admin",
    );
  });

  it("accepts a PATCH of any one field and refuses an empty one", () => {
    expectValid("rolePatch", { actors: [] });
    expectValid("rolePatch", { name: "renamed" });
    expectOnlyProblem("rolePatch", {}, "", "at least one of name, actors, policies");
  });
});

describe("schemas: memberPatch and invitationCreate", () => {
  it("takes the roles a member holds, or the deprecated role", () => {
    expectValid("memberPatch", { assignedRoleIds: [roleId] });
    expectValid("memberPatch", { assignedRoleIds: [] });
    expectValid("memberPatch", { role: "developer" });
    expectOnlyProblem("memberPatch", { role: "owner" }, "role", "must be one of admin, developer");
    expectOnlyProblem(
      "memberPatch",
      { assignedRoleIds: ["Admin"] },
      "assignedRoleIds[0]",
      "a role id (a uuid)",
    );
    expectOnlyProblem("memberPatch", { assignedRoleIds: [roleId, roleId] }, "assignedRoleIds", "each once");
    expectOnlyProblem("memberPatch", {}, "", "at least one of role, assignedRoleIds");
  });

  it("requires an email address to invite, and names one that is not an address", () => {
    expectValid("invitationCreate", { email: "a.person@example.com", assignedRoleIds: [roleId] });
    expectValid("invitationCreate", { email: "a.person@example.com", role: "admin" });
    expectOnlyProblem("invitationCreate", { assignedRoleIds: [roleId] }, "email", "email is required");
    for (const email of ["a.person", "a person@example.com", "@example.com", "a@b"]) {
      expectOnlyProblem("invitationCreate", { email }, "email", "must be an email address");
    }
    expectOnlyProblem(
      "invitationCreate",
      { email: "a@example.com", team: "x" },
      "team",
      "not a known property",
    );
  });
});

describe("schemas: organizationPatch", () => {
  it("takes a name, the crash reports setting and private endpoints to add and remove", () => {
    expectValid("organizationPatch", { name: "Analytics" });
    expectValid("organizationPatch", { enableCoreDumps: false });
    expectValid("organizationPatch", {
      privateEndpoints: {
        add: [{ id: "vpce-1", description: "app", cloudProvider: "aws", region: "us-east-1" }],
        remove: [{ id: "vpce-0" }],
      },
    });
  });

  it("needs the cloud and region of an endpoint added, and something to change", () => {
    expectOnlyProblem(
      "organizationPatch",
      { privateEndpoints: { add: [{ id: "vpce-1", cloudProvider: "aws" }] } },
      "privateEndpoints.add[0].region",
      "is required",
    );
    expectOnlyProblem(
      "organizationPatch",
      { privateEndpoints: {} },
      "privateEndpoints",
      "at least one of add, remove",
    );
    expectOnlyProblem("organizationPatch", {}, "", "at least one of name, privateEndpoints, enableCoreDumps");
    expectOnlyProblem(
      "organizationPatch",
      { name: "" },
      "name",
      "must be 1 to 255 characters, not only spaces",
    );
    expectOnlyProblem(
      "organizationPatch",
      { name: "n".repeat(256) },
      "name",
      "must be 1 to 255 characters, not only spaces",
    );
    expectOnlyProblem(
      "organizationPatch",
      { privateEndpoints: { remove: [{ id: "vpce/../x" }] } },
      "privateEndpoints.remove[0].id",
      "must be the cloud provider's endpoint id",
    );
  });
});

describe("schemas: the production wire's API key create and PATCH", () => {
  it("take assignedRoleIds, and the create needs no roles there", () => {
    expectValid("apiKeyCreateProduction", { name: "ci", assignedRoleIds: [roleId] });
    expectValid("apiKeyCreateProduction", { name: "ci", roles: ["developer"], assignedRoleIds: [] });
    expectValid("apiKeyUpdateProduction", { assignedRoleIds: [roleId] });
    expectOnlyProblem("apiKeyCreateProduction", { assignedRoleIds: [roleId] }, "name", "name is required");
    expectOnlyProblem(
      "apiKeyUpdateProduction",
      { assignedRoleIds: ["developer"] },
      "assignedRoleIds[0]",
      "a role id (a uuid)",
    );
  });

  it("the specification's create and PATCH keep refusing assignedRoleIds", () => {
    expect(
      validate("apiKeyCreate", { name: "ci", roles: ["admin"], assignedRoleIds: [roleId] }),
    ).to.deep.equal([{ property: "assignedRoleIds", reason: "assignedRoleIds is not a known property" }]);
    expectOnlyProblem(
      "apiKeyUpdate",
      { assignedRoleIds: [roleId] },
      "assignedRoleIds",
      "not a known property",
    );
  });
});

describe("schemas: role, member and invitation answers", () => {
  it("read what a client uses and let every other field through", () => {
    expectValid("role", { id: roleId, name: "Admin", type: "system", actors: null, policies: [], extra: 1 });
    expectValid("member", { userId, email: "a@example.com", assignedRoles: [{ roleId, roleName: "Admin" }] });
    expectValid("invitation", { id: roleId, email: "a@example.com", assignedRoles: null });
    expectOnlyProblem("member", { email: "a@example.com" }, "userId", "userId is required");
    expectOnlyProblem("role", { name: "x" }, "id", "id is required");
  });
});
