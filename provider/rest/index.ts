/** The REST layer: typed clients of both APIs and the errors they raise. */
export * from "./management";
export * from "./observability";
export { ApiError, isNotFound, UNEXPECTED_RESPONSE, type ApiName, type HttpMethod } from "./errors/apiError";
export { DEFAULT_TIMEOUT_MS, type HttpOptions } from "./transport/http";
export { DEFAULT_RETRY_SETTINGS, type RetrySettings } from "./transport/retry";
export { MANAGEMENT_THROTTLE, OBSERVABILITY_THROTTLE, type ThrottleSettings } from "./budget/throttle";
export { systemClock, type Clock } from "../clock";
