/** Each fact of a definition's documentation has one source: settings by name, defaults in `default`. */
import { expect } from "chai";
import { SETTINGS } from "../../../schemas/settings";
import { describeInput, renderDescription } from "../../../provider/resources/derive/descriptions";
import { resourceDefinitions } from "../../../provider/resources/registry";

describe("definition texts: settings and defaults written in once, per front end", () => {
  it("writes a named setting as each front end's config key or its environment variable", () => {
    const text = "Defaults to {setting:organizationId}.";
    expect(renderDescription(text, "dynamic")).to.equal(
      "Defaults to `clickhouse:organizationId` or CLICKHOUSE_ORG_ID.",
    );
    expect(renderDescription(text, "native")).to.equal(
      "Defaults to `clickhouse-cloud:organizationId` or CLICKHOUSE_ORG_ID.",
    );
    expect(() => renderDescription("{setting:nope}", "native")).to.throw("{setting:nope} names no setting");
  });

  it("states an input's default after its description, and nothing for an input without one", () => {
    const field = { description: "How long to wait.", change: "none" as const, default: 600 };
    expect(describeInput(field, "dynamic")).to.equal("How long to wait. Default: 600.");
    expect(describeInput({ description: "A name.", change: "update" }, "native")).to.equal("A name.");
  });

  const keys = Object.values(SETTINGS).flatMap((setting) => [setting.key, setting.pluginKey]);
  for (const definition of resourceDefinitions) {
    const texts = [
      definition.description,
      definition.notes,
      definition.id,
      ...Object.values(definition.inputs).map((field) => field.description),
      ...Object.values(definition.outputs).map((field) => field.description),
    ];

    it(`${definition.kind}: names settings only by {setting:...}, and every reference resolves`, () => {
      for (const text of texts) {
        for (const key of keys)
          expect(text, `a config key written out in ${definition.kind}`).to.not.contain(`\`${key}\``);
        expect(renderDescription(text, "native")).to.not.contain("{setting:");
      }
    });

    it(`${definition.kind}: a default is stated by the renderer only, and never for an unmanaged-when-unset input`, () => {
      for (const [name, field] of Object.entries(definition.inputs)) {
        expect(field.description, `${definition.kind}.${name}`).to.not.match(/\(default \d/);
        if (field.unsetMeansUnmanaged)
          expect(field.default, `${definition.kind}.${name}`).to.equal(undefined);
      }
    });
  }
});
