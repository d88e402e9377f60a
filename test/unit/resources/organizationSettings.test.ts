/**
 * The OrganizationSettings resource through its provider (check, diff, create, read, update, delete), against the
 * shared emulator of each wire: what a user sees at preview, in the outputs, and in the organization, which each
 * case leaves as it found it.
 */
import { randomUUID } from "node:crypto";
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
import { withProgressLines } from "../../support/progressLines";
import { quickSleeps } from "../../support/quickSleeps";
import type { ManagementClient, Organization } from "../../../provider/rest";

type Bag = Record<string, unknown>;

/** An endpoint id no other case uses: the check remembers the ids it saw in this process. */
const endpointId = () => `vpce-${randomUUID().replaceAll("-", "").slice(0, 17)}`;
const endpoint = (id: string, description?: string) => ({
  id,
  ...(description === undefined ? {} : { description }),
  cloudProvider: "aws",
  region: "us-east-1",
});

describe("OrganizationSettings: check", () => {
  const provider = providerOf("OrganizationSettings");
  const privateEndpoint = providerOf("PrivateEndpoint");
  const failuresOf = async (news: Bag, on = provider) => (await on.check({}, news)).failures ?? [];
  const reasonsOf = async (news: Bag) => (await failuresOf(news)).map((failure) => failure.reason);
  // Each case names an organization of its own: the check refuses a second resource for one organization.
  const own = (inputs: Bag) => ({ organizationId: randomUUID(), ...inputs });

  before(async () => {
    await provider.configure(configureRequestFrom(await emulatorStackConfig()));
    await privateEndpoint.configure(configureRequestFrom(await emulatorStackConfig()));
  });

  it("accepts a name, the crash reports setting and endpoints, and nothing at all", async () => {
    const inputs = own({
      name: "Analytics",
      enableCoreDumps: false,
      privateEndpoints: [
        endpoint(endpointId(), "app VPC"),
        { id: "pe-1", cloudProvider: "gcp", region: "us-east1" },
      ],
    });
    expect(await failuresOf(inputs)).to.deep.equal([]);
    expect(await failuresOf(own({}))).to.deep.equal([]);
    expect(await failuresOf(own({ name: UNKNOWN, privateEndpoints: UNKNOWN }))).to.deep.equal([]);
  });

  it("names an empty or blank name, one too long, a malformed endpoint id and a region of another cloud", async () => {
    expect(await reasonsOf(own({ name: "" }))).to.deep.equal([
      'name must be 1 to 255 characters, not only spaces; got ""',
    ]);
    expect(await reasonsOf(own({ name: "   " }))).to.deep.equal([
      'name must be 1 to 255 characters, not only spaces; got "   "',
    ]);
    const [long] = await reasonsOf(own({ name: "n".repeat(256) }));
    expect(long).to.match(
      /^name must be 1 to 255 characters, not only spaces; got "n+"… \(256 characters\)$/,
    );
    const reasons = await reasonsOf(
      own({
        privateEndpoints: [
          { id: "vpce/../x", cloudProvider: "aws", region: "us-east-1" },
          { id: "vpce-0abc", cloudProvider: "aws", region: "eastus" },
          { id: "vpce-0def", region: "us-east-1" },
        ],
      }),
    );
    expect(reasons).to.have.length(3);
    expect(reasons[0]).to.match(
      /^privateEndpoints\[0\]\.id must be the cloud provider's endpoint id: 1 to 128 letters, digits/,
    );
    expect(reasons).to.include.members([
      'privateEndpoints[1].region must be a region of aws (ap-northeast-1, ap-northeast-2, ap-south-1, ap-southeast-1, ap-southeast-2, ca-central-1, eu-central-1, eu-west-1, eu-west-2, il-central-1, us-east-1, us-east-2, us-west-2); got "eastus"',
      "privateEndpoints[2].cloudProvider is required",
    ]);
  });

  it("names an endpoint listed twice", async () => {
    const id = endpointId();
    expect(
      await reasonsOf(
        own({ privateEndpoints: [endpoint(id), endpoint(endpointId()), endpoint(id, "again")] }),
      ),
    ).to.deep.equal([
      `privateEndpoints[2].id "${id}" is listed already (privateEndpoints[0]): the organization keeps one ` +
        "registration per endpoint, so list each once",
    ]);
  });

  it("refuses a second OrganizationSettings of one organization, not the same one checked again", async () => {
    const organizationId = randomUUID();
    const first = { organizationId, name: "First" };
    expect(await failuresOf(first)).to.deep.equal([]);
    expect(await failuresOf({ ...first })).to.deep.equal([]);
    expect(await failuresOf({ organizationId: randomUUID(), name: "Other organization" })).to.deep.equal([]);
    // A preview that does not know a value yet, then the `up` that does: one resource.
    const later = randomUUID();
    expect(await failuresOf({ organizationId: later, name: UNKNOWN, enableCoreDumps: true })).to.deep.equal(
      [],
    );
    expect(
      await failuresOf({ organizationId: later, name: "Known now", enableCoreDumps: true }),
    ).to.deep.equal([]);
    expect(await failuresOf({ organizationId: later, name: "Known now" })).to.have.length(1);
    expect(await failuresOf({ organizationId, enableCoreDumps: true })).to.deep.equal([
      {
        property: "",
        reason:
          `another OrganizationSettings of this program already manages organization ${organizationId} ` +
          "(organizationId): an organization has one OrganizationSettings, so set every setting on that one",
      },
    ]);
  });

  it("refuses an endpoint both listed here and registered by a PrivateEndpoint, whichever comes second", async () => {
    const service = randomUUID();
    const [listedFirst, registeredFirst] = [endpointId(), endpointId()];
    expect(await failuresOf(own({ privateEndpoints: [endpoint(listedFirst)] }))).to.deep.equal([]);
    expect(await failuresOf({ serviceId: service, endpointId: listedFirst }, privateEndpoint)).to.deep.equal([
      {
        property: "endpointId",
        reason:
          `private endpoint ${listedFirst} is listed in the privateEndpoints of this program's ` +
          "OrganizationSettings: an endpoint has one owner, so take it out of that list (this resource " +
          "registers it and attaches it to the service) or remove this resource",
      },
    ]);
    expect(
      await failuresOf({ serviceId: service, endpointId: registeredFirst }, privateEndpoint),
    ).to.deep.equal([]);
    expect(
      await reasonsOf(own({ privateEndpoints: [endpoint(endpointId()), endpoint(registeredFirst)] })),
    ).to.deep.equal([
      `privateEndpoints[1].id: private endpoint ${registeredFirst} is registered by a PrivateEndpoint ` +
        "resource of this program: an endpoint has one owner, so take it out of this list (the " +
        "PrivateEndpoint registers it and attaches it to its service)",
    ]);
  });
});

