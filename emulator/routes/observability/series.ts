/**
 * POST /api/v2/charts/series: the API's validation and rules (emulator/model/series.ts), then the
 * source lookup, then synthetic rows. One rule is the emulator's own: at most `maxBuckets` buckets, so that a
 * query cannot make it build millions of rows. The production wire words an empty series list as HyperDX does
 * (its own message for that rule) and quotes counts as its database does.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../server/context";
import { ApiError } from "../../server/errors";
import {
  firstUnknownSource,
  seriesQueryProblems,
  sourceNotFound,
  type SeriesQuery,
} from "../../model/series";
import { bucketCount, granularityStepMs, maxBuckets, seriesRows } from "../../model/seriesValues";

function bucketLimitProblem(query: SeriesQuery) {
  const buckets = bucketCount(query.startTime, query.endTime, granularityStepMs(query));
  if (buckets <= maxBuckets) return [];
  return [
    {
      property: "granularity",
      message: `${query.granularity ?? "auto"} gives ${buckets} buckets between startTime and endTime; the emulator answers at most ${maxBuckets}`,
    },
  ];
}

export function seriesRoutes(scope: FastifyInstance, context: EmulatorContext): void {
  scope.post("/api/v2/charts/series", async (request, reply) => {
    const problems = seriesQueryProblems(request.body, context.dialect);
    if (problems.length > 0) throw ApiError.invalid(problems);
    const query = request.body as SeriesQuery;
    const unknown = firstUnknownSource(
      query,
      context.store.state.sources.map((source) => source.id),
    );
    if (unknown !== undefined) return reply.code(404).send({ error: sourceNotFound(unknown) });
    const tooMany = bucketLimitProblem(query);
    if (tooMany.length > 0) throw ApiError.invalid(tooMany);
    return { data: seriesRows(query, { quoteCounts: context.dialect === "production" }) };
  });
}
