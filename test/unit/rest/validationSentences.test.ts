/**
 * The sentences made from a validator's errors, for schema shapes the package's own schemas may come to use:
 * keywords they do not use yet, rules of outer schemas, branch conditions, property paths. Each schema here is
 * compiled by ajv with the options the package's validators are generated with.
 */
import Ajv, { type ErrorObject } from "ajv";
import { expect } from "chai";
import { problemsFromErrors, type ValidationProblem } from "../../../provider/validation/validate";

function problemsOf(schema: object, value: unknown): ValidationProblem[] {
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    allowUnionTypes: true,
    verbose: true,
    keywords: ["x-rule"],
  });
  const validateFunction = ajv.compile(schema);
  expect(validateFunction(value), "the value is invalid").to.equal(false);
  return problemsFromErrors(validateFunction.errors ?? [], schema);
}

const objectOf = (properties: Record<string, object>, extra: object = {}) => ({
  type: "object",
  properties,
  ...extra,
});

describe("validation sentences: lengths and counts", () => {
  it("an empty string where one character is the least, and more than one", () => {
    const schema = (minLength: number) => objectOf({ name: { type: "string", minLength } });
    expect(problemsOf(schema(1), { name: "" })).to.deep.equal([
      { property: "name", reason: "name must not be empty" },
    ]);
    expect(problemsOf(schema(3), { name: "ab" })).to.deep.equal([
      { property: "name", reason: "name must be at least 3 characters; got 2" },
    ]);
  });

  it("counts one element in the singular and more in the plural", () => {
    const schema = objectOf({ tags: { type: "array", minItems: 1, maxItems: 2 } });
    expect(problemsOf(schema, { tags: [] })).to.deep.equal([
      { property: "tags", reason: "tags must contain at least 1 element; got 0" },
    ]);
    expect(problemsOf(schema, { tags: [1, 2, 3] })).to.deep.equal([
      { property: "tags", reason: "tags must contain at most 2 elements; got 3" },
    ]);
  });

  it("names the properties of which one, or several, must be set", () => {
    const properties = { a: { type: "string" }, b: { type: "string" }, c: { type: "string" } };
    expect(problemsOf(objectOf(properties, { minProperties: 1 }), {})).to.deep.equal([
      { property: "", reason: "the body must set at least one of a, b, c" },
    ]);
    expect(problemsOf(objectOf(properties, { minProperties: 2 }), { a: "x" })).to.deep.equal([
      { property: "", reason: "the body must set at least 2 of a, b, c" },
    ]);
  });
});

describe("validation sentences: secrets", () => {
  it("never quotes the length or a duplicate of a property that may hold a secret", () => {
    const schema = objectOf({
      token: { type: "string", maxLength: 3 },
      secrets: { type: "array", uniqueItems: true },
    });
    expect(problemsOf(schema, { token: "abcdef", secrets: ["s3cr3t", "s3cr3t"] })).to.deep.equal([
      { property: "token", reason: "token must be at most 3 characters" },
      { property: "secrets", reason: "secrets must not contain duplicates" },
    ]);
  });

  it("quotes a duplicate of any other property", () => {
    const schema = objectOf({ tags: { type: "array", uniqueItems: true } });
    expect(problemsOf(schema, { tags: ["a", "b", "a"] })).to.deep.equal([
      { property: "tags", reason: 'tags must not contain duplicates; got "a" twice' },
    ]);
  });
});

describe("validation sentences: keywords without a sentence of their own", () => {
  it("uses ajv's words for a keyword it has no sentence for", () => {
    const schema = objectOf({ x: { not: { type: "string" } } });
    expect(problemsOf(schema, { x: "a" })).to.deep.equal([
      { property: "x", reason: 'x must NOT be valid; got "a"' },
    ]);
  });

  it("says the value is invalid when an error has no words at all", () => {
    const error: ErrorObject = {
      keyword: "custom",
      instancePath: "/x",
      schemaPath: "#/properties/x/custom",
      params: {},
      data: 1,
    };
    expect(problemsFromErrors([error], objectOf({ x: {} }))).to.deep.equal([
      { property: "x", reason: "x is invalid; got 1" },
    ]);
  });

  it("lists allowed values that are not strings as JSON", () => {
    const schema = objectOf({ x: { type: ["string", "null"], enum: ["a", null] } });
    expect(problemsOf(schema, { x: "b" })).to.deep.equal([
      { property: "x", reason: 'x must be one of a, null; got "b"' },
    ]);
  });
});

