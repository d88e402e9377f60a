export { ManagementClient, managementClient, MANAGEMENT_PROFILE, type ManagementConnection } from "./client";
export { KeysApi } from "./keys";
export { OrganizationsApi } from "./organizations";
export { PrivateEndpointsApi } from "./privateEndpoints";
export { ReversePrivateEndpointsApi } from "./reversePrivateEndpoints";
export { ServicesApi } from "./services";
export type * from "./models";
