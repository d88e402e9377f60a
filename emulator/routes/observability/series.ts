/**
 * POST /api/v2/charts/series (seed 4.7): validated by the API's schema, then the rules that depend on the
 * state or span several fields: endTime after startTime, every sourceId must exist, a ratio needs exactly two series, and the
 * granularity must not produce more than `maxBuckets` buckets.
 */
import type { FastifyInstance } from "fastify";
import type { Problem } from "../../model/problems";
import type { EmulatorContext } from "../../context";
import { ApiError } from "../../errors";
import type { SeriesQuery } from "../../series";
import { bucketCount, granularityStepMs, maxBuckets, seriesRows } from "../../series";
import type { EmulatorState } from "../../types";
import { validBody } from "../validBody";

function queryProblems(state: EmulatorState, query: SeriesQuery): Problem[] {
  const problems: Problem[] = query.series.flatMap((definition, index) =>
    state.sources.some((source) => source.id === definition.sourceId)
      ? []
      : [
          {
            property: `series.${index}.sourceId`,
            message: `refers to source ${JSON.stringify(definition.sourceId)}, which does not exist`,
          },
        ],
  );
  if (query.startTime >= query.endTime) {
    problems.push({
      property: "endTime",
      message: `must be after startTime (${query.startTime}); got ${query.endTime}`,
    });
    return problems;
  }
  if (query.seriesReturnType === "ratio" && query.series.length !== 2) {
    problems.push({
      property: "series",
      message: `must contain exactly 2 elements when seriesReturnType is ratio; got ${query.series.length}`,
    });
  }
  const buckets = bucketCount(query.startTime, query.endTime, granularityStepMs(query));
  if (buckets > maxBuckets) {
    problems.push({
      property: "granularity",
      message: `${query.granularity ?? "auto"} gives ${buckets} buckets between startTime and endTime; at most ${maxBuckets} are allowed`,
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
