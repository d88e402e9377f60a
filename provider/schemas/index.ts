/**
 * Every JSON Schema of both APIs, keyed by name. The REST layer validates requests and responses with them,
 * the resources' `check` reports their failures, and the emulator enforces them.
 */
import { managementSchemas } from "./management";
import { observabilitySchemas } from "./observability";

export const schemas = {
  ...managementSchemas,
  ...observabilitySchemas,
} as const;

export { annotationKeywords, ruleKeyword } from "./common";
export * from "./enums";
export * from "./limits";
