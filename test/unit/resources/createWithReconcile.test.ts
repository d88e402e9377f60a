import { expect } from "chai";
import { bareProfile, lostReplyError } from "../../support/fakeApiErrors";
import { ApiError } from "../../../provider/rest";
import {
  CLOCK_SKEW_MS,
  MAX_CREATE_ATTEMPTS,
  createWithReconcile,
  type CreateWithReconcile,
} from "../../../provider/resources/lifecycle/createWithReconcile";
import { withProgressLines } from "../../support/progressLines";
import { progressOf } from "../../../provider/host/progress";

const profile = bareProfile("management");
const lostReply = () => lostReplyError("management");

interface Thing {
  id: string;
  name: string;
  createdAt?: string;
}

/** The time of the first send, by this machine's clock, in every test below. */
const sentAt = Date.parse("2030-01-01T12:00:00.000Z");
const at = (offsetMs: number) => new Date(sentAt + offsetMs).toISOString();

/**
 * An API of things named "twin" (the request) or otherwise. `lost` calls of send lose their reply; `madeBy` says
 * which of them made a thing anyway, and when the API dates it.
 */
function fakeApi(options: {
  existing?: Thing[];
  lost?: number;
  madeBy?: (call: number) => string | undefined;
  newness?: CreateWithReconcile<string, Thing>["newness"];
  discard?: boolean;
}) {
  const things: Thing[] = [...(options.existing ?? [])];
  const calls = { send: 0, list: 0, discard: [] as string[] };
  const steps: CreateWithReconcile<string, Thing> = {
    what: 'thing "twin"',
    send: async () => {
      calls.send += 1;
      const createdAt = options.madeBy?.(calls.send);
      const made = { id: `made-${calls.send}`, name: "twin", createdAt: createdAt ?? at(10) };
      if (calls.send <= (options.lost ?? 0)) {
        if (createdAt !== undefined) things.push(made);
        throw lostReply();
      }
      things.push(made);
      return made.id;
    },
    list: async () => {
      calls.list += 1;
      return [...things];
    },
    hasSentFields: (thing) => thing.name === "twin",
    newness: options.newness ?? { createdAt: (thing) => thing.createdAt },
    whenFound: options.discard
      ? {
          because: "so its secret is unknown",
          discard: async (thing) => {
            calls.discard.push(thing.id);
            things.splice(things.indexOf(thing), 1);
          },
        }
      : { adopt: (thing) => thing.id },
  };
  return { steps, calls, things };
}

/** Time stands at the first send, and the pauses before reading back pass at once. */
const context = {
  clock: { now: () => sentAt, sleep: async () => undefined },
  progress: progressOf("Thing"),
};

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail("the create succeeded"),
    (error: Error) => error,
  );

