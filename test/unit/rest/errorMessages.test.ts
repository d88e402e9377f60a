/**
 * What an ApiError's message and the retry log say for answers the emulator does not send: a 429 with and without
 * a reset, a 409, a request id only in a header, a success that is not the envelope, and a credential echoed in a
 * malformed result.
 */
import { expect } from "chai";
import { managementClientFor, observabilityClientFor } from "../../support/clients";
import { CannedServer, type CannedResponse } from "../../support/cannedServer";
import { apiErrorOf, testOptions } from "../../support/restHarness";

const ORG = "0f8e5a52-6c1d-4a7e-9d0b-3c2f1e4d5a6b";

describe("error messages and log lines for answers the emulator does not send", () => {
  let server: CannedServer;
  let answers: CannedResponse[];
  let logs: string[];
  beforeEach(async () => {
    logs = [];
    server = await new CannedServer((index) => answers[Math.min(index, answers.length - 1)]!).start();
  });
  afterEach(async () => {
    await server.stop();
  });
  const management = (maxAttempts = 1) =>
    managementClientFor(
      server.url,
      testOptions(logs, { retry: { maxAttempts, maxRateLimitedAttempts: maxAttempts }, random: () => 0 }),
    );
  const observability = () =>
    observabilityClientFor(
      server.url,
      testOptions(logs, { retry: { maxAttempts: 1, maxRateLimitedAttempts: 1 } }),
    );
  const tooMany = (headers: Record<string, string> = {}): CannedResponse => ({
    status: 429,
    body: JSON.stringify({ status: 429, error: "TOO_MANY_REQUESTS" }),
    headers,
  });
  const organization = { status: 200, body: JSON.stringify({ result: { id: ORG, name: "o" } }) };

  it("a 429 without a reset: no reset time in the message, and the client pauses briefly", async () => {
    answers = [tooMany()];
    const error = await apiErrorOf(management().organizations.get(ORG));
    expect(error.message).to.equal(
      `the management API is rate limiting these requests and retrying did not get through ` +
        `(429 TOO_MANY_REQUESTS from GET /v1/organizations/${ORG}). ` +
        "Retry later, or lower the concurrency (pulumi up --parallel).",
    );
    expect(logs).to.deep.equal([
      "management API answered 429 Too Many Requests; pausing its requests briefly",
    ]);
  });

  it("a 429 with a reset: the reset in seconds, tenths below 10 s", async () => {
    answers = [tooMany({ "x-ratelimit-reset": "10" })];
    expect((await apiErrorOf(management().organizations.get(ORG))).message).to.contain(
      "The limit resets in 10 s.",
    );
    answers = [tooMany({ "x-ratelimit-reset": "2.5" })];
    expect((await apiErrorOf(management().organizations.get(ORG))).message).to.contain(
      "The limit resets in 2.5 s.",
    );
  });

  it("the retry line after a 429 says the wait in whole seconds from 10 s on", async () => {
    answers = [tooMany({ "x-ratelimit-reset": "10" }), organization];
    await management(2).organizations.get(ORG);
    expect(logs).to.deep.equal([
      "management API answered 429 Too Many Requests; pausing its requests for 10.0 s",
      `management API: GET /v1/organizations/${ORG} got 429; retrying in 10 s (attempt 2 of 2)`,
    ]);
  });

  it("a 409 is a rejection, not a temporary failure, and names the request id of the header", async () => {
    answers = [
      {
        status: 409,
        body: "already exists",
        headers: { "content-type": "text/plain", "x-request-id": "hdr-7" },
      },
    ];
    const error = await apiErrorOf(management().organizations.get(ORG));
    expect(error.message).to.equal(
      `the management API rejected the request for organization ${ORG}: already exists ` +
        `(409 CONFLICT from GET /v1/organizations/${ORG}, requestId hdr-7)`,
    );
    answers = [
      { status: 409, body: "already exists", headers: { "content-type": "text/plain", "x-request-id": "" } },
    ];
    expect((await apiErrorOf(management().organizations.get(ORG))).requestId).to.equal(undefined);
  });

  it("a 500 is a failure that is usually temporary", async () => {
    answers = [{ status: 500, body: "internal error", headers: { "content-type": "text/plain" } }];
    expect((await apiErrorOf(management().organizations.get(ORG))).message).to.equal(
      `the management API failed on the request for organization ${ORG}: internal error ` +
        `(500 INTERNAL_SERVER_ERROR from GET /v1/organizations/${ORG}). This is usually temporary; retry later.`,
    );
  });

  it("a success that is not the envelope: no request id to name, and what the body was instead", async () => {
    answers = [{ status: 200, body: "not json", headers: { "content-type": "text/plain" } }];
    expect((await apiErrorOf(observability().alerts.list())).message).to.equal(
      "unexpected response from GET /api/v2/alerts: expected the data envelope, got a body that is not JSON",
    );
    answers = [{ status: 200, body: JSON.stringify({ items: [] }) }];
    expect((await apiErrorOf(observability().alerts.list())).message).to.equal(
      'unexpected response from GET /api/v2/alerts: expected the data envelope, got JSON without a "data" field',
    );
  });

  it("a malformed result that quotes the client's own credential names it redacted, and is not an unknown outcome", async () => {
    // managementClientFor gives a canned server's client the secret "secret-1".
    answers = [{ status: 200, body: JSON.stringify({ result: { key: "secret-1" } }) }];
    const error = await apiErrorOf(management().keys.create(ORG, { name: "k", roles: ["admin"] }));
    expect(error.message).to.equal(
      `unexpected response from POST /v1/organizations/${ORG}/keys: result.key: key must be an object; got "[redacted]"`,
    );
    expect(error.outcomeUnknown).to.equal(false);
  });

  it("names a result that is wrong as a whole by its envelope field, a bad date-time as such, and a row of a list result by its index", async () => {
    answers = [{ status: 200, body: JSON.stringify({ data: null }) }];
    expect((await apiErrorOf(observability().alerts.get("a1"))).message).to.equal(
      "unexpected response from GET /api/v2/alerts/a1: data: the body must be an object; got null",
    );
    answers = [
      {
        status: 200,
        body: JSON.stringify({ data: { id: "a1", threshold: 1, interval: "1m", createdAt: "yesterday" } }),
      },
    ];
    expect((await apiErrorOf(observability().alerts.get("a1"))).message).to.equal(
      'unexpected response from GET /api/v2/alerts/a1: data.createdAt: createdAt must be an ISO 8601 date-time; got "yesterday"',
    );
    answers = [{ status: 200, body: JSON.stringify({ data: [5] }) }];
    const query = {
      series: [{ sourceId: "65f5e4a3b9e77c001a123456", aggFn: "count" as const, where: "", groupBy: [] }],
      startTime: 1_740_960_000_000,
      endTime: 1_741_046_400_000,
    };
    expect((await apiErrorOf(observability().charts.querySeries(query))).message).to.match(
      /^unexpected response from POST \/api\/v2\/charts\/series: data\[0\]: /,
    );
  });
});
