import * as fs from "node:fs";
import { expect } from "chai";
import { schemaTypeName, TypeRegistry } from "../../../provider/native/schemaTypes";
import { schemaPath, schemaText } from "../../../scripts/generate/schema";

describe("native plugin package schema", () => {
  // schema.json is the reviewed schema the SDKs in sdk/ were generated from and GetSchema serves.
  it("is the checked-in schema.json for the resource definitions and the package version", () => {
    expect(schemaText()).to.equal(fs.readFileSync(schemaPath, "utf8"));
  });
});

describe("native plugin schema types from JSON Schema", () => {
  const any = { $ref: "pulumi.json#/Any" };

  it("drops an input type's Args suffix from its schema name", () => {
    expect(schemaTypeName({ name: "WidgetArgs", from: "x" })).to.equal("Widget");
    expect(schemaTypeName({ name: "ArgsWidget", from: "x" })).to.equal("ArgsWidget");
  });

  it("maps scalars, a string const, nullable types and arrays", () => {
    const registry = new TypeRegistry("pkg");
    expect(registry.typeOf(undefined, "A")).to.deep.equal(any);
    for (const type of ["string", "number", "integer", "boolean"]) {
      expect(registry.typeOf({ type }, "A")).to.deep.equal({ type });
    }
    expect(registry.typeOf({ type: ["string", "null"] }, "A")).to.deep.equal({ type: "string" });
    expect(registry.typeOf({ type: ["string", "number"] }, "A")).to.deep.equal(any);
    expect(registry.typeOf({ const: "fixed" }, "A")).to.deep.equal({ type: "string" });
    expect(registry.typeOf({ const: 1 }, "A")).to.deep.equal(any);
    expect(registry.typeOf({ type: "null" }, "A")).to.deep.equal(any);
    expect(registry.typeOf({}, "A")).to.deep.equal(any);
    expect(registry.typeOf({ type: "array", items: { type: "integer" } }, "A")).to.deep.equal({
      type: "array",
      items: { type: "integer" },
    });
    expect(registry.typeOf({ type: "array" }, "A")).to.deep.equal({ type: "array", items: any });
    expect(registry.types).to.deep.equal({});
  });

  it("names a string enum (nulls left out) and leaves other enums Any", () => {
    const registry = new TypeRegistry("pkg");
    expect(registry.typeOf({ enum: ["a", "b", null] }, "Mode")).to.deep.equal({
      $ref: "#/types/pkg:index:Mode",
    });
    expect(registry.typeOf({ enum: [1, 2] }, "Level")).to.deep.equal(any);
    expect(registry.types).to.deep.equal({
      "pkg:index:Mode": { type: "string", enum: [{ value: "a" }, { value: "b" }] },
    });
  });

  it("takes the one type of anyOf/oneOf branches (null left out), else Any", () => {
    const registry = new TypeRegistry("pkg");
    expect(registry.typeOf({ anyOf: [{ type: "string" }, { type: "null" }] }, "A")).to.deep.equal({
      type: "string",
    });
    expect(registry.typeOf({ oneOf: [{ type: "string" }, { type: "number" }] }, "A")).to.deep.equal(any);
  });

  it("names an object with properties, its property rules as descriptions, and items after the array", () => {
    const registry = new TypeRegistry("pkg");
    const schema = {
      type: "array",
      items: {
        type: "object",
        required: ["host", "elsewhere"],
        properties: {
          host: { type: "string", "x-rule": "a host name" },
          mode: { enum: ["x"] },
        },
      },
    };
    expect(registry.typeOf(schema, "Entry")).to.deep.equal({
      type: "array",
      items: { $ref: "#/types/pkg:index:EntryItem" },
    });
    expect(registry.types["pkg:index:EntryItem"]).to.deep.equal({
      type: "object",
      properties: {
        host: { type: "string", description: "A host name." },
        mode: { $ref: "#/types/pkg:index:EntryItemMode" },
      },
      required: ["host"],
    });
    expect(registry.typeOf(schema, "Entry", { name: "HostArgs", from: "x" })).to.deep.equal({
      type: "array",
      items: { $ref: "#/types/pkg:index:Host" },
    });
  });

  it("leaves out an empty required list; a free-form object is a map of its values, else Any", () => {
    const registry = new TypeRegistry("pkg");
    registry.typeOf({ type: "object", properties: { a: { type: "string" } } }, "Loose");
    expect(registry.types["pkg:index:Loose"]).to.deep.equal({
      type: "object",
      properties: { a: { type: "string" } },
    });
    expect(registry.typeOf({ type: "object", additionalProperties: { type: "number" } }, "M")).to.deep.equal({
      type: "object",
      additionalProperties: { type: "number" },
    });
    expect(registry.typeOf({ type: "object", additionalProperties: true }, "M")).to.deep.equal(any);
    expect(registry.typeOf({ type: "object" }, "M")).to.deep.equal(any);
  });

  it("refuses two different types under one name, and accepts the same one twice", () => {
    const registry = new TypeRegistry("pkg");
    registry.typeOf({ enum: ["a"] }, "Mode");
    expect(registry.typeOf({ enum: ["a"] }, "Mode")).to.deep.equal({ $ref: "#/types/pkg:index:Mode" });
    expect(() => registry.typeOf({ enum: ["b"] }, "Mode")).to.throw(
      "two different types would be named pkg:index:Mode",
    );
  });
});
