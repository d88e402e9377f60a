/**
 * Lint refuses import cycles: the project's own ESLint configuration, run on a planted cycle, reports it. (That the
 * repository has none is what `npm run lint`, and so `npm test`, checks on every run.)
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import { ESLint } from "eslint";

const configFile = path.resolve(__dirname, "../../../eslint.config.mjs");

describe("lint: import cycles", function () {
  this.timeout(60_000);
  let directory: string;

  beforeEach(() => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), "chc-cycle-"));
  });
  afterEach(() => fs.rmSync(directory, { recursive: true, force: true }));

  async function lint(files: Record<string, string>): Promise<string[]> {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(directory, name), text);
    const eslint = new ESLint({ cwd: directory, overrideConfigFile: configFile });
    const results = await eslint.lintFiles(Object.keys(files));
    return results.flatMap((result) =>
      result.messages.map((message) => `${path.basename(result.filePath)}: ${message.ruleId}`),
    );
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
