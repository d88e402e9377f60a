import { expect } from "chai";
import {
  credentialFormats,
  credentialInputsFromOutputs,
  effectiveHashData,
  oneCredentialSource,
} from "../../../provider/resources/apiKey/credentials";
import {
  ipAccessSourcesAreAddresses,
  rotationTriggerIsString,
} from "../../../provider/resources/apiKey/rules";
import { createRequest, settingsPatch } from "../../../provider/resources/apiKey/settings";
import { definition as apiKeyDefinition } from "../../../provider/resources/apiKey/definition";
import { diffInputs } from "../../../provider/resources/derive/diff";
import { diffSpecOf } from "../../../provider/resources/derive/specs";
import { noFieldsOfOtherSource } from "../../../provider/resources/alert/rules";
import { definition as reverseEndpointDefinition } from "../../../provider/resources/reversePrivateEndpoint/definition";
import {
  endpointOutputs,
  hasRequestedFields,
} from "../../../provider/resources/reversePrivateEndpoint/remote";
import type { ReversePrivateEndpoint, ReversePrivateEndpointCreateRequest } from "../../../provider/rest";

// The rules and comparisons of the kinds, one edge at a time: what check reports, what PATCH sends, what a read
// keeps. The resource tests go through the emulator for the common cases.

const key = { name: "ci", roles: ["developer"], state: "enabled" };

describe("ApiKey: the PATCH that turns the current settings into the requested ones", () => {
  it("sends nothing when only the spelling differs", () => {
    const same: Array<[Record<string, unknown>, Record<string, unknown>]> = [
      [
        { ...key, roles: ["admin", "developer"] },
        { ...key, roles: ["developer", "admin"] },
      ],
      [
        { ...key, expireAt: null },
        { ...key, expireAt: "" },
      ],
      [{ ...key }, { ...key, expireAt: null }],
      [
        { ...key, expireAt: "2030-01-01T00:00:00Z" },
        { ...key, expireAt: "2030-01-01T00:00:00.000Z" },
      ],
      [
        { ...key, ipAccessList: [{ source: "10.0.0.0/8" }] },
        { ...key, ipAccessList: [{ source: "10.0.0.0/8", description: "" }] },
      ],
      [
        { ...key, ipAccessList: [{ source: "10.0.0.0/8", description: null }] },
        { ...key, ipAccessList: [{ source: "10.0.0.0/8" }] },
      ],
      [{ ...key, ipAccessList: [] }, { ...key }],
    ];
    for (const [current, inputs] of same)
      expect(settingsPatch(current, inputs), JSON.stringify(inputs)).to.deep.equal({});
  });

  it("sends the API's meaning of absent for a setting the program leaves out: null expireAt, an empty list", () => {
    const current = { ...key, expireAt: "2030-01-01T00:00:00Z", ipAccessList: [{ source: "10.0.0.0/8" }] };
    expect(settingsPatch(current, key)).to.deep.equal({ expireAt: null, ipAccessList: [] });
    expect(
      settingsPatch(current, { ...key, expireAt: "", ipAccessList: current.ipAccessList }),
    ).to.deep.equal({
      expireAt: null,
    });
    expect(settingsPatch({ ...key, ipAccessList: [null] }, { ...key, ipAccessList: [null] })).to.deep.equal(
      {},
    );
    expect(settingsPatch({ ...key, state: "disabled" }, { name: "ci", roles: ["developer"] })).to.deep.equal({
      state: "enabled",
    });
    expect(settingsPatch(key, { ...key, roles: ["admin"], name: "ci-2" })).to.deep.equal({
      name: "ci-2",
      roles: ["admin"],
    });
  });

  it('a create with expireAt "" leaves expireAt out (the key never expires)', () => {
    const request = createRequest({ ...key, expireAt: "" }) as unknown as Record<string, unknown>;
    expect(request).to.deep.equal({ name: "ci", roles: ["developer"], state: "enabled" });
    const dated = createRequest({ ...key, expireAt: "2030-01-01T00:00:00Z" }) as unknown as Record<
      string,
      unknown
    >;
    expect(dated.expireAt).to.equal("2030-01-01T00:00:00Z");
  });
});

