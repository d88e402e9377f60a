/**
 * getSeries served as the plugin's function `clickhouse-cloud:index:getSeries`: the same request building,
 * checks and result shape as the program-side getSeries, connected with the plugin's configuration instead of
 * the program's.
 */
import { progressOf } from "../host/progress";
import { resolveObservabilitySettings } from "../settings/resolve";
import type { ConfigSource } from "../settings/sources";
import { seriesResult, type SeriesQueryResult } from "../functions/series";
import { buildSeriesRequest } from "../functions/seriesRequest";
import { observabilityClient } from "../rest";
import type { ValidationProblem } from "../validation/validate";
import { nativeTypeToken } from "../resources/typeTokens";

export const getSeriesToken = nativeTypeToken("getSeries");

export type SeriesInvokeOutcome =
  | { readonly result: SeriesQueryResult; readonly deprecations: readonly string[] }
  | { readonly problems: readonly ValidationProblem[] };

/** Checks the arguments (nothing is sent when they are invalid), then queries. */
export async function invokeGetSeries(args: unknown, config: ConfigSource): Promise<SeriesInvokeOutcome> {
  const { request, problems, deprecations } = buildSeriesRequest(args);
  if (problems.length > 0) return { problems };
  const settings = resolveObservabilitySettings({ source: config });
  const client = observabilityClient(settings, {
    throttle: settings.throttle,
    sharedBudget: settings.sharedBudget,
    warn: (line) => progressOf("getSeries")(`warning: ${line}`),
  });
  const rows = await client.charts.querySeries(request);
  return { result: seriesResult(request.series.length, rows), deprecations };
}
