/**
 * The RoleAssignment resource through its provider (check, create, read, delete, import ids), against the shared
 * emulator of each wire: the actor the organization shows on the role, the other actors left alone, and a role whose
 * Role resource sets its actors refused at check.
 */
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { UNKNOWN } from "../../../provider/propertyEncoding";
import { resources } from "../../../provider/resources/registry";
import { ImportIdError } from "../../../provider/resources/adoption/importIds";
import { kindProvider } from "../../../provider/host/kindProviders";
import type { ManagementClient } from "../../../provider/rest";
import { emulatorStackConfig, forEachDialect, sharedEmulator } from "../../support/emulator";
import { managementClientFor } from "../../support/clients";
import { providerOf } from "../../support/providers";
import { configureRequestFrom } from "../../support/stackConfig";
import { withProgressLines } from "../../support/progressLines";

type Bag = Record<string, unknown>;

const roleId = "0b6c1f4e-1f0e-4d52-9a3e-2f7c4c1d9e01";
const keyId = "1b6c1f4e-1f0e-4d52-9a3e-2f7c4c1d9e02";

describe("RoleAssignment: check", () => {
  const provider = providerOf("RoleAssignment");
  const failuresOf = async (news: Bag) => (await provider.check({}, news)).failures ?? [];

  before(async () => {
    await provider.configure(configureRequestFrom(await emulatorStackConfig()));
    await providerOf("Role").configure(configureRequestFrom(await emulatorStackConfig()));
  });

  it("accepts a member or an API key on a role, and ids not known yet", async () => {
    expect(await failuresOf({ roleId, userId: keyId })).to.deep.equal([]);
    expect(await failuresOf({ roleId, apiKeyId: keyId.toUpperCase() })).to.deep.equal([]);
    expect(await failuresOf({ roleId: UNKNOWN, apiKeyId: UNKNOWN })).to.deep.equal([]);
  });

  it("names a role id or an actor id that is not a uuid", async () => {
    expect(await failuresOf({ roleId: "Admin", apiKeyId: keyId })).to.deep.equal([
      {
        property: "roleId",
        reason:
          'roleId must be a uuid (8-4-4-4-12 hex digits, e.g. 0b3c2d4e-5f60-4718-8293-a4b5c6d7e8f9); got "Admin"',
      },
    ]);
    expect(await failuresOf({ roleId, apiKeyId: "ci-key" })).to.deep.equal([
      {
        property: "apiKeyId",
        reason:
          'apiKeyId must be the id of an API key of the organization (a uuid, the ApiKey resource\'s id); got "ci-key"',
      },
    ]);
    expect(await failuresOf({ roleId, userId: "alice@example.com" })).to.deep.equal([
      {
        property: "userId",
        reason:
          'userId must be the user id of a member of the organization (a uuid); got "alice@example.com"',
      },
    ]);
  });

  it("needs exactly one actor: neither is named on userId, both on apiKeyId", async () => {
    expect(await failuresOf({ roleId })).to.deep.equal([
      {
        property: "userId",
        reason: "userId or apiKeyId is required: the member or the API key that holds the role",
      },
    ]);
    expect(await failuresOf({ roleId, userId: keyId, apiKeyId: keyId })).to.deep.equal([
      {
        property: "apiKeyId",
        reason:
          "apiKeyId cannot be set with userId: an assignment gives one actor the role; make one for each",
      },
    ]);
    // A key id not known yet is an actor: only the member's id stands beside it, known.
    expect(await failuresOf({ roleId, userId: keyId, apiKeyId: UNKNOWN })).to.deep.equal([]);
  });

  it("refuses a role whose Role resource sets its actors, once that Role was diffed, and not after it stops", async () => {
    const role = providerOf("Role");
    const olds = { name: "owners", policies: [], appliedPolicies: [], organizationId: roleId };
    await role.diff(roleId, olds, { name: "owners", actors: [`apiKey/${keyId}`] });
    expect(await failuresOf({ roleId: roleId.toUpperCase(), apiKeyId: keyId })).to.deep.equal([
      {
        property: "roleId",
        reason:
          `the actors of role ${roleId.toUpperCase()} are set by its Role resource (its actors input): a role's ` +
          "actors have one owner, so list this actor in the Role's actors, or leave the Role's actors unset and " +
          "assign every actor with a RoleAssignment",
      },
    ]);
    // Actors not known yet are set all the same.
    await role.diff(roleId, olds, { name: "owners", actors: UNKNOWN });
    expect(await failuresOf({ roleId, apiKeyId: keyId })).to.have.length(1);
    await role.diff(roleId, olds, { name: "owners" });
    expect(await failuresOf({ roleId, apiKeyId: keyId })).to.deep.equal([]);
  });
});

describe("RoleAssignment: import ids", () => {
  const { importId } = resources.RoleAssignment;

  it("takes <roleId>/user/<id> and <roleId>/apiKey/<id>, in either case", () => {
    expect(importId(`${roleId}/apiKey/${keyId}`)).to.deep.equal({
      id: `${roleId}/apiKey/${keyId}`,
      properties: {},
    });
    expect(importId(`${roleId.toUpperCase()}/user/${keyId}`).id).to.equal(`${roleId}/user/${keyId}`);
  });

  it("refuses any other form, saying which it takes", () => {
    for (const id of [
      roleId,
      `${roleId}/team/${keyId}`,
      `${roleId}/apiKey/ci`,
      `admin/apiKey/${keyId}`,
      `${roleId}/apiKey/${keyId}/x`,
    ]) {
      expect(() => importId(id), id).to.throw(
        ImportIdError,
        'a RoleAssignment is imported by "<roleId>/user/<userId> or <roleId>/apiKey/<apiKeyId>", each id a uuid',
      );
    }
  });
});

