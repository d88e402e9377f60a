/** The series query's rules across fields, on input its schema has not vetted (they run whatever else is wrong). */
import { expect } from "chai";
import { seriesRules } from "../../../provider/validation/seriesRules";

describe("series rules on input of any shape", () => {
  it("find nothing in a series that is not a list, nor in entries that are not objects", () => {
    expect(seriesRules("all")).to.deep.equal([]);
    expect(seriesRules([5, null, ["count"]])).to.deep.equal([]);
  });

  it("say what names the value to aggregate when an aggregate other than count has none", () => {
    expect(seriesRules([{ aggFn: "avg", groupBy: [] }])).to.deep.equal([
      {
        property: "series[0].field",
        reason:
          "series[0].field is required when aggFn is avg: it names the value to aggregate " +
          "(for a metric source, metricName may name it instead)",
      },
    ]);
  });
});
