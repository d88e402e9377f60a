/**
 * The control API's refusals and side effects that the wider emulator tests pass by: what a silence must look like,
 * which endpoint statuses can be set, which alerts go with a deleted saved search, and the observability 401's type.
 */
import { expect } from "chai";
import { ApiError } from "../../../emulator/server/errors";
import { searchAlertBody } from "../../support/alertBodies";
import { failureOf } from "../../support/failureOf";
import { EmulatorHarness } from "../../support/httpRequests";

async function refusalOf(promise: Promise<unknown>): Promise<ApiError> {
  return (await failureOf(() => promise)) as ApiError;
}

describe("emulator: control API edges", () => {
  const harness = new EmulatorHarness({ provisioningDelayMs: 0 }).install();

  it("refuses a silence whose end is no date-time, or whose user is no object id", async () => {
    const alert = await harness.createTileAlert();
    const badUntil = await refusalOf(harness.emulator.control.silenceAlert(alert.id, "not a date"));
    expect(badUntil).to.be.instanceOf(ApiError);
    expect(badUntil.statusCode).to.equal(400);
    expect(badUntil.message).to.equal("until must be an ISO 8601 date-time; got not a date");
    const badUser = await refusalOf(
      harness.emulator.control.silenceAlert(alert.id, "2030-01-01T00:00:00Z", "bob"),
    );
    expect(badUser.statusCode).to.equal(400);
    expect(badUser.message).to.equal("by must be a user's object id (24 hex digits); got bob");
  });

  it("sets only the endpoint statuses it knows, over HTTP", async () => {
    const response = await harness.control("PUT", "/reverse-private-endpoints/abc/status", {
      body: { status: "Bogus" },
    });
    expect(response.status).to.equal(400);
    expect(response.body).to.deep.equal({ error: "body/status must be equal to one of the allowed values" });
  });

  it("deleting a saved search deletes its alerts and keeps the others", async () => {
    const tile = await harness.createTileAlert();
    const created = await harness.observability("POST", "/api/v2/alerts", {
      body: searchAlertBody(harness.fixture),
    });
    expect(created.status, created.text).to.equal(200);
    await harness.emulator.control.deleteSavedSearch(harness.fixture.savedSearches[0].id);
    const listed = await harness.observability("GET", "/api/v2/alerts");
    expect(listed.body.data.map((alert: { id: string }) => alert.id)).to.deep.equal([tile.id]);
  });

  it("answers an observability request with a wrong token in plain text", async () => {
    const response = await harness.observability("GET", "/api/v2/alerts", {
      headers: { authorization: "Bearer nope" },
    });
    expect(response.status).to.equal(401);
    expect(response.headers.get("content-type")).to.equal("text/plain; charset=utf-8");
    expect(response.text).to.equal("Unauthorized");
  });
});
