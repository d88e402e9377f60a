/** How a validation problem quotes the value it got. */
import { expect } from "chai";
import { validate } from "../../../provider/validation/validate";

describe("validation messages: the value got", () => {
  it("says nothing was got when there is no body at all", () => {
    expect(validate("seriesQuery", undefined)).to.deep.equal([
      { property: "", reason: "the body must be an object; got nothing" },
    ]);
  });

  it("summarizes an array by its number of elements, one or more", () => {
    expect(validate("apiKey", { id: "x", name: ["a"] })).to.deep.equal([
      { property: "name", reason: "name must be a string or null; got an array of 1 element" },
    ]);
    expect(validate("apiKey", { id: "x", name: ["a", "b"] })).to.deep.equal([
      { property: "name", reason: "name must be a string or null; got an array of 2 elements" },
    ]);
  });
});

describe("validation: rules across fields", () => {
  const series = [{ sourceId: "65f5e4a3b9e77c001a123456", aggFn: "count", where: "", groupBy: [] }];

  it("are not applied to a field the schema already found wrong", () => {
    const problems = validate("seriesQuery", {
      series,
      startTime: 1_741_046_400_000.5,
      endTime: 1_741_046_400_000,
    });
    expect(problems.map((problem) => problem.property)).to.deep.equal(["startTime"]);
  });

  it("are not applied to a body that is not an object", () => {
    expect(validate("seriesQuery", null)).to.deep.equal([
      { property: "", reason: "the body must be an object; got null" },
    ]);
  });
});
