/**
 * Creating a key so that exactly one exists afterwards, even when a create's reply is lost.
 *
 * The key's secret is returned by the create's reply only and can never be read back, so a key that a lost reply
 * made cannot be adopted usefully: it is deleted and the create is sent again. A key is taken for the one the lost
 * reply made only when it carries this create's marker, the API dates it no earlier than the create (less the
 * allowed clock skew), it has the roles that were sent, and it was never used: nobody but that lost reply ever had
 * its secret. The marker tells it from a key that another run made at the same time with the same name and roles:
 * - a key made from hashes (the program's own credentials) carries its key id's suffix, which the program chose;
 * - any other key is created under its name with a marker, then renamed to its name once the reply is in. The
 *   marker is a hash of the resource's URN, which every run of its stack gives it and no other stack's: a key still
 *   under that marked name when the resource is created again was made by a run killed between its create and its
 *   rename, for this resource, and its secret died with that run, so the create deletes it first. Without a URN (the
 *   provider called outside the engine) the marker is random.
 * The old key of a rotation (create-before-delete, same name and all) is older, and a key in use has been used, so
 * neither is ever deleted.
 */
import { createHash, randomBytes } from "node:crypto";
import type { ApiKey, ApiKeyCreateRequest, ApiKeyCreateResult, KeysApi } from "../../rest";
import type { OperationContext } from "../operations";
import { createWithReconcile } from "../lifecycle/createWithReconcile";
import { deleteIfPresent } from "../lifecycle/readOrGone";

export async function createKeyOnce(
  context: OperationContext,
  keys: KeysApi,
  organizationId: string,
  request: ApiKeyCreateRequest,
  urn: string | undefined,
): Promise<ApiKeyCreateResult> {
  if (request.hashData !== undefined) return createMarked(context, keys, organizationId, request);
  const name = markedName(request.name, urn);
  if (urn !== undefined) await discardKilledRunsKeys(context, keys, organizationId, name);
  const created = await createMarked(context, keys, organizationId, { ...request, name });
  return { ...created, key: await renameOrDiscard(keys, organizationId, created.key, request.name) };
}

/**
 * The name a key is created under: its own with a marker no other resource's create uses, the same in every run of
 * the resource's stack when its URN is known.
 */
export function markedName(name: string, urn: string | undefined): string {
  const marker =
    urn === undefined
      ? randomBytes(6).toString("hex")
      : createHash("sha256").update(urn).digest("hex").slice(0, 12);
  return `${name} ~creating-${marker}`;
}

/**
 * The listing of an organization's keys that the creates waiting for one share: the engine starts the creates of a
 * program's keys together, and a key a killed run left is in any listing taken after this process started, so one
 * listing serves them all. It is shared only while it is on its way; a later create lists again.
 */
const listingsUnderWay = new WeakMap<KeysApi, Map<string, Promise<ApiKey[]>>>();

function sharedListing(keys: KeysApi, organizationId: string): Promise<ApiKey[]> {
  const ofClient = listingsUnderWay.get(keys) ?? new Map<string, Promise<ApiKey[]>>();
  listingsUnderWay.set(keys, ofClient);
  const underWay = ofClient.get(organizationId);
  if (underWay !== undefined) return underWay;
  const listing = keys.list(organizationId).finally(() => ofClient.delete(organizationId));
  ofClient.set(organizationId, listing);
  return listing;
}

/**
 * Deletes the keys under this resource's marked name: each was made by a run of this stack killed before it could
 * rename the key or record it, and the secret only that run had is gone, so the key can never be used.
 */
async function discardKilledRunsKeys(
  context: OperationContext,
  keys: KeysApi,
  organizationId: string,
  name: string,
): Promise<void> {
  const leftOver = (await sharedListing(keys, organizationId)).filter((key) => key.name === name);
  for (const key of leftOver) {
    context.progress(
      `deleting API key ${key.id} ("${key.name}"): an earlier run of this stack made it for this resource and was ` +
        "stopped before it could record it, so its secret is lost",
    );
    await deleteIfPresent(() => keys.delete(organizationId, key.id));
  }
}

/** Gives a key made under a marked name its own name; when that fails the key is discarded. */
async function renameOrDiscard(
  keys: KeysApi,
  organizationId: string,
  key: ApiKey,
  name: string,
): Promise<ApiKey> {
  try {
    return await keys.update(organizationId, key.id, { name });
  } catch (renameError) {
    const reason = (renameError as Error).message;
    return discardCreatedKey(
      keys,
      organizationId,
      key,
      name,
      `could not be given its name (${reason})`,
      renameError,
    );
  }
}

/**
 * Deletes a key this create made and cannot keep, so that no credential whose secret only this process holds
 * outlives a failed create, and fails with `failure` (what went wrong after the create); the error says how to
 * delete the key if even that fails.
 */
export async function discardCreatedKey(
  keys: KeysApi,
  organizationId: string,
  key: ApiKey,
  name: string,
  failure: string,
  cause: unknown,
): Promise<never> {
  try {
    await deleteIfPresent(() => keys.delete(organizationId, key.id));
  } catch (deleteError) {
    const reason = deleteError instanceof Error ? deleteError.message : String(deleteError);
    throw new Error(
      `API key ${key.id} was created as "${key.name}" but ${failure}, and could not be deleted either ` +
        `(${reason}): delete it (\`pulumi-clickhouse-cloud orphans --stack <name> --delete ` +
        `${key.id}\`), then run \`pulumi up\` again`,
      { cause },
    );
  }
  throw new Error(
    `API key "${name}" was created but ${failure}; it was deleted, so the next \`pulumi up\` starts clean`,
    { cause },
  );
}

async function createMarked(
  context: OperationContext,
  keys: KeysApi,
  organizationId: string,
  request: ApiKeyCreateRequest,
): Promise<ApiKeyCreateResult> {
  return createWithReconcile<ApiKeyCreateResult, ApiKey>(context, {
    what: `API key "${request.name}"`,
    send: () => keys.create(organizationId, request),
    list: () => keys.list(organizationId),
    hasSentFields: (key) => hasSentFields(key, request),
    newness: { createdAt: (key) => (typeof key.createdAt === "string" ? key.createdAt : undefined) },
    whenFound: {
      because: "so its secret is unknown",
      discard: (key) => deleteIfPresent(() => keys.delete(organizationId, key.id)),
    },
  });
}

function hasSentFields(key: ApiKey, request: ApiKeyCreateRequest): boolean {
  const roles = key.roles ?? [];
  const sentRoles = request.roles ?? [];
  const sameRoles = sameSet(roles, sentRoles) && sameRoleIds(key, request);
  const sameSuffix = request.hashData === undefined || key.keySuffix === request.hashData.keyIdSuffix;
  const neverUsed = key.usedAt === undefined || key.usedAt === null || key.usedAt === "";
  return key.name === request.name && sameRoles && sameSuffix && neverUsed;
}

/** The roles the key holds by id are the ones sent, when role ids were sent (ids in any case). */
function sameRoleIds(key: ApiKey, request: ApiKeyCreateRequest): boolean {
  if (request.assignedRoleIds === undefined) return true;
  const held = (key.assignedRoles ?? []).map((role) => role.roleId.toLowerCase());
  return sameSet(
    held,
    request.assignedRoleIds.map((id) => id.toLowerCase()),
  );
}

function sameSet(have: readonly string[], sent: readonly string[]): boolean {
  return have.length === sent.length && sent.every((item) => have.includes(item));
}
