/**
 * POST /api/v2/charts/series (seed 4.7): validated by the shared schema, then the rules that depend on the
 * state or span several fields: every sourceId must exist, a ratio needs exactly two series, and the
 * granularity must not produce more than `maxBuckets` buckets.
 */
import type { FastifyInstance } from "fastify";
import type { ValidationProblem } from "../../../provider/rest/validation";
import type { EmulatorContext } from "../../context";
import { ApiError } from "../../errors";
import type { SeriesQuery } from "../../series";
import { bucketCount, granularityStepMs, maxBuckets, seriesRows } from "../../series";
import type { EmulatorState } from "../../types";
import { validBody } from "../validBody";

function queryProblems(state: EmulatorState, query: SeriesQuery): ValidationProblem[] {
  const problems: ValidationProblem[] = query.series.flatMap((definition, index) =>
    state.sources.some((source) => source.id === definition.sourceId)
      ? []
      : [
          {
            property: `series[${index}].sourceId`,
            reason: `series[${index}].sourceId refers to source ${JSON.stringify(definition.sourceId)}, which does not exist`,
          },
        ],
  );
  if (query.seriesReturnType === "ratio" && query.series.length !== 2) {
    problems.push({
      property: "series",
      reason: `series must contain exactly 2 elements when seriesReturnType is ratio; got ${query.series.length}`,
    });
  }
  const buckets = bucketCount(query.startTime, query.endTime, granularityStepMs(query));
  if (buckets > maxBuckets) {
    problems.push({
      property: "granularity",
      reason: `granularity ${query.granularity ?? "auto"} gives ${buckets} buckets between startTime and endTime; at most ${maxBuckets} are allowed`,
    });
  }
  return problems;
}

export function seriesRoutes(scope: FastifyInstance, context: EmulatorContext): void {
  scope.post("/api/v2/charts/series", async (request) => {
    const query = validBody<SeriesQuery>("seriesQuery", request.body);
    // These rules run on a body the schema accepted, so every field has the right type.
    const problems = queryProblems(context.store.state, query);
    if (problems.length > 0) throw ApiError.invalid(problems);
    return { data: seriesRows(query) };
  });
}
