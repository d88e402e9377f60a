/**
 * The project's own ESLint configuration run on planted files, in a temp directory made fresh for each test: what
 * the lint tests need to show a rule reports what it is for.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ESLint } from "eslint";

const configFile = path.resolve(__dirname, "../../../eslint.config.mjs");

export interface PlantedProblem {
  /** The file's path relative to the planted directory. */
  readonly file: string;
  readonly line: number;
  readonly ruleId: string | null;
}

/** Registers the hooks of a describe block; `lint` writes the files (paths relative to the directory) and lints them. */
export function usePlantedLint(prefix: string): {
  lint(files: Readonly<Record<string, string>>): Promise<PlantedProblem[]>;
} {
  let directory = "";
  beforeEach(() => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterEach(() => fs.rmSync(directory, { recursive: true, force: true }));
  return {
    async lint(files) {
      for (const [relative, text] of Object.entries(files)) {
        const file = path.join(directory, relative);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, text);
      }
      const eslint = new ESLint({ cwd: directory, overrideConfigFile: configFile });
      const results = await eslint.lintFiles(Object.keys(files));
      return results.flatMap((result) =>
        result.messages.map((message) => ({
          file: path.relative(directory, result.filePath),
          line: message.line,
          ruleId: message.ruleId,
        })),
      );
    },
  };
}
