import { expect } from "chai";
import type { ResourceDefinition } from "../../../provider/resources/definition";
import { checkSpecOf, diffSpecOf } from "../../../provider/resources/derive/specs";
import { requestBodyFor } from "../../../provider/resources/derive/requestBody";
import { resourcesTable } from "../../../scripts/generate/readmeTable";
import { resourceClassSource } from "../../../scripts/generate/resourceClass";

/** A sixth kind, as a contributor would define it: what the generator and the derived check and diff make of it. */
const widget: ResourceDefinition = {
  kind: "Widget",
  module: "clickhouse",
  description: "A widget of a service.",
  notes: "a test kind",
  id: "`<serviceId>/<widgetId>`.",
  requestSchema: "privateEndpointCreate",
  inputs: {
    serviceId: {
      description: "The service.",
      schema: { type: "string" },
      outsideBody: true,
      required: true,
      change: "replace",
    },
    widgetId: { description: "The widget's id.", bodyName: "id", required: true, change: "replace" },
    description: { description: "Free text.", change: "update", unsetMeansUnmanaged: true },
    token: {
      description: "A credential.",
      schema: { type: "string" },
      outsideBody: true,
      secret: true,
      change: "replace",
      comparedThrough: "description",
      rule: null,
    },
    waitSeconds: {
      description: "How long to wait.",
      schema: { type: "number" },
      outsideBody: true,
      change: "none",
      rule: (inputs) =>
        typeof inputs.waitSeconds === "number"
          ? []
          : [{ property: "waitSeconds", reason: "must be a number" }],
    },
  },
  outputs: {
    widgetId: { description: "The widget's id.", schema: { type: "string" }, alwaysSet: true },
    token: { description: "The credential.", schema: { type: "string" }, secret: true },
    hash: { description: "Its hash.", schema: { type: "string" }, secretWhenSet: ["token"] },
  },
};

describe("generate: what a definition becomes", () => {
  it("check: body inputs are validated by the request schema, renamed; the others by their rules", () => {
    const spec = checkSpecOf(widget);
    expect(spec.schema).to.equal("privateEndpointCreate");
    expect(spec.nonBodyInputs).to.deep.equal(["serviceId", "token", "waitSeconds"]);
    expect(spec.renamed).to.deep.equal({ widgetId: "id" });
    const failures = (spec.extraRules ?? []).flatMap((rule) => rule({ serviceId: "", waitSeconds: "" }));
    expect(failures.map((failure) => failure.property)).to.deep.equal(["serviceId", "waitSeconds"]);
    expect(failures[0].reason).to.equal('serviceId is required and must be a non-empty string; got ""');
  });

  it("check: an input outside the body that is not a string cannot go without a rule", () => {
    const { rule: _rule, ...unchecked } = widget.inputs.waitSeconds;
    const careless = { ...widget, inputs: { ...widget.inputs, waitSeconds: unchecked } };
    expect(() => checkSpecOf(careless)).to.throw(
      "input waitSeconds is outside the request body and not a string",
    );
  });

  it("request body: body inputs only, renamed; null, omitted and unknown inputs are not sent", () => {
    const inputs = {
      serviceId: "s",
      widgetId: "w-1",
      description: null,
      token: "t",
      colour: "red",
      __provider: "x",
    };
    const widgetRequest = requestBodyFor(widget);
    expect(widgetRequest(inputs)).to.deep.equal({ id: "w-1" });
    expect(widgetRequest({ widgetId: "w-1", description: "d" }, ["description"])).to.deep.equal({
      id: "w-1",
    });
  });

  it("diff: replace and update lists follow each input's change effect; unmanaged-when-unset is not compared", () => {
    expect(diffSpecOf(widget)).to.deep.equal({
      replaceOn: ["serviceId", "widgetId"],
      updateOn: ["description"],
      onlyWhenSet: ["description"],
      comparedThrough: { token: "description" },
    });
  });

  it("class: typed Args with documentation, outputs, and the secret inputs and outputs marked", () => {
    const source = resourceClassSource(widget, "widget");
    expect(source).to.contain("export interface WidgetArgs {");
    expect(source).to.contain("/** The service. */\n  serviceId: pulumi.Input<string>;");
    expect(source).to.contain("description?: pulumi.Input<string>;");
    expect(source).to.contain("waitSeconds?: pulumi.Input<number>;");
    expect(source).to.contain("declare readonly widgetId: pulumi.Output<string>;");
    expect(source).to.contain("declare readonly hash: pulumi.Output<string | undefined>;");
    expect(source).to.contain('"secretInputs":["token"]');
    expect(source).to.contain('"secretOutputs":["token"]');
    expect(source).to.contain('"secretOutputsWhenSet":{"hash":["token"]}');
  });

  it("README row: inputs, what updates in place, what replaces, notes", () => {
    expect(resourcesTable([widget]).split("\n")[2]).to.equal(
      "| `Widget` | `serviceId`, `widgetId`, `description`, `token`, `waitSeconds` | `description` | " +
        "`serviceId`, `widgetId`, `token` | a test kind |",
    );
  });
});
