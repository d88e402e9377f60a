import type { HttpCore } from "../transport/http";
import type { UpgradeWindowPutSchema, UpgradeWindowSchema } from "../schemaTypes";
import { servicePath } from "./paths";

/** Body of `PUT .../upgradeWindow`: the weekday and UTC hour the window starts. */
export type UpgradeWindowRequest = UpgradeWindowPutSchema;

/** The window as answered, with its duration in hours. */
export type UpgradeWindowObject = UpgradeWindowSchema;

/**
 * A service's weekly upgrade window (`.../services/{serviceId}/upgradeWindow`): read it (404 when none is
 * configured; a secondary service answers its primary's), set it (one PUT creates or replaces it), delete it.
 */
export class UpgradeWindowsApi {
  constructor(private readonly http: HttpCore) {}

  get(organizationId: string, serviceId: string): Promise<UpgradeWindowObject> {
    return this.http.fetchResult({
      method: "GET",
      path: windowPath(organizationId, serviceId),
      subject: `the upgrade window of service ${serviceId}`,
      responseSchema: "upgradeWindow",
    });
  }

  put(
    organizationId: string,
    serviceId: string,
    request: UpgradeWindowRequest,
  ): Promise<UpgradeWindowObject> {
    return this.http.fetchResult({
      method: "PUT",
      path: windowPath(organizationId, serviceId),
      subject: `the upgrade window of service ${serviceId}`,
      body: request,
      requestSchema: "upgradeWindowPut",
      responseSchema: "upgradeWindow",
    });
  }

  delete(organizationId: string, serviceId: string): Promise<void> {
    return this.http.send({
      method: "DELETE",
      path: windowPath(organizationId, serviceId),
      subject: `the upgrade window of service ${serviceId}`,
    });
  }
}

function windowPath(organizationId: string, serviceId: string): string {
  return `${servicePath(organizationId, serviceId)}/upgradeWindow`;
}
