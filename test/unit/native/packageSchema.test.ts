import * as fs from "node:fs";
import { expect } from "chai";
import { packageSchema } from "../../../provider/native/packageSchema";
import { enumValueName } from "../../../provider/native/enumNames";
import { schemaTypeName, TypeRegistry } from "../../../provider/native/schemaTypes";
import { resourceDefinitions } from "../../../provider/resources/registry";
import type { ResourceDefinition } from "../../../provider/resources/definition";
import { schemaPath, schemaText } from "../../../scripts/generate/schema";

describe("native plugin package schema", () => {
  // schema.json is the reviewed schema the SDKs in sdk/ were generated from and GetSchema serves.
  it("is the checked-in schema.json for the resource definitions and the package version", () => {
    expect(schemaText()).to.equal(fs.readFileSync(schemaPath, "utf8"));
  });

  // One made-up kind whose fields exercise each way a property's schema and type name are chosen.
  const widget = {
    kind: "Widget",
    description: "A widget.",
    id: "the widget's id",
    requestSchema: "privateEndpointCreate",
    inputs: {
      description: { description: "Own schema wins over the request's.", schema: { type: "integer" } },
      id: { description: "From the request schema." },
      mode: { description: "An enum without a type name.", schema: { enum: ["a", "b"] } },
      shape: {
        description: "Named.",
        schema: { type: "array", items: { enum: ["round", "flat"] } },
        type: { name: "ShapeArgs", from: "x" },
      },
      flavor: { description: "Named.", schema: { enum: ["sweet"] }, type: { name: "FlavorArgs", from: "x" } },
      size: { description: "Named.", schema: { enum: ["s"] }, type: { name: "SizeArgs", from: "x" } },
      label: { description: "Unnamed.", schema: { type: "string" } },
    },
    outputs: {
      level: { description: "An enum without a type name.", schema: { enum: ["x"] } },
      shape: {
        description: "Same type as the input.",
        schema: { type: "array" },
        type: { name: "Shape", from: "x" },
      },
      other: {
        description: "Named, no input.",
        schema: { type: "boolean" },
        type: { name: "Other", from: "x" },
      },
      flavor: { description: "Unnamed output of a named input.", schema: { type: "string" } },
      size: {
        description: "Another type than the input's.",
        schema: { type: "string" },
        type: { name: "Measure", from: "x" },
      },
      label: {
        description: "Named output of an unnamed input.",
        schema: { type: "integer" },
        type: { name: "Label", from: "x" },
      },
    },
  } as unknown as ResourceDefinition;

  it("types a kind's inputs and outputs from their own schema, the request's, or the same-named input's", () => {
    const spec = packageSchema([widget], "9.9.9");
    const resource = spec.resources["clickhouse-cloud:index:Widget"];
    const typeOnly = (properties: Record<string, object>) =>
      Object.fromEntries(
        Object.entries(properties).map(([name, property]) => {
          const { description: _description, ...type } = property as { description?: string };
          return [name, type];
        }),
      );
    expect(typeOnly(resource.inputProperties)).to.deep.equal({
      description: { type: "integer" },
      id: { type: "string" },
      mode: { $ref: "#/types/clickhouse-cloud:index:WidgetMode" },
      shape: { type: "array", items: { $ref: "#/types/clickhouse-cloud:index:Shape" } },
      flavor: { $ref: "#/types/clickhouse-cloud:index:Flavor" },
      size: { $ref: "#/types/clickhouse-cloud:index:Size" },
      label: { type: "string" },
    });
    expect(typeOnly(resource.properties)).to.deep.equal({
      level: { $ref: "#/types/clickhouse-cloud:index:WidgetLevel" },
      shape: { type: "array", items: { $ref: "#/types/clickhouse-cloud:index:Shape" } },
      other: { type: "boolean" },
      flavor: { type: "string" },
      size: { type: "string" },
      label: { type: "integer" },
    });
  });

  it("an input without a schema of a request schema without properties is Any", () => {
    const bare = {
      ...widget,
      requestSchema: "privateEndpoint",
      inputs: { id: { description: "x" } },
      outputs: {},
    };
    const spec = packageSchema([bare as unknown as ResourceDefinition], "9.9.9");
    expect(spec.resources["clickhouse-cloud:index:Widget"].inputProperties.id).to.deep.equal({
      $ref: "pulumi.json#/Any",
      description: "x",
    });
  });

  it("names getSeries' series definitions SeriesDefinition", () => {
    const spec = packageSchema([], "9.9.9");
    expect(spec.functions["clickhouse-cloud:index:getSeries"].inputs.properties.series).to.deep.equal({
      type: "array",
      items: { $ref: "#/types/clickhouse-cloud:index:SeriesDefinition" },
    });
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
    expect(registry.typeOf({ type: "date" }, "A")).to.deep.equal(any);
    expect(registry.typeOf({ type: "array", items: { type: "integer" } }, "A")).to.deep.equal({
      type: "array",
      items: { type: "integer" },
    });
    expect(registry.typeOf({ type: "array" }, "A")).to.deep.equal({ type: "array", items: any });
    expect(registry.types).to.deep.equal({});
  });

  it("names a string enum (nulls left out) and leaves other enums Any", () => {
    const registry = new TypeRegistry("pkg");
    expect(registry.typeOf({ enum: ["a_mode", "B MODE", null] }, "Mode")).to.deep.equal({
      $ref: "#/types/pkg:index:Mode",
    });
    expect(registry.typeOf({ enum: [1, 2] }, "Level")).to.deep.equal(any);
    expect(registry.typeOf({ enum: ["a", 1] }, "Mixed")).to.deep.equal(any);
    expect(registry.types).to.deep.equal({
      "pkg:index:Mode": {
        type: "string",
        enum: [
          { name: "AMode", value: "a_mode" },
          { name: "BMode", value: "B MODE" },
        ],
      },
    });
  });

  it("names each enum value as the SDKs' idioms want: its words, or a duration spelled out", () => {
    const names = (values: string[]) => values.map(enumValueName);
    expect(
      names(["query_endpoints", "SASL_IAM", "VPC_ENDPOINT_SERVICE", "exponential histogram"]),
    ).to.deep.equal(["QueryEndpoints", "SaslIam", "VpcEndpointService", "ExponentialHistogram"]);
    expect(names(["30s", "1m", "15m", "1h", "12h", "7d", "45m", "auto"])).to.deep.equal([
      "ThirtySeconds",
      "OneMinute",
      "FifteenMinutes",
      "OneHour",
      "TwelveHours",
      "SevenDays",
      "FortyFiveMinutes",
      "Auto",
    ]);
    expect(() => enumValueName("100x")).to.throw('the enum value "100x" needs a name of its own');
  });

  it("spells out a duration only when the whole value is one, twenty included", () => {
    expect(enumValueName("20s")).to.equal("TwentySeconds");
    expect(enumValueName("19m")).to.equal("NineteenMinutes");
    expect(enumValueName("last_30m")).to.equal("Last30m");
    expect(() => enumValueName("5min")).to.throw('the enum value "5min" needs a name of its own');
  });

  it("gives every enum value of the package schema a name, unique within its type", () => {
    const schema = packageSchema(resourceDefinitions, "1.2.3");
    const enums = Object.entries(schema.types).filter(([, type]) => type.type === "string");
    expect(enums.length).to.be.greaterThan(5);
    for (const [token, type] of enums) {
      if (type.type !== "string") continue;
      const names = type.enum.map((entry) => entry.name);
      expect(
        names.every((name) => /^[A-Z][A-Za-z0-9]*$/.test(name)),
        `${token}: ${names.join(", ")}`,
      ).to.equal(true);
      expect(new Set(names).size, token).to.equal(names.length);
    }
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
    expect(
      registry.typeOf({ type: "object", additionalProperties: { enum: ["x"] } }, "Labels"),
    ).to.deep.equal({
      type: "object",
      additionalProperties: { $ref: "#/types/pkg:index:LabelsValue" },
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
