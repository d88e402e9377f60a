/** Everything one `npm run bench` measured, as written to bench/results.json. */
import type { OverheadResult } from "./figures/overhead";
import type { OverheadCauses } from "./figures/overheadCauses";
import type { RefreshAtScaleResult } from "./figures/refreshAtScale";
import type { RequestsResult } from "./figures/requests";
import type { ScaleResult } from "./figures/scale";
import type { SeriesResult } from "./figures/series";
import type { SharedKeyResult } from "./figures/sharedKey";
import type { StateSizeResult } from "./figures/stateSize";
import type { ThroughputResult } from "./figures/throughput";
import type { NativeResult } from "./figures/native";
import type { Machine } from "./machine";

export const figureNumbers = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type FigureNumber = (typeof figureNumbers)[number];

/** The goals of the issue, as numbers the report checks against. */
export const goals = {
  overheadRatio: 1.1,
  providerBytes: 1024,
  /** A resource's state entry at most this many times the control's. */
  stateRatio: 1.5,
  previewRequests: 0,
  throughputRatio: 1.1,
  sharedKeyRatio: 1.3,
  /** A refresh at scale: wall time at most this many times the floor... */
  refreshRatio: 1.2,
  /** ...sending at most one request per this many objects of a collection with a list. */
  objectsPerRefreshRequest: 100,
} as const;

export interface BenchSettings {
  /** Repetitions of figures 1 and 5. */
  readonly runs: number;
  /** Repetitions of figure 4 on each path (dynamic, native), each bound by the rate limit to about 45 s. */
  readonly throughputRuns: number;
  readonly figures: readonly FigureNumber[];
}

export interface BenchResults {
  readonly date: string;
  readonly machine: Machine;
  readonly settings: BenchSettings;
  readonly durationSeconds: number;
  readonly overhead?: OverheadResult & { readonly causes: OverheadCauses };
  readonly stateSize?: StateSizeResult;
  readonly requests?: RequestsResult;
  readonly throughput?: ThroughputResult;
  readonly series?: SeriesResult;
  readonly scale?: ScaleResult;
  readonly sharedKey?: SharedKeyResult;
  readonly native?: NativeResult;
  readonly refreshAtScale?: RefreshAtScaleResult;
}
