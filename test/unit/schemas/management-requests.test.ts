import { expect } from "chai";
import { validate } from "../../../provider/validation/validate";
import { expectOnlyProblem, expectValid, problemOn } from "./expectations";

describe("schemas: reversePrivateEndpointCreate", () => {
  const endpointService = {
    type: "VPC_ENDPOINT_SERVICE",
    vpcEndpointServiceName: "com.amazonaws.vpce.svc-1",
  };
  const vpcResource = {
    type: "VPC_RESOURCE",
    vpcResourceConfigurationId: "rcfg-123",
    vpcResourceShareArn: "arn:aws:ram:us-east-1:123456789012:resource-share/abc",
  };
  const msk = {
    type: "MSK_MULTI_VPC",
    mskClusterArn: "arn:aws:kafka:cluster/x",
    mskAuthentication: "SASL_IAM",
  };

  it("accepts each type with its required fields, and null in the fields another type uses", () => {
    expectValid("reversePrivateEndpointCreate", { ...endpointService, description: "to the bus" });
    expectValid("reversePrivateEndpointCreate", {
      ...vpcResource,
      mskClusterArn: null,
      mskAuthentication: null,
    });
    expectValid("reversePrivateEndpointCreate", { ...msk, mskAuthentication: "SASL_SCRAM", description: "" });
  });

  it("accepts a description of exactly 255 characters", () => {
    expectValid("reversePrivateEndpointCreate", { ...endpointService, description: "d".repeat(255) });
  });

  it("rejects a description over 255 characters, naming the limit and the length", () => {
    const problem = expectOnlyProblem(
      "reversePrivateEndpointCreate",
      {
        ...endpointService,
        description: "d".repeat(300),
      },
      "description",
    );
    expect(problem.reason).to.equal("description must be at most 255 characters; got 300");
  });

  it("requires a type", () => {
    expectOnlyProblem("reversePrivateEndpointCreate", { description: "x" }, "type", "type is required");
  });

  it("rejects an unknown type, listing the allowed ones", () => {
    const problem = expectOnlyProblem("reversePrivateEndpointCreate", { type: "FOO" }, "type");
    expect(problem.reason).to.equal(
      'type must be one of VPC_ENDPOINT_SERVICE, VPC_RESOURCE, MSK_MULTI_VPC; got "FOO"',
    );
  });

  it("requires vpcEndpointServiceName when type is VPC_ENDPOINT_SERVICE", () => {
    const problem = expectOnlyProblem(
      "reversePrivateEndpointCreate",
      { type: "VPC_ENDPOINT_SERVICE" },
      "vpcEndpointServiceName",
    );
    expect(problem.reason).to.equal("vpcEndpointServiceName is required when type is VPC_ENDPOINT_SERVICE");
  });

  it("requires vpcResourceShareArn when type is VPC_RESOURCE, on that property, not as a 'then' failure", () => {
    const problem = expectOnlyProblem(
      "reversePrivateEndpointCreate",
      { ...vpcResource, vpcResourceShareArn: undefined },
      "vpcResourceShareArn",
    );
    expect(problem.reason).to.equal("vpcResourceShareArn is required when type is VPC_RESOURCE");
    expect(problem.reason).to.not.include("then");
  });

  it("treats null and empty as missing for the fields the type requires", () => {
    expectOnlyProblem(
      "reversePrivateEndpointCreate",
      { ...vpcResource, vpcResourceConfigurationId: null },
      "vpcResourceConfigurationId",
      "is required when type is VPC_RESOURCE",
      "got null",
    );
    expectOnlyProblem(
      "reversePrivateEndpointCreate",
      { ...vpcResource, vpcResourceShareArn: "" },
      "vpcResourceShareArn",
      "is required when type is VPC_RESOURCE",
      'got ""',
    );
  });

  it("requires both MSK fields when type is MSK_MULTI_VPC, one problem each", () => {
    const problems = validate("reversePrivateEndpointCreate", { type: "MSK_MULTI_VPC" });
    expect(problems).to.deep.equal([
      { property: "mskClusterArn", reason: "mskClusterArn is required when type is MSK_MULTI_VPC" },
      { property: "mskAuthentication", reason: "mskAuthentication is required when type is MSK_MULTI_VPC" },
    ]);
  });

  it("rejects an unknown mskAuthentication", () => {
    expectOnlyProblem(
      "reversePrivateEndpointCreate",
      { ...msk, mskAuthentication: "PLAIN" },
      "mskAuthentication",
      "must be one of SASL_IAM, SASL_SCRAM",
      '"PLAIN"',
    );
  });

  it("rejects a mistyped nullable field with a type message, not a conditional one", () => {
    expectOnlyProblem(
      "reversePrivateEndpointCreate",
      { ...vpcResource, vpcResourceShareArn: 42 },
      "vpcResourceShareArn",
      "must be a string or null; got 42",
    );
  });

  it("rejects unknown properties by name", () => {
    const problem = expectOnlyProblem(
      "reversePrivateEndpointCreate",
      {
        ...endpointService,
        unknownField: 1,
      },
      "unknownField",
    );
    expect(problem).to.deep.equal({
      property: "unknownField",
      reason: "unknownField is not a known property",
    });
  });
});

