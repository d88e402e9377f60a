import { expect } from "chai";
import { ApiError, managementCode, toApiError } from "../../../emulator/server/errors";

const statusAndMessage = (error: ApiError) => [error.statusCode, error.message];

describe("emulator errors: what the framework throws, worded as each API's error", () => {
  it("keeps the framework's 4xx status and words its codes for the management API", () => {
    const cases: [string, string][] = [
      ["FST_ERR_BAD_URL", "The request path is not valid: a % must be followed by two hexadecimal digits"],
      ["FST_ERR_CTP_BODY_TOO_LARGE", "The request body is larger than the limit of 1 MiB"],
      ["FST_ERR_CTP_INVALID_JSON_BODY", "The request body is not valid JSON"],
      ["FST_ERR_CTP_INVALID_CONTENT_LENGTH", "The Content-Length header does not match the body"],
    ];
    for (const [code, message] of cases) {
      expect(
        statusAndMessage(toApiError({ statusCode: 400, code, message: "framework text" }, "management")),
      ).to.deep.equal([400, message]);
    }
  });

  it("passes on the framework's own message for other codes, or names the status when it is empty", () => {
    expect(
      statusAndMessage(toApiError({ statusCode: 415, message: "Unsupported" }, "management")),
    ).to.deep.equal([415, "Unsupported"]);
    expect(statusAndMessage(toApiError({ statusCode: 499, message: "" }, "management"))).to.deep.equal([
      499,
      "Request failed with status 499",
    ]);
  });

  it("turns 5xx, statuses under 400 and errors without a status into a 500 without internal details", () => {
    for (const thrown of [
      { statusCode: 500, message: "internal detail" },
      { statusCode: 399, message: "internal detail" },
      new Error("internal detail"),
    ]) {
      expect(statusAndMessage(toApiError(thrown, "management"))).to.deep.equal([
        500,
        "The emulator failed to handle the request",
      ]);
    }
  });

  it("an ApiError is passed on as it is", () => {
    const error = new ApiError(404, "Service x not found");
    expect(toApiError(error, "observability")).to.equal(error);
  });

  it("a status without a management code starts its error text with ERROR", () => {
    expect(managementCode(418)).to.equal("ERROR");
    expect(managementCode(404)).to.equal("NOT_FOUND");
  });
});
