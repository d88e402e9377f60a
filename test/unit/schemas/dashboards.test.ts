/**
 * The dashboard request schemas: a tile's place on the 24-column grid, the typed configs of the common display
 * types (their fields, bounds and the API's select rules), other display types taken as JSON, and filter ids
 * refused on a create and needed on a PUT.
 */
import { expect } from "chai";
import { validate } from "../../../provider/validation/validate";
import { expectOnlyProblem, expectValid } from "./expectations";

const sourceId = "65f0c0ffee0000000000000a";
const line = { displayType: "line", sourceId, select: [{ aggFn: "count" }] };
const tile = (config: object, place: object = {}) => ({
  name: "tile",
  x: 0,
  y: 0,
  w: 12,
  h: 4,
  config,
  ...place,
});
const dashboard = (...tiles: object[]) => ({ name: "Service health", tiles, tags: ["ops"] });

describe("schemas: dashboardCreate", () => {
  it("accepts each typed kind", () => {
    expectValid(
      "dashboardCreate",
      dashboard(
        tile(line),
        tile({ ...line, displayType: "stacked_bar", groupBy: "ServiceName" }),
        tile({
          displayType: "bar",
          sourceId,
          select: [{ aggFn: "avg", valueExpression: "Duration" }],
          limit: 5,
        }),
        tile({
          displayType: "number",
          sourceId,
          select: [{ aggFn: "quantile", level: 0.95, valueExpression: "Duration" }],
        }),
        tile({ displayType: "table", sourceId, select: [{ aggFn: "count" }], groupBy: "ServiceName" }),
        tile({ displayType: "search", sourceId, select: "Timestamp, Body", where: "level:error" }),
        tile({ displayType: "markdown", markdown: "# Notes" }),
      ),
    );
  });

  it("takes other display types and raw SQL tiles as JSON with a displayType", () => {
    expectValid(
      "dashboardCreate",
      dashboard(
        tile({ displayType: "heatmap", sourceId, select: [{ valueExpression: "Duration" }] }),
        tile({ displayType: "line", configType: "sql", connectionId: sourceId, sqlTemplate: "SELECT 1" }),
      ),
    );
    expectOnlyProblem(
      "dashboardCreate",
      dashboard(tile({ sourceId })),
      "tiles[0].config.displayType",
      "required",
    );
  });

  it("bounds a tile to the grid: x 0..23, w 1..24, y from 0, h from 1", () => {
    expectValid(
      "dashboardCreate",
      dashboard(tile(line, { x: 23, w: 1 }), tile(line, { x: 0, w: 24, y: 100, h: 1 })),
    );
    expectOnlyProblem("dashboardCreate", dashboard(tile(line, { x: 24 })), "tiles[0].x", "at most 23");
    expectOnlyProblem("dashboardCreate", dashboard(tile(line, { x: -1 })), "tiles[0].x", "at least 0");
    expectOnlyProblem("dashboardCreate", dashboard(tile(line, { w: 0 })), "tiles[0].w", "at least 1");
    expectOnlyProblem("dashboardCreate", dashboard(tile(line, { w: 25 })), "tiles[0].w", "at most 24");
    expectOnlyProblem("dashboardCreate", dashboard(tile(line, { y: -1 })), "tiles[0].y", "at least 0");
    expectOnlyProblem("dashboardCreate", dashboard(tile(line, { h: 0 })), "tiles[0].h", "at least 1");
  });

  it("bounds a tile's id to 36 characters and the dashboard to 500 tiles", () => {
    expectOnlyProblem("dashboardCreate", dashboard(tile(line, { id: "i".repeat(37) })), "tiles[0].id", "36");
    const tiles = Array.from({ length: 501 }, () => tile(line));
    expectOnlyProblem("dashboardCreate", dashboard(...tiles), "tiles", "at most 500");
  });

  it("refuses a field the kind does not have, naming it", () => {
    expectOnlyProblem(
      "dashboardCreate",
      dashboard(tile({ ...line, where: "x" })),
      "tiles[0].config.where",
      "not a known",
    );
    expectOnlyProblem(
      "dashboardCreate",
      dashboard(tile({ displayType: "markdown", text: "x" })),
      "tiles[0].config.text",
    );
  });

  it("applies the API's select rules", () => {
    const select = (items: object[], extra: object = {}) =>
      dashboard(tile({ ...line, select: items, ...extra }));
    expectOnlyProblem(
      "dashboardCreate",
      select([{ aggFn: "avg" }]),
      "tiles[0].config.select[0].valueExpression",
      "required",
    );
    expectOnlyProblem(
      "dashboardCreate",
      select([{ aggFn: "count", valueExpression: "Duration" }]),
      "tiles[0].config.select[0].valueExpression",
      "cannot be used with the count",
    );
    expectOnlyProblem(
      "dashboardCreate",
      select([{ aggFn: "avg", valueExpression: "Duration", level: 0.5 }]),
      "tiles[0].config.select[0].level",
      "only be used with the quantile",
    );
    expectOnlyProblem("dashboardCreate", select([]), "tiles[0].config.select", "at least 1");
    expectOnlyProblem(
      "dashboardCreate",
      select([{ aggFn: "count" }], { asRatio: true }),
      "tiles[0].config.select",
      "two",
    );
    expectValid("dashboardCreate", select([{ aggFn: "count" }, { aggFn: "count" }], { asRatio: true }));
    const number = { displayType: "number", sourceId, select: [{ aggFn: "count" }, { aggFn: "count" }] };
    expectOnlyProblem(
      "dashboardCreate",
      dashboard(tile(number)),
      "tiles[0].config.select",
      "exactly one item",
    );
    expectValid("dashboardCreate", dashboard(tile({ ...number, formulas: [{ expression: "A / B" }] })));
  });

  it("refuses a filter id on a create and needs one on a PUT", () => {
    const filter = { type: "QUERY_EXPRESSION", name: "Service", expression: "ServiceName", sourceId };
    expectValid("dashboardCreate", { ...dashboard(tile(line)), filters: [filter] });
    expectOnlyProblem(
      "dashboardCreate",
      { ...dashboard(tile(line)), filters: [{ ...filter, id: "f1" }] },
      "filters[0].id",
    );
    expectOnlyProblem(
      "dashboardUpdate",
      { ...dashboard(tile(line)), filters: [filter] },
      "filters[0].id",
      "required",
    );
    expectValid("dashboardUpdate", { ...dashboard(tile(line)), filters: [{ ...filter, id: "f1" }] });
  });

  it("needs a name and tiles, and bounds the name and tags", () => {
    const problems = validate("dashboardCreate", {});
    expect(problems.map((problem) => problem.property)).to.deep.equal(["name", "tiles"]);
    expectOnlyProblem("dashboardCreate", { ...dashboard(), name: "n".repeat(1025) }, "name", "1024");
    expectOnlyProblem("dashboardCreate", { ...dashboard(), tags: ["t".repeat(33)] }, "tags[0]", "32");
  });
});
