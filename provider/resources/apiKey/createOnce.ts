/**
 * Creating a key so that exactly one exists afterwards, even when a create's reply is lost.
 *
 * The key's secret is returned by the create's reply only and can never be read back, so a key that a lost reply
 * made cannot be adopted usefully: it is deleted and the create is sent again. A key is taken for the one the lost
 * reply made only when the API dates it no earlier than the create (less the allowed clock skew), it has the name
 * and roles that were sent (and the key id suffix, when hashes were sent), and it was never used: nobody but that
 * lost reply ever had its secret. The old key of a rotation (create-before-delete, same name and all) is older, and
 * a key in use has been used, so neither is ever deleted.
 */
import type { ApiKey, ApiKeyCreateRequest, ApiKeyCreateResult, KeysApi } from "../../rest";
import { createWithReconcile } from "../support/createWithReconcile";
import { deleteIfPresent } from "../support/lifecycle";

export async function createKeyOnce(
  keys: KeysApi,
  organizationId: string,
  request: ApiKeyCreateRequest,
): Promise<ApiKeyCreateResult> {
  return createWithReconcile<ApiKeyCreateResult, ApiKey>({
    kind: "ApiKey",
    what: `API key "${request.name}"`,
    send: () => keys.create(organizationId, request),
    list: () => keys.list(organizationId),
    hasSentFields: (key) => hasSentFields(key, request),
    newness: { createdAt: (key) => key.createdAt },
    whenFound: {
      because: "so its secret is unknown",
      discard: (key) => deleteIfPresent(() => keys.delete(organizationId, key.id)),
    },
  });
}

function hasSentFields(key: ApiKey, request: ApiKeyCreateRequest): boolean {
  const roles = key.roles ?? [];
  const sameRoles =
    roles.length === request.roles.length && request.roles.every((role) => roles.includes(role));
  const sameSuffix = request.hashData === undefined || key.keySuffix === request.hashData.keyIdSuffix;
  const neverUsed = key.usedAt === undefined || key.usedAt === null || key.usedAt === "";
  return key.name === request.name && sameRoles && sameSuffix && neverUsed;
}
