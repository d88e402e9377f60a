/**
 * Figure 9: `pulumi refresh` of 500 alerts, 50 dashboards, 50 saved searches and 100 API keys with the emulator
 * enforcing the APIs' real rate limits and the provider's throttle at its default: requests sent, 429 answers and
 * wall time, against the floor and against what one GET per object would cost; then the same stack's `up
 * --refresh` after one saved search was changed outside Pulumi.
 *
 * The objects are made with the rate limits and the throttle off (700 creates at the observability API's 100
 * requests a minute would take seven minutes), then a no-change `up` with the throttle at its default records that
 * setting in state, where `refresh`, which does not run the program, finds its provider's config. The floor is what
 * the engine needs for the same command over the same resources without a request, the control program's time (the
 * same 700 resources as no-op dynamic resources, timed back to back), plus what the rate limits impose on the
 * fewest requests the APIs allow: one request per list page (a page holds 1,000 objects; the dashboards' and keys'
 * lists are whole), which fit in the first window of each limit, so nothing. One GET per object is computed from
 * figure 3's reads (one request per object of these kinds) at the same limits.
 */
import { managementRateLimit, observabilityRateLimit } from "../../emulator/server/rateLimits";
import { ObservabilityClient } from "../../provider/rest/observability";
import type { LocalStack } from "../../scripts/lib/localStack";
import type { BenchContext } from "../context";
import { benchProgramConfig } from "../programConfig";
import { benchConfigKeys, type BenchKind } from "../programs/ours/settings";
import { benchStack, expectSummary, oursConfig, runOperation, setProviderThrottle } from "../stacks";
import { summarize, type Summary } from "../stats";
import { rateLimitFloorMs } from "./throughput";

/** The stack: each kind's count, and whose API and list it has. */
export const refreshStack = [
  { kind: "Alert", count: 500, api: "observability", pageSize: 1000 },
  { kind: "Dashboard", count: 50, api: "observability", pageSize: Infinity },
  { kind: "SavedSearch", count: 50, api: "observability", pageSize: 1000 },
  { kind: "ApiKey", count: 100, api: "management", pageSize: Infinity },
] as const satisfies readonly { kind: BenchKind; count: number; api: Api; pageSize: number }[];

type Api = "observability" | "management";

const limits = { observability: observabilityRateLimit, management: managementRateLimit } as const;

/** One command under the rate limits: what it sent and how long it took. */
export interface LimitedCommand {
  readonly wallMs: number;
  /** Requests other than 429 answers, by route. */
  readonly routes: Record<string, number>;
  readonly requests: number;
  readonly tooManyRequests: number;
  /** The control program's time for the same command over the same resources. */
  readonly controlMs: number;
  /** The control's time plus what the limits impose on the fewest requests. */
  readonly floorMs: number;
  readonly ratio: number;
}

export interface RefreshAtScaleResult {
  readonly counts: readonly { readonly kind: BenchKind; readonly count: number }[];
  readonly objects: number;
  /** The fewest requests the APIs allow for the refresh: one per list page. */
  readonly fewestRequests: number;
  /** Refreshes, ours and the control back to back, `runs` times. */
  readonly refreshes: LimitedCommand[];
  readonly ratio: Summary;
  /** `up --refresh` after one saved search changed outside Pulumi. */
  readonly upRefresh: LimitedCommand;
  /** One GET per object: the requests, and the time the limits impose on them plus the control's refresh. */
  readonly oneGetPerObject: { readonly requests: number; readonly limitMs: number; readonly wallMs: number };
}

export async function measureRefreshAtScale(context: BenchContext): Promise<RefreshAtScaleResult> {
  const { emulator } = context;
  const kinds = refreshStack.map(({ kind }) => kind);
  const counts = { [benchConfigKeys.counts]: { value: JSON.stringify(countsByKind()) } };
  const ours = await benchStack("ours", { ...oursConfig(context, kinds, 0), ...counts });
  const control = await benchStack("control", { ...benchProgramConfig(context, kinds, 0), ...counts });
  const objects = refreshStack.reduce((sum, { count }) => sum + count, 0);
  const all = { same: objects + 1 };
  try {
    await setProviderThrottle(ours, false);
    context.log(`figure 9: creating ${objects} objects with the rate limits off`);
    expectSummary("figure 9: up", (await runOperation(ours, "up")).changes, { create: objects + 1 });
    expectSummary("figure 9: control up", (await runOperation(control, "up")).changes, {
      create: objects + 1,
    });
    // The throttle at its default, recorded in state for the refresh; nothing changes, so nothing is sent.
    await setProviderThrottle(ours, true);
    await runOperation(ours, "up");
    await emulator.control.updateSettings({ rateLimits: true });

    const refreshes: LimitedCommand[] = [];
    for (let run = 0; run < context.runs; run++) {
      const controlMs = await timed(control, "refresh", all, "control refresh");
      const measured = await limited(context, () => timed(ours, "refresh", all, "refresh"), controlMs);
      refreshes.push(measured);
      context.log(
        `figure 9: refresh ${run + 1} of ${context.runs}: ${(measured.wallMs / 1000).toFixed(1)} s, ` +
          `${measured.requests} requests, ${measured.tooManyRequests} answered 429 (control ` +
          `${(controlMs / 1000).toFixed(1)} s)`,
      );
    }

    await changeOneSavedSearch(context, ours);
    const controlUpMs = await timedUpRefresh(control, all);
    const upRefresh = await limited(
      context,
      () => timedUpRefresh(ours, { same: objects, update: 1 }),
      controlUpMs,
    );
    context.log(
      `figure 9: up --refresh with one change: ${(upRefresh.wallMs / 1000).toFixed(1)} s, ` +
        `${upRefresh.requests} requests, ${upRefresh.tooManyRequests} answered 429`,
    );

    const limitMs = oneGetPerObjectLimitMs();
    const controlRefresh = summarize(refreshes.map((r) => r.controlMs)).median;
    return {
      counts: refreshStack.map(({ kind, count }) => ({ kind, count })),
      objects,
      fewestRequests: fewestRequests(),
      refreshes,
      ratio: summarize(refreshes.map((r) => r.ratio)),
      upRefresh,
      oneGetPerObject: { requests: objects, limitMs, wallMs: controlRefresh + limitMs },
    };
  } finally {
    await emulator.control.updateSettings({ rateLimits: false });
    // The emulator's reset removes every object the stacks made, faster than a destroy under the throttle.
    await emulator.control.reset();
    await ours.dispose();
    await control.dispose();
  }
}

