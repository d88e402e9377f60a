import type { HttpCore } from "../http";
import type { SeriesQueryRequest, SeriesRow } from "./models";

/** Chart time series (seed 4.7). */
export class ChartsApi {
  constructor(private readonly http: HttpCore) {}

  /** POST /api/v2/charts/series: one row per time bucket. It only reads, so it is retried like a GET. */
  querySeries(request: SeriesQueryRequest): Promise<SeriesRow[]> {
    return this.http.fetchResult({
      method: "POST",
      path: "/api/v2/charts/series",
      subject: "the series query",
      body: request,
      requestSchema: "seriesQuery",
      responseSchema: "seriesRows",
      readOnly: true,
    });
  }
}
