/**
 * Every contract case: each module in ./cases exports `cases: ContractCase[]`. New files are picked up without
 * being listed, so each area of the APIs keeps its own table.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { ContractCase } from "./contract";

export function allCases(): Array<ContractCase & { file: string }> {
  const directory = path.join(__dirname, "cases");
  return fs
    .readdirSync(directory)
    .filter((name) => name.endsWith(".js"))
    .sort()
    .flatMap((name) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const module = require(path.join(directory, name)) as { cases?: ContractCase[] };
      if (!Array.isArray(module.cases))
        throw new Error(`test/unit/contract/cases/${name} exports no cases array`);
      return module.cases.map((contractCase) => ({ ...contractCase, file: name.replace(/\.js$/, ".ts") }));
    });
}