describe("validation sentences: property paths", () => {
  it("writes array indexes of any length in brackets, and other names, digits first or last, after a dot", () => {
    const schema = objectOf({
      list: { type: "array", items: { type: "string" } },
      field1: { type: "string" },
      "2fa": { type: "string" },
      outer: objectOf({ inner: { type: "string" } }),
    });
    const list = [...Array.from({ length: 12 }, () => "ok"), 7];
    expect(problemsOf(schema, { list, field1: 2, "2fa": true, outer: { inner: 3 } })).to.deep.equal([
      { property: "list[12]", reason: "list[12] must be a string; got 7" },
      { property: "field1", reason: "field1 must be a string; got 2" },
      { property: "2fa", reason: "2fa must be a string; got true" },
      { property: "outer.inner", reason: "outer.inner must be a string; got 3" },
    ]);
  });

  it("keeps a slash or a tilde in a property's name", () => {
    const schema = objectOf({ "a/b": { type: "string" }, "c~d": { type: "string" } });
    expect(problemsOf(schema, { "a/b": 1, "c~d": 2 })).to.deep.equal([
      { property: "a/b", reason: "a/b must be a string; got 1" },
      { property: "c~d", reason: "c~d must be a string; got 2" },
    ]);
  });
});

describe("validation sentences: rules (x-rule)", () => {
  it("an element breaks the rule of the list that holds it", () => {
    const schema = objectOf({
      tags: { "x-rule": "must be a list of short names", type: "array", items: { type: "string" } },
    });
    expect(problemsOf(schema, { tags: [1] })).to.deep.equal([
      { property: "tags[0]", reason: "tags[0] must be a list of short names; got 1" },
    ]);
  });

  it("the rule is the failing schema's own, not one of a schema inside the failing keyword", () => {
    const schema = objectOf({
      x: { "x-rule": "must be a number", not: { "x-rule": "inner words", type: "string" } },
    });
    expect(problemsOf(schema, { x: "a" })).to.deep.equal([
      { property: "x", reason: 'x must be a number; got "a"' },
    ]);
  });

  it("an error whose schema path lies outside the schema is worded by its keyword", () => {
    const error: ErrorObject = {
      keyword: "type",
      instancePath: "/x",
      schemaPath: "other.json#/properties/x/type",
      params: { type: "string" },
      data: 1,
    };
    expect(problemsFromErrors([error], objectOf({ x: { "x-rule": "must be a name" } }))).to.deep.equal([
      { property: "x", reason: "x must be a string; got 1" },
    ]);
  });
});

describe("validation sentences: conditions of then branches", () => {
  const properties = { type: { enum: ["A", "B"] }, region: { type: "string" }, size: { type: "integer" } };

  it("names every constant of the condition, and only the constants", () => {
    const schema = objectOf(properties, {
      if: {
        properties: { type: { const: "A" }, region: { const: "eu" }, size: { type: "integer", minimum: 3 } },
        required: ["type", "region"],
      },
      then: { required: ["size"] },
    });
    expect(problemsOf(schema, { type: "A", region: "eu" })).to.deep.equal([
      { property: "size", reason: "size is required when type is A and region is eu" },
    ]);
  });

  it("a condition without constants is no condition in words", () => {
    const schema = objectOf(properties, {
      if: { properties: { region: { type: "string" } }, required: ["region"] },
      then: { properties: { size: { type: "integer" } }, required: ["size"] },
    });
    expect(problemsOf(schema, { region: "eu" })).to.deep.equal([
      { property: "size", reason: "size is required" },
    ]);
  });

  it("a property named then is not a branch", () => {
    const schema = objectOf({ then: { type: "string" } });
    expect(problemsOf(schema, { then: 1 })).to.deep.equal([
      { property: "then", reason: "then must be a string; got 1" },
    ]);
  });
});
