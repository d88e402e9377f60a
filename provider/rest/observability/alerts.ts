import type { ApiDialect } from "../../../schemas/dialects";
import type { HttpCore } from "../transport/http";
import { pathSegment } from "../transport/pathSegment";
import { CoalescedReads, type Freshness } from "../coalescing/coalescedReads";
import { readToEnd, type ListPage } from "../coalescing/listPages";
import type { Alert, AlertCreateRequest } from "./models";

/** The observability API's alerts; managed ClickStack serves them under its service's path instead. */
export const ALERTS_PATH = "/api/v2/alerts";

/** The most alerts one page of the production wire's list holds (HyperDX's packages/api/src/utils/pagination.ts). */
export const ALERT_PAGE_LIMIT = 1000;

/**
 * Alerts on dashboard tiles and saved searches: create, list, get (alone, or with the reads that come with it from
 * one list), replace (PUT, the whole alert), update (a PUT
 * that keeps what the program does not manage, as the wire needs) and delete. Requests take the program's words; on
 * the production wire a saved-search alert goes out as `saved_search`, and the list is read page by page to its end.
 */
export class AlertsApi {
  /** Reads by id, answered together from the list when they come close together. */
  private readonly reads: CoalescedReads<Alert>;

  constructor(
    private readonly http: HttpCore,
    private readonly dialect: ApiDialect,
    private readonly alertsPath: string = ALERTS_PATH,
  ) {
    this.reads = new CoalescedReads<Alert>({
      getOne: (alertId) => this.getOne(alertId),
      fetchPage: (offset) => this.fetchPage(offset),
      pageSize: ALERT_PAGE_LIMIT,
      notFound: (alertId) =>
        http.objectNotFound(
          { method: "GET", path: this.alertPath(alertId), subject: `alert ${alertId}` },
          "not in the alert list",
        ),
      clock: http.clock,
    });
  }

  create(request: AlertCreateRequest): Promise<Alert> {
    return this.http.fetchResult({
      method: "POST",
      path: this.alertsPath,
      subject: request.name === undefined ? "a new alert" : `a new alert "${request.name}"`,
      ...this.body(request),
      responseSchema: "alert",
    });
  }

  list(): Promise<Alert[]> {
    return readToEnd((offset) => this.fetchPage(offset));
  }

  /** The alert, by its own GET or, when other reads of alerts come with it, from the list they share. */
  get(alertId: string, freshness: Freshness = "now"): Promise<Alert> {
    // The id is checked before anything is sent, whichever way it is read.
    this.alertPath(alertId);
    return this.reads.read(alertId, freshness);
  }

  /** A page of the list: the specification's wire answers the whole list at once, the production wire pages it. */
  private async fetchPage(offset: number): Promise<ListPage<Alert>> {
    const list = { method: "GET", subject: "the alert list", responseSchema: "alert" } as const;
    if (this.dialect === "spec") {
      const items = await this.http.fetchResult<Alert[]>({ ...list, path: this.alertsPath, many: true });
      return { items, total: undefined };
    }
    const path = `${this.alertsPath}?limit=${ALERT_PAGE_LIMIT}&offset=${offset}`;
    return this.http.fetchPage<Alert>({ ...list, path });
  }

  private getOne(alertId: string): Promise<Alert> {
    return this.http.fetchResult({
      method: "GET",
      path: this.alertPath(alertId),
      subject: `alert ${alertId}`,
      responseSchema: "alert",
      expectedId: alertId,
    });
  }

  /** PUT: the request replaces every field of the alert. */
  replace(alertId: string, request: AlertCreateRequest): Promise<Alert> {
    return this.http.fetchResult({
      method: "PUT",
      path: this.alertPath(alertId),
      subject: `alert ${alertId}`,
      ...this.body(request),
      responseSchema: "alert",
      expectedId: alertId,
    });
  }

  /**
   * Replaces the alert with the request, keeping the fields the program does not manage. The specification's alert
   * has no field beyond the request's, so on the spec wire the request is PUT as it is. The production wire's alert
   * has more (a note or a schedule set in the app, more channels), which a PUT of the request alone would drop: the
   * alert is read first (or `current` is taken, the alert as just read) and `keepUnmanaged` puts back into the
   * request what it leaves out.
   */
  async update(
    alertId: string,
    request: AlertCreateRequest,
    keepUnmanaged: (request: AlertCreateRequest, current: Alert) => AlertCreateRequest,
    current?: Alert,
  ): Promise<Alert> {
    if (this.dialect === "spec") return this.replace(alertId, request);
    const existing = current ?? (await this.get(alertId));
    return this.replace(alertId, keepUnmanaged(request, existing));
  }

  delete(alertId: string): Promise<void> {
    return this.http.send({ method: "DELETE", path: this.alertPath(alertId), subject: `alert ${alertId}` });
  }

  private alertPath(alertId: string): string {
    return `${this.alertsPath}/${pathSegment("alert id", alertId)}`;
  }

  /** The body in the words of the wire, and the schema it must satisfy there. */
  private body(request: AlertCreateRequest) {
    if (this.dialect === "spec") return { body: request, requestSchema: "alertCreate" } as const;
    const source = request.source === "search" ? "saved_search" : request.source;
    return { body: { ...request, source }, requestSchema: "alertCreateProduction" } as const;
  }
}
