import { expect } from "chai";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { bagOf, structOf } from "../../../provider/native/wire";
import {
  holdsSecret,
  isSecretMarker,
  markSecret,
  unwrapSecrets as revealed,
  secretKeysOf,
} from "../../../provider/propertyEncoding";
import {
  declaredSecrets,
  secretInputs,
  secretKeysIn,
  secretOutputs,
  type SecrecyRules,
} from "../../../provider/host/secrecy";
import { resources, type ResourceKind } from "../../../provider/resources/registry";

// The engine's secret marker: the signature key and value of Pulumi's property values.
const sigKey = "4dabf18193072939515e22adb298388d";
const sig = "1b47061264138c4ac30d75fd1eb44270";
const secret = (value: unknown): Record<string, unknown> => ({ [sigKey]: sig, value });

describe("native plugin wire: property bags and secret markers", () => {
  it("reads an absent Struct as an empty bag and a Struct as its values", () => {
    expect(bagOf(undefined)).to.deep.equal({});
    expect(bagOf(Struct.fromJavaScript({ name: "k", n: 2 }))).to.deep.equal({ name: "k", n: 2 });
  });

  it("leaves undefined properties out of a Struct and keeps null ones", () => {
    expect(structOf({ name: "k", gone: undefined, none: null }).toJavaScript()).to.deep.equal({
      name: "k",
      none: null,
    });
  });

  it("recognizes a marker only by its signature on a plain object", () => {
    expect(isSecretMarker(secret("s"))).to.equal(true);
    expect(isSecretMarker({ [sigKey]: "other", value: "s" })).to.equal(false);
    expect(isSecretMarker(null)).to.equal(false);
    expect(isSecretMarker([sig])).to.equal(false);
    const array = Object.assign([], { [sigKey]: sig });
    expect(isSecretMarker(array)).to.equal(false);
  });

  it("finds a secret at any depth, and none in plain values", () => {
    expect(holdsSecret(secret(1))).to.equal(true);
    expect(holdsSecret([1, [secret("a")]])).to.equal(true);
    expect(holdsSecret({ a: { b: secret("a") } })).to.equal(true);
    expect(holdsSecret({ a: secret(1), b: 2 })).to.equal(true);
    expect(holdsSecret([1, 2])).to.equal(false);
    expect(holdsSecret({ a: { b: "c" } })).to.equal(false);
    expect(holdsSecret("text")).to.equal(false);
    expect(holdsSecret(null)).to.equal(false);
  });

  it("reveals markers at any depth", () => {
    expect(revealed(secret(secret("x")))).to.equal("x");
    expect(revealed([secret(1), 2])).to.deep.equal([1, 2]);
    expect(revealed({ a: { b: secret("c") }, d: null })).to.deep.equal({ a: { b: "c" }, d: null });
  });

  it("names the top-level keys that hold a secret", () => {
    expect([...secretKeysOf({ a: secret(1), b: { c: secret(2) }, d: 3 })]).to.deep.equal(["a", "b"]);
  });

  it("marks listed properties that are set as one secret, and leaves the others as they are", () => {
    const marked = markSecret(
      { a: { b: secret("c") }, d: "e", unset: null, gone: undefined, plain: { f: secret("g") } },
      new Set(["a", "unset", "gone", "missing"]),
    );
    expect(marked).to.deep.equal({
      a: secret({ b: "c" }),
      d: "e",
      unset: null,
      gone: undefined,
      plain: { f: secret("g") },
    });
    expect(Object.keys(marked)).to.deep.equal(["a", "d", "unset", "gone", "plain"]);
  });
});

describe("native plugin secrecy rules", () => {
  const rules: SecrecyRules = {
    inputs: {
      name: { description: "n" },
      password: { description: "p", secret: true },
    },
    outputs: {
      token: { description: "t", secret: true },
      keyId: { description: "k", secretWhenSet: ["keyId", "password"] },
      plain: { description: "p" },
      other: { description: "o", secretWhenSet: ["name"] },
    },
  } as unknown as SecrecyRules;
  const declared = declaredSecrets(rules);

  it("collects the secret keys of every bag", () => {
    expect([...secretKeysIn({ a: secret(1) }, { b: secret(2), c: 3 })].sort()).to.deep.equal(["a", "b"]);
    expect([...secretKeysIn()]).to.deep.equal([]);
  });

  it("marks the definition's secret inputs and what arrived secret", () => {
    expect([...secretInputs(declared, new Set(["name"]))].sort()).to.deep.equal(["name", "password"]);
  });

  it("marks secret outputs, secret inputs the program set, and outputs whose secretWhenSet inputs are set (null is unset)", () => {
    // password is unset: an output of that name is the API's, not the program's secret.
    expect([...secretOutputs(declared, { keyId: null, name: undefined }, new Set())].sort()).to.deep.equal([
      "token",
    ]);
    expect([...secretOutputs(declared, { password: null }, new Set(["password"]))].sort()).to.deep.equal([
      "password",
      "token",
    ]);
    expect([...secretOutputs(declared, { password: "x" }, new Set())].sort()).to.deep.equal([
      "keyId",
      "password",
      "token",
    ]);
    expect([...secretOutputs(declared, { name: "n" }, new Set(["plain"]))].sort()).to.deep.equal([
      "other",
      "plain",
      "token",
    ]);
  });
});

