/** The figure 4 parts of bench/results.md: its summary rows and its section. */
import type { ThroughputResult } from "./figures/throughput";
import { goals } from "./results";
import { seconds, summarize } from "./stats";
import { met, ratioSpread, table } from "./markdown";

export function throughputSummaryRows(t: ThroughputResult | undefined): string[][] {
  if (t === undefined) return [];
  const rows: string[][] = [];
  for (const [path, ratio] of [
    ["dynamic", t.ratio],
    ["native", t.native?.ratio],
  ] as const) {
    const runs = t.runs.filter((run) => (run.path ?? "dynamic") === path);
    if (ratio === undefined || runs.length === 0) continue;
    const failed = runs.reduce((sum, run) => sum + run.failed, 0);
    const tooMany = runs.reduce((sum, run) => sum + run.tooManyRequests, 0);
    rows.push([
      "4",
      `${t.keys} API keys under the rate limit, ${path === "native" ? "native plugin" : "dynamic classes"}, wall / floor`,
      `${ratio.median.toFixed(2)} ${ratioSpread(ratio)}; ${tooMany} × 429, ${failed} failed`,
      `≤ ${goals.throughputRatio}, no 429, none failed`,
      met(ratio.median <= goals.throughputRatio && failed === 0 && tooMany === 0),
    ]);
    const spans = summarize(runs.map((run) => run.requestSpanMs / run.floorMs));
    const before = summarize(runs.map((run) => run.beforeFirstMs / 1000));
    rows.push([
      "4",
      "the same, first to last request / floor (what the throttle governs)",
      `${spans.median.toFixed(2)} ${ratioSpread(spans)}; the first request ${before.median.toFixed(1)} s after the start`,
      "",
      "",
    ]);
  }
  return rows;
}

export function throughputSection(t: ThroughputResult | undefined): string[] {
  if (t === undefined) return [];
  const rows = t.runs.map((run, i) => [
    String(i + 1),
    run.path ?? "dynamic",
    seconds(run.wallMs),
    String(run.requests),
    seconds(run.floorMs),
    run.ratio.toFixed(2),
    seconds(run.beforeFirstMs),
    seconds(run.requestSpanMs),
    (run.requestSpanMs / run.floorMs).toFixed(2),
    String(run.tooManyRequests),
    String(run.failed),
  ]);
  const errors = t.runs
    .filter((run) => run.error !== undefined)
    .map((run) => `- ${run.error!.split("\n")[0]}`);
  return [
    `## Figure 4: ${t.keys} API keys under the management rate limit`,
    "",
    `The emulator enforces ${t.limit.requests} requests per ${t.limit.windowMs / 1000} s per key; the provider's ` +
      "throttle is at its default (the same published limit), through our dynamic classes and through the native " +
      "plugin, runs alternating. Floor = the time the limit imposes on the requests " +
      `needed (429 answers excluded): the first ${t.limit.requests} go at once, each further ${t.limit.requests} ` +
      `one window later, so N requests need ⌈N / ${t.limit.requests}⌉ − 1 windows.`,
    "",
    table(
      [
        "run",
        "path",
        "wall (s)",
        "requests",
        "floor (s)",
        "wall / floor",
        "before the first request (s)",
        "first to last request (s)",
        "that / floor",
        "429",
        "failed",
      ],
      rows,
    ),
    "",
    `Median wall / floor: dynamic classes ${t.ratio.median.toFixed(2)} ${ratioSpread(t.ratio)}` +
      (t.native === undefined
        ? "."
        : `, native plugin ${t.native.ratio.median.toFixed(2)} ${ratioSpread(t.native.ratio)}.`),
    ...(errors.length > 0 ? ["", "Errors:", ...errors] : []),
    "",
  ];
}
