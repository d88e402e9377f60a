/**
 * The Role resource through its provider (check, diff, create, read, update, delete), against the shared emulator of
 * each wire: what a user sees at preview, in the outputs, and in the organization.
 */
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { UNKNOWN } from "../../../provider/propertyEncoding";
import { resources } from "../../../provider/resources/registry";
import { ImportIdError } from "../../../provider/resources/adoption/importIds";
import { forEachDialect, sharedEmulator, emulatorStackConfig } from "../../support/emulator";
import { managementClientFor } from "../../support/clients";
import { providerOf } from "../../support/providers";
import { kindProvider } from "../../../provider/host/kindProviders";
import { configureRequestFrom } from "../../support/stackConfig";
import { failureOf } from "../../support/failureOf";
import type { ManagementClient } from "../../../provider/rest";

type Bag = Record<string, unknown>;

const anyService = (permissions: string[], allowDeny = "ALLOW") => ({
  allowDeny,
  permissions,
  resources: ["instance/*"],
});

describe("Role: check", () => {
  const provider = providerOf("Role");
  const failuresOf = async (news: Bag) => (await provider.check({}, news)).failures ?? [];

  before(async () => {
    await provider.configure(configureRequestFrom(await emulatorStackConfig()));
  });

  it("accepts policies on services and on the organization, with tags, and actors of both forms", async () => {
    const organizationId = "0b6c1f4e-1f0e-4d52-9a3e-2f7c4c1d9e01";
    expect(
      await failuresOf({
        name: "operators",
        policies: [
          anyService(["control-plane:service:manage", "control-plane:service:view-backups"]),
          {
            allowDeny: "DENY",
            permissions: ["control-plane:organization:view-billing"],
            resources: [`organization/${organizationId}`],
          },
          { ...anyService(["sql-console:database:access"]), tags: { roleV2: "sql-console-readonly" } },
        ],
        actors: [`user/${organizationId}`, `apiKey/${organizationId}`],
      }),
    ).to.deep.equal([]);
    expect(await failuresOf({ name: "empty" })).to.deep.equal([]);
  });

  it("names a permission ClickHouse Cloud does not have, with those of its kind", async () => {
    const failures = await failuresOf({
      name: "made up",
      policies: [anyService(["control-plane:service:view", "control-plane:service:fly"])],
    });
    expect(failures).to.have.length(1);
    // A nested path goes to the engine in the reason alone (the engine looks a property up as a top-level key).
    expect(failures[0].property).to.equal("");
    expect(failures[0].reason).to.match(
      /^policies\[0\]\.permissions\[1\] is not a permission of ClickHouse Cloud; got "control-plane:service:fly" \(those of control-plane:service:\* are control-plane:service:view, control-plane:service:manage, /,
    );
    expect(failures[0].reason).to.not.include("control-plane:organization:view");
    const [unlike] = await failuresOf({ name: "n", policies: [anyService(["billing:invoice:pay"])] });
    expect(unlike.reason).to.include("(the permissions are control-plane:organization:view, ");
  });

  it("names a malformed actor, permission, resource or effect, and a missing name", async () => {
    const reasons = (
      await failuresOf({
        policies: [{ allowDeny: "MAYBE", permissions: ["Service View"], resources: ["instance/all"] }],
        actors: ["team/0b6c1f4e-1f0e-4d52-9a3e-2f7c4c1d9e01"],
      })
    ).map((failure) => failure.reason);
    expect(reasons).to.include("name is required");
    expect(reasons.join("\n")).to.include('actors[0] must be "user/<user id>" or "apiKey/<API key id>"');
    expect(reasons.join("\n")).to.include('policies[0].allowDeny must be one of ALLOW, DENY; got "MAYBE"');
    expect(reasons.join("\n")).to.include("policies[0].permissions[0] must be a permission");
    expect(reasons.join("\n")).to.include(
      'policies[0].resources[0] must be "organization/<organization id>", "instance/<service id>" or "instance/*"',
    );
  });

  it("names a policy whose permissions are on the organization and on services, or whose resource is of the other scope", async () => {
    const organization = "organization/0b6c1f4e-1f0e-4d52-9a3e-2f7c4c1d9e01";
    const reasons = async (policies: unknown[]) =>
      (await failuresOf({ name: "scoped", policies })).map((failure) => failure.reason);
    expect(
      await reasons([
        {
          allowDeny: "ALLOW",
          permissions: ["control-plane:organization:view", "control-plane:service:view"],
          resources: ["instance/*"],
        },
      ]),
    ).to.deep.equal([
      "policies[0].permissions must all be on one scope, the organization or services; got permissions on both: " +
        "make a policy for each",
    ]);
    expect(
      await reasons([
        anyService(["control-plane:service:view"]),
        {
          allowDeny: "ALLOW",
          permissions: ["control-plane:support:manage"],
          resources: [organization, "instance/*"],
        },
      ]),
    ).to.deep.equal([
      "policies[1].resources[1] must be on the organization (organization/<organization id>), which the policy's " +
        'permissions are on; got "instance/*"',
    ]);
    expect(
      await reasons([{ ...anyService(["sql-console:database:access"]), resources: [organization] }]),
    ).to.deep.equal([
      "policies[0].resources[0] must be on services (instance/<service id> or instance/*), which the policy's " +
        `permissions are on; got "${organization}"`,
    ]);
  });

  it("leaves the policies and actors not known yet to be checked when they are", async () => {
    expect(await failuresOf({ name: "later", policies: UNKNOWN, actors: UNKNOWN })).to.deep.equal([]);
  });
});

forEachDialect((dialect) =>
  describe(`Role against the emulator (${dialect} wire)`, function () {
    this.timeout(30_000);
    const provider = providerOf("Role");
    let emulator: RunningEmulator;
    let client: ManagementClient;
    let organizationId: string;
    const made: string[] = [];
    const unique = (name: string) => `${name} ${dialect} ${process.pid}-${made.length}`;

    before(async () => {
      emulator = await sharedEmulator(dialect);
      organizationId = emulator.fixture.organizationId;
      client = managementClientFor(emulator.fixture, { throttle: "off" });
      await provider.configure(configureRequestFrom(await emulatorStackConfig(dialect)));
    });

    afterEach(async () => {
      for (const id of made.splice(0)) await client.roles.delete(organizationId, id).catch(() => undefined);
    });

    async function create(inputs: Bag): Promise<{ id: string; outs: Bag }> {
      const result = await provider.create(inputs);
      made.push(result.id);
      return result as { id: string; outs: Bag };
    }

    const diff = async (olds: Bag, news: Bag) => provider.diff("id", olds, news);

    it("creates the role; the permission the API grants along is shown apart and is no change", async () => {
      const inputs = {
        name: unique("operators"),
        policies: [anyService(["control-plane:service:view", "control-plane:service:manage"])],
      };
      const { id, outs } = await create(inputs);
      const held = await client.roles.get(organizationId, id);
      expect(held.type).to.equal("custom");
      expect(held.actors).to.deep.equal([]);
      expect(held.policies?.[0].permissions).to.have.members([
        "control-plane:service:view",
        "control-plane:service:manage",
        "control-plane:service:delete",
      ]);
      expect(outs.policies).to.deep.equal([
        anyService(["control-plane:service:manage", "control-plane:service:view"]),
      ]);
      expect(outs.appliedPolicies).to.deep.equal([
        {
          id: held.policies?.[0].id,
          ...anyService([
            "control-plane:service:delete",
            "control-plane:service:manage",
            "control-plane:service:view",
          ]),
          addedByApi: ["control-plane:service:delete"],
        },
      ]);
      expect(outs).to.not.have.property("actors");
      expect(outs).to.include({ name: inputs.name, type: "custom", organizationId });
      expect((await diff(outs, inputs)).changes).to.equal(false);
      const reread = await provider.read(id, outs);
      expect(reread.props).to.deep.equal(outs);
      expect((await diff(reread.props!, inputs)).changes).to.equal(false);
    });

    it("policies compare as a set: order, repeats and the case of ids are no change; a permission added is", async () => {
      const service = emulator.fixture.services.production;
      const inputs = {
        name: unique("readers"),
        policies: [
          anyService(["control-plane:service:view"]),
          {
            allowDeny: "ALLOW",
            permissions: ["control-plane:service:view-backups", "control-plane:service:view"],
            resources: [`instance/${service}`],
          },
        ],
      };
      const { id, outs } = await create(inputs);
      const reordered = {
        ...inputs,
        policies: [
          {
            allowDeny: "ALLOW",
            permissions: ["control-plane:service:view", "control-plane:service:view-backups"],
            resources: [`instance/${service.toUpperCase()}`],
          },
          anyService(["control-plane:service:view"]),
        ],
      };
      expect((await diff(outs, reordered)).changes).to.equal(false);
      // Outside the program, a permission joins the first policy: a refresh shows it, and it is a change.
      const held = await client.roles.get(organizationId, id);
      const policies = (held.policies ?? []).map((policy, index) => ({
        allowDeny: policy.allowDeny,
        permissions: [
          ...(policy.permissions ?? []),
          ...(index === 0 ? ["control-plane:service:manage-backups"] : []),
        ],
        resources: policy.resources ?? [],
      }));
      await client.roles.update(organizationId, id, { policies });
      const reread = (await provider.read(id, outs)).props!;
      expect((reread.policies as Bag[])[0].permissions).to.deep.equal([
        "control-plane:service:manage-backups",
        "control-plane:service:view",
      ]);
      expect(await diff(reread, inputs)).to.include({ changes: true });
    });

    it("an update sends only what changed: a new policy replaces them all, a new name keeps their ids", async () => {
      const key = await client.keys.create(organizationId, { name: unique("key"), roles: ["developer"] });
      const inputs = { name: unique("backups"), policies: [anyService(["control-plane:service:view"])] };
      const { id, outs } = await create(inputs);
      // A RoleAssignment's actor, which this Role (without actors) must leave alone.
      await client.roles.update(organizationId, id, { actors: [`apiKey/${key.key.id}`] });
      const changed = { ...inputs, policies: [anyService(["control-plane:service:manage-backups"])] };
      expect(await diff(outs, changed)).to.deep.include({ changes: true, replaces: [] });
      const updated = (await provider.update(id, outs, changed)).outs as Bag;
      const afterPolicies = await client.roles.get(organizationId, id);
      expect(afterPolicies.policies?.map((policy) => policy.permissions)).to.deep.equal([
        ["control-plane:service:manage-backups"],
      ]);
      expect(afterPolicies.actors).to.deep.equal([`apiKey/${key.key.id}`]);
      expect(updated.policies).to.deep.equal(changed.policies);
      const renamed = { ...changed, name: unique("backup managers") };
      const afterRename = (await provider.update(id, updated, renamed)).outs as Bag;
      const held = await client.roles.get(organizationId, id);
      expect(held.name).to.equal(renamed.name);
      expect(held.policies?.[0].id).to.equal(afterPolicies.policies?.[0].id);
      expect(afterRename.appliedPolicies).to.deep.equal(updated.appliedPolicies);
      await client.keys.delete(organizationId, key.key.id);
    });

    it("with actors set, owns them: sent, compared as a set, and given up when the program stops", async () => {
      const { members } = emulator.fixture;
      const developer = `user/${members.developer}`;
      const inputs = { name: unique("owned"), actors: [developer] };
      const { id, outs } = await create(inputs);
      expect(outs.actors).to.deep.equal([developer]);
      expect((await client.roles.get(organizationId, id)).actors).to.deep.equal([developer]);
      expect(
        (await diff(outs, { ...inputs, actors: [`user/${members.developer.toUpperCase()}`] })).changes,
      ).to.equal(false);
      const both = { ...inputs, actors: [developer, `user/${members.admin}`] };
      expect((await diff(outs, both)).changes).to.equal(true);
      const updated = (await provider.update(id, outs, both)).outs as Bag;
      expect((await client.roles.get(organizationId, id)).actors).to.have.members(both.actors);
      // Left out: the actors stay as they are, and the outputs stop showing them.
      const released = { name: inputs.name };
      expect((await diff(updated, released)).changes).to.equal(true);
      const after = (await provider.update(id, updated, released)).outs as Bag;
      expect(after).to.not.have.property("actors");
      expect((await client.roles.get(organizationId, id)).actors).to.have.members(both.actors);
      expect((await diff(after, released)).changes).to.equal(false);
    });

    it("a name another role has fails the create, naming that role to import", async () => {
      const { id } = await create({ name: unique("taken") });
      const name = (await client.roles.get(organizationId, id)).name;
      const failure = await failureOf(() => create({ name }));
      expect(failure.message).to.include(`the organization already has a role of that name (${id})`);
      expect(failure.message).to.include(`pulumi import clickhouse-cloud:index:Role <name> ${id}`);
      const system = await failureOf(() => create({ name: "Admin" }));
      expect(system.message).to.include("it is a system role; give this role another name");
    });

    it("imports a custom role by its uuid without its actors, and refuses a system role", async () => {
      const { members } = emulator.fixture;
      const { id } = await create({
        name: unique("imported"),
        actors: [`user/${members.developer}`],
        policies: [anyService(["control-plane:service:manage"])],
      });
      const { importId } = resources.Role;
      expect(() => importId("admin")).to.throw(ImportIdError, 'a Role is imported by "<id>"');
      const { id: readId, properties } = importId(id);
      const imported = (await kindProvider("Role").read(readId, properties, {}, "import"))!.outs;
      expect(imported).to.not.have.property("actors");
      // Nothing tells which permissions the API added to a role made elsewhere: all of them are the policy's.
      expect((imported.policies as Bag[])[0].permissions).to.deep.equal([
        "control-plane:service:delete",
        "control-plane:service:manage",
      ]);
      const admin = emulator.fixture.roles.find((role) => role.name === "Admin")!.id;
      const refused = await failureOf(() => kindProvider("Role").read(admin, {}, {}, "import"));
      expect(refused.message).to.include("is a system role");
    });

    it("delete deletes the role, and is done when it is gone already; a read then finds nothing", async () => {
      const { id, outs } = await create({ name: unique("short-lived") });
      await provider.delete(id, outs);
      expect((await client.roles.list(organizationId)).map((role) => role.id)).to.not.include(id);
      await provider.delete(id, outs);
      expect(await provider.read(id, outs)).to.deep.equal({ id: "", props: {} });
    });
  }),
);
