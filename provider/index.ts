/**
 * pulumi-clickhouse-cloud: Pulumi resources for ClickHouse Cloud services, API keys and observability alerts.
 * This module is the public surface and nothing else.
 */
export { ReversePrivateEndpoint, type ReversePrivateEndpointArgs } from "./resources/reversePrivateEndpoint";
export { ConfigurationError } from "./config";
export { ApiError } from "./rest";
