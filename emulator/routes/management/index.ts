/**
 * The management API's scope: every route needs Basic auth with a key of the organization and addresses
 * the fixture's organization. A well-formed organization id that isn't ours is a 403 (the key has no access
 * to it, as with the real API); a malformed one is a 400. Path uuids are read in any case and lower-cased before
 * the routes look them up. Rate limits apply per key.
 */
import type { FastifyInstance } from "fastify";
import { authenticateApiKey } from "../../server/auth";
import type { EmulatorContext } from "../../server/context";
import { ApiError } from "../../server/errors";
import type { RateLimitCounters } from "../../server/rateLimits";
import { limitManagementRate } from "../../server/rateLimits";
import { canonicalUuidParams } from "../../model/ids";
import { assertUuidParams } from "./common";
import { clickPipeRoutes } from "./clickPipes";
import { clickstackRoutes } from "./clickstack";
import { keyRoutes } from "./keys";
import { privateEndpointRoutes } from "./privateEndpoints";
import { organizationRoutes } from "./organization";
import { roleRoutes } from "./roles";
import { memberRoutes } from "./members";
import { invitationRoutes } from "./invitations";
import { reversePrivateEndpointRoutes } from "./reversePrivateEndpoints";
import { serviceRoutes } from "./services";
import { serviceQueryEndpointRoutes } from "./serviceQueryEndpoint";
import { upgradeWindowRoutes } from "./upgradeWindow";
import { serviceSettingRoutes } from "./serviceSettings";

export async function managementApi(
  scope: FastifyInstance,
  context: EmulatorContext,
  counters: RateLimitCounters,
): Promise<void> {
  scope.addHook("onRequest", async (request) => {
    const key = authenticateApiKey(context, request);
    request.principal = { kind: "apiKey", keyRecordId: key.id };
    canonicalUuidParams(request.params as Record<string, string>);
    // keyId is checked by the key routes themselves: it names a key, which may not exist. A managed ClickStack alert's
    // `id` is an object id, checked by its routes; `*` is the rest of a path the gateway does not serve; a ClickHouse
    // setting's name is checked against the settings' schema.
    const params = request.params as Record<string, string>;
    const { keyId: _keyId, id: _alertId, "*": _rest, settingName: _setting, ...ids } = params;
    assertUuidParams(ids);
    if (ids.organizationId !== context.fixture.organizationId) {
      throw new ApiError(403, `The API key has no access to organization ${ids.organizationId}`);
    }
  });
  await limitManagementRate(scope, context, counters);
  organizationRoutes(scope, context);
  serviceRoutes(scope, context);
  serviceQueryEndpointRoutes(scope, context);
  upgradeWindowRoutes(scope, context);
  serviceSettingRoutes(scope, context);
  reversePrivateEndpointRoutes(scope, context);
  clickPipeRoutes(scope, context);
  privateEndpointRoutes(scope, context);
  keyRoutes(scope, context);
  roleRoutes(scope, context);
  memberRoutes(scope, context);
  invitationRoutes(scope, context);
  if (context.dialect === "production") clickstackRoutes(scope, context);
}
