/**
 * The body getSeries sends, built from a program's arguments: `where` and `groupBy` filled in (the API requires
 * them; a program may leave them out) and the retired percentile names turned into the API's quantile.
 */
import type { SeriesQueryRequest } from "../rest/observability/models";
import { validate, type ValidationProblem } from "../validation/validate";
import { isPlainObject } from "../propertyBags";

/**
 * Aggregate names of earlier versions of this package, which the API never had: each is a quantile at a level.
 * getSeries still accepts them and sends `aggFn: "quantile"` with the level.
 */
export const deprecatedPercentileLevels = { p50: 0.5, p90: 0.9, p95: 0.95, p99: 0.99 } as const;
export type DeprecatedPercentileAggFn = keyof typeof deprecatedPercentileLevels;

export interface BuiltSeriesRequest {
  request: SeriesQueryRequest;
  /** Every problem of the arguments, the API's schema and this package's rules included; empty when valid. */
  problems: ValidationProblem[];
  /** One sentence per deprecated name used, for a warning. */
  deprecations: string[];
}

/** `args` as it came from the program: typed by the caller, but a program may pass anything at run time. */
export function buildSeriesRequest(args: unknown): BuiltSeriesRequest {
  const problems: ValidationProblem[] = [];
  const deprecations: string[] = [];
  const body = isPlainObject(args) ? withoutUndefined(args) : args;
  if (isPlainObject(body) && Array.isArray(body.series)) {
    body.series = body.series.map((definition: unknown, index) => {
      if (!isPlainObject(definition)) return definition;
      const filled: Record<string, unknown> = { where: "", groupBy: [], ...withoutUndefined(definition) };
      const aggFn = filled.aggFn;
      if (typeof aggFn !== "string" || !(aggFn in deprecatedPercentileLevels)) return filled;
      const level = deprecatedPercentileLevels[aggFn as DeprecatedPercentileAggFn];
      const at = `series[${index}]`;
      if (filled.level !== undefined) {
        problems.push({
          property: `${at}.level`,
          reason: `${at}.level cannot be combined with aggFn ${aggFn}, which means quantile at level ${level}; use aggFn quantile with level`,
        });
      }
      deprecations.push(
        `${at}.aggFn "${aggFn}" is deprecated: the observability API has no such function; ` +
          `it is sent as aggFn "quantile" with level ${level}. Write that instead.`,
      );
      return { ...filled, aggFn: "quantile", level };
    });
  }
  return {
    request: body as SeriesQueryRequest,
    problems: [...problems, ...validate("seriesQuery", body)],
    deprecations,
  };
}

/** A copy without the keys whose value is undefined, as an Output's resolved arguments may have them. */
function withoutUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined));
}