forEachDialect((dialect) =>
  describe(`OrganizationSettings against the emulator (${dialect} wire)`, function () {
    this.timeout(30_000);
    const provider = providerOf("OrganizationSettings");
    let emulator: RunningEmulator;
    let client: ManagementClient;
    let organizationId: string;
    let found: Organization;
    const patches = "PATCH /v1/organizations/:organizationId";

    const held = () => client.organizations.get(organizationId);
    const diff = async (olds: Bag, news: Bag) => provider.diff(organizationId, olds, news);
    const patchesSent = async () =>
      (await emulator.control.requests()).filter((request) => request.route === patches).length;
    const registeredIds = async () =>
      ((await held()).privateEndpoints ?? []).map((registered) => registered.id);

    async function create(inputs: Bag): Promise<{ id: string; outs: Bag }> {
      return (await provider.create(inputs)) as { id: string; outs: Bag };
    }

    before(async () => {
      emulator = await sharedEmulator(dialect);
      organizationId = emulator.fixture.organizationId;
      client = managementClientFor(emulator.fixture, { throttle: "off" });
      await provider.configure(configureRequestFrom(await emulatorStackConfig(dialect)));
    });

    beforeEach(async () => {
      found = await held();
      await emulator.control.clearRequests();
    });

    // The organization as each case found it: its name, its crash reports setting, and only its endpoints.
    afterEach(async () => {
      const kept = new Set((found.privateEndpoints ?? []).map((registered) => registered.id));
      const added = (await registeredIds()).filter((id) => !kept.has(id));
      await client.organizations.update(organizationId, {
        name: found.name ?? "Emulated organization",
        enableCoreDumps: found.enableCoreDumps ?? true,
        ...(added.length > 0 ? { privateEndpoints: { remove: added.map((id) => ({ id })) } } : {}),
      });
    });

    it("create adopts the organization, sending only the settings set; a diff then shows no change", async () => {
      const inputs = { name: `Analytics ${dialect}` };
      const { id, outs } = await create(inputs);
      expect(id).to.equal(organizationId);
      expect(await patchesSent()).to.equal(1);
      const organization = await held();
      expect(organization).to.include({ name: inputs.name, enableCoreDumps: found.enableCoreDumps });
      expect(outs).to.deep.equal({
        organizationId,
        name: inputs.name,
        enableCoreDumps: found.enableCoreDumps,
        createdAt: organization.createdAt,
      });
      expect((await diff(outs, inputs)).changes).to.equal(false);
      const reread = await provider.read(id, outs);
      expect(reread).to.deep.include({ id, props: outs });
    });

    it("create of settings the organization has already sends nothing and says it adopted it as it is", async () => {
      const inputs = { name: found.name, enableCoreDumps: found.enableCoreDumps };
      const { result, lines } = await withProgressLines(() => create(inputs));
      expect(await patchesSent()).to.equal(0);
      expect(result.outs).to.include(inputs);
      expect(lines.join("\n")).to.include(
        `organization ${organizationId}: its settings already match the inputs; adopted as it is`,
      );
    });

    it("an update sends only what changed: a name changed outside the program and not managed stays", async () => {
      const inputs = { enableCoreDumps: false };
      const { id, outs } = await create(inputs);
      expect((await held()).enableCoreDumps).to.equal(false);
      await client.organizations.update(organizationId, { name: `Renamed in the console ${dialect}` });
      const refreshed = (await provider.read(id, outs)).props;
      expect(refreshed.name).to.equal(`Renamed in the console ${dialect}`);
      expect((await diff(refreshed, inputs)).changes, "the name is not managed").to.equal(false);
      const changed = { enableCoreDumps: true };
      expect(await diff(refreshed, changed)).to.deep.include({ changes: true, replaces: [] });
      const updated = (await provider.update(id, refreshed, changed)).outs as Bag;
      expect(await held()).to.include({ enableCoreDumps: true, name: `Renamed in the console ${dialect}` });
      expect(updated).to.include({ enableCoreDumps: true, name: `Renamed in the console ${dialect}` });
    });

    it("a change made outside the program shows on refresh, and the update sets it back", async () => {
      const inputs = { name: `Managed ${dialect}`, enableCoreDumps: true };
      const { id, outs } = await create(inputs);
      await client.organizations.update(organizationId, { enableCoreDumps: false });
      const refreshed = (await provider.read(id, outs)).props;
      expect(refreshed.enableCoreDumps).to.equal(false);
      expect(await diff(refreshed, inputs)).to.deep.include({ changes: true, replaces: [] });
      await provider.update(id, refreshed, inputs);
      expect(await held()).to.include(inputs);
    });

    it("keeps the listed endpoints registered and removes only those the list drops", async () => {
      const [mine, dropped, others] = [endpointId(), endpointId(), endpointId()];
      // Registered outside the program: never listed, so never removed.
      await client.organizations.update(organizationId, {
        privateEndpoints: { add: [{ id: others, cloudProvider: "gcp", region: "us-east1" }] },
      });
      const inputs = { privateEndpoints: [endpoint(mine, "app VPC"), endpoint(dropped)] };
      const { id, outs } = await create(inputs);
      expect(await registeredIds()).to.include.members([mine, dropped, others]);
      expect(outs.privateEndpoints).to.deep.equal(
        [endpoint(mine, "app VPC"), endpoint(dropped)].sort((a, b) => a.id.localeCompare(b.id)),
      );
      // Order is no change.
      expect(
        (await diff(outs, { privateEndpoints: [...inputs.privateEndpoints].reverse() })).changes,
      ).to.equal(false);
      const fewer = { privateEndpoints: [endpoint(mine, "the app's VPC")] };
      expect((await diff(outs, fewer)).changes).to.equal(true);
      const updated = (await provider.update(id, outs, fewer)).outs as Bag;
      const registered = (await held()).privateEndpoints ?? [];
      expect(registered.map((shown) => shown.id)).to.include.members([mine, others]);
      expect(registered.map((shown) => shown.id)).to.not.include(dropped);
      expect(registered.find((shown) => shown.id === mine)?.description).to.equal("the app's VPC");
      expect(updated.privateEndpoints).to.deep.equal([endpoint(mine, "the app's VPC")]);
    });

    it("an endpoint removed outside the program shows on refresh, and the update registers it again", async () => {
      const id = endpointId();
      const inputs = { privateEndpoints: [endpoint(id)] };
      const created = await create(inputs);
      await client.organizations.update(organizationId, { privateEndpoints: { remove: [{ id }] } });
      const refreshed = (await provider.read(created.id, created.outs)).props;
      expect(refreshed.privateEndpoints).to.deep.equal([]);
      expect((await diff(refreshed, inputs)).changes).to.equal(true);
      await provider.update(created.id, refreshed, inputs);
      expect(await registeredIds()).to.include(id);
    });

    it("leaving the endpoints out gives them up: nothing is sent, none removed, the outputs stop showing them", async () => {
      const id = endpointId();
      const { id: resourceId, outs } = await create({ privateEndpoints: [endpoint(id)] });
      await emulator.control.clearRequests();
      expect((await diff(outs, {})).changes).to.equal(true);
      const released = (await provider.update(resourceId, outs, {})).outs as Bag;
      expect(await patchesSent()).to.equal(0);
      expect(released).to.not.have.property("privateEndpoints");
      expect(await registeredIds()).to.include(id);
      expect((await diff(released, {})).changes).to.equal(false);
    });

    it("delete sends nothing and says the organization stays as it is", async () => {
      const inputs = { name: `Left as it is ${dialect}`, enableCoreDumps: false };
      const { id, outs } = await create(inputs);
      await emulator.control.clearRequests();
      const { lines } = await withProgressLines(() => provider.delete(id, outs));
      expect(await emulator.control.requests()).to.deep.equal([]);
      expect(await held()).to.include(inputs);
      expect(lines.join("\n")).to.include(
        `organization ${organizationId} is left as it is: destroying its OrganizationSettings stops managing its ` +
          "settings and sends nothing",
      );
    });

    it("imports by the organization's id, with its name and crash reports setting but no endpoints", async () => {
      const { importId } = resources.OrganizationSettings;
      expect(() => importId("acme")).to.throw(ImportIdError, 'an OrganizationSettings is imported by "<id>"');
      const { id, properties } = importId(organizationId);
      const imported = (await kindProvider("OrganizationSettings").read(id, properties, {}, "import"))!;
      expect(imported.id).to.equal(organizationId);
      expect(imported.inputs).to.deep.equal({
        organizationId,
        name: found.name,
        enableCoreDumps: found.enableCoreDumps,
      });
      expect(imported.outs).to.not.have.property("privateEndpoints");
    });
  }),
);

