import { sharedBudgetKey } from "../../settings/sharedBudget";
import type { ApiDialect } from "../../../schemas/dialects";
import { ClientCache } from "../transport/clientCache";
import { HttpCore, type ClientProfile, type HttpOptions } from "../transport/http";
import { SETTINGS, configSetCommand } from "../../../schemas/settings";
import { OBSERVABILITY_THROTTLE, throttleKey } from "../budget/throttle";
import { AlertsApi } from "./alerts";
import { ChartsApi } from "./charts";
import { DashboardsApi } from "./dashboards";
import { SavedSearchesApi } from "./savedSearches";
import { SourcesApi } from "./sources";
import { WebhooksApi } from "./webhooks";
import { basicAuthConnection } from "../management/client";
import { ObjectCollection, type CollectionShape } from "./objectCollection";
import { clickstackPath, MANAGED_CLICKSTACK_PROFILE, seriesUnsupported } from "./managedClickStack";

/** What an observability client needs; ObservabilitySettings from provider/settings fits. */
export interface ObservabilityConnection {
  readonly apiUrl: string;
  readonly apiToken: string;
  /** The wire the API speaks; the specification's when absent. */
  readonly dialect?: ApiDialect;
  /** ClickStack managed by ClickHouse Cloud: `apiUrl` is then the Cloud API's, reached with its key. */
  readonly clickstack?: {
    readonly serviceId: string;
    readonly organizationId: string;
    readonly tokenKey: string;
    readonly tokenSecret: string;
  };
}

const { observabilityApiToken: apiToken, observabilityApiUrl: apiUrl } = SETTINGS;

export const OBSERVABILITY_PROFILE: ClientProfile = {
  api: "observability",
  title: "observability API",
  credentialHint: `Set a valid token: \`${configSetCommand(apiToken)}\`, or the environment variable ${apiToken.envVar}.`,
  urlHint: `${apiUrl.key} (or ${apiUrl.envVar})`,
  permissionHint:
    "The token is valid but not allowed to do this; use a token of the team that owns the object.",
  notFoundHint: "Check the id; the object may have been deleted outside Pulumi.",
  urlSettingKey: apiUrl.key,
  envelopeField: "data",
  throttle: OBSERVABILITY_THROTTLE,
};

/** The observability API, one property per API area. */
export class ObservabilityClient {
  readonly alerts: AlertsApi;
  /** Managed ClickStack serves no chart series: its queries fail before anything is sent. */
  readonly charts: ChartsApi;
  readonly dialect: ApiDialect;
  /** The objects alerts refer to; both wires speak the same shapes for them. */
  readonly webhooks: WebhooksApi;
  readonly savedSearches: SavedSearchesApi;
  readonly dashboards: DashboardsApi;
  readonly sources: SourcesApi;
  /** Where the API's object collections live: `/api/v2`, or the managed ClickStack's path. */
  private readonly objectsBase: string;
  private readonly http: HttpCore;

  /** Prefer observabilityClient(), which shares one client (and its throttle) per token. */
  constructor(connection: ObservabilityConnection, options: HttpOptions = {}) {
    const managed = connection.clickstack;
    if (managed !== undefined) {
      const http = new HttpCore(
        MANAGED_CLICKSTACK_PROFILE,
        basicAuthConnection(connection.apiUrl, managed.tokenKey, managed.tokenSecret),
        options,
      );
      this.dialect = "production";
      const base = clickstackPath(managed.organizationId, managed.serviceId);
      [this.http, this.objectsBase] = [http, base];
      this.alerts = new AlertsApi(http, this.dialect, `${base}/alerts`);
      this.charts = new ChartsApi(http, seriesUnsupported);
      [this.webhooks, this.savedSearches, this.dashboards, this.sources] = objectApis(http, base);
      return;
    }
    const http = new HttpCore(
      OBSERVABILITY_PROFILE,
      {
        baseUrl: connection.apiUrl,
        authorization: `Bearer ${connection.apiToken}`,
        secrets: [connection.apiToken],
      },
      options,
    );
    this.dialect = connection.dialect ?? "spec";
    [this.http, this.objectsBase] = [http, "/api/v2"];
    this.alerts = new AlertsApi(http, this.dialect);
    this.charts = new ChartsApi(http);
    [this.webhooks, this.savedSearches, this.dashboards, this.sources] = objectApis(http, "/api/v2");
  }

  /** One collection of the API's objects, served at `<base>/<collection>` on either wire and on managed ClickStack. */
  collection<Request extends object, Shown extends { id: string }>(
    shape: ObjectCollectionShape,
  ): ObjectCollection<Request, Shown> {
    const { collection, ...rest } = shape;
    return new ObjectCollection<Request, Shown>(this.http, {
      ...rest,
      path: `${this.objectsBase}/${collection}`,
    });
  }
}

/** A collection of objects under the API's object routes, by its path there (`webhooks`, `saved-searches`). */
export type ObjectCollectionShape = Omit<CollectionShape, "path"> & { readonly collection: string };

function objectApis(http: HttpCore, base: string) {
  return [
    new WebhooksApi(http, base),
    new SavedSearchesApi(http, base),
    new DashboardsApi(http, base),
    new SourcesApi(http, base),
  ] as const;
}

const clients = new ClientCache<ObservabilityClient>();

/**
 * The process-wide client for this base URL, token and throttle, created on first use. The other `options` apply
 * only when this call creates the client; later calls for the same base URL, token and throttle get that client.
 */
export function observabilityClient(
  connection: ObservabilityConnection,
  options?: HttpOptions,
): ObservabilityClient {
  const throttle = `${throttleKey(OBSERVABILITY_THROTTLE, options?.throttle)}\n${sharedBudgetKey(options?.sharedBudget)}`;
  const managed = connection.clickstack;
  const api = `observability:${connection.dialect ?? "spec"}`;
  const credential =
    managed === undefined
      ? connection.apiToken
      : `${managed.organizationId}/${managed.serviceId}:${managed.tokenKey}:${managed.tokenSecret}`;
  return clients.getOrCreate(api, connection.apiUrl, credential, throttle, () => {
    return new ObservabilityClient(connection, options);
  });
}
