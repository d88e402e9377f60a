import { PassThrough } from "node:stream";
import { expect } from "chai";
import { confirmDeletion } from "../../../provider/cli/confirmation";
import type { OrganizationObject } from "../../../provider/cli/orphans";
import { UsageError } from "../../../provider/cli/usageError";
import { failureOf } from "../../support/failureOf";

const objects: OrganizationObject[] = [
  { kind: "ApiKey", id: "k1", name: "left-by-a-killed-run" },
  { kind: "Alert", id: "a1", name: "" },
];

/** A terminal whose user types `answer` once asked; what was shown is kept. */
function terminal(answer: string | undefined, isTTY = true) {
  const input = Object.assign(new PassThrough(), { isTTY });
  const output = new PassThrough();
  let shown = "";
  output.on("data", (chunk: Buffer) => {
    shown += chunk.toString("utf8");
    if (answer !== undefined && shown.endsWith(": ")) input.write(`${answer}\n`);
  });
  return { input, output, shown: () => shown };
}

describe("orphans --delete: confirmation", () => {
  it("goes on when the user types yes, after listing what it will delete", async () => {
    const user = terminal("yes");
    await confirmDeletion(objects, false, user);
    expect(user.shown()).to.equal(
      "About to delete 2 object(s):\n  ApiKey k1 left-by-a-killed-run\n  Alert a1\n" +
        'Delete them? Type "yes" to go on: ',
    );
  });

  it("takes the answer however it is spaced or cased", async () => {
    await confirmDeletion(objects, false, terminal("  Yes "));
  });

  it("lets go of the terminal once answered, so that the command can end: nothing reads its input", async () => {
    const confirmed = terminal("yes");
    await confirmDeletion(objects, false, confirmed);
    const refused = terminal("no");
    await failureOf(() => confirmDeletion(objects, false, refused));
    for (const { input } of [confirmed, refused]) {
      expect(input.listenerCount("data")).to.equal(0);
      expect(input.isPaused()).to.equal(true);
    }
  });

  it("asks nothing when there is nothing to delete, even without a terminal", async () => {
    const quiet = terminal(undefined, false);
    await confirmDeletion([], false, quiet);
    expect(quiet.shown()).to.equal("");
  });

  for (const answer of ["", "n", "no", "y"]) {
    it(`deletes nothing when the answer is ${JSON.stringify(answer)}`, async () => {
      const error = await failureOf(() => confirmDeletion(objects, false, terminal(answer)));
      expect(error).to.be.instanceOf(UsageError);
      expect(error.message).to.equal("not confirmed: nothing was deleted");
    });
  }

  it("without a terminal, refuses unless --yes, and says so", async () => {
    const error = await failureOf(() => confirmDeletion(objects, false, terminal(undefined, false)));
    expect(error).to.be.instanceOf(UsageError);
    expect(error.message).to.equal(
      "--delete asks for confirmation and there is no terminal to ask in: nothing was deleted. Pass --yes to " +
        "delete without asking (as a CI job does).",
    );
    const quiet = terminal(undefined, false);
    await confirmDeletion(objects, true, quiet);
    expect(quiet.shown()).to.equal("");
  });
});