describe("OrganizationSettings: a PATCH whose reply is lost", function () {
  quickSleeps();
  this.timeout(60_000);
  const provider = providerOf("OrganizationSettings");
  const patchRoute = "PATCH /v1/organizations/:organizationId";
  let emulator: RunningEmulator;
  let client: ManagementClient;
  let found: Organization;

  before(async () => {
    emulator = await sharedEmulator();
    client = managementClientFor(emulator.fixture, { throttle: "off" });
    await provider.configure(configureRequestFrom(await emulatorStackConfig()));
    found = await client.organizations.get(emulator.fixture.organizationId);
  });

  after(async () => {
    await emulator.control.clearFaults();
    await client.organizations.update(emulator.fixture.organizationId, {
      name: found.name ?? "Emulated organization",
      enableCoreDumps: found.enableCoreDumps ?? true,
    });
  });

  it("is sent again, the PATCH being idempotent, and the create ends with the settings made", async () => {
    const inputs = { name: "Lost reply", enableCoreDumps: false };
    await emulator.control.setFaults({ script: [{ route: patchRoute, kinds: ["dropAfterProcessing"] }] });
    await emulator.control.clearRequests();
    const { id, outs } = await provider.create(inputs);
    const sent = (await emulator.control.requests()).filter((entry) => entry.route === patchRoute);
    expect(sent.map((entry) => entry.fault ?? "none")).to.deep.equal(["dropAfterProcessing", "none"]);
    expect(id).to.equal(emulator.fixture.organizationId);
    expect(outs).to.include(inputs);
    expect(await client.organizations.get(emulator.fixture.organizationId)).to.include(inputs);
    // A run killed before the engine recorded the create: the next create finds the settings and sends nothing.
    await emulator.control.clearRequests();
    const again = await provider.create(inputs);
    expect(again.outs).to.deep.equal(outs);
    expect((await emulator.control.requests()).filter((entry) => entry.route === patchRoute)).to.deep.equal(
      [],
    );
  });
});