describe("schemas: replicaScalingUpdate", () => {
  it("accepts the bounds and every optional field, and an empty update", () => {
    expectValid("replicaScalingUpdate", {
      minReplicaMemoryGb: 8,
      maxReplicaMemoryGb: 356,
      numReplicas: 20,
      idleScaling: false,
      idleTimeoutMinutes: 5,
    });
    expectValid("replicaScalingUpdate", { numReplicas: 1 });
    expectValid("replicaScalingUpdate", {});
  });

  it("accepts equal minimum and maximum memory", () => {
    expectValid("replicaScalingUpdate", { minReplicaMemoryGb: 16, maxReplicaMemoryGb: 16 });
  });

  for (const bad of [10, 4, 360, 7.5]) {
    it(`rejects maxReplicaMemoryGb ${bad} with the whole rule`, () => {
      const problem = expectOnlyProblem(
        "replicaScalingUpdate",
        { maxReplicaMemoryGb: bad },
        "maxReplicaMemoryGb",
      );
      expect(problem.reason).to.equal(
        `maxReplicaMemoryGb must be a multiple of 4 between 8 and 356; got ${bad}`,
      );
    });
  }

  it("rejects minReplicaMemoryGb off the grid", () => {
    expectOnlyProblem(
      "replicaScalingUpdate",
      { minReplicaMemoryGb: 6 },
      "minReplicaMemoryGb",
      "multiple of 4",
    );
  });

  it("rejects a minimum above the maximum, on maxReplicaMemoryGb", () => {
    const problem = expectOnlyProblem(
      "replicaScalingUpdate",
      { minReplicaMemoryGb: 32, maxReplicaMemoryGb: 16 },
      "maxReplicaMemoryGb",
    );
    expect(problem.reason).to.equal("maxReplicaMemoryGb must be at least minReplicaMemoryGb (32); got 16");
  });

  it("reports only the field's own rule when the maximum is also off the grid", () => {
    expectOnlyProblem(
      "replicaScalingUpdate",
      { minReplicaMemoryGb: 32, maxReplicaMemoryGb: 10 },
      "maxReplicaMemoryGb",
      "multiple of 4",
    );
  });

  for (const bad of [0, 21, 2.5, "3"]) {
    it(`rejects numReplicas ${JSON.stringify(bad)}`, () => {
      expectOnlyProblem(
        "replicaScalingUpdate",
        { numReplicas: bad },
        "numReplicas",
        "must be an integer between 1 and 20",
        `got ${JSON.stringify(bad)}`,
      );
    });
  }

  it("rejects idleTimeoutMinutes below 5 and a non-boolean idleScaling", () => {
    expectOnlyProblem(
      "replicaScalingUpdate",
      { idleTimeoutMinutes: 4 },
      "idleTimeoutMinutes",
      "at least 5",
      "got 4",
    );
    expectOnlyProblem(
      "replicaScalingUpdate",
      { idleScaling: "yes" },
      "idleScaling",
      'idleScaling must be a boolean; got "yes"',
    );
  });

  it("reports every bad field at once, one problem each", () => {
    const problems = validate("replicaScalingUpdate", {
      minReplicaMemoryGb: 3,
      numReplicas: 99,
      idleTimeoutMinutes: 1,
    });
    expect(problems.map((problem) => problem.property)).to.have.members([
      "minReplicaMemoryGb",
      "numReplicas",
      "idleTimeoutMinutes",
    ]);
  });
});