describe("ApiKey: credentials and their rules", () => {
  it("the hashes are not known while either credential is not known, and not made from a non-string", () => {
    const spec = diffSpecOf(apiKeyDefinition);
    expect(spec.comparedThrough).to.deep.equal({ keyId: "hashData", keySecret: "hashData" });
    const hashData = effectiveHashData({ keyId: "key-0001", keySecret: "secret-1" });
    for (const notKnown of ["keyId", "keySecret"]) {
      const news = {
        known: { keyId: "key-0001", keySecret: "secret-1", hashData },
        unknown: new Set([notKnown]),
      };
      expect(diffInputs(spec, { hashData }, news), notKnown).to.deep.equal({
        changes: true,
        replaces: ["hashData"],
      });
    }
    expect(effectiveHashData({ keyId: 12345, keySecret: "secret-1" })).to.equal(undefined);
    expect(effectiveHashData({ keyId: "key-0001", keySecret: 12345 })).to.equal(undefined);
  });

  it("a refresh reports the credential inputs the key was made from", () => {
    const hashData = { keyIdHash: "a", keyIdSuffix: "0001", keySecretHash: "b" };
    expect(credentialInputsFromOutputs({ hashData })).to.deep.equal({ hashData });
    expect(credentialInputsFromOutputs({ hashData, keyId: "key-0001", keySecret: "s" })).to.deep.equal({
      keyId: "key-0001",
      keySecret: "s",
    });
    expect(credentialInputsFromOutputs({ keyId: "issued" })).to.deep.equal({});
  });

  it("hashData with adoptId is reported on hashData; a key id that is not a string on keyId", () => {
    expect(
      oneCredentialSource({ adoptId: "5b3c0f1e-3b7a-4f7e-9a51-0c2d6e4f8a90", hashData: {} }),
    ).to.deep.equal([
      {
        property: "hashData",
        reason:
          "hashData cannot be combined with adoptId: an adopted key keeps the credentials it was created with",
      },
    ]);
    expect(credentialFormats({ keyId: "abcd", keySecret: "s" })).to.deep.equal([]);
    expect(credentialFormats({ keyId: "abc" }).map((problem) => problem.property)).to.deep.equal(["keyId"]);
    expect(credentialFormats({ keyId: 123456 }).map((problem) => problem.property)).to.deep.equal(["keyId"]);
  });

  it("rotationTrigger may be null (unset) or any string; other types are reported", () => {
    expect(rotationTriggerIsString({ rotationTrigger: null })).to.deep.equal([]);
    expect(rotationTriggerIsString({ rotationTrigger: "" })).to.deep.equal([]);
    expect(rotationTriggerIsString({ rotationTrigger: 3 }).map((problem) => problem.property)).to.deep.equal([
      "rotationTrigger",
    ]);
  });
});

describe("ApiKey: IP access list sources are IPv4 or IPv6 addresses or CIDR ranges", () => {
  const rejected = (...sources: unknown[]) =>
    ipAccessSourcesAreAddresses({ ipAccessList: sources.map((source) => ({ source })) }).map(
      (problem) => problem.property,
    );

  it("accepts addresses, ranges up to /32 and /128, and a bracketed IPv6 address", () => {
    expect(
      rejected(
        "10.0.0.1",
        "10.0.0.1/32",
        "0.0.0.0/0",
        "::1",
        "::/64",
        "2001:db8::/128",
        "[::1]",
        "[2001:db8::1]/128",
      ),
    ).to.deep.equal([]);
  });

  it("rejects a longer prefix, a prefix that is not 1 to 3 digits, two prefixes, and text around the brackets", () => {
    expect(
      rejected("10.0.0.1/33", "::1/129", "10.0.0.0/1e1", "10.0.0.0/8/9", "1[::1]", "[::1]x", "[::1]1"),
    ).to.deep.equal([
      "ipAccessList[0].source",
      "ipAccessList[1].source",
      "ipAccessList[2].source",
      "ipAccessList[3].source",
      "ipAccessList[4].source",
      "ipAccessList[5].source",
      "ipAccessList[6].source",
    ]);
  });

  it("rejects spaces around a source: an address is sent as written, and the API documents no trimming", () => {
    expect(rejected(" 10.0.0.1", "10.0.0.0/8 ", "10.0.0.1")).to.deep.equal([
      "ipAccessList[0].source",
      "ipAccessList[1].source",
    ]);
  });

  it("leaves entries without a string source to the request schema", () => {
    expect(ipAccessSourcesAreAddresses({ ipAccessList: [null, { source: 7 }, {}] })).to.deep.equal([]);
  });
});

