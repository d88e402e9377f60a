/** The REST layer: typed clients of both APIs and the errors they raise. */
export * from "./management";
export * from "./observability";
export { ApiError, isNotFound, UNEXPECTED_RESPONSE, type ApiName, type HttpMethod } from "./errors";
export { DEFAULT_TIMEOUT_MS, type HttpOptions } from "./http";
export { DEFAULT_RETRY_SETTINGS, type RetrySettings } from "./retry";
export { MANAGEMENT_THROTTLE, OBSERVABILITY_THROTTLE, type ThrottleSettings } from "./throttle";
export { systemClock, type Clock } from "./clock";