describe("schemas: apiKeyCreate and apiKeyUpdate", () => {
  const key = { name: "ci", roles: ["developer"] };
  /** `echo -n a | sha256sum | tr -d '-' | xxd -r -p | base64`, and the same for "b". */
  const validHashData = {
    keyIdHash: "ypeBEsobvcr6wjGzmiPcTaeG7/gUfE5yuYB3ha/uSLs=",
    keyIdSuffix: "abcd",
    keySecretHash: "PiPoFgA5WUoziU9lZOGxNIu9egCI1CxKy3PurtWcAJ0=",
  };

  it("accepts a minimal key and a full one", () => {
    expectValid("apiKeyCreate", key);
    expectValid("apiKeyCreate", {
      name: "ci",
      roles: ["admin", "query_endpoints"],
      expireAt: "2030-01-01T00:00:00Z",
      state: "disabled",
      hashData: validHashData,
      ipAccessList: [{ source: "10.0.0.0/8", description: "office" }, { source: "0.0.0.0/0" }],
    });
  });

  it("accepts expireAt absent, null or empty (never expires)", () => {
    expectValid("apiKeyCreate", { ...key, expireAt: null });
    expectValid("apiKeyCreate", { ...key, expireAt: "" });
  });

  it("rejects an expireAt that is not a date-time", () => {
    expectOnlyProblem(
      "apiKeyCreate",
      { ...key, expireAt: "tomorrow" },
      "expireAt",
      "ISO 8601 date-time",
      '"tomorrow"',
    );
  });

  it("requires a non-empty name", () => {
    expectOnlyProblem("apiKeyCreate", { roles: ["admin"] }, "name", "name is required");
    expectOnlyProblem("apiKeyCreate", { ...key, name: "" }, "name", "name must not be empty");
  });

  it("requires at least one role", () => {
    const problem = expectOnlyProblem("apiKeyCreate", { ...key, roles: [] }, "roles");
    expect(problem.reason).to.include("roles must contain at least 1 element");
  });

  it("rejects duplicate and unknown roles", () => {
    expectOnlyProblem(
      "apiKeyCreate",
      { ...key, roles: ["admin", "admin"] },
      "roles",
      "duplicates",
      '"admin"',
    );
    expectOnlyProblem(
      "apiKeyCreate",
      { ...key, roles: ["admin", "root"] },
      "roles[1]",
      "must be one of admin, developer, query_endpoints",
      '"root"',
    );
  });

  it("rejects an unknown state", () => {
    expectOnlyProblem(
      "apiKeyCreate",
      { ...key, state: "paused" },
      "state",
      "must be one of enabled, disabled",
    );
  });

  it("requires every hashData field, and never echoes hash values", () => {
    expectOnlyProblem(
      "apiKeyCreate",
      { ...key, hashData: { keyIdHash: validHashData.keyIdHash, keyIdSuffix: "abcd" } },
      "hashData.keySecretHash",
      "is required",
    );
    const problem = expectOnlyProblem(
      "apiKeyCreate",
      { ...key, hashData: { ...validHashData, keyIdHash: 12345 } },
      "hashData.keyIdHash",
      "must be the base64 encoding of a SHA-256 digest",
    );
    expect(problem.reason).to.not.include("12345");
  });

  it("takes hashes only as base64 of a 32-byte SHA-256 digest, and a 4-character keyIdSuffix", () => {
    const hex = "ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb"; // sha256("a") in hex
    const sha1Base64 = "hvfkN/qlp/zhXR3cuerq6jd2Z7g="; // a 20-byte digest
    const notCanonical = "ypeBEsobvcr6wjGzmiPcTaeG7/gUfE5yuYB3ha/uSLt="; // last character carries stray bits
    for (const keySecretHash of [hex, sha1Base64, notCanonical, validHashData.keySecretHash.slice(0, -1)]) {
      const problem = expectOnlyProblem(
        "apiKeyCreate",
        { ...key, hashData: { ...validHashData, keySecretHash } },
        "hashData.keySecretHash",
        'must be the base64 encoding of a SHA-256 digest (32 bytes: 44 characters ending in "=")',
      );
      expect(problem.reason).to.not.include(keySecretHash);
    }
    expectOnlyProblem(
      "apiKeyCreate",
      { ...key, hashData: { ...validHashData, keyIdSuffix: "b" } },
      "hashData.keyIdSuffix",
      "must be the last 4 characters of the key id",
    );
  });

  it("requires a source in every ipAccessList entry and rejects unknown entry fields", () => {
    expectOnlyProblem(
      "apiKeyCreate",
      { ...key, ipAccessList: [{ description: "x" }] },
      "ipAccessList[0].source",
    );
    expectOnlyProblem(
      "apiKeyCreate",
      { ...key, ipAccessList: [{ source: "1.2.3.4", cidr: "x" }] },
      "ipAccessList[0].cidr",
      "not a known property",
    );
  });

  it("accepts a partial update and rejects an empty one", () => {
    expectValid("apiKeyUpdate", { state: "disabled" });
    expectValid("apiKeyUpdate", { expireAt: null });
    expectOnlyProblem("apiKeyUpdate", {}, "", "at least one of name, roles, expireAt, state, ipAccessList");
  });

  it("rejects hashData in an update: it cannot change", () => {
    expectOnlyProblem(
      "apiKeyUpdate",
      { hashData: { keyIdHash: "a", keyIdSuffix: "b", keySecretHash: "c" } },
      "hashData",
      "not a known property",
    );
  });

  it("applies the create rules to updated fields", () => {
    expectOnlyProblem("apiKeyUpdate", { roles: [] }, "roles", "at least 1 element");
  });

  it("reports a body that is not an object", () => {
    expectOnlyProblem("apiKeyCreate", ["admin"], "", "the body must be an object");
  });
});