function countsByKind(): Partial<Record<BenchKind, number>> {
  return Object.fromEntries(refreshStack.map(({ kind, count }) => [kind, count]));
}

/** One request per page of each list. */
function fewestRequests(): number {
  return refreshStack.reduce((sum, { count, pageSize }) => sum + Math.max(1, Math.ceil(count / pageSize)), 0);
}

/** What each limit imposes on the requests the fewest requests send to its API. */
function fewestRequestsLimitMs(): number {
  return limitMsOf((api) =>
    refreshStack
      .filter((entry) => entry.api === api)
      .reduce((sum, { count, pageSize }) => sum + Math.max(1, Math.ceil(count / pageSize)), 0),
  );
}

/** What each limit imposes on one GET per object; the two APIs' limits run side by side. */
function oneGetPerObjectLimitMs(): number {
  return limitMsOf((api) =>
    refreshStack.filter((entry) => entry.api === api).reduce((sum, { count }) => sum + count, 0),
  );
}

function limitMsOf(requestsTo: (api: Api) => number): number {
  return Math.max(
    ...(["observability", "management"] as const).map((api) =>
      rateLimitFloorMs(requestsTo(api), limits[api].max, limits[api].timeWindowMs),
    ),
  );
}

/** Runs a command of ours under the limits from a clear request log, and reads what it sent. */
async function limited(
  context: BenchContext,
  command: () => Promise<number>,
  controlMs: number,
): Promise<LimitedCommand> {
  const { control } = context.emulator;
  await control.clearRequests();
  const wallMs = await command();
  const log = (await control.requests()).filter((entry) => !entry.path.startsWith("/__emulator"));
  const routes: Record<string, number> = {};
  let tooManyRequests = 0;
  for (const entry of log) {
    if (entry.status === 429) {
      tooManyRequests += 1;
      continue;
    }
    const route = entry.route ?? `${entry.method} ${entry.path}`;
    routes[route] = (routes[route] ?? 0) + 1;
  }
  const floorMs = controlMs + fewestRequestsLimitMs();
  const requests = log.length - tooManyRequests;
  return { wallMs, routes, requests, tooManyRequests, controlMs, floorMs, ratio: wallMs / floorMs };
}

async function timed(
  stack: LocalStack,
  operation: "refresh",
  expected: Record<string, number>,
  what: string,
): Promise<number> {
  const outcome = await runOperation(stack, operation);
  expectSummary(`figure 9: ${what}`, outcome.changes, expected);
  return outcome.ms;
}

async function timedUpRefresh(stack: LocalStack, expected: Record<string, number>): Promise<number> {
  const started = process.hrtime.bigint();
  const result = await stack.stack.up({ refresh: true, color: "never" });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  expectSummary("figure 9: up --refresh", result.summary.resourceChanges ?? {}, expected);
  return ms;
}

/** A colleague changes the first saved search's filter in the app. */
async function changeOneSavedSearch(context: BenchContext, stack: LocalStack): Promise<void> {
  const { fixture } = context.emulator;
  const search = (await stack.resources()).find((resource) => resource.urn.endsWith("::search-0"));
  if (search?.id === undefined) throw new Error("figure 9: the stack has no saved search search-0");
  const client = new ObservabilityClient(
    { apiUrl: fixture.observabilityUrl, apiToken: fixture.observabilityToken, dialect: fixture.dialect },
    { throttle: "off" },
  );
  const id = String(search.id);
  const current = await client.savedSearches.get(id);
  await client.savedSearches.update(id, {
    name: current.name,
    sourceId: current.sourceId ?? context.fixtureIds.sourceId,
    where: "SeverityText:warn",
  });
}
