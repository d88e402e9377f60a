import { expect } from "chai";
import type { ReplicaScalingOutputs } from "../../../provider/resources/replicaScaling/shapes";
import type { RunningEmulator } from "../../../emulator";
import type { Alert } from "../../../provider/rest";
import { matchesRequest, silenceOf, requestOf } from "../../../provider/resources/alert/remoteAlert";
import { operations as replicaScaling } from "../../../provider/resources/replicaScaling/operations";
import { providerSession } from "../../../provider/host/session";
import { providerOf } from "../../support/providers";
import { tileAlertBody } from "../../support/alertBodies";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { withProgressLines } from "../../support/progressLines";

// What a user reads while keys and alerts are adopted or recreated after a lost reply, and what is sent then.
describe("adoption and lost replies: progress lines and writes", function () {
  this.timeout(30_000);
  let emulator: RunningEmulator;
  const apiKeys = providerOf("ApiKey");
  const alerts = providerOf("Alert");
  const stamp = `${process.pid}-${Date.now().toString(36)}`;

  before(async () => {
    emulator = await sharedEmulator();
    await apiKeys.configure(await emulatorConfigureRequest());
    await alerts.configure(await emulatorConfigureRequest());
  });

  afterEach(async () => {
    await emulator.control.clearFaults();
  });

  it("adopting a key that already has the requested settings sends no PATCH and says what it adopted", async () => {
    const { client, organizationId } = providerSession.management();
    const name = `adopt-as-is-${stamp}`;
    const original = await client.keys.create(organizationId, { name, roles: ["developer"] });
    await emulator.control.clearRequests();
    const { result: adopted, lines } = await withProgressLines(() =>
      apiKeys.create({ name, roles: ["developer"], adoptId: original.key.id }),
    );
    const writes = (await emulator.control.requests()).filter((entry) => entry.method !== "GET");
    expect(writes).to.deep.equal([]);
    expect(lines).to.include(
      `[ApiKey] adopted key ${original.key.id} ("${name}"); its keyId and keySecret cannot be read back`,
    );
    await apiKeys.delete(adopted.id, adopted.outs ?? {});
  });

  it("adopting a differing alert says that it replaces its fields", async () => {
    const original = await alerts.create({
      ...tileAlertBody(emulator.fixture),
      name: `differs-${stamp}`,
      threshold: 1,
    });
    const { result: adopted, lines } = await withProgressLines(() =>
      alerts.create({
        ...tileAlertBody(emulator.fixture),
        name: `differs-${stamp}`,
        threshold: 2,
        adoptId: original.id,
      }),
    );
    expect(lines).to.include(
      `[Alert] adopted alert ${original.id} differs from the program's inputs; replacing its fields`,
    );
    await alerts.delete(adopted.id, {});
  });

  it('a lost reply to creating an alert without a name calls it "an alert"', async () => {
    const inputs = { ...tileAlertBody(emulator.fixture), threshold: 3 };
    await emulator.control.setFaults({
      script: [{ route: "POST /api/v2/alerts", kinds: ["dropAfterProcessing"] }],
    });
    const { result: created, lines } = await withProgressLines(() => alerts.create(inputs));
    expect(lines).to.include(
      `[Alert] the reply to creating an alert was lost; the API shows it was made (${created.id})`,
    );
    await alerts.delete(created.id, {});
  });
});

describe("Alert: reading silences and channels", () => {
  const now = Date.parse("2026-06-01T12:00:00Z");

  it("a silence ends at its `until`; one without a readable end is in force", () => {
    expect(silenceOf({ until: "2026-06-01T12:00:00Z" }, now)).to.deep.equal({
      silenced: false,
      silencedUntil: "2026-06-01T12:00:00Z",
    });
    expect(silenceOf({ until: "2026-06-01T12:00:01Z" }, now)).to.deep.equal({
      silenced: true,
      silencedUntil: "2026-06-01T12:00:01Z",
    });
    expect(silenceOf({}, now)).to.deep.equal({ silenced: true });
    expect(silenceOf({ until: 5 }, now)).to.deep.equal({ silenced: true });
    expect(silenceOf(null, now)).to.deep.equal({ silenced: false });
  });

  it("an alert that reports neither `channel` nor `channels` is read without failing", () => {
    const request = requestOf({
      name: "n",
      threshold: 5,
      interval: "5m",
      source: "tile",
      thresholdType: "above",
      channel: { type: "webhook", webhookId: "0123456789abcdef01234567" },
      dashboardId: "0123456789abcdef01234568",
      tileId: "t1",
    });
    const remote = { id: "a1", ...request, channel: undefined } as unknown as Alert;
    expect(() => matchesRequest(remote, request)).to.not.throw();
    expect(matchesRequest(remote, request)).to.equal(false);
  });
});

describe("ReplicaScaling: state recorded before managedFields existed", () => {
  it("no recorded managedFields and no setting in the program is no change", () => {
    const verdict = replicaScaling.refineDiff?.(
      { changes: false, replaces: [] },
      { serviceId: "s" } as ReplicaScalingOutputs,
      { known: { serviceId: "s" }, unknown: new Set() },
    );
    expect(verdict).to.deep.equal({ changes: false, replaces: [] });
    const managing = replicaScaling.refineDiff?.(
      { changes: false, replaces: [] },
      { serviceId: "s" } as ReplicaScalingOutputs,
      { known: { serviceId: "s", numReplicas: 3 }, unknown: new Set() },
    );
    expect(managing).to.deep.equal({ changes: true, replaces: [] });
  });
});
