/**
 * An ApiKey's roles by id (`assignedRoleIds`) beside its role words (`roles`), through the kind's provider against
 * the emulator: the checks of each wire, a key made with role ids alone, a key moved from role words to role ids in
 * place (one PATCH, the same secret), roles left out left alone, and the one owner of a key's roles.
 */
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { isSecretMarker, UNKNOWN } from "../../../provider/propertyEncoding";
import type { ManagementClient } from "../../../provider/rest";
import { managementClientFor } from "../../support/clients";
import { emulatorStackConfig, sharedEmulator } from "../../support/emulator";
import { providerOf } from "../../support/providers";
import { kindProvider } from "../../../provider/host/kindProviders";
import { configureRequestFrom } from "../../support/stackConfig";

type Bag = Record<string, unknown>;

const keyRoute = (method: string) => `${method} /v1/organizations/:organizationId/keys/:keyId`;

describe("ApiKey roles: check on the specification's wire", () => {
  const keys = providerOf("ApiKey");
  const failuresOf = async (news: Bag) => (await keys.check({}, news)).failures ?? [];

  before(async () => {
    await keys.configure(configureRequestFrom(await emulatorStackConfig("spec")));
  });

  it("requires roles and refuses assignedRoleIds, naming the setting of the other wire", async () => {
    expect(await failuresOf({ name: "ci" })).to.deep.equal([
      { property: "roles", reason: "roles is required: at least one of admin, developer, query_endpoints" },
    ]);
    expect(await failuresOf({ name: "ci", roles: ["developer"], assignedRoleIds: [] })).to.deep.equal([
      {
        property: "assignedRoleIds",
        reason:
          "assignedRoleIds is an input of the production wire: the specification's API key has no such field; set " +
          "clickhouse:apiDialect to production (the default for api.clickhouse.cloud), or give the key roles",
      },
    ]);
    expect(await failuresOf({ name: "ci", roles: UNKNOWN })).to.deep.equal([]);
  });
});

