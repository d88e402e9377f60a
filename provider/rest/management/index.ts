export {
  ManagementClient,
  managementClient,
  MANAGEMENT_PROFILE,
  type ManagementConnection,
  type ManagementOptions,
} from "./client";
export { DEFAULT_WAKE_SETTINGS, IdleServiceWaker, stateRefusedIn, type WakeSettings } from "./idleServices";
export { KeysApi } from "./keys";
export { OrganizationsApi } from "./organizations";
export { PrivateEndpointsApi } from "./privateEndpoints";
export { ReversePrivateEndpointsApi } from "./reversePrivateEndpoints";
export { ServicesApi } from "./services";
export type * from "./models";
