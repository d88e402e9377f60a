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

/**
 * How many resources of each kind, in words: "6 of each of the 14 kinds but UpgradeWindow 3" when most kinds share
 * one count, else each kind with its count.
 */
export function countsInWords(counts: readonly { kind: string; count: number }[]): string {
  const tally = new Map<number, number>();
  for (const { count } of counts) tally.set(count, (tally.get(count) ?? 0) + 1);
  const [common, shared] = [...tally].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  const each = ({ kind, count }: { kind: string; count: number }) => `${kind} ${count}`;
  if (shared < 2) return counts.map(each).join(", ");
  const others = counts.filter(({ count }) => count !== common).map(each);
  const all = `${common} of each of the ${counts.length} kinds`;
  return others.length === 0 ? all : `${all} but ${others.join(", ")}`;
}
