/** Pulumi functions of this package; they run in the program process. */
export { getSeries, getSeriesOutput } from "./getSeries";
export { getPrivateEndpointConfig, getPrivateEndpointConfigOutput } from "./getPrivateEndpointConfig";
export {
  WireUnavailableError,
  type PrivateEndpointConfigArgs,
  type PrivateEndpointConfigResult,
} from "./privateEndpointConfig";
export { getService, getServiceOutput } from "./getService";
export { getServices, getServicesOutput } from "./getServices";
export type { GetServiceArgs, GetServicesArgs } from "./serviceArguments";
export { getMembers, getMembersOutput } from "./getMembers";
export type { GetMembersArgs, MemberInfo, MembersResult } from "./memberLookup";
export { getOrganization, getOrganizationOutput } from "./getOrganization";
export { getRoles, getRolesOutput } from "./getRoles";
export type {
  GetOrganizationArgs,
  GetRolesArgs,
  OrganizationByocInfo,
  OrganizationInfo,
  OrganizationPrivateEndpointInfo,
  RoleInfo,
  RolePolicyInfo,
  RolesResult,
} from "./organizationLookup";
export {
  AmbiguousServiceNameError,
  ServiceNotFoundError,
  type ServiceInfo,
  type ServicesResult,
} from "./serviceLookup";
export type {
  DeprecatedPercentileAggFn,
  SeriesDefinition,
  SeriesDefinitionInput,
  SeriesPoint,
  SeriesQueryArgs,
  SeriesQueryOutputArgs,
  SeriesQueryResult,
  SeriesRow,
} from "./series";