describe("schemas: privateEndpointCreate and servicePrivateEndpointsPatch", () => {
  it("accepts an id with or without a description", () => {
    expectValid("privateEndpointCreate", { id: "vpce-0123", description: "from the VPC" });
    expectValid("privateEndpointCreate", { id: "vpce-0123" });
  });

  it("requires a non-empty id", () => {
    expectOnlyProblem("privateEndpointCreate", { description: "x" }, "id", "id is required");
    expectOnlyProblem("privateEndpointCreate", { id: "" }, "id", "must be the cloud provider's endpoint id");
    expectOnlyProblem("privateEndpointCreate", { id: ".." }, "id", "starting with a letter or digit");
  });

  it("rejects a mistyped description", () => {
    expectOnlyProblem(
      "privateEndpointCreate",
      { id: "v", description: 3 },
      "description",
      "must be a string; got 3",
    );
  });

  it("accepts add and remove lists, and needs at least one of them", () => {
    expectValid("servicePrivateEndpointsPatch", { privateEndpointIds: { add: ["a"], remove: [] } });
    expectOnlyProblem(
      "servicePrivateEndpointsPatch",
      { privateEndpointIds: {} },
      "privateEndpointIds",
      "at least one of add, remove",
    );
  });

  it("rejects an empty id in a list and an unknown operation", () => {
    expectOnlyProblem(
      "servicePrivateEndpointsPatch",
      { privateEndpointIds: { add: [""] } },
      "privateEndpointIds.add[0]",
    );
    expectOnlyProblem(
      "servicePrivateEndpointsPatch",
      { privateEndpointIds: { replace: ["a"] } },
      "privateEndpointIds.replace",
      "not a known property",
    );
  });

  it("reports the missing privateEndpointIds", () => {
    const problem = problemOn("servicePrivateEndpointsPatch", {}, "privateEndpointIds");
    expect(problem.reason).to.equal("privateEndpointIds is required");
  });
});
