import { ApiError } from "../errors/apiError";
import type { HttpCore } from "../transport/http";
import type { RawSeriesRow, SeriesQueryRequest, SeriesRow } from "./models";
import { readSeriesRows } from "./seriesRows";

const seriesPath = "/api/v2/charts/series";

/**
 * A series names a source the API does not know. The API answers 404 `{"error":"Source not found for series N"}`
 * (N counts from 0; "Connection not found for series N" when the source has lost its database connection). The
 * query itself is not gone, so this is not the not-found error of an object.
 */
export class SeriesSourceNotFoundError extends Error {
  override readonly name = "SeriesSourceNotFoundError";

  constructor(
    /** The position of the series in the query, counted from 0. */
    readonly seriesIndex: number,
    readonly sourceId: string | undefined,
    override readonly cause: ApiError,
  ) {
    const which = `series[${seriesIndex}].sourceId ${JSON.stringify(sourceId)}`;
    super(
      `${which} names a source the observability API does not have: "${cause.detail}" ` +
        `(404 from POST ${seriesPath}). Check the source's id; the source may have been deleted.`,
    );
  }
}

/** Chart time series: `POST /api/v2/charts/series`. */
export class ChartsApi {
  /** `unavailable`: why this API serves no series (managed ClickStack); every query fails with it, sending nothing. */
  constructor(
    private readonly http: HttpCore,
    private readonly unavailable?: Error,
  ) {}

  /**
   * POST /api/v2/charts/series: one row per time bucket (and group), whatever `seriesReturnType` asked for. It only
   * reads, so it is retried like a GET.
   */
  async querySeries(request: SeriesQueryRequest): Promise<SeriesRow[]> {
    if (this.unavailable !== undefined) throw this.unavailable;
    try {
      const rows = await this.http.fetchResult<RawSeriesRow[]>({
        method: "POST",
        path: seriesPath,
        subject: "the series query",
        body: request,
        requestSchema: "seriesQuery",
        responseSchema: "seriesRows",
        readOnly: true,
      });
      return readSeriesRows(rows, request);
    } catch (error) {
      throw sourceNotFound(error, request) ?? error;
    }
  }
}

/**
 * The API's own answer for a series whose source is missing; any other 404 (a proxy's page for a wrong URL)
 * stays the error it is.
 */
function sourceNotFound(error: unknown, request: SeriesQueryRequest): SeriesSourceNotFoundError | undefined {
  if (!(error instanceof ApiError) || error.status !== 404) return undefined;
  const named = /not found for series (\d+)$/.exec(error.detail);
  if (named === null) return undefined;
  const index = Number(named[1]);
  return new SeriesSourceNotFoundError(index, request.series[index]?.sourceId, error);
}
