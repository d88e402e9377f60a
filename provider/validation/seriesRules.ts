/** Rules of a series query that span fields, which its JSON Schema cannot state. */
import { seriesAggFns, type SeriesAggFn } from "../../schemas";
import type { ValidationProblem } from "./problem";
import { isPlainObject } from "../propertyBags";

/**
 * What the API's validation lets through but its query cannot do: series grouped differently (the API refuses
 * them), a level on anything but a quantile, and an aggregate other than count with nothing to aggregate (the
 * query fails).
 */
export function seriesRules(series: unknown): ValidationProblem[] {
  if (!Array.isArray(series)) return [];
  const first: unknown = isPlainObject(series[0]) ? series[0].groupBy : undefined;
  return series.flatMap((definition: unknown, index): ValidationProblem[] => {
    if (!isPlainObject(definition)) return [];
    const at = `series[${index}]`;
    const { aggFn, level, field, metricName, groupBy } = definition;
    const problems: ValidationProblem[] = [];
    if (index > 0 && Array.isArray(first) && Array.isArray(groupBy) && !sameStrings(first, groupBy)) {
      problems.push({
        property: `${at}.groupBy`,
        reason:
          `${at}.groupBy must be the same as series[0].groupBy (${JSON.stringify(first)}): the API groups every ` +
          `series of a query by the same fields; got ${JSON.stringify(groupBy)}`,
      });
    }
    // An aggFn outside the list already has its problem; these rules speak of known functions only.
    if (!isAggFn(aggFn)) return problems;
    if (level !== undefined && aggFn !== "quantile") {
      problems.push({
        property: `${at}.level`,
        reason: `${at}.level applies only to aggFn quantile; got level ${String(level)} with aggFn ${aggFn}`,
      });
    }
    if (aggFn !== "count" && field === undefined && metricName === undefined) {
      problems.push({
        property: `${at}.field`,
        reason:
          `${at}.field is required when aggFn is ${aggFn}: it names the value to aggregate ` +
          "(for a metric source, metricName may name it instead)",
      });
    }
    return problems;
  });
}

function sameStrings(a: unknown[], b: unknown[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

function isAggFn(value: unknown): value is SeriesAggFn {
  return (seriesAggFns as readonly unknown[]).includes(value);
}