forEachDialect((dialect) =>
  describe(`RoleAssignment against the emulator (${dialect} wire)`, function () {
    this.timeout(30_000);
    const provider = providerOf("RoleAssignment");
    let emulator: RunningEmulator;
    let client: ManagementClient;
    let organizationId: string;
    let role: string;
    let keys: string[];

    const actorsOf = async (id = role) => (await client.roles.get(organizationId, id)).actors ?? [];

    before(async () => {
      emulator = await sharedEmulator(dialect);
      organizationId = emulator.fixture.organizationId;
      client = managementClientFor(emulator.fixture, { throttle: "off" });
      await provider.configure(configureRequestFrom(await emulatorStackConfig(dialect)));
    });

    beforeEach(async () => {
      const name = `assigned ${dialect} ${process.pid}-${Date.now()}`;
      keys = [];
      for (const index of [0, 1, 2]) {
        const made = await client.keys.create(organizationId, {
          name: `${name} ${index}`,
          roles: ["developer"],
        });
        keys.push(made.key.id);
      }
      role = (
        await client.roles.create(organizationId, {
          name,
          actors: [`user/${emulator.fixture.members.developer}`],
          policies: [
            { allowDeny: "ALLOW", permissions: ["control-plane:service:view"], resources: ["instance/*"] },
          ],
        })
      ).id;
    });

    afterEach(async () => {
      await client.roles.delete(organizationId, role).catch(() => undefined);
      for (const key of keys) await client.keys.delete(organizationId, key).catch(() => undefined);
    });

    it("gives the key the role beside its other actors, reads it back, and takes it off again", async () => {
      const { id, outs } = await provider.create({ roleId: role, apiKeyId: keys[0] });
      expect(id).to.equal(`${role}/apiKey/${keys[0]}`);
      expect(outs).to.deep.equal({
        roleId: role,
        actor: `apiKey/${keys[0]}`,
        apiKeyId: keys[0],
        roleName: (await client.roles.get(organizationId, role)).name,
        organizationId,
      });
      expect(await actorsOf()).to.deep.equal([
        `user/${emulator.fixture.members.developer}`,
        `apiKey/${keys[0]}`,
      ]);
      expect((await provider.read(id, outs)).props).to.deep.equal(outs);
      expect(
        (await provider.diff(id, outs, { roleId: role.toUpperCase(), apiKeyId: keys[0] })).changes,
      ).to.equal(false);
      await provider.delete(id, outs);
      expect(await actorsOf()).to.deep.equal([`user/${emulator.fixture.members.developer}`]);
      // Gone already: nothing to do.
      await provider.delete(id, outs);
    });

    it("a refresh drops the assignment when the actor was taken off, or its key or role deleted, outside", async () => {
      const { id, outs } = await provider.create({ roleId: role, apiKeyId: keys[0] });
      await client.roles.update(organizationId, role, { actors: [] });
      expect(await provider.read(id, outs)).to.deep.equal({ id: "", props: {} });
      const second = await provider.create({ roleId: role, apiKeyId: keys[1] });
      await client.keys.delete(organizationId, keys[1]);
      expect(await provider.read(second.id, second.outs)).to.deep.equal({ id: "", props: {} });
      const third = await provider.create({ roleId: role, apiKeyId: keys[2] });
      await client.roles.delete(organizationId, role);
      expect(await provider.read(third.id, third.outs)).to.deep.equal({ id: "", props: {} });
      await provider.delete(third.id, third.outs);
    });

    it("assignments to one role made at once all hold it: each change waits for the one before", async () => {
      const made = await Promise.all(keys.map((key) => provider.create({ roleId: role, apiKeyId: key })));
      expect(await actorsOf()).to.have.members([
        `user/${emulator.fixture.members.developer}`,
        ...keys.map((key) => `apiKey/${key}`),
      ]);
      await Promise.all(made.slice(0, 2).map(({ id, outs }) => provider.delete(id, outs)));
      expect(await actorsOf()).to.have.members([
        `user/${emulator.fixture.members.developer}`,
        `apiKey/${keys[2]}`,
      ]);
    });

    it("adopts an actor that holds the role already, saying so", async () => {
      const member = emulator.fixture.members.developer;
      const { lines, result } = await withProgressLines(() =>
        provider.create({ roleId: role, userId: member }),
      );
      expect(result.outs).to.include({ actor: `user/${member}`, userId: member });
      expect(lines.join("\n")).to.include(`user/${member} already holds role ${role}`);
      expect(await actorsOf()).to.deep.equal([`user/${member}`]);
    });

    it("gives a system role too, and imports an assignment by its id", async () => {
      const member = emulator.fixture.roles.find((candidate) => candidate.name === "Member")!.id;
      const { id } = await provider.create({ roleId: member, apiKeyId: keys[0] });
      expect(await actorsOf(member)).to.include(`apiKey/${keys[0]}`);
      const imported = await kindProvider("RoleAssignment").read(
        resources.RoleAssignment.importId(id).id,
        {},
        {},
        "import",
      );
      expect(imported?.inputs).to.deep.equal({ roleId: member, apiKeyId: keys[0], organizationId });
      // The key deleted in afterEach takes its assignments with it.
    });
  }),
);
