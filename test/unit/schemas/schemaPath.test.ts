import { expect } from "chai";
import { schemaPathFromRoot } from "../../../provider/validation/schemaPath";

const name = { type: "string", maxLength: 3 };
const schema = {
  type: "object",
  properties: {
    a: name,
    tiles: { type: "array", items: { type: "object", properties: { name } } },
  },
  allOf: [{ properties: { a: name } }],
};

describe("validation: the schema path of an error raised in a shared subschema's function", () => {
  it("is ajv's path when the validator calls no shared subschema", () => {
    expect(schemaPathFromRoot("#/properties/a/maxLength", "/a", schema, [])).to.deep.equal([
      "properties",
      "a",
      "maxLength",
    ]);
  });

  it("starts at the site whose path leads to the error's value", () => {
    const sites = ["/properties/a", "/properties/tiles/items", "/properties/tiles/items/properties/name"];
    expect(schemaPathFromRoot("#/maxLength", "/a", schema, sites)).to.deep.equal([
      "properties",
      "a",
      "maxLength",
    ]);
    expect(schemaPathFromRoot("#/type", "/tiles/3", schema, sites)).to.deep.equal([
      ...["properties", "tiles", "items"],
      "type",
    ]);
    expect(schemaPathFromRoot("#/maxLength", "/tiles/3/name", schema, sites)).to.deep.equal([
      ...["properties", "tiles", "items", "properties", "name"],
      "maxLength",
    ]);
  });

  it("never starts where the path would pass through another site, whose function raised the errors below it", () => {
    const sites = ["/properties/a", "/allOf/0"];
    expect(schemaPathFromRoot("#/properties/a/maxLength", "/a", schema, sites)).to.deep.equal([
      ...["allOf", "0", "properties", "a"],
      "maxLength",
    ]);
  });

  it("is ajv's path when no site fits, or when it lies in another schema", () => {
    const sites = ["/properties/a"];
    expect(schemaPathFromRoot("#/minimum", "/b", schema, sites)).to.deep.equal(["minimum"]);
    expect(schemaPathFromRoot("other.json#/type", "/a", schema, sites)).to.deep.equal(
      schemaPathFromRoot("other.json#/type", "/a", schema, []),
    );
  });
});
