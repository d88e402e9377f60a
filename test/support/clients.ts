/**
 * The REST clients the tests use: connected to an emulator with its fixture's credentials, or to a canned
 * server's URL with placeholder ones (the canned server checks none).
 */
import type { Fixture } from "../../emulator";
import type { HttpOptions } from "../../provider/rest/transport/http";
import { ManagementClient } from "../../provider/rest/management";
import { ObservabilityClient } from "../../provider/rest/observability";

export function managementClientFor(target: Fixture | string, options: HttpOptions = {}): ManagementClient {
  const connection =
    typeof target === "string"
      ? { apiUrl: target, tokenKey: "key-id-1", tokenSecret: "secret-1" }
      : {
          apiUrl: target.managementUrl,
          tokenKey: target.tokenKey,
          tokenSecret: target.tokenSecret,
          dialect: target.dialect,
        };
  return new ManagementClient(connection, options);
}

export function observabilityClientFor(
  target: Fixture | string,
  options: HttpOptions = {},
): ObservabilityClient {
  const connection =
    typeof target === "string"
      ? { apiUrl: target, apiToken: "token-1" }
      : { apiUrl: target.observabilityUrl, apiToken: target.observabilityToken, dialect: target.dialect };
  return new ObservabilityClient(connection, options);
}

/** A client of the managed ClickStack of the fixture's service `serviceId`, with the Cloud API's URL and key. */
export function clickStackClientFor(
  fixture: Fixture,
  serviceId: string,
  options: HttpOptions = {},
): ObservabilityClient {
  return new ObservabilityClient(
    {
      apiUrl: fixture.managementUrl,
      apiToken: "",
      clickstack: {
        serviceId,
        organizationId: fixture.organizationId,
        tokenKey: fixture.tokenKey,
        tokenSecret: fixture.tokenSecret,
      },
    },
    options,
  );
}

/** The observability API of `fixture`, or of the managed ClickStack of `clickstackServiceId`. */
export function observabilityClientOn(fixture: Fixture, clickstackServiceId?: string): ObservabilityClient {
  if (clickstackServiceId === undefined) return observabilityClientFor(fixture, { throttle: "off" });
  return new ObservabilityClient(
    {
      apiUrl: fixture.managementUrl,
      apiToken: "",
      clickstack: {
        serviceId: clickstackServiceId,
        organizationId: fixture.organizationId,
        tokenKey: fixture.tokenKey,
        tokenSecret: fixture.tokenSecret,
      },
    },
    { throttle: "off" },
  );
}
