import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { providerOf } from "../../support/providers";
import { providerSession } from "../../../provider/host/session";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { quickSleeps } from "../../support/quickSleeps";

const keysRoute = "POST /v1/organizations/:organizationId/keys";

// After a lost create reply the provider deletes the one key that reply made (its secret is lost) and creates
// again. A recent, unused key that differs in name, roles or key id suffix is someone else's and must survive.
describe("ApiKeyProvider: a lost create reply leaves lookalike keys alone", function () {
  quickSleeps();
  this.timeout(30_000);
  let emulator: RunningEmulator;
  const provider = providerOf("ApiKey");
  const prefix = `provider-lookalike-${process.pid}-${Date.now().toString(36)}`;

  before(async () => {
    emulator = await sharedEmulator();
    await provider.configure(await emulatorConfigureRequest());
  });

  afterEach(async () => {
    await emulator.control.clearFaults();
  });

  after(async () => {
    const { keys, organizationId } = management();
    for (const key of await keys.list(organizationId)) {
      if (key.name?.startsWith(prefix)) await keys.delete(organizationId, key.id);
    }
  });

  it("same name with other roles of the same count, and same roles under another name, are not deleted", async () => {
    const name = `${prefix}-roles`;
    const otherRoles = await provider.create({ name, roles: ["developer", "admin"] });
    const otherName = await provider.create({ name: `${name}-2`, roles: ["developer", "query_endpoints"] });
    await emulator.control.setFaults({ script: [{ route: keysRoute, kinds: ["dropAfterProcessing"] }] });
    await emulator.control.clearRequests();
    const created = await provider.create({ name, roles: ["developer", "query_endpoints"] });
    const deletes = (await emulator.control.requests()).filter((r) => r.method === "DELETE");
    expect(deletes).to.have.length(1);
    expect(deletes[0].path).to.not.match(new RegExp(`${otherRoles.id}|${otherName.id}|${created.id}`));
    expect((await keysNamed(name)).map((key) => key.id).sort()).to.deep.equal(
      [otherRoles.id, created.id].sort(),
    );
    expect((await keysNamed(`${name}-2`)).map((key) => key.id)).to.deep.equal([otherName.id]);
  });

  it("a key with another key id suffix is not deleted when the program gives its own key id", async () => {
    const name = `${prefix}-suffix`;
    const twin = await provider.create({
      name,
      roles: ["developer"],
      keyId: "lookalike-AAAA",
      keySecret: "s3cret-a",
    });
    await emulator.control.setFaults({ script: [{ route: keysRoute, kinds: ["dropAfterProcessing"] }] });
    await emulator.control.clearRequests();
    const created = await provider.create({
      name,
      roles: ["developer"],
      keyId: "lookalike-BBBB",
      keySecret: "s3cret-b",
    });
    const deletes = (await emulator.control.requests()).filter((r) => r.method === "DELETE");
    expect(deletes).to.have.length(1);
    const named = await keysNamed(name);
    expect(named.map((key) => key.id).sort()).to.deep.equal([twin.id, created.id].sort());
    expect(named.map((key) => key.keySuffix).sort()).to.deep.equal(["AAAA", "BBBB"]);
  });

  function management() {
    const { client, organizationId } = providerSession.management();
    return { keys: client.keys, organizationId };
  }

  async function keysNamed(name: string) {
    const { keys, organizationId } = management();
    return (await keys.list(organizationId)).filter((key) => key.name === name);
  }
});
