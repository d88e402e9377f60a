import { expect } from "chai";
import { ApiError } from "../../provider/rest";
import {
  MAX_CREATE_ATTEMPTS,
  createReconciled,
  onlyNewMatch,
} from "../../provider/resources/support/reconcile";

const profile = {
  api: "management" as const,
  title: "management API",
  credentialHint: "",
  urlHint: "",
  permissionHint: "",
  notFoundHint: "",
};

function lostReply(): ApiError {
  return new ApiError(profile, {
    method: "POST",
    path: "/things",
    code: "ECONNRESET",
    detail: "the connection closed before a response arrived",
    subject: "a new thing",
    attempts: 1,
    elapsedMs: 0,
    outcomeUnknown: true,
  });
}

/** A create that loses the reply of its first `lost` calls; `madeBy` says which of those calls made the object. */
function flakyCreate(lost: number, madeBy: (call: number) => boolean) {
  const calls = { create: 0, find: 0 };
  let made: string | undefined;
  const steps = {
    kind: "Thing",
    what: "thing",
    create: async () => {
      calls.create += 1;
      if (calls.create <= lost) {
        if (madeBy(calls.create)) made = `thing-${calls.create}`;
        throw lostReply();
      }
      return `thing-${calls.create}`;
    },
    findMade: async () => {
      calls.find += 1;
      return made;
    },
  };
  return { steps, calls };
}

describe("creating exactly one object when replies are lost", function () {
  this.timeout(20_000);

  it("adopts what a lost create made, without sending again", async () => {
    const { steps, calls } = flakyCreate(1, () => true);
    expect(await createReconciled(steps)).to.equal("thing-1");
    expect(calls).to.deep.equal({ create: 1, find: 1 });
  });

  it("sends again while the read-back shows nothing was made", async () => {
    const { steps, calls } = flakyCreate(2, () => false);
    expect(await createReconciled(steps)).to.equal("thing-3");
    expect(calls).to.deep.equal({ create: 3, find: 2 });
  });

  it("gives up after the last attempt, saying that nothing was made", async () => {
    const { steps, calls } = flakyCreate(MAX_CREATE_ATTEMPTS, () => false);
    const error = await createReconciled(steps).catch((e: Error) => e);
    expect(calls.create).to.equal(MAX_CREATE_ATTEMPTS);
    expect((error as Error).message).to.match(
      new RegExp(
        `creating thing failed ${MAX_CREATE_ATTEMPTS} times without a reply.*none of those attempts`,
      ),
    );
  });

  it("never retries a failure whose outcome is known", async () => {
    let calls = 0;
    const refused = new Error("400 BAD_REQUEST");
    const error = await createReconciled({
      kind: "Thing",
      what: "thing",
      create: async () => {
        calls += 1;
        throw refused;
      },
      findMade: async () => expect.fail("no read-back after a clear refusal"),
    }).catch((e: Error) => e);
    expect(error).to.equal(refused);
    expect(calls).to.equal(1);
  });

  describe("onlyNewMatch", () => {
    const listed = [
      { id: "old", name: "twin" },
      { id: "new", name: "twin" },
      { id: "other", name: "else" },
    ];
    const twin = (thing: { name: string }) => thing.name === "twin";

    it("takes only an object that was not listed before the create", () => {
      expect(onlyNewMatch(listed, new Set(["old", "other"]), twin, "thing")).to.deep.equal(listed[1]);
      expect(onlyNewMatch(listed, new Set(["old", "new", "other"]), twin, "thing")).to.equal(undefined);
    });

    it("refuses to guess between several new matches", () => {
      expect(() => onlyNewMatch(listed, new Set(["other"]), twin, "thing")).to.throw(
        /2 new objects match it \(old, new\)/,
      );
    });
  });
});
