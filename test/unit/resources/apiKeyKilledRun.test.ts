import { createHash } from "node:crypto";
import { expect } from "chai";
import { providerOf } from "../../support/providers";
import { providerSession } from "../../../provider/host/session";
import { markedName } from "../../../provider/resources/apiKey/createOnce";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { withProgressLines } from "../../support/progressLines";

const urnOf = (name: string) => `urn:pulumi:ci::team::pulumi-nodejs:dynamic/clickhouse:ApiKey::${name}`;
const markerOf = (urn: string) => createHash("sha256").update(urn).digest("hex").slice(0, 12);

/**
 * A run killed between an issued key's create and its rename leaves the key under its marked name, and its secret
 * died with the run. The marker is the resource's URN's: the next create of the same resource finds that key and
 * deletes it before it makes the one it keeps, so `refresh` and `up` alone leave no key the state does not track.
 */
describe("ApiKey: the key a killed run left under this resource's marked name", function () {
  this.timeout(30_000);
  const provider = providerOf("ApiKey");
  const prefix = `killed-run-${process.pid}-${Date.now().toString(36)}`;

  before(async () => {
    await sharedEmulator();
    await provider.configure(await emulatorConfigureRequest());
  });
  after(async () => {
    const { keys, organizationId } = management();
    for (const key of await keys.list(organizationId)) {
      if (key.name?.startsWith(prefix)) await keys.delete(organizationId, key.id);
    }
  });

  function management() {
    const { client, organizationId } = providerSession.management();
    return { keys: client.keys, organizationId };
  }
  async function keyNames(): Promise<string[]> {
    const { keys, organizationId } = management();
    return (await keys.list(organizationId))
      .map((key) => key.name ?? "")
      .filter((name) => name.startsWith(prefix))
      .sort();
  }

  it("marks a key with a hash of its resource's URN: the same in every run, another for another resource", () => {
    const urn = urnOf("ci");
    expect(markedName("ci", urn)).to.equal(`ci ~creating-${markerOf(urn)}`);
    expect(markedName("ci", urn)).to.equal(markedName("ci", urn));
    expect(markedName("ci", urnOf("other"))).to.not.equal(markedName("ci", urn));
    // Without a URN, no two creates share a marker.
    expect(markedName("ci", undefined)).to.match(/^ci ~creating-[0-9a-f]{12}$/);
    expect(markedName("ci", undefined)).to.not.equal(markedName("ci", undefined));
  });

  it("deletes the key under its own marked name before it makes the one it keeps, saying so; keeps the others", async () => {
    const name = `${prefix}-deploy`;
    const urn = urnOf(name);
    const { keys, organizationId } = management();
    // What a killed run of this resource left, and what other resources and runs have.
    const killedRuns = await keys.create(organizationId, {
      name: `${name} ~creating-${markerOf(urn)}`,
      roles: ["developer"],
    });
    await keys.create(organizationId, {
      name: `${name} ~creating-${markerOf(urnOf("other"))}`,
      roles: ["developer"],
    });
    await keys.create(organizationId, { name, roles: ["developer"] });

    const { result: created, lines } = await withProgressLines(() =>
      provider.create({ name, roles: ["developer"], __urn: urn }),
    );

    expect(lines.join("\n")).to.include(
      `deleting API key ${killedRuns.key.id} ("${name} ~creating-${markerOf(urn)}"): an earlier run of this stack made it for this resource`,
    );
    expect(await keyNames()).to.deep.equal(
      [name, name, `${name} ~creating-${markerOf(urnOf("other"))}`].sort(),
    );
    expect(created.outs.name).to.equal(name);
  });

  it("creates started together share one listing of the keys", async () => {
    const emulator = await sharedEmulator();
    await emulator.control.clearRequests();
    const names = [1, 2, 3, 4, 5].map((n) => `${prefix}-burst-${n}`);
    await Promise.all(
      names.map((name) => provider.create({ name, roles: ["developer"], __urn: urnOf(name) })),
    );
    const keyRequests = (await emulator.control.requests())
      .filter((request) => /\/keys(\/|$|\?)/.test(request.path))
      .map((request) => request.method);
    expect(keyRequests.filter((method) => method === "GET")).to.have.length(1);
    expect(keyRequests.filter((method) => method === "POST")).to.have.length(5);
    expect(await keyNames()).to.include.members(names);
  });

  it("the dynamic front end passes the URN through check to create, and never to the kind's inputs", async () => {
    const name = `${prefix}-through-check`;
    const urn = urnOf(name);
    const checked = await provider.check({}, { name, roles: ["developer"], __urn: urn });
    expect(checked.failures ?? []).to.deep.equal([]);
    expect(checked.inputs.__urn).to.equal(urn);
    const { keys, organizationId } = management();
    await keys.create(organizationId, { name: `${name} ~creating-${markerOf(urn)}`, roles: ["developer"] });
    const created = await provider.create(checked.inputs);
    expect(created.outs).to.not.have.property("__urn");
    expect(await keyNames())
      .to.include(name)
      .and.not.include(`${name} ~creating-${markerOf(urn)}`);
    const diff = await provider.diff(created.id, created.outs, checked.inputs);
    expect(diff.changes).to.equal(false);
  });
});
