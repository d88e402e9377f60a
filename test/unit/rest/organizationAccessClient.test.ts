import { expect } from "chai";
import { RequestValidationError } from "../../../provider/validation/validate";
import { managementClientFor } from "../../support/clients";
import { useEmulator } from "../../support/emulator";
import { apiErrorOf, loggedRequests, testOptions } from "../../support/restHarness";

/** Awaits `promise`, expecting a RequestValidationError (nothing sent), and returns it. */
async function validationErrorOf(promise: Promise<unknown>): Promise<RequestValidationError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).to.be.instanceOf(RequestValidationError);
  return error as RequestValidationError;
}

describe("management client: organization access on the production wire", () => {
  const setup = useEmulator({ dialect: "production" });
  const logs: string[] = [];
  const client = () => managementClientFor(setup.emulator.fixture, testOptions(logs));
  const org = () => setup.emulator.fixture.organizationId;
  const roleIdNamed = (name: string) => setup.emulator.fixture.roles.find((role) => role.name === name)!.id;

  it("reads and updates the organization: name, crash reports, private endpoints", async () => {
    const organizations = client().organizations;
    expect(await organizations.get(org())).to.include({
      name: "Emulated organization",
      enableCoreDumps: true,
    });
    const patched = await organizations.update(org(), {
      name: "Analytics",
      enableCoreDumps: false,
      privateEndpoints: { add: [{ id: "vpce-0abc", cloudProvider: "aws", region: "us-east-1" }] },
    });
    expect(patched).to.include({ name: "Analytics", enableCoreDumps: false });
    expect(patched.privateEndpoints?.map((endpoint) => endpoint.id)).to.deep.equal(["vpce-0abc"]);
    const removed = await organizations.update(org(), {
      privateEndpoints: { remove: [{ id: "vpce-0abc" }] },
    });
    expect(removed.privateEndpoints).to.deep.equal([]);
  });

  it("creates, lists, gets, updates and deletes a role", async () => {
    const roles = client().roles;
    const created = await roles.create(org(), {
      name: "operators",
      actors: [],
      policies: [
        { allowDeny: "ALLOW", permissions: ["control-plane:service:manage"], resources: ["instance/*"] },
      ],
    });
    expect(created).to.include({ name: "operators", type: "custom" });
    expect(created.policies?.[0]?.permissions).to.deep.equal([
      "control-plane:service:manage",
      "control-plane:service:delete",
    ]);
    expect((await roles.list(org())).map((role) => role.name)).to.include("operators");
    expect((await roles.get(org(), created.id)).name).to.equal("operators");
    const developer = `user/${setup.emulator.fixture.members.developer}`;
    const updated = await roles.update(org(), created.id, { name: "service operators", actors: [developer] });
    expect(updated).to.include({ name: "service operators" });
    expect(updated.actors).to.deep.equal([developer]);
    await roles.delete(org(), created.id);
    const gone = await apiErrorOf(roles.get(org(), created.id));
    expect(gone).to.include({ status: 404, code: "NOT_FOUND" });
    expect(gone.message).to.contain(`role ${created.id} was not found`);
  });

  it("lists, gets, updates and removes a member, by user id", async () => {
    const members = client().members;
    const { admin, developer } = setup.emulator.fixture.members;
    expect((await members.list(org())).map((member) => member.userId)).to.deep.equal([admin, developer]);
    const read = await members.get(org(), developer);
    expect(read).to.include({ userId: developer, email: "developer@example.com" });
    const updated = await members.update(org(), developer, { assignedRoleIds: [roleIdNamed("Admin")] });
    expect(updated.assignedRoles?.map((role) => role.roleName)).to.deep.equal(["Admin"]);
    await members.delete(org(), admin);
    expect((await members.list(org())).map((member) => member.userId)).to.deep.equal([developer]);
  });

  it("reports the API's refusal of the last admin's removal", async () => {
    const error = await apiErrorOf(client().members.delete(org(), setup.emulator.fixture.members.admin));
    expect(error).to.include({ status: 400, code: "BAD_REQUEST", method: "DELETE" });
    expect(error.detail).to.contain("at least one member with the Admin role");
  });

  it("creates, lists, gets and deletes an invitation", async () => {
    const invitations = client().invitations;
    const created = await invitations.create(org(), {
      email: "Someone@Example.com",
      assignedRoleIds: [roleIdNamed("Billing")],
    });
    expect(created.email).to.equal("someone@example.com");
    expect(created.assignedRoles?.map((role) => role.roleName)).to.deep.equal(["Billing"]);
    expect((await invitations.list(org())).map((invitation) => invitation.id)).to.deep.equal([created.id]);
    expect((await invitations.get(org(), created.id)).id).to.equal(created.id);
    await invitations.delete(org(), created.id);
    expect(await invitations.list(org())).to.deep.equal([]);
  });

  it("creates and updates a key with assignedRoleIds, and reads its assignedRoles", async () => {
    const keys = client().keys;
    const created = await keys.create(org(), {
      name: "reader",
      assignedRoleIds: [roleIdNamed("Org API reader")],
    });
    expect(created.key.assignedRoles?.map((role) => role.roleName)).to.deep.equal(["Org API reader"]);
    const updated = await keys.update(org(), created.key.id, { assignedRoleIds: [roleIdNamed("Billing")] });
    expect(updated.assignedRoles?.map((role) => role.roleName)).to.deep.equal(["Billing"]);
    expect((await keys.get(org(), created.key.id)).assignedRoles?.map((role) => role.roleId)).to.deep.equal([
      roleIdNamed("Billing"),
    ]);
  });

  it("checks bodies before sending them: a malformed address, an actor of no known type, an empty PATCH", async () => {
    const invalid = await validationErrorOf(client().invitations.create(org(), { email: "nobody" }));
    expect(invalid.message).to.contain("email must be an email address");
    const actor = await validationErrorOf(
      client().roles.create(org(), { name: "x", actors: ["team/1"], policies: [] }),
    );
    expect(actor.message).to.contain('actors[0] must be "user/<user id>" or "apiKey/<API key id>"');
    await validationErrorOf(client().members.update(org(), setup.emulator.fixture.members.developer, {}));
    expect(await loggedRequests(setup.emulator)).to.deep.equal([]);
  });
});

describe("management client: keys on the specification's wire", () => {
  const setup = useEmulator();
  const client = () => managementClientFor(setup.emulator.fixture, testOptions([]));

  it("refuses assignedRoleIds, which the specification's key has not, and requires roles, before sending", async () => {
    const { organizationId, roles } = setup.emulator.fixture;
    const error = await validationErrorOf(
      client().keys.create(organizationId, { name: "k", assignedRoleIds: [roles[0]!.id] }),
    );
    expect(error.problems.map((problem) => problem.property).sort()).to.deep.equal([
      "assignedRoleIds",
      "roles",
    ]);
    expect(await loggedRequests(setup.emulator)).to.deep.equal([]);
  });
});