describe("createWithReconcile: one request per create, and exactly one object when replies are lost", function () {
  this.timeout(20_000);

  it("sends the create once and lists nothing when the reply arrives", async () => {
    const { steps, calls } = fakeApi({ existing: [{ id: "old", name: "twin", createdAt: at(-1000) }] });
    expect(await createWithReconcile(context, steps)).to.equal("made-1");
    expect(calls).to.deep.include({ send: 1, list: 0 });
  });

  it("lists first only for an API that dates nothing", async () => {
    const { steps, calls } = fakeApi({ newness: { listedBefore: true } });
    expect(await createWithReconcile(context, steps)).to.equal("made-1");
    expect(calls).to.deep.include({ send: 1, list: 1 });
  });

  it("adopts what a lost create made, never an older object with the same fields", async () => {
    const older = { id: "older", name: "twin", createdAt: at(-CLOCK_SKEW_MS - 1000) };
    const other = { id: "other", name: "else", createdAt: at(50) };
    const { steps, calls } = fakeApi({ existing: [older, other], lost: 1, madeBy: () => at(20) });
    expect(await createWithReconcile(context, steps)).to.equal("made-1");
    expect(calls).to.deep.include({ send: 1, list: 1 });
  });

  it("finds what it made when the API's clock is behind by less than the allowed skew", async () => {
    const { steps } = fakeApi({ lost: 1, madeBy: () => at(-CLOCK_SKEW_MS + 1000) });
    expect(await createWithReconcile(context, steps)).to.equal("made-1");
  });

  it("sends again when only an older twin matches, and never takes that twin", async () => {
    const older = { id: "older", name: "twin", createdAt: at(-CLOCK_SKEW_MS - 1) };
    const { steps, calls, things } = fakeApi({ existing: [older], lost: 1, madeBy: () => undefined });
    expect(await createWithReconcile(context, steps)).to.equal("made-2");
    expect(calls).to.deep.include({ send: 2, list: 1 });
    expect(things.map((thing) => thing.id)).to.deep.equal(["older", "made-2"]);
  });

  it("refuses to guess between two objects made since the send, naming both, and sends nothing more", async () => {
    const recent = { id: "recent", name: "twin", createdAt: at(-2000) };
    const { steps, calls } = fakeApi({ existing: [recent], lost: 1, madeBy: () => at(30) });
    const error = await failure(createWithReconcile(context, steps));
    expect(error.message).to.contain(
      'creating thing "twin" lost its reply, and 2 objects may be the one it made',
    );
    expect(error.message).to.contain("(recent, made-1)");
    expect(error.message).to.contain(`made since ${at(-CLOCK_SKEW_MS)}`);
    expect(error.message).to.contain("delete any that no resource uses");
    expect(calls.send).to.equal(1);
  });

  it("refuses an object with the sent fields that the API does not date", async () => {
    const undated = { id: "undated", name: "twin" };
    const { steps, calls } = fakeApi({ existing: [undated], lost: 1, madeBy: () => undefined });
    const error = await failure(createWithReconcile(context, steps));
    expect(error.message).to.contain("(undated)");
    expect(error.message).to.contain("the API reports no createdAt for them");
    expect(calls.send).to.equal(1);
  });

  it("without dates, takes only an object that was not listed before the create", async () => {
    const older = { id: "older", name: "twin" };
    const { steps, calls } = fakeApi({
      existing: [older],
      lost: 1,
      madeBy: () => at(5),
      newness: { listedBefore: true },
    });
    expect(await createWithReconcile(context, steps)).to.equal("made-1");
    expect(calls).to.deep.include({ send: 1, list: 2 });
  });

  it("deletes what a lost create made when it cannot be adopted, then creates once more", async () => {
    const older = { id: "older", name: "twin", createdAt: at(-CLOCK_SKEW_MS - 1) };
    const { steps, calls, things } = fakeApi({
      existing: [older],
      lost: 1,
      madeBy: () => at(5),
      discard: true,
    });
    expect(await createWithReconcile(context, steps)).to.equal("made-2");
    expect(calls.discard).to.deep.equal(["made-1"]);
    expect(things.map((thing) => thing.id)).to.deep.equal(["older", "made-2"]);
  });

  it("gives up after the last attempt, saying that nothing was made", async () => {
    const { steps, calls } = fakeApi({ lost: MAX_CREATE_ATTEMPTS, madeBy: () => undefined });
    const error = await failure(createWithReconcile(context, steps));
    expect(calls.send).to.equal(MAX_CREATE_ATTEMPTS);
    expect(error.message).to.match(
      new RegExp(
        `creating thing "twin" failed ${MAX_CREATE_ATTEMPTS} times without a reply.*none of those attempts`,
      ),
    );
  });

  it("says which attempt it sends again after a lost reply", async () => {
    const { steps } = fakeApi({ lost: 2, madeBy: () => undefined });
    const { result, lines } = await withProgressLines(() => createWithReconcile(context, steps));
    expect(result).to.equal("made-3");
    expect(lines).to.deep.equal([
      '[Thing] creating thing "twin" again, its reply having been lost (attempt 2 of 5)',
      '[Thing] creating thing "twin" again, its reply having been lost (attempt 3 of 5)',
    ]);
  });

  it("without dates, refuses to guess between two objects not listed before the create", async () => {
    const { steps, calls } = fakeApi({ lost: 1, madeBy: () => at(5), newness: { listedBefore: true } });
    const error = await failure(
      createWithReconcile(context, {
        ...steps,
        // Somebody else made a twin between the list before the create and the read-back.
        list: async () => {
          const listed = await steps.list();
          return calls.list === 1 ? listed : [...listed, { id: "other", name: "twin" }];
        },
      }),
    );
    expect(error.message).to.equal(
      'creating thing "twin" lost its reply, and 2 objects may be the one it made (made-1, other): they were all ' +
        "made after the list taken before the create with the fields this create sent, so which one it made " +
        "cannot be told. Check them with the API or console, delete any that no resource uses, and run " +
        "`pulumi up` again (this create sends nothing more, so it makes no further object)",
    );
    expect(calls.send).to.equal(1);
  });

  const knownOutcomes: [string, Error][] = [
    ["a failure whose outcome is known", new Error("400 BAD_REQUEST")],
    [
      "the API refused the create (its outcome is known)",
      new ApiError(profile, {
        method: "POST",
        path: "/things",
        status: 400,
        code: "BAD_REQUEST",
        detail: "name is required",
        subject: "a new thing",
        attempts: 1,
        elapsedMs: 0,
        outcomeUnknown: false,
      }),
    ],
  ];
  for (const [what, refused] of knownOutcomes) {
    it(`never retries or lists after ${what}`, async () => {
      const { steps, calls } = fakeApi({});
      const error = await failure(
        createWithReconcile(context, {
          ...steps,
          send: async () => {
            calls.send += 1;
            throw refused;
          },
        }),
      );
      expect(error).to.equal(refused);
      expect(calls).to.deep.include({ send: 1, list: 0 });
    });
  }
});
