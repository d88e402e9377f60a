/** How a validation problem quotes the value it got. */
import { expect } from "chai";
import { validate } from "../../provider/rest/validation";

describe("validation messages: the value got", () => {
  it("summarizes an array by its number of elements, one or more", () => {
    expect(validate("apiKey", { id: "x", name: ["a"] })).to.deep.equal([
      { property: "name", reason: "name must be a string or null; got an array of 1 element" },
    ]);
    expect(validate("apiKey", { id: "x", name: ["a", "b"] })).to.deep.equal([
      { property: "name", reason: "name must be a string or null; got an array of 2 elements" },
    ]);
  });
});
