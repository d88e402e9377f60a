/** The pieces every figure's report is written with: Markdown tables, the goal column, spreads of ratios. */
import type { Summary } from "./stats";

export function table(headings: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(headings), line(headings.map(() => "---")), ...rows.map(line)].join("\n");
}

/** The "met" cell of a goal. */
export function met(ok: boolean): string {
  return ok ? "yes" : "**no**";
}

/** "[min–max]" of a ratio, two decimals. */
export function ratioSpread(summary: Summary): string {
  return `[${summary.min.toFixed(2)}–${summary.max.toFixed(2)}]`;
}
