/** The getSeries arguments as a program may pass them at run time, whatever their declared type says. */
import { expect } from "chai";
import { buildSeriesRequest } from "../../../provider/functions/seriesRequest";

describe("getSeries: arguments that are not objects", () => {
  it("names a null query, or a null series, as a problem instead of failing on it", () => {
    expect(buildSeriesRequest(null).problems).to.deep.equal([
      { property: "", reason: "the body must be an object; got null" },
    ]);
    const nullSeries = buildSeriesRequest({
      startTime: 1_700_000_000_000,
      endTime: 1_700_003_600_000,
      series: [null],
    });
    expect(nullSeries.problems).to.deep.equal([
      { property: "series[0]", reason: "series[0] must be an object; got null" },
    ]);
  });

  it("names a query that is text, not the text's characters", () => {
    expect(buildSeriesRequest("text").problems).to.deep.equal([
      { property: "", reason: 'the body must be an object; got "text"' },
    ]);
  });
});
