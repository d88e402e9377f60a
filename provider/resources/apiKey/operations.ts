/**
 * Creates, reads, updates and deletes API keys. A key stays outside the lifecycle templates
 * (`resources/lifecycle/`): the create's reply alone carries its secret, so a key that a lost reply made is deleted
 * and made again rather than adopted, and is told from others by a marker in its name (`createKeyOnce`); an
 * adopted key has no secret to report; and an update PATCHes the settings that changed instead of replacing the
 * key. Each of these would be a hook that only keys use, and the template's create would go unused.
 */
import type {
  ApiKeyCreateResult,
  ApiKeyHashData,
  ApiKey as RemoteKey,
  ApiKeyUpdateRequest,
  KeysApi,
} from "../../rest";
import { apiKeyRoles, apiKeyStates, limits } from "../../../schemas";
import type { ResourceOperations } from "../operations";
import { deleteIfPresent, readOrGone } from "../lifecycle/readOrGone";
import { eachListed, listed, optional, setOrUndefined, text } from "../fields/reportedValues";
import { fieldsOf, pick, type PropertyBag } from "../../propertyBags";
import type { ApiKeyInputs, ApiKeyOutputs } from "./shapes";
import { createKeyOnce, discardCreatedKey } from "./createOnce";
import { credentialInputsFromOutputs, effectiveHashData, hasOwnCredentials, hashDataIn } from "./credentials";
import { comparableSettings, createRequest, mutableSettings, settingsPatch } from "./settings";
import { keyRoleOwners } from "./roleOwners";
import { setsInput } from "../ownership";
import { assignedRolesOf, type AssignedRole } from "../fields/assignedRoles";

/** Inputs that are not settings of the key; echoed in the outputs so that `read` can rebuild the inputs. */
const echoedInputs = ["rotationTrigger", "adoptId"] as const;

export const operations: ResourceOperations<ApiKeyInputs, ApiKeyOutputs> = {
  /**
   * The credentials a key was made from are compared as the hashData the create sent (the outputs keep it),
   * whichever way the program gave them: so a changed secret replaces the key, and so does going from own
   * credentials to issued ones or back.
   */
  comparable(olds, news) {
    const sent = { ...news.known, hashData: effectiveHashData(news.known) };
    return { olds: comparableSettings(olds), news: comparableSettings(sent) };
  },

  noteDiff(id, news) {
    keyRoleOwners.record(id, setsInput(news, "assignedRoleIds"));
  },

  /**
   * An imported key's roles are given one way: by its role words when it has any (the roles it holds by id are then
   * left to the RoleAssignments `export` lists), else by role ids, which `export` then lists no assignment for.
   */
  inputsFromOutputs(outs, purpose) {
    const byIdOnly = (outs.roles ?? []).length === 0 && (outs.assignedRoleIds ?? []).length > 0;
    const leftOut = purpose === "refresh" ? [] : byIdOnly ? ["roles"] : ["assignedRoleIds"];
    const settings = mutableSettings.filter((name) => !leftOut.includes(name));
    return {
      ...pick(outs, ["organizationId", ...echoedInputs, ...settings]),
      ...credentialInputsFromOutputs(outs),
    };
  },

  async create(inputs, context, target) {
    const { client, organizationId } = context.management(inputs.organizationId ?? undefined);
    const keys = client.keys;

    if (typeof inputs.adoptId === "string") {
      keyRoleOwners.record(inputs.adoptId, inputs.assignedRoleIds != null);
      const adopted = await keys.get(organizationId, inputs.adoptId);
      const key = await applySettings(keys, organizationId, adopted, inputs);
      context.progress(`adopted key ${key.id} ("${key.name}"); its keyId and keySecret cannot be read back`);
      return { id: key.id, outs: keyOutputs(key, organizationId, inputs, carriedOver(inputs, {})) };
    }

    const created = await createKeyOnce(
      context,
      keys,
      organizationId,
      createRequest({ ...inputs, hashData: effectiveHashData(inputs) }),
      target?.urn,
    );
    // keyId and keySecret come back only here, and only without hashData. The Resource declares keySecret (and,
    // for a key made from the program's own credentials, keyId and hashData) additional secret outputs, so the
    // engine encrypts them before they reach state.
    keyRoleOwners.record(created.key.id, inputs.assignedRoleIds != null);
    return { id: created.key.id, outs: await newKeyOutputs(keys, organizationId, inputs, created) };
  },

  async read(id, olds, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    return readOrGone(async () => {
      const key = await client.keys.get(organizationId, id, "recent");
      // The settings come from the API; what it cannot return (the credentials, hashData and the other inputs that
      // are not key settings) is carried over from the previous outputs.
      return { id, outs: keyOutputs(key, organizationId, olds, recordedBefore(olds)) };
    });
  },

  async update(id, olds, news, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    keyRoleOwners.record(id, news.assignedRoleIds != null);
    const patch = settingsPatch(olds, news);
    const key = isEmpty(patch)
      ? await client.keys.get(organizationId, id)
      : await client.keys.update(organizationId, id, patch);
    return keyOutputs(key, organizationId, news, carriedOver(news, olds, olds));
  },

  async delete(id, olds, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    await deleteIfPresent(() => client.keys.delete(organizationId, id));
    keyRoleOwners.forget(id);
  },
};

/** PATCHes an existing key to the inputs' settings when they differ from what it has. */
async function applySettings(
  keys: KeysApi,
  organizationId: string,
  key: RemoteKey,
  inputs: PropertyBag,
): Promise<RemoteKey> {
  const patch = settingsPatch({ ...fieldsOf(key), assignedRoleIds: assignedRoleIdsOf(key) }, inputs);
  return isEmpty(patch) ? key : keys.update(organizationId, key.id, patch);
}