describe("native plugin import ids", () => {
  const importOf = (kind: ResourceKind, id: string) => resources[kind].importId(id);
  const service = "1c4d3e5f-6a71-4829-9304-b5c6d7e8f9a0";
  const endpoint = "2d5e4f6a-7b82-4930-a415-c6d7e8f9a0b1";

  it("reads a key or an alert by the id alone, once its form is checked", () => {
    expect(importOf("ApiKey", endpoint)).to.deep.equal({ id: endpoint, properties: {} });
    expect(importOf("Alert", "65f1a2b3c4d5e6f708192a3b")).to.deep.equal({
      id: "65f1a2b3c4d5e6f708192a3b",
      properties: {},
    });
  });

  it("reads an observability object on a service's managed ClickStack by its own id, under that service", () => {
    for (const kind of ["Alert", "Webhook", "SavedSearch", "Dashboard", "Source"] as const) {
      expect(importOf(kind, `${service}/65f1a2b3c4d5e6f708192a3b`), kind).to.deep.equal({
        id: "65f1a2b3c4d5e6f708192a3b",
        properties: { clickstackServiceId: service },
      });
    }
  });

  it("splits a private endpoint's id into its service and endpoint, and keeps the id", () => {
    expect(importOf("PrivateEndpoint", `${service}/vpce-2`)).to.deep.equal({
      id: `${service}/vpce-2`,
      properties: { serviceId: service, endpointId: "vpce-2" },
    });
  });

  it("reads a reverse private endpoint by its own id under the service the import id names", () => {
    expect(importOf("ReversePrivateEndpoint", `${service}/${endpoint}`)).to.deep.equal({
      id: endpoint,
      properties: { serviceId: service },
    });
  });

  for (const bad of ["no-separator", "/endpoint", "service/"]) {
    it(`refuses the import id "${bad}" with the expected form`, () => {
      expect(() => importOf("PrivateEndpoint", bad)).to.throw(
        `a PrivateEndpoint is imported by "<serviceId>/<endpointId>"; got "${bad}"`,
      );
    });
  }

  it("refuses import ids whose parts would address another object, naming the part and its form", () => {
    const refusals: Array<[ResourceKind, string, RegExp]> = [
      ["ApiKey", "..", /^an ApiKey is imported by "<id>": the id must be a uuid .*; got "\.\."$/],
      [
        "Alert",
        ".",
        /^an Alert is imported by "<objectId> or <serviceId>\/<objectId>": the id must be a 24-hex-digit object id .*; got "\."$/,
      ],
      [
        "Webhook",
        `${service}/..`,
        /^a Webhook is imported by "<objectId> or <serviceId>\/<objectId>": objectId must be a 24-hex-digit object id .*; got "\.\."$/,
      ],
      ["Source", `../65f1a2b3c4d5e6f708192a3b`, /: serviceId must be a uuid .*; got "\.\."$/],
      ["Source", `/65f1a2b3c4d5e6f708192a3b`, /: serviceId must be a uuid .*; got ""$/],
      ["Dashboard", `${service}/`, /: objectId must be a 24-hex-digit object id .*; got ""$/],
      ["ReplicaScaling", "..", /the id must be a uuid/],
      ["ReversePrivateEndpoint", `${service}/..`, /: endpointId must be a uuid .*; got "\.\."$/],
      ["ReversePrivateEndpoint", `../${endpoint}`, /: serviceId must be a uuid .*; got "\.\."$/],
      ["PrivateEndpoint", `${service}/..`, /: endpointId must be the cloud provider's endpoint id/],
      ["PrivateEndpoint", `svc-1/vpce-2`, /: serviceId must be a uuid/],
    ];
    for (const [kind, id, message] of refusals) {
      expect(() => importOf(kind, id), `${kind} ${id}`).to.throw(message);
    }
  });

  it("imports replica scaling with every request-body setting managed", () => {
    expect(importOf("ReplicaScaling", service)).to.deep.equal({
      id: service,
      properties: {
        managedFields: [
          "minReplicaMemoryGb",
          "maxReplicaMemoryGb",
          "numReplicas",
          "idleScaling",
          "idleTimeoutMinutes",
        ],
      },
    });
  });
});
