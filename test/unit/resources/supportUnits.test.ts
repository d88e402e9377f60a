/**
 * The shared pieces every kind is built from, tested directly: the rules for inputs outside the request body, what a
 * definition must say about them, the partial-create error the engine records, what "absent" means to a diff, where
 * progress lines go, and the organization a resource names for itself.
 */
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import type { ResourceDefinition } from "../../../provider/resources/definition";
import { optionalStrings } from "../../../provider/resources/fields/stringRules";
import { checkSpecOf } from "../../../provider/resources/derive/specs";
import { diffInputs } from "../../../provider/resources/derive/diff";
import { PartialCreateError } from "../../../provider/resources/lifecycle/partialCreate";
import type { PartlyKnown } from "../../../provider/resources/partlyKnown";
import { progressOf, reportProgressWith } from "../../../provider/host/progress";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { providerOf } from "../../support/providers";

/** Inputs of which every one is known. */
function allKnown(known: Record<string, unknown>): PartlyKnown {
  return { known, unknown: new Set() };
}

describe("resource support: the pieces every kind shares", function () {
  this.timeout(30_000);

  describe("an optional string input outside the body (organizationId, adoptId)", () => {
    // Made in each test, not once when the file loads, so that a mutation tool that switches code per test
    // reaches the rule's construction too.
    const rule = (inputs: Record<string, unknown>) => optionalStrings("organizationId")(inputs);

    it("accepts it absent, null or a non-empty string", () => {
      expect(rule({})).to.deep.equal([]);
      expect(rule({ organizationId: null })).to.deep.equal([]);
      expect(rule({ organizationId: "0b9c6f0e-4d5a-4c3b-9a8f-7e6d5c4b3a29" })).to.deep.equal([]);
    });

    it("refuses an empty or blank string and a value that is not a string, naming the input and the value", () => {
      expect(rule({ organizationId: "" })).to.deep.equal([
        { property: "organizationId", reason: 'organizationId must be a non-empty string when set; got ""' },
      ]);
      expect(rule({ organizationId: "  " })).to.deep.equal([
        {
          property: "organizationId",
          reason: 'organizationId must be a non-empty string when set; got "  "',
        },
      ]);
      expect(rule({ organizationId: 42 })).to.deep.equal([
        { property: "organizationId", reason: "organizationId must be a non-empty string when set; got 42" },
      ]);
    });
  });

  it("refuses a definition whose input outside the body is not a string and has no rule", () => {
    const definition: ResourceDefinition = {
      kind: "Widget",
      module: "clickhouse",
      description: "A widget.",
      notes: "",
      id: "The widget's id.",
      requestSchema: "replicaScalingUpdate",
      inputs: { size: { description: "How big.", change: "update", outsideBody: true } },
      outputs: {},
    };
    expect(() => checkSpecOf(definition)).to.throw(
      "input size is outside the request body and not a string: its definition needs a rule",
    );
  });

  it("a partial create carries the object's id, its outputs and the reason, also once a front end encoded them", () => {
    const error = new PartialCreateError("rpe-1", "the endpoint is Failed", {
      id: "rpe-1",
      status: "Failed",
    });
    expect(String(error)).to.equal("PartialCreateError: the endpoint is Failed");
    expect(error.id).to.equal("rpe-1");
    expect(error.properties).to.deep.equal({ id: "rpe-1", status: "Failed" });
    expect(error.reasons).to.deep.equal(["the endpoint is Failed"]);
    const encoded = error.withProperties({ status: "Failed", __provider: "provider text" });
    expect(encoded).to.be.instanceOf(PartialCreateError);
    expect([encoded.id, encoded.message, encoded.reasons]).to.deep.equal([
      "rpe-1",
      "the endpoint is Failed",
      ["the endpoint is Failed"],
    ]);
    expect(encoded.properties).to.deep.equal({ status: "Failed", __provider: "provider text" });
  });

  it("a diff treats an empty string, null and an absent value as the same", () => {
    const spec = { replaceOn: ["description"], updateOn: ["name"] };
    expect(diffInputs(spec, { description: "", name: null }, allKnown({}))).to.deep.equal({
      changes: false,
      replaces: [],
    });
    expect(diffInputs(spec, {}, allKnown({ description: "", name: "" }))).to.deep.equal({
      changes: false,
      replaces: [],
    });
    expect(diffInputs(spec, { description: "" }, allKnown({ description: "x" }))).to.deep.equal({
      changes: true,
      replaces: ["description"],
    });
  });

  it("a diff counts an input not known yet as changed, and the input compared in place of one not known", () => {
    const spec = {
      replaceOn: ["hashData"],
      updateOn: ["name", "state"],
      onlyWhenSet: ["state"],
      comparedThrough: { keyId: "hashData" },
    };
    const olds = { name: "n", hashData: "h", state: "enabled" };
    expect(diffInputs(spec, olds, { known: { hashData: "h" }, unknown: new Set(["name"]) })).to.deep.equal({
      changes: true,
      replaces: [],
    });
    // Whatever value stands under an unknown name, and even for an input only compared when set.
    expect(
      diffInputs(spec, olds, { known: { name: "n", hashData: "h" }, unknown: new Set(["state"]) }),
    ).to.deep.equal({ changes: true, replaces: [] });
    expect(
      diffInputs(spec, olds, { known: { name: "n", hashData: "h" }, unknown: new Set(["keyId"]) }),
    ).to.deep.equal({ changes: true, replaces: ["hashData"] });
    expect(diffInputs(spec, olds, allKnown({ name: "n", hashData: "h" }))).to.deep.equal({
      changes: false,
      replaces: [],
    });
  });

  it("progress lines go where the process says (the native plugin sends them to the engine)", () => {
    const seen: string[] = [];
    reportProgressWith((kind, message) => seen.push(`${kind}: ${message}`));
    try {
      progressOf("ApiKey")("deleting the key the lost reply made");
    } finally {
      reportProgressWith((kind, message) => console.error(`[${kind}] ${message}`));
    }
    expect(seen).to.deep.equal(["ApiKey: deleting the key the lost reply made"]);
  });

  describe("against the emulator", () => {
    let emulator: RunningEmulator;
    const scaling = providerOf("ReplicaScaling");

    before(async () => {
      emulator = await sharedEmulator();
      await scaling.configure(await emulatorConfigureRequest());
    });

    it("sends a resource's requests to the organization it names, not the configured one", async () => {
      const other = "5d1e0c7a-9b8f-4e6d-8c5b-4a3f2e1d0c9b";
      const serviceId = emulator.fixture.services.secondary;
      await emulator.control.clearRequests();
      await scaling
        .read(serviceId, { serviceId, organizationId: other, managedFields: [] })
        .catch(() => undefined); // the emulator knows only the fixture's organization
      const paths = (await emulator.control.requests()).map((entry) => entry.path);
      expect(paths).to.deep.equal([`/v1/organizations/${other}/services/${serviceId}`]);
    });
  });
});
