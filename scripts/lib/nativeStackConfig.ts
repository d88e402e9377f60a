/**
 * The native plugin's settings for an emulator (`clickhouse-cloud:*`): credentials as secrets, both throttles off, and
 * the wire the emulator speaks.
 */
import type { ConfigMap } from "@pulumi/pulumi/automation";
import type { Fixture } from "../../emulator";

export function nativeStackConfig(fixture: Fixture): ConfigMap {
  return {
    "clickhouse-cloud:apiUrl": { value: fixture.managementUrl },
    "clickhouse-cloud:organizationId": { value: fixture.organizationId },
    "clickhouse-cloud:tokenKey": { value: fixture.tokenKey },
    "clickhouse-cloud:tokenSecret": { value: fixture.tokenSecret, secret: true },
    "clickhouse-cloud:throttle": { value: "off" },
    "clickhouse-cloud:observabilityApiUrl": { value: fixture.observabilityUrl },
    "clickhouse-cloud:observabilityApiToken": { value: fixture.observabilityToken, secret: true },
    "clickhouse-cloud:observabilityThrottle": { value: "off" },
    "clickhouse-cloud:apiDialect": { value: fixture.dialect },
    "clickhouse-cloud:observabilityApiDialect": { value: fixture.dialect },
  };
}
