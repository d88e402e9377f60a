import { expect } from "chai";
import { sharedSubschemas } from "../../../scripts/generate/sharedSubschemas";

const channel = { type: "object", required: ["id"], properties: { id: { type: "string", minLength: 1 } } };

describe("the subschemas the compiled validators share", () => {
  it("are written once, referenced from each place they occurred, which the sites list", () => {
    const { roots, shared, referenceSites } = sharedSubschemas({
      create: { type: "object", properties: { channel } },
      update: { type: "object", properties: { channels: { type: "array", items: channel } } },
    });
    expect([...shared]).to.deep.equal([["shared1", channel]]);
    expect(roots).to.deep.equal({
      create: { type: "object", properties: { channel: { $ref: "shared1" } } },
      update: { type: "object", properties: { channels: { type: "array", items: { $ref: "shared1" } } } },
    });
    expect(referenceSites).to.deep.equal({
      create: ["/properties/channel"],
      update: ["/properties/channels/items"],
    });
  });

  it("include a subschema repeated within a shared one, but not one that repeats only with its parent", () => {
    const limited = { type: "string", maxLength: 9 };
    const pair = { type: "object", properties: { left: limited, right: limited, tag: { type: "boolean" } } };
    const { shared, referenceSites } = sharedSubschemas({
      a: { type: "object", properties: { pair } },
      b: { type: "object", properties: { pair } },
    });
    expect([...shared.keys()]).to.deep.equal(["shared1", "shared2"]);
    expect(shared.get("shared1")).to.deep.equal({
      type: "object",
      properties: { left: { $ref: "shared2" }, right: { $ref: "shared2" }, tag: { type: "boolean" } },
    });
    expect(referenceSites.a).to.deep.equal([
      "/properties/pair",
      "/properties/pair/properties/left",
      "/properties/pair/properties/right",
    ]);
  });

  it("leave out a subschema whose errors the reader would word otherwise: twice for one value, once in a branch", () => {
    const id = { type: "string", minLength: 1 };
    const branched = {
      type: "object",
      properties: { kind: { enum: ["a", "b"] }, id },
      allOf: [
        { if: { properties: { kind: { const: "a" } } }, then: { required: ["id"], properties: { id } } },
      ],
    };
    const { roots, shared, referenceSites } = sharedSubschemas({ branched });
    expect(shared.size).to.equal(0);
    expect(roots.branched).to.deep.equal(branched);
    expect(referenceSites.branched).to.deep.equal([]);
  });
});
