/**
 * Lint refuses import cycles: the project's own ESLint configuration, run on a planted cycle, reports it. (That the
 * repository has none is what `npm run lint`, and so `npm test`, checks on every run.)
 */
import { expect } from "chai";
import { usePlantedLint } from "../support/plantedLint";

describe("lint: import cycles", function () {
  this.timeout(60_000);
  const linter = usePlantedLint("chc-cycle-");

  async function lint(files: Record<string, string>): Promise<string[]> {
    const problems = await linter.lint(files);
    return problems.map((problem) => `${problem.file}: ${problem.ruleId}`);
  }

  it("reports a cycle of three modules, on each of them", async () => {
    const found = await lint({
      "first.ts": 'import { second } from "./second";\nexport const first = (): number => second() + 1;\n',
      "second.ts": 'import { third } from "./third";\nexport const second = (): number => third() + 1;\n',
      "third.ts": 'import { first } from "./first";\nexport const third = (): number => (first ? 1 : 0);\n',
    });
    expect(found.sort()).to.deep.equal([
      "first.ts: import-x/no-cycle",
      "second.ts: import-x/no-cycle",
      "third.ts: import-x/no-cycle",
    ]);
  });

  it("accepts the same modules in a line", async () => {
    const found = await lint({
      "first.ts": 'import { second } from "./second";\nexport const first = (): number => second() + 1;\n',
      "second.ts": 'import { third } from "./third";\nexport const second = (): number => third() + 1;\n',
      "third.ts": "export const third = (): number => 1;\n",
    });
    expect(found).to.deep.equal([]);
  });
});
