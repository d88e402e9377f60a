import { sharedBudgetKey } from "../../settings/sharedBudget";
import type { ApiDialect } from "../../../schemas/dialects";
import { ClientCache } from "../transport/clientCache";
import { systemClock } from "../../clock";
import { HttpCore, type ClientProfile, type Connection, type HttpOptions } from "../transport/http";
import { MANAGEMENT_THROTTLE, throttleKey } from "../budget/throttle";
import { SETTINGS, configSetCommand } from "../../../schemas/settings";
import { ClickPipesApi } from "./clickPipes";
import { KeysApi } from "./keys";
import { InvitationsApi } from "./invitations";
import { MembersApi } from "./members";
import { RolesApi } from "./roles";
import { OrganizationsApi } from "./organizations";
import { PrivateEndpointsApi } from "./privateEndpoints";
import { DEFAULT_WAKE_SETTINGS, IdleServiceWaker, type WakeSettings } from "./idleServices";
import { ReversePrivateEndpointsApi } from "./reversePrivateEndpoints";
import { ServicesApi } from "./services";
import { ServiceQueryEndpointsApi } from "./serviceQueryEndpoints";
import { UpgradeWindowsApi } from "./upgradeWindows";
import { ClickHouseSettingsApi, ScalingSchedulesApi } from "./serviceSettings";

/** What a management client needs; ManagementSettings from provider/settings fits. */
export interface ManagementConnection {
  readonly apiUrl: string;
  readonly tokenKey: string;
  readonly tokenSecret: string;
  /** The wire the API speaks; the specification's when absent. */
  readonly dialect?: ApiDialect;
}

const { tokenKey, tokenSecret, managementApiUrl, organizationId } = SETTINGS;

export const MANAGEMENT_PROFILE: ClientProfile = {
  api: "management",
  title: "management API",
  credentialHint:
    `Set an enabled, unexpired API key of the organization: \`${configSetCommand(tokenKey)}\` and ` +
    `\`${configSetCommand(tokenSecret)}\`, or the environment variables ${tokenKey.envVar} and ${tokenSecret.envVar}.`,
  urlHint: `${managementApiUrl.key} (or ${managementApiUrl.envVar})`,
  permissionHint:
    `The API key is valid but may not do this: check that it belongs to the organization ` +
    `(${organizationId.key} or ${organizationId.envVar}) and that its roles allow the operation.`,
  notFoundHint:
    `Check the ids and ${organizationId.key} (or ${organizationId.envVar}); ` +
    "the object may have been deleted outside Pulumi.",
  urlSettingKey: managementApiUrl.key,
  envelopeField: "result",
  throttle: MANAGEMENT_THROTTLE,
};

/** Tuning of a management client: the HTTP core's, and how operations refused while a service is idle wake it. */
export interface ManagementOptions extends HttpOptions {
  readonly wake?: Partial<WakeSettings>;
}

/** The management API, one property per API area. */
export class ManagementClient {
  readonly reversePrivateEndpoints: ReversePrivateEndpointsApi;
  readonly clickPipes: ClickPipesApi;
  readonly services: ServicesApi;
  readonly organizations: OrganizationsApi;
  readonly keys: KeysApi;
  readonly roles: RolesApi;
  readonly members: MembersApi;
  readonly invitations: InvitationsApi;
  readonly privateEndpoints: PrivateEndpointsApi;
  readonly serviceQueryEndpoints: ServiceQueryEndpointsApi;
  readonly upgradeWindows: UpgradeWindowsApi;
  readonly clickhouseSettings: ClickHouseSettingsApi;
  readonly scalingSchedules: ScalingSchedulesApi;
  readonly dialect: ApiDialect;

  /** Prefer managementClient(), which shares one client (and its throttle) per credential. */
  constructor(connection: ManagementConnection, options: ManagementOptions = {}) {
    this.dialect = connection.dialect ?? "spec";
    const http = new HttpCore(
      MANAGEMENT_PROFILE,
      basicAuthConnection(connection.apiUrl, connection.tokenKey, connection.tokenSecret),
      options,
    );
    this.services = new ServicesApi(http, this.dialect);
    const waker = new IdleServiceWaker(this.services, options.clock ?? systemClock, {
      ...DEFAULT_WAKE_SETTINGS,
      ...options.wake,
    });
    this.reversePrivateEndpoints = new ReversePrivateEndpointsApi(http, waker, this.dialect);
    this.clickPipes = new ClickPipesApi(http, waker);
    this.organizations = new OrganizationsApi(http);
    this.keys = new KeysApi(http, this.dialect);
    this.roles = new RolesApi(http);
    this.members = new MembersApi(http);
    this.invitations = new InvitationsApi(http);
    this.privateEndpoints = new PrivateEndpointsApi(http, this.organizations, this.services);
    this.serviceQueryEndpoints = new ServiceQueryEndpointsApi(http);
    this.upgradeWindows = new UpgradeWindowsApi(http);
    this.clickhouseSettings = new ClickHouseSettingsApi(http);
    this.scalingSchedules = new ScalingSchedulesApi(http);
  }
}

/** A connection with a Cloud API key (HTTP Basic), the key's parts kept out of everything reported. */
export function basicAuthConnection(baseUrl: string, tokenKey: string, tokenSecret: string): Connection {
  const basic = Buffer.from(`${tokenKey}:${tokenSecret}`).toString("base64");
  return { baseUrl, authorization: `Basic ${basic}`, secrets: [tokenKey, tokenSecret, basic] };
}

const clients = new ClientCache<ManagementClient>();

/**
 * The process-wide client for this base URL, key and throttle, created on first use. The other `options` apply
 * only when this call creates the client; later calls for the same base URL, key and throttle get that client.
 */
export function managementClient(
  connection: ManagementConnection,
  options?: ManagementOptions,
): ManagementClient {
  const credential = `${connection.tokenKey}:${connection.tokenSecret}`;
  const throttle = `${throttleKey(MANAGEMENT_THROTTLE, options?.throttle)}\n${sharedBudgetKey(options?.sharedBudget)}`;
  const api = `management:${connection.dialect ?? "spec"}`;
  return clients.getOrCreate(api, connection.apiUrl, credential, throttle, () => {
    return new ManagementClient(connection, options);
  });
}