describe("ApiKey roles against the emulator (production wire)", function () {
  this.timeout(30_000);
  const keys = providerOf("ApiKey");
  const assignments = providerOf("RoleAssignment");
  const roles = providerOf("Role");
  let emulator: RunningEmulator;
  let client: ManagementClient;
  let organizationId: string;
  const made: string[] = [];
  const roleId = (name: string) => emulator.fixture.roles.find((role) => role.name === name)!.id;
  const failuresOf = async (news: Bag) => (await keys.check({}, news)).failures ?? [];
  /** The role names a key holds, as the API shows them. */
  const heldRoles = async (id: string) =>
    ((await client.keys.get(organizationId, id)).assignedRoles ?? []).map((role) => role.roleName).sort();

  before(async () => {
    emulator = await sharedEmulator("production");
    organizationId = emulator.fixture.organizationId;
    client = managementClientFor(emulator.fixture, { throttle: "off" });
    for (const provider of [keys, assignments, roles]) {
      await provider.configure(configureRequestFrom(await emulatorStackConfig("production")));
    }
  });

  afterEach(async () => {
    for (const id of made.splice(0)) await client.keys.delete(organizationId, id).catch(() => undefined);
  });

  async function create(inputs: Bag): Promise<{ id: string; outs: Bag }> {
    const result = (await keys.create(inputs)) as { id: string; outs: Bag };
    made.push(result.id);
    return result;
  }

  it("accepts role words, role ids or both, and refuses neither and an id that is no uuid, naming the field", async () => {
    const developer = roleId("Member");
    expect(await failuresOf({ name: "ci", roles: ["developer"] })).to.deep.equal([]);
    expect(await failuresOf({ name: "ci", assignedRoleIds: [developer] })).to.deep.equal([]);
    expect(await failuresOf({ name: "ci", roles: ["admin"], assignedRoleIds: [developer] })).to.deep.equal(
      [],
    );
    expect(await failuresOf({ name: "ci", assignedRoleIds: UNKNOWN })).to.deep.equal([]);
    expect(await failuresOf({ name: "ci" })).to.deep.equal([
      {
        property: "assignedRoleIds",
        reason:
          "assignedRoleIds or roles is required: the uuids of the roles the key holds, or (deprecated by the API) " +
          "its role words",
      },
    ]);
    expect(await failuresOf({ name: "ci", assignedRoleIds: ["admin"] })).to.deep.equal([
      { property: "", reason: 'assignedRoleIds[0] must be a role id (a uuid); got "admin"' },
    ]);
  });

  it("makes a key with role ids alone: the key holds those roles, and its outputs show them", async () => {
    const admin = roleId("Admin");
    const { id, outs } = await create({
      name: `by id ${process.pid}`,
      assignedRoleIds: [admin.toUpperCase()],
    });
    expect(await heldRoles(id)).to.deep.equal(["Admin"]);
    expect(outs.roles).to.deep.equal([]);
    expect(outs.assignedRoleIds).to.deep.equal([admin.toLowerCase()]);
    expect(outs.assignedRoles).to.deep.equal([
      { roleId: admin.toLowerCase(), roleName: "Admin", roleType: "system" },
    ]);
    expect(isSecretMarker(outs.keySecret)).to.equal(true);
    const same = await keys.diff(id, outs, { name: outs.name, assignedRoleIds: [admin] });
    expect(same.changes).to.equal(false);
  });

  it("moves a key from role words to role ids in place: one PATCH of assignedRoleIds, the same secret, the words left", async () => {
    const member = roleId("Member");
    const inputs = { name: `moved ${process.pid}`, roles: ["developer"] };
    const { id, outs } = await create(inputs);
    expect(outs.assignedRoleIds).to.deep.equal([]);
    const moved = { name: inputs.name, assignedRoleIds: [member] };
    const verdict = await keys.diff(id, outs, moved);
    expect(verdict).to.deep.include({ changes: true, replaces: [] });

    await emulator.control.clearRequests();
    const updated = (await keys.update(id, outs, moved)).outs as Bag;
    const sent = (await emulator.control.requests()).filter((entry) => !entry.path.startsWith("/__emulator"));
    expect(sent.map((entry) => entry.route)).to.deep.equal([keyRoute("PATCH")]);
    expect(await heldRoles(id)).to.deep.equal(["Member"]);
    expect((await client.keys.get(organizationId, id)).roles).to.deep.equal(["developer"]);
    expect(isSecretMarker(updated.keySecret)).to.equal(true);
    expect(updated.keySecret).to.deep.equal(outs.keySecret);
    expect(updated.assignedRoleIds).to.deep.equal([member.toLowerCase()]);
    expect((await keys.diff(id, updated, moved)).changes).to.equal(false);
  });

  it("a key that leaves out role ids leaves its roles alone; one that sets them takes a role given elsewhere off", async () => {
    const [admin, member] = [roleId("Admin"), roleId("Member")];
    const inputs = { name: `words ${process.pid}`, roles: ["developer"] };
    const { id, outs } = await create(inputs);
    await client.keys.update(organizationId, id, { assignedRoleIds: [member] });
    const reread = (await keys.read(id, outs)).props as Bag;
    expect(reread.assignedRoleIds).to.deep.equal([member.toLowerCase()]);
    expect((await keys.diff(id, reread, inputs)).changes).to.equal(false);

    const byId = { ...inputs, assignedRoleIds: [admin] };
    expect((await keys.diff(id, reread, byId)).changes).to.equal(true);
    await keys.update(id, reread, byId);
    expect(await heldRoles(id)).to.deep.equal(["Admin"]);
  });

  it("an import gives the key's roles one way: its role words when it has any, else its role ids", async () => {
    const admin = roleId("Admin");
    const words = await create({ name: `import words ${process.pid}`, roles: ["admin"] });
    await client.keys.update(organizationId, words.id, { assignedRoleIds: [admin] });
    const imported = (await kindProvider("ApiKey").read(words.id, {}, {}, "import"))!;
    expect(imported.inputs).to.deep.include({ roles: ["admin"] });
    expect(imported.inputs).to.not.have.property("assignedRoleIds");
    const refreshed = await keys.read(words.id, words.outs);
    expect(refreshed.inputs).to.deep.include({ roles: ["admin"], assignedRoleIds: [admin.toLowerCase()] });

    const ids = await create({ name: `import ids ${process.pid}`, assignedRoleIds: [admin] });
    const importedById = (await kindProvider("ApiKey").read(ids.id, {}, {}, "import"))!;
    expect(importedById.inputs).to.deep.include({ assignedRoleIds: [admin.toLowerCase()] });
    expect(importedById.inputs).to.not.have.property("roles");
  });

  it("one owner of a key's roles: a RoleAssignment or a Role's actors naming a key that sets assignedRoleIds is refused", async () => {
    const { id, outs } = await create({ name: `owner ${process.pid}`, assignedRoleIds: [roleId("Member")] });
    const member = roleId("Member");
    const assignment = await assignments.check({}, { roleId: member, apiKeyId: id });
    const reason =
      `the roles of API key ${id} are set by its ApiKey resource (its assignedRoleIds input): a key's roles have ` +
      "one owner, so list the role in the key's assignedRoleIds, or leave assignedRoleIds unset and give the key " +
      "its roles with RoleAssignment resources";
    expect(assignment.failures).to.deep.equal([{ property: "apiKeyId", reason }]);
    const role = await roles.check({}, { name: "listing the key", actors: [`apiKey/${id.toUpperCase()}`] });
    expect(role.failures).to.deep.equal([
      { property: "actors", reason: reason.replace(id, id.toUpperCase()) },
    ]);

    // The assignment the program dropped when it moved the key's roles to the key leaves the role to the key.
    await emulator.control.clearRequests();
    await assignments.delete(`${member}/apiKey/${id}`, { roleId: member, apiKeyId: id, organizationId });
    const sent = (await emulator.control.requests()).filter((entry) => !entry.path.startsWith("/__emulator"));
    expect(sent).to.deep.equal([]);
    expect(await heldRoles(id)).to.deep.equal(["Member"]);

    // A program that stops setting the key's role ids gives them up: assignments are then its owner.
    await keys.diff(id, outs, { name: outs.name, roles: ["developer"] });
    expect((await assignments.check({}, { roleId: member, apiKeyId: id })).failures ?? []).to.deep.equal([]);
    await assignments.delete(`${member}/apiKey/${id}`, { roleId: member, apiKeyId: id, organizationId });
    expect(await heldRoles(id)).to.deep.equal([]);
  });
});
