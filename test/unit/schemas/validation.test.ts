import { expect } from "chai";
import {
  assertValid,
  describeProblems,
  RequestValidationError,
  validate,
} from "../../../provider/validation/validate";
import { schemas } from "../../../schemas";

describe("validation: assertValid and describeProblems", () => {
  it("returns quietly for a valid body", () => {
    expect(() => assertValid("privateEndpointCreate", { id: "vpce-1" }, "private endpoint")).to.not.throw();
  });

  it("throws a RequestValidationError listing every problem", () => {
    let thrown: unknown;
    try {
      assertValid("privateEndpointCreate", { description: 1, other: true }, "private endpoint request");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).to.be.instanceOf(RequestValidationError);
    const error = thrown as RequestValidationError;
    expect(error.problems.map((problem) => problem.property)).to.have.members(["id", "description", "other"]);
    expect(error.message).to.match(/^private endpoint request is invalid: /);
    expect(error.message).to.include("id: id is required");
    expect(error.message).to.include("other: other is not a known property");
  });

  it("joins problems as 'property: reason' separated by semicolons, the body's own without a prefix", () => {
    expect(
      describeProblems([
        { property: "a", reason: "a is required" },
        { property: "", reason: "the body must be an object" },
      ]),
    ).to.equal("a: a is required; the body must be an object");
  });
});

describe("validation: quoting values", () => {
  it("cuts long strings and says how long they were", () => {
    const [problem] = validate("reversePrivateEndpointCreate", { type: "x".repeat(500) });
    expect(problem?.reason).to.include("(500 characters)");
    expect(problem?.reason.length).to.be.below(200);
  });

  it("summarizes objects and arrays instead of printing them", () => {
    const [problem] = validate("apiKeyCreate", { name: { keySecret: "do-not-print" }, roles: ["admin"] });
    expect(problem?.reason).to.equal("name must be a string; got an object");
  });

  it("never echoes values of properties named like secrets, hashes or tokens", () => {
    const problems = validate("apiKeyCreate", {
      name: "k",
      roles: ["admin"],
      hashData: { keyIdHash: ["leak-1"], keyIdSuffix: "s", keySecretHash: 99999 },
    });
    expect(problems.map((problem) => problem.property)).to.have.members([
      "hashData.keyIdHash",
      "hashData.keyIdSuffix",
      "hashData.keySecretHash",
    ]);
    for (const problem of problems) {
      expect(problem.reason).to.not.match(/leak-1|99999|got/);
    }
    const [hashData] = validate("apiKeyCreate", { name: "k", roles: ["admin"], hashData: "plain-secret" });
    expect(hashData?.reason).to.equal("hashData must be an object");
  });
});

describe("validation: every schema", () => {
  it("compiles in strict mode and rejects a body of the wrong type", () => {
    for (const name of Object.keys(schemas) as Array<keyof typeof schemas>) {
      expect(validate(name, 42), name).to.have.length(1);
    }
  });

  it("keeps request schemas closed and response schemas open", () => {
    const requests = [
      "reversePrivateEndpointCreate",
      "replicaScalingUpdate",
      "apiKeyCreate",
      "apiKeyUpdate",
      "privateEndpointCreate",
      "servicePrivateEndpointsPatch",
      "apiKeyCreateProduction",
      "apiKeyUpdateProduction",
      "roleCreate",
      "rolePatch",
      "memberPatch",
      "invitationCreate",
      "organizationPatch",
      "alertCreate",
      "seriesQuery",
    ] as const;
    for (const name of requests) {
      expect(schemas[name].additionalProperties, name).to.equal(false);
    }
    const responses = [
      "reversePrivateEndpoint",
      "service",
      "apiKeyCreateResult",
      "apiKey",
      "privateEndpoint",
      "role",
      "member",
      "invitation",
    ];
    for (const name of [...responses, "organization", "alert"] as Array<keyof typeof schemas>) {
      expect((schemas[name] as { additionalProperties?: unknown }).additionalProperties, name).to.equal(
        undefined,
      );
    }
  });
});