describe("ReversePrivateEndpoint: reading what the API reports", () => {
  const request: ReversePrivateEndpointCreateRequest = {
    type: "VPC_ENDPOINT_SERVICE",
    vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0a1b2c3d4e5f60718",
    description: "orders",
  };
  const reported = (fields: object) =>
    ({
      id: "6b1a0f3e-0d3f-4c3a-9a51-1f2e3d4c5b6a",
      status: "Ready",
      ...fields,
    }) as unknown as ReversePrivateEndpoint;

  it('a field the API reports must equal the request\'s; one left out, null or "" cannot tell', () => {
    expect(hasRequestedFields(reported(request), request)).to.equal(true);
    expect(hasRequestedFields(reported({ type: "VPC_ENDPOINT_SERVICE" }), request)).to.equal(true);
    expect(
      hasRequestedFields(reported({ ...request, description: null, mskClusterArn: "" }), request),
    ).to.equal(true);
    expect(hasRequestedFields(reported({ ...request, description: "payments" }), request)).to.equal(false);
    expect(
      hasRequestedFields(reported({ type: "VPC_ENDPOINT_SERVICE", description: "payments" }), request),
    ).to.equal(false);
    expect(
      hasRequestedFields(reported({ ...request, description: "" }), { ...request, description: "" }),
    ).to.equal(true);
    expect(
      hasRequestedFields(reported({ ...request, description: "orders" }), { ...request, description: "" }),
    ).to.equal(false);
  });

  it("the service is the one the API reports, else the one recorded", () => {
    const inputs = { serviceId: "recorded-service", readyTimeoutSeconds: 600, ...request };
    expect(endpointOutputs(inputs, "org", reported({ serviceId: "reported-service" })).serviceId).to.equal(
      "reported-service",
    );
    expect(endpointOutputs(inputs, "org", reported({ serviceId: 7 })).serviceId).to.equal("recorded-service");
  });

  it("readyTimeoutSeconds must be a positive number", () => {
    const rule = reverseEndpointDefinition.inputs.readyTimeoutSeconds.rule;
    if (typeof rule !== "function") throw new Error("readyTimeoutSeconds has no rule");
    expect(rule({})).to.deep.equal([]);
    expect(rule({ readyTimeoutSeconds: 0.5 })).to.deep.equal([]);
    for (const timeout of [0, -1, "600"]) {
      expect(rule({ readyTimeoutSeconds: timeout })).to.deep.equal([
        {
          property: "readyTimeoutSeconds",
          reason: `readyTimeoutSeconds must be a positive number; got ${String(timeout)}`,
        },
      ]);
    }
  });
});

describe("Alert: ids of the other source", () => {
  it('null or "" ids of the other source count as left out', () => {
    expect(noFieldsOfOtherSource({ source: "tile", savedSearchId: null, groupBy: "" })).to.deep.equal([]);
    expect(noFieldsOfOtherSource({ source: "search", dashboardId: "", tileId: null })).to.deep.equal([]);
    expect(
      noFieldsOfOtherSource({ source: "tile", groupBy: "host" }).map((problem) => problem.property),
    ).to.deep.equal(["groupBy"]);
  });
});
