/**
 * The closing table of the reliability suite: each case adds a row when it has passed, and the table is printed
 * once after every test of the run (a root-level hook, registered when this module is first loaded).
 */

export interface CaseRow {
  case: string;
  injected: string;
  result: string;
  requests?: number;
  tooManyRequests?: number;
  faults?: number;
  objectsLeft?: number;
}

const rows: CaseRow[] = [];

export function reportCase(row: CaseRow): void {
  rows.push(row);
}

function cell(value: number | undefined): string {
  return value === undefined ? "-" : String(value);
}

export function renderTable(entries: readonly CaseRow[]): string {
  const header = ["case", "injected", "result", "requests", "429s", "faults", "objects left"];
  const body = entries.map((row) => [
    row.case,
    row.injected,
    row.result,
    cell(row.requests),
    cell(row.tooManyRequests),
    cell(row.faults),
    cell(row.objectsLeft),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => cells[column].length)),
  );
  const format = (cells: string[]) => `| ${cells.map((text, i) => text.padEnd(widths[i])).join(" | ")} |`;
  const rule = `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`;
  return [format(header), rule, ...body.map(format)].join("\n");
}

after(() => {
  if (rows.length === 0) return;
  console.log(`\nReliability cases\n${renderTable(rows)}\n`);
});
