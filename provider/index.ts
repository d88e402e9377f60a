/**
 * pulumi-clickhouse-cloud: Pulumi resources for ClickHouse Cloud services, API keys and observability alerts.
 * This module is the public surface and nothing else.
 */
export * from "./classes";
export {
  getPrivateEndpointConfig,
  getPrivateEndpointConfigOutput,
  WireUnavailableError,
  type PrivateEndpointConfigArgs,
  type PrivateEndpointConfigResult,
  getService,
  getServiceOutput,
  getServices,
  getServicesOutput,
  AmbiguousServiceNameError,
  ServiceNotFoundError,
  type GetServiceArgs,
  type GetServicesArgs,
  type ServiceInfo,
  type ServicesResult,
  getMembers,
  getMembersOutput,
  type GetMembersArgs,
  type MemberInfo,
  type MembersResult,
  getOrganization,
  getOrganizationOutput,
  getRoles,
  getRolesOutput,
  type GetOrganizationArgs,
  type GetRolesArgs,
  type OrganizationByocInfo,
  type OrganizationInfo,
  type OrganizationPrivateEndpointInfo,
  type RoleInfo,
  type RolePolicyInfo,
  type RolesResult,
  getSeries,
  getSeriesOutput,
  type DeprecatedPercentileAggFn,
  type SeriesDefinition,
  type SeriesDefinitionInput,
  type SeriesPoint,
  type SeriesQueryArgs,
  type SeriesQueryOutputArgs,
  type SeriesQueryResult,
  type SeriesRow,
} from "./functions";
export { ConfigurationError } from "./settings";
export { ApiError, SeriesSourceNotFoundError } from "./rest";
export { RequestValidationError, type ValidationProblem } from "./validation/validate";
