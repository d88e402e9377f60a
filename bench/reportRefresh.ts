/** The figure 9 parts of bench/results.md: its summary rows and its section. */
import type { LimitedCommand, RefreshAtScaleResult } from "./figures/refreshAtScale";
import { goals } from "./results";
import { seconds } from "./stats";
import { met, ratioSpread, table } from "./markdown";

/** The most requests the goal allows: one per `objectsPerRefreshRequest` objects, every collection having a list. */
function requestAllowance(r: RefreshAtScaleResult): number {
  return Math.floor(r.objects / goals.objectsPerRefreshRequest);
}

export function refreshSummaryRows(r: RefreshAtScaleResult | undefined): string[][] {
  if (r === undefined) return [];
  const requests = Math.max(...r.refreshes.map((run) => run.requests));
  const tooMany = r.refreshes.reduce((sum, run) => sum + run.tooManyRequests, 0);
  const allowance = requestAllowance(r);
  const up = r.upRefresh;
  return [
    [
      "9",
      `refresh of ${r.objects} objects under the rate limits, wall / floor`,
      `${r.ratio.median.toFixed(2)} ${ratioSpread(r.ratio)}; ${requests} requests (fewest ${r.fewestRequests}), ` +
        `${tooMany} × 429`,
      `≤ ${goals.refreshRatio}, ≤ ${allowance} requests, no 429`,
      met(r.ratio.median <= goals.refreshRatio && requests <= allowance && tooMany === 0),
    ],
    [
      "9",
      "the same with one GET per object (computed)",
      `${r.oneGetPerObject.requests} requests, ${seconds(r.oneGetPerObject.wallMs)} s ` +
        `(${(r.oneGetPerObject.wallMs / (r.refreshes[0]?.floorMs ?? 1)).toFixed(1)} × the floor)`,
      "",
      "",
    ],
    [
      "9",
      "`up --refresh` of the same stack with one change, wall / floor",
      `${up.ratio.toFixed(2)}; ${up.requests} requests, ${up.tooManyRequests} × 429`,
      "",
      "",
    ],
  ];
}

export function refreshSection(r: RefreshAtScaleResult | undefined): string[] {
  if (r === undefined) return [];
  const row = (label: string, command: LimitedCommand) => [
    label,
    seconds(command.wallMs),
    seconds(command.controlMs),
    seconds(command.floorMs),
    command.ratio.toFixed(2),
    String(command.requests),
    String(command.tooManyRequests),
    Object.entries(command.routes)
      .map(([route, count]) => `${count} × \`${route}\``)
      .join(", "),
  ];
  const rows = [
    ...r.refreshes.map((run, i) => row(`refresh ${i + 1}`, run)),
    row("`up --refresh`, one saved search changed outside Pulumi", r.upRefresh),
  ];
  return [
    `## Figure 9: refresh of ${r.objects} objects under the rate limits`,
    "",
    `${r.counts.map(({ kind, count }) => `${kind} ${count}`).join(", ")}, made with the rate limits off; ` +
      "then the emulator enforces the APIs' limits (100 " +
      "requests a minute per observability token, 10 per 10 s per management key) and the provider's throttle is " +
      "at its default. Floor = the control program's time for the same command over the same resources (no " +
      `request) plus what the limits impose on the fewest requests the APIs allow (${r.fewestRequests}: one per ` +
      "list page, within the first window, so nothing). Seconds of wall time.",
    "",
    table(
      ["command", "wall (s)", "control (s)", "floor (s)", "wall / floor", "requests", "429", "routes"],
      rows,
    ),
    "",
    `One GET per object, as every read was answered before: ${r.oneGetPerObject.requests} requests, on which the ` +
      `limits impose ${seconds(r.oneGetPerObject.limitMs)} s of waiting (the observability API's, the longer), ` +
      `${seconds(r.oneGetPerObject.wallMs)} s with the control's refresh.`,
    "",
  ];
}
