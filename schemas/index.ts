/**
 * Every JSON Schema of both APIs, keyed by name: data that neither side's HTTP code owns. The provider's REST
 * layer validates requests and responses with them and its `check` reports their failures in its own words;
 * the emulator compiles them separately and words its refusals as the APIs do.
 */
import { managementSchemas } from "./management";
import { dashboardSchemas } from "./dashboards";
import { observabilitySchemas } from "./observability";
import { observabilityObjectSchemas } from "./observabilityObjects";
import { serviceSchemas } from "./services";
import { serviceQueryEndpointSchemas } from "./serviceQueryEndpoints";
import { upgradeWindowSchemas } from "./upgradeWindows";
import { clickhouseSettingsSchemas } from "./clickhouseSettings";
import { scalingScheduleSchemas } from "./scalingSchedules";
import { organizationAccessSchemas } from "./organizationAccess";
import { clickPipeSchemas } from "./clickPipes";

export const schemas = {
  ...managementSchemas,
  ...serviceSchemas,
  ...serviceQueryEndpointSchemas,
  ...upgradeWindowSchemas,
  ...clickhouseSettingsSchemas,
  ...scalingScheduleSchemas,
  ...organizationAccessSchemas,
  ...clickPipeSchemas,
  ...observabilitySchemas,
  ...observabilityObjectSchemas,
  ...dashboardSchemas,
} as const;

export { annotationKeywords, ruleKeyword } from "./common";
export * from "./dialects";
export * from "./enums";
export * from "./limits";
export { serviceQueryEndpointRoles, type ServiceQueryEndpointRole } from "./serviceQueryEndpoints";
export { upgradeWindowLimits } from "./upgradeWindows";
export { permissionPattern } from "./organizationAccess";
export { privateDnsNamePattern, privateDnsNameRule } from "./management";
