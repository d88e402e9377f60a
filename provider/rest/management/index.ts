export {
  ManagementClient,
  managementClient,
  MANAGEMENT_PROFILE,
  type ManagementConnection,
  type ManagementOptions,
} from "./client";
export { DEFAULT_WAKE_SETTINGS, IdleServiceWaker, stateRefusedIn, type WakeSettings } from "./idleServices";
export { ClickPipesApi } from "./clickPipes";
export { KeysApi } from "./keys";
export { RolesApi } from "./roles";
export { MembersApi } from "./members";
export { InvitationsApi } from "./invitations";
export { OrganizationsApi } from "./organizations";
export { PrivateEndpointsApi } from "./privateEndpoints";
export { ReversePrivateEndpointsApi } from "./reversePrivateEndpoints";
export { ServicesApi } from "./services";
export {
  ServiceQueryEndpointsApi,
  type ServiceQueryEndpointObject,
  type ServiceQueryEndpointRequest,
} from "./serviceQueryEndpoints";
export { UpgradeWindowsApi, type UpgradeWindowObject, type UpgradeWindowRequest } from "./upgradeWindows";
export {
  ClickHouseSettingsApi,
  ScalingSchedulesApi,
  type ClickHouseSettingsCatalog,
  type ClickHouseSettingsList,
  type ClickHouseSettingsPatchResult,
  type ScalingSchedule,
  type ScalingScheduleRequest,
} from "./serviceSettings";
export type * from "./models";
