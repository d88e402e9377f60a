/**
 * The rules of an alert body on the observability API's production wire that HyperDX states outside its schemas (the
 * refinements of packages/common-utils/src/types.ts: channels, schedule, threshold range), each refusal worded as the
 * API words it; the channels a production alert lists; and the refusals of a bad page of the alert list
 * (packages/api/src/utils/pagination.ts, zod's `coerce` wording).
 */
import { expect } from "chai";
import { tileAlertBody } from "../../support/alertBodies";
import { EmulatorHarness } from "../../support/httpRequests";

describe("emulator: the rules of a production alert body, and the alert list's page (--dialect production)", () => {
  const harness = new EmulatorHarness({ dialect: "production" }).install();
  const webhook = (index: number) => ({ type: "webhook", webhookId: harness.fixture.webhooks[index].id });
  /** The fixture's tile alert with no channel at all, for the cases to add theirs. */
  const withoutChannel = () => {
    const { channel: _none, ...body } = tileAlertBody(harness.fixture);
    return body;
  };
  const create = (body: unknown) => harness.observability("POST", "/api/v2/alerts", { body });
  const expectRefused = async (body: unknown, message: string) => {
    const response = await create(body);
    expect(response.status, response.text).to.equal(400);
    expect(response.body).to.deep.equal({ message: `Body validation failed: ${message}` });
  };
  const expectCreated = async (body: unknown) => {
    const response = await create(body);
    expect(response.status, response.text).to.equal(200);
    return response.body.data;
  };

  it("refuses an alert with neither channel nor channels", async () => {
    await expectRefused(withoutChannel(), 'channels: Provide either "channel" or "channels"');
  });

  it("refuses a channel that is not the first of channels, and takes one that is", async () => {
    await expectRefused(
      { ...withoutChannel(), channel: webhook(1), channels: [webhook(0), webhook(1)] },
      'channels: When both "channel" and "channels" are provided, "channel" must match the first entry of "channels"',
    );
    const created = await expectCreated({
      ...withoutChannel(),
      channel: webhook(0),
      channels: [webhook(0), webhook(1)],
    });
    expect(created.channels).to.deep.equal([webhook(0), webhook(1)]);
  });

  it("refuses the same channel twice in channels", async () => {
    await expectRefused(
      { ...withoutChannel(), channels: [webhook(0), webhook(0)] },
      "channels: Duplicate notification channels are not allowed",
    );
  });

  it("lists every channel, and the first as channel, on create and on read", async () => {
    const created = await expectCreated({ ...withoutChannel(), channels: [webhook(1), webhook(0)] });
    expect(created.channels).to.deep.equal([webhook(1), webhook(0)]);
    expect(created.channel).to.deep.equal(webhook(1));
    const read = await harness.observability("GET", `/api/v2/alerts/${created.id}`);
    expect(read.body.data.channels).to.deep.equal([webhook(1), webhook(0)]);
  });

  it("refuses a schedule offset with a start time, and takes a start time without an offset", async () => {
    const scheduled = { ...tileAlertBody(harness.fixture), scheduleStartAt: "2026-01-01T00:00:00Z" };
    await expectRefused(
      { ...scheduled, scheduleOffsetMinutes: 2 },
      "scheduleOffsetMinutes: scheduleOffsetMinutes must be 0 when scheduleStartAt is provided",
    );
    await expectCreated(scheduled);
    await expectCreated({ ...scheduled, scheduleOffsetMinutes: 0 });
  });

  it("words an offset not below a one-minute interval in the singular", async () => {
    await expectRefused(
      { ...tileAlertBody(harness.fixture), interval: "1m", scheduleOffsetMinutes: 1 },
      "scheduleOffsetMinutes: scheduleOffsetMinutes must be less than 1 minute",
    );
  });

  it("refuses a range whose thresholdMax is below threshold, and takes one where they are equal", async () => {
    const range = { ...tileAlertBody(harness.fixture), thresholdType: "between", threshold: 5 };
    await expectRefused(
      { ...range, thresholdMax: 4 },
      "thresholdMax: thresholdMax must be greater than or equal to threshold",
    );
    expect(await expectCreated({ ...range, thresholdMax: 5 })).to.include({ threshold: 5, thresholdMax: 5 });
  });

  const badPages: Array<[string, string]> = [
    ["limit=abc", "limit: Expected number, received nan"],
    ["limit=1.5", "limit: Expected integer, received float"],
    ["limit=0", "limit: Number must be greater than or equal to 1"],
    ["offset=-1", "offset: Number must be greater than or equal to 0"],
  ];
  for (const [query, message] of badPages) {
    it(`refuses a list with ${query} in the words of zod's coerce`, async () => {
      const response = await harness.observability("GET", `/api/v2/alerts?${query}`);
      expect(response.status, response.text).to.equal(400);
      expect(response.body).to.deep.equal({ message: `Query validation failed: ${message}` });
    });
  }
});
