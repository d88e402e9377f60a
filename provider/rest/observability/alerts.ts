import type { ApiDialect } from "../../../schemas/dialects";
import type { HttpCore } from "../transport/http";
import { pathSegment } from "../transport/pathSegment";
import type { Alert, AlertCreateRequest } from "./models";

/** The observability API's alerts; managed ClickStack serves them under its service's path instead. */
export const ALERTS_PATH = "/api/v2/alerts";

/** The most alerts one page of the production wire's list holds (HyperDX's packages/api/src/utils/pagination.ts). */
export const ALERT_PAGE_LIMIT = 1000;

/**
 * Alerts on dashboard tiles and saved searches: create, list, get, replace (PUT, the whole alert), update (a PUT
 * that keeps what the program does not manage, as the wire needs) and delete. Requests take the program's words; on
 * the production wire a saved-search alert goes out as `saved_search`, and the list is read page by page to its end.
 */
export class AlertsApi {
  constructor(
    private readonly http: HttpCore,
    private readonly dialect: ApiDialect = "spec",
    private readonly alertsPath: string = ALERTS_PATH,
  ) {}

  create(request: AlertCreateRequest): Promise<Alert> {
    return this.http.fetchResult({
      method: "POST",
      path: this.alertsPath,
      subject: request.name === undefined ? "a new alert" : `a new alert "${request.name}"`,
      ...this.body(request),
      responseSchema: "alert",
    });
  }

  async list(): Promise<Alert[]> {
    const list = { method: "GET", subject: "the alert list", responseSchema: "alert" } as const;
    if (this.dialect === "spec") return this.http.fetchResult({ ...list, path: this.alertsPath, many: true });
    const alerts: Alert[] = [];
    for (;;) {
      const path = `${this.alertsPath}?limit=${ALERT_PAGE_LIMIT}&offset=${alerts.length}`;
      const page = await this.http.fetchPage<Alert>({ ...list, path });
      alerts.push(...page.items);
      // An API that reports no total does not page: its one answer is the whole list.
      if (page.items.length === 0 || page.total === undefined || alerts.length >= page.total) return alerts;
    }
  }

  get(alertId: string): Promise<Alert> {
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
