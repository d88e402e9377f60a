/** A saved search's pinned filters are checked at preview as the API checks them, before anything is sent. */
import { expect } from "chai";
import { isFacetFilter } from "../../../provider/resources/savedSearch/rules";
import { providerOf } from "../../support/providers";

const sql = (condition: string) => ({ type: "sql", condition });

describe("SavedSearch: new filters must be sidebar facets", () => {
  it("takes one IN, NOT IN or BETWEEN condition on one column", () => {
    for (const condition of [
      "ServiceName IN ('api', 'web')",
      "SeverityText NOT IN ('debug')",
      "Duration BETWEEN 10 AND 200",
      "ServiceName IN ('rock and roll')",
      "  lower(ServiceName) in ('api')  ",
    ]) {
      expect(isFacetFilter(sql(condition)), condition).to.equal(true);
    }
    expect(isFacetFilter({ condition: "ServiceName IN ('api')" }), "type defaults to sql").to.equal(true);
  });

  it("refuses anything else", () => {
    for (const filter of [
      sql("ServiceName = 'api'"),
      sql("ServiceName IN ('api') AND Level IN ('error')"),
      sql("NOT ServiceName IN ('api')"),
      sql("a OR b IN ('x')"),
      sql(" IN ('x')"),
      { type: "lucene", condition: "ServiceName:api" },
      { type: "sql_ast", operator: "=", left: "a", right: "b" },
      sql(""),
      "ServiceName IN ('api')",
    ]) {
      expect(isFacetFilter(filter), JSON.stringify(filter)).to.equal(false);
    }
  });

  it("refuses what is no object, a condition that is no string, and a facet's condition under another type", () => {
    for (const filter of [
      null,
      { type: "sql", condition: 42 },
      { type: "lucene", condition: "ServiceName IN ('api')" },
    ]) {
      expect(isFacetFilter(filter), JSON.stringify(filter)).to.equal(false);
    }
  });

  it("reads the value list as the API does: an AND written against a quoted value is not taken for a second condition", () => {
    // HyperDX (and the emulator) look for an AND with white space on both sides once quoted values are emptied.
    expect(isFacetFilter(sql("ServiceName IN ('api', 'web'and 'x')"))).to.equal(true);
    expect(isFacetFilter(sql("ServiceName IN ('api', 'web' and 'x')"))).to.equal(false);
  });

  it("at preview: a new filter of another shape fails naming it; one the search had may stay", async () => {
    const provider = providerOf("SavedSearch");
    const news = {
      name: "errors",
      sourceId: "0123456789abcdef01234567",
      filters: [sql("ServiceName IN ('api')"), sql("Duration > 100")],
    };
    const created = await provider.check({}, news);
    expect(created.failures).to.deep.equal([
      {
        property: "",
        reason:
          "filters[1] must be an SQL condition on one column with one IN (...), NOT IN (...) or BETWEEN a AND b " +
          "(the app shows each filter as a sidebar facet); a filter the search already has may stay as it is",
      },
    ]);
    const kept = await provider.check({ ...news, filters: [sql("Duration > 100")] }, news);
    expect(kept.failures).to.deep.equal([]);
  });
});
