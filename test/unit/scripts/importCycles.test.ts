/**
 * Lint refuses import cycles, type-only imports included: the project's own ESLint configuration, run on planted
 * cycles, reports them. (That the repository has none is what `npm run lint`, and so `npm test`, checks on every
 * run.)
 */
import { expect } from "chai";
import { usePlantedLint } from "../../support/plantedLint";

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
      "first.ts: local/no-import-cycle",
      "second.ts: local/no-import-cycle",
      "third.ts: local/no-import-cycle",
    ]);
  });

  it("reports a cycle that a type-only import or re-export closes, on each module", async () => {
    const found = await lint({
      "first.ts": 'import { second } from "./second";\nexport const first = (): number => second() + 1;\n',
      "second.ts":
        'import type { Shape } from "./third";\nexport const second = (): number => ({} as Shape).size;\n',
      "third.ts": 'export type { Unit } from "./first";\nexport interface Shape {\n  size: number;\n}\n',
    });
    expect(found.sort()).to.deep.equal([
      "first.ts: local/no-import-cycle",
      "second.ts: local/no-import-cycle",
      "third.ts: local/no-import-cycle",
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
