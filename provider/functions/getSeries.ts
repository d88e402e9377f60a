/**
 * getSeries and getSeriesOutput: the chart series query (`POST /api/v2/charts/series`) as a Pulumi function. Dynamic providers
 * cannot serve invokes, so these run in the program's own process, during `pulumi preview` as well as `up`.
 */
import * as pulumi from "@pulumi/pulumi";
import {
  ConfigurationError,
  programConfigSource,
  reportOncePerProcess,
  resolveObservabilitySettings,
} from "../settings";
import { observabilityClient } from "../rest";
import { RequestValidationError } from "../validation/validate";
import { seriesUnsupported } from "../rest/observability/managedClickStack";
import {
  seriesResult,
  type SeriesQueryArgs,
  type SeriesQueryOutputArgs,
  type SeriesQueryResult,
} from "./series";
import { buildSeriesRequest } from "./seriesRequest";

/**
 * Queries time-bucketed aggregates of one to five series. The arguments are checked before anything is sent: a
 * RequestValidationError names every bad field (e.g. `series[1].aggFn`, `startTime` given in seconds). Connects
 * with `observability:apiUrl` and `observability:apiToken` from the stack config, else OBSERVABILITY_API_URL and
 * OBSERVABILITY_API_TOKEN; a ConfigurationError names what is missing. A series whose source does not exist
 * fails with a SeriesSourceNotFoundError naming it.
 *
 * @param _opts Accepted so that calls look like every Pulumi function; none of its settings applies, because no
 * provider plugin serves this function (it runs in the program process).
 */
export async function getSeries(
  args: SeriesQueryArgs,
  _opts?: pulumi.InvokeOptions,
): Promise<SeriesQueryResult> {
  const { request, problems, deprecations } = buildSeriesRequest(args);
  if (problems.length > 0) throw new RequestValidationError("the getSeries query", problems);
  for (const deprecation of deprecations) void pulumi.log.warn(deprecation);
  let settings: ReturnType<typeof resolveObservabilitySettings>;
  try {
    settings = resolveObservabilitySettings({ source: programConfigSource() });
    if (settings.clickstack !== undefined) throw seriesUnsupported;
  } catch (error) {
    // A program may query many series: a missing setting is explained in full once per run.
    throw error instanceof ConfigurationError ? reportOncePerProcess(error) : error;
  }
  const client = observabilityClient(settings, {
    throttle: settings.throttle,
    sharedBudget: settings.sharedBudget,
    warn: (line) => void pulumi.log.warn(line),
  });
  const rows = await client.charts.querySeries(request);
  return seriesResult(request.series.length, rows);
}

/**
 * {@link getSeries} for Inputs: the query runs once every argument is known (at preview too, when they are
 * known then), and the result carries the arguments' dependencies and secrecy, so it can feed resource inputs
 * such as an alert's threshold.
 *
 * @param _opts Accepted so that calls look like every Pulumi function; none of its settings applies, because no
 * provider plugin serves this function. Dependencies come from the Inputs in `args`.
 */
export function getSeriesOutput(
  args: SeriesQueryOutputArgs,
  _opts?: pulumi.InvokeOutputOptions,
): pulumi.Output<SeriesQueryResult> {
  return pulumi.output(args).apply((resolved) => getSeries(resolved));
}
