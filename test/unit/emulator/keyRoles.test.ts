import { expect } from "chai";
import { validate } from "../../../provider/validation/validate";
import {
  EmulatorHarness,
  expectManagementError,
  expectManagementSuccess,
  type Json,
} from "../../support/httpRequests";

const unknownId = "0b6c1f4e-1f0e-4d52-9a3e-2f7c4c1d9e01";

describe("emulator: the roles an API key holds (assignedRoleIds)", () => {
  const production = new EmulatorHarness({ dialect: "production" }).install();
  const spec = new EmulatorHarness().install();
  const roleIdNamed = (harness: EmulatorHarness, name: string) =>
    harness.fixture.roles.find((role) => role.name === name)!.id;
  const roleNames = (key: Json) => key.assignedRoles.map((role: Json) => role.roleName);
  const actorsOf = async (harness: EmulatorHarness, roleId: string) =>
    expectManagementSuccess(await harness.management("GET", `${harness.orgPath}/roles/${roleId}`))
      .actors as string[];

  it("production: a key made with assignedRoleIds alone holds those roles and shows them", async () => {
    const reader = roleIdNamed(production, "Org API reader");
    const created = expectManagementSuccess(
      await production.management("POST", `${production.orgPath}/keys`, {
        body: { name: "reporting", assignedRoleIds: [reader] },
      }),
    );
    expect(validate("apiKeyCreateResult", created)).to.deep.equal([]);
    expect(created.key.roles).to.deep.equal([]);
    expect(created.key.assignedRoles).to.deep.equal([
      { roleId: reader, roleName: "Org API reader", roleType: "system" },
    ]);
    expect(await actorsOf(production, reader)).to.deep.equal([`apiKey/${created.key.id}`]);
    const read = expectManagementSuccess(
      await production.management("GET", `${production.orgPath}/keys/${created.key.id}`),
    );
    expect(roleNames(read)).to.deep.equal(["Org API reader"]);
  });

  it("production: the fixture's key shows the Admin role beside its deprecated roles", async () => {
    const [key] = expectManagementSuccess(await production.management("GET", `${production.orgPath}/keys`));
    expect(key.roles).to.deep.equal(["admin"]);
    expect(roleNames(key)).to.deep.equal(["Admin"]);
  });

  it("production: a PATCH of assignedRoleIds replaces the key's roles and leaves its deprecated roles", async () => {
    const created = expectManagementSuccess(
      await production.management("POST", `${production.orgPath}/keys`, {
        body: { name: "ci", roles: ["developer"], assignedRoleIds: [roleIdNamed(production, "Billing")] },
      }),
    ).key;
    const path = `${production.orgPath}/keys/${created.id}`;
    const patched = expectManagementSuccess(
      await production.management("PATCH", path, {
        body: { assignedRoleIds: [roleIdNamed(production, "Member")] },
      }),
    );
    expect(patched.roles).to.deep.equal(["developer"]);
    expect(roleNames(patched)).to.deep.equal(["Member"]);
    expect(await actorsOf(production, roleIdNamed(production, "Billing"))).to.deep.equal([]);
  });

  it("production: refuses role ids that are not roles, changing nothing", async () => {
    expectManagementError(
      await production.management("POST", `${production.orgPath}/keys`, {
        body: { name: "ghost", assignedRoleIds: [unknownId] },
      }),
      400,
      "BAD_REQUEST",
      `assignedRoleIds: ${unknownId} is not a role of the organization`,
    );
    const [fixtureKey] = expectManagementSuccess(
      await production.management("GET", `${production.orgPath}/keys`),
    );
    expectManagementError(
      await production.management("PATCH", `${production.orgPath}/keys/${fixtureKey.id}`, {
        body: { name: "renamed", assignedRoleIds: [unknownId] },
      }),
      400,
      "BAD_REQUEST",
      "assignedRoleIds",
    );
    const keys = expectManagementSuccess(await production.management("GET", `${production.orgPath}/keys`));
    expect(keys.map((key: Json) => key.name)).to.deep.equal(["emulator admin key"]);
  });

  it("a deleted key holds no role any more, on either wire", async () => {
    for (const harness of [production, spec]) {
      const billing = roleIdNamed(harness, "Billing");
      const created = expectManagementSuccess(
        await harness.management("POST", `${harness.orgPath}/keys`, {
          body: { name: "temp", roles: ["admin"] },
        }),
      ).key;
      expectManagementSuccess(
        await harness.management("PATCH", `${harness.orgPath}/roles/${billing}`, {
          body: { actors: [`apiKey/${created.id}`] },
        }),
      );
      const deleted = await harness.management("DELETE", `${harness.orgPath}/keys/${created.id}`);
      expect(deleted.status, deleted.text).to.equal(200);
      expect(await actorsOf(harness, billing)).to.deep.equal([]);
    }
  });

  it("spec: the key keeps the specification's shape: roles required, no assignedRoleIds, no assignedRoles", async () => {
    expectManagementError(
      await spec.management("POST", `${spec.orgPath}/keys`, {
        body: { name: "new", assignedRoleIds: [roleIdNamed(spec, "Admin")] },
      }),
      400,
      "BAD_REQUEST",
      "roles: Required",
      "assignedRoleIds: Unrecognized field",
    );
    const [key] = expectManagementSuccess(await spec.management("GET", `${spec.orgPath}/keys`));
    expect(key).not.to.have.property("assignedRoles");
  });
});
