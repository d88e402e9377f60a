/**
 * Lists the mutants a Stryker run left alive (Survived, NoCoverage), grouped by file, one line each in the form
 * docs/mutation-survivors.md uses: `file:line | mutator | original -> replacement | status`; prints each report's
 * counts by status on stderr.
 * Usage: node dist/scripts/mutationSurvivors.js <mutation.json> [more reports...]
 */
import * as fs from "node:fs";

interface Position {
  line: number;
  column: number;
}
interface Mutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: Position; end: Position };
}
interface Report {
  files: Record<string, { source: string; mutants: Mutant[] }>;
}

const alive = new Set(["Survived", "NoCoverage"]);
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 100);

function originalText(lines: string[], { start, end }: Mutant["location"]): string {
  const first = lines[start.line - 1] ?? "";
  return start.line === end.line
    ? first.slice(start.column - 1, end.column - 1)
    : `${first.slice(start.column - 1)} ...`;
}

for (const reportFile of process.argv.slice(2)) {
  const report = JSON.parse(fs.readFileSync(reportFile, "utf8")) as Report;
  const counts: Record<string, number> = {};
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    for (const mutant of mutants) counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
    const left = mutants
      .filter((mutant) => alive.has(mutant.status))
      .sort((a, b) => a.location.start.line - b.location.start.line);
    if (left.length === 0) continue;
    const lines = source.split("\n");
    console.log(`\n### ${file}\n`);
    for (const mutant of left) {
      const original = oneLine(originalText(lines, mutant.location));
      const replacement = oneLine(mutant.replacement ?? "");
      console.log(
        `- ${file}:${mutant.location.start.line} | ${mutant.mutatorName} | \`${original}\` -> \`${replacement}\` | ${mutant.status}`,
      );
    }
  }
  console.error(`${reportFile}: ${JSON.stringify(counts)}`);
}