function isEmpty(patch: ApiKeyUpdateRequest): boolean {
  return Object.keys(patch).length === 0;
}

/**
 * The outputs of a key just created. An answer they cannot be read from leaves a key whose secret only this
 * process holds, so the key is deleted and the create fails saying why.
 */
async function newKeyOutputs(
  keys: KeysApi,
  organizationId: string,
  inputs: ApiKeyInputs,
  created: ApiKeyCreateResult,
): Promise<ApiKeyOutputs> {
  try {
    return keyOutputs(created.key, organizationId, inputs, carriedOver(inputs, created));
  } catch (error) {
    if (!(error instanceof UnreadableKey)) throw error;
    return discardCreatedKey(keys, organizationId, created.key, inputs.name, error.message, error);
  }
}

/** An answer for a key that lacks a field the outputs always carry, with nothing to take it from. */
class UnreadableKey extends Error {
  override readonly name = "UnreadableKey";
}

/** The settings the outputs fall back on where the key object leaves one out: those the program asked for. */
type Requested = Pick<ApiKeyInputs, "name" | "roles" | "state">;

/** The uuids of the roles the key holds, in lower case and sorted; undefined when the API shows none (the spec). */
function assignedRoleIdsOf(key: RemoteKey): string[] | undefined {
  if (!Array.isArray(key.assignedRoles)) return undefined;
  return key.assignedRoles.map((role) => role.roleId.toLowerCase()).sort();
}

/** The roles the key holds as the API shows them, each with the name and type it reports. */
function shownRolesOf(key: RemoteKey): AssignedRole[] | undefined {
  return Array.isArray(key.assignedRoles) ? assignedRolesOf(key.assignedRoles) : undefined;
}

/**
 * What the outputs carry over from elsewhere than the key object: the inputs that are not key settings, the
 * credentials (the program's own with the hashData sent for them, or the hashData it gave, or the keyId and
 * keySecret only the create returns), and, after the create, the keySuffix and createdAt recorded then, which
 * never change.
 */
interface Carried {
  readonly rotationTrigger?: string;
  readonly adoptId?: string;
  readonly keyId?: string;
  readonly keySecret?: string;
  readonly hashData?: ApiKeyHashData;
  readonly keySuffix?: string;
  readonly createdAt?: string;
}

/** What the inputs carry over, with the credentials `issued` holds unless the program gave its own. */
function carriedOver(
  inputs: ApiKeyInputs,
  issued: { readonly keyId?: string | null; readonly keySecret?: string | null },
  recorded?: ApiKeyOutputs,
): Carried {
  const credentials = hasOwnCredentials(inputs) ? inputs : issued;
  return {
    rotationTrigger: setOrUndefined(inputs.rotationTrigger),
    adoptId: setOrUndefined(inputs.adoptId),
    keyId: setOrUndefined(credentials.keyId),
    keySecret: setOrUndefined(credentials.keySecret),
    hashData: hashDataIn(effectiveHashData(inputs)),
    keySuffix: recorded?.keySuffix,
    createdAt: recorded?.createdAt,
  };
}

/** What a read carries over: everything, from the previous outputs. */
function recordedBefore(olds: ApiKeyOutputs): Carried {
  const { rotationTrigger, adoptId, keyId, keySecret, hashData, keySuffix, createdAt } = olds;
  return { rotationTrigger, adoptId, keyId, keySecret, hashData, keySuffix, createdAt };
}

/**
 * Outputs: the API's key object, what is carried over and the organization. The key's schema checks little of it:
 * a name, roles or state it leaves out or reports null, and roles or a state that are not values the API lists, are
 * the requested ones (the inputs', or the recorded outputs' on a read; a state nobody asked for is the API's
 * default, enabled);
 * an IP access list it leaves out is empty, which is what absent means to the API; expireAt and usedAt are
 * absent when the key never expires or was never used. keySuffix and createdAt, which never change, are the ones
 * recorded before when the API leaves them out, and keySuffix is the last characters of the key id when that is
 * known (the program's own, or the one the create issued); an answer that leaves out either with nothing to take
 * it from is refused.
 */
function keyOutputs(
  key: RemoteKey,
  organizationId: string,
  requested: Requested,
  carried: Carried,
): ApiKeyOutputs {
  const keySuffix =
    text(key.keySuffix) ??
    carried.keySuffix ??
    carried.keyId?.slice(-limits.apiKey.suffixLength) ??
    carried.hashData?.keyIdSuffix;
  const createdAt = text(key.createdAt) ?? carried.createdAt;
  if (keySuffix === undefined)
    throw new UnreadableKey(`the API's answer for API key ${key.id} has no keySuffix`);
  if (createdAt === undefined)
    throw new UnreadableKey(`the API's answer for API key ${key.id} has no createdAt`);
  return {
    name: key.name ?? requested.name,
    roles: eachListed(apiKeyRoles, key.roles) ?? requested.roles ?? [],
    ...optional("assignedRoleIds", assignedRoleIdsOf(key)),
    ...optional("assignedRoles", shownRolesOf(key)),
    keySuffix,
    createdAt,
    ...optional("expireAt", setOrUndefined(key.expireAt)),
    ...optional("usedAt", text(key.usedAt)),
    ipAccessList: (key.ipAccessList ?? []).map((entry) => ({
      source: entry.source,
      ...optional("description", setOrUndefined(entry.description)),
    })),
    state: listed(apiKeyStates, key.state) ?? requested.state ?? limits.apiKey.defaultState,
    ...optional("keyId", carried.keyId),
    ...optional("keySecret", carried.keySecret),
    ...optional("hashData", carried.hashData),
    organizationId,
    ...optional("adoptId", carried.adoptId),
    ...optional("rotationTrigger", carried.rotationTrigger),
  };
}
