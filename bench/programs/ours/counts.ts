/**
 * How many resources of each kind a benchmark program declares, from its stack config: the same answer for the
 * runner, which checks what each command did, and for the three programs, which must declare the same resources.
 */
import { isServiceBound, serviceBoundCapacity } from "./serviceLayouts";
import type { BenchKind } from "./settings";

export interface KindCount {
  readonly kind: BenchKind;
  readonly count: number;
}

/**
 * Each kind's count: its entry of `counts` when there is one, else `perKind`, at most as many as the fixture's
 * services carry for a kind bound to them. A count over that fails here, before the engine runs.
 */
export function kindCounts(
  kinds: readonly BenchKind[],
  perKind: number,
  counts: Partial<Record<BenchKind, number>> = {},
): KindCount[] {
  return kinds.map((kind) => {
    const capacity = isServiceBound(kind) ? serviceBoundCapacity[kind] : Infinity;
    const given = counts[kind];
    if (given !== undefined && given > capacity)
      throw new Error(`at most ${capacity} ${kind} resources: the fixture's services carry no more`);
    return { kind, count: given ?? Math.min(perKind, capacity) };
  });
}

export function totalOf(counts: readonly KindCount[]): number {
  return counts.reduce((sum, { count }) => sum + count, 0);
}
