import type { HttpCore } from "../http";
import { pathSegment } from "../pathSegment";
import type { Alert, AlertCreateRequest } from "./models";

const ALERTS_PATH = "/api/v2/alerts";

function alertPath(alertId: string): string {
  return `${ALERTS_PATH}/${pathSegment("alert id", alertId)}`;
}

/** Alerts on dashboard tiles and saved searches: create, list, get, replace (PUT, the whole alert) and delete. */
export class AlertsApi {
  constructor(private readonly http: HttpCore) {}

  create(request: AlertCreateRequest): Promise<Alert> {
    return this.http.fetchResult({
      method: "POST",
      path: ALERTS_PATH,
      subject: request.name === undefined ? "a new alert" : `a new alert "${request.name}"`,
      body: request,
      requestSchema: "alertCreate",
      responseSchema: "alert",
    });
  }

  list(): Promise<Alert[]> {
    return this.http.fetchResult({
      method: "GET",
      path: ALERTS_PATH,
      subject: "the alert list",
      responseSchema: "alert",
      many: true,
    });
  }

  get(alertId: string): Promise<Alert> {
    return this.http.fetchResult({
      method: "GET",
      path: alertPath(alertId),
      subject: `alert ${alertId}`,
      responseSchema: "alert",
      expectedId: alertId,
    });
  }

  /** PUT: the request replaces every field of the alert. */
  replace(alertId: string, request: AlertCreateRequest): Promise<Alert> {
    return this.http.fetchResult({
      method: "PUT",
      path: alertPath(alertId),
      subject: `alert ${alertId}`,
      body: request,
      requestSchema: "alertCreate",
      responseSchema: "alert",
      expectedId: alertId,
    });
  }

  delete(alertId: string): Promise<void> {
    return this.http.send({ method: "DELETE", path: alertPath(alertId), subject: `alert ${alertId}` });
  }
}
