/**
 * Creates, reads, updates and deletes API keys. A key stays outside the lifecycle templates
 * (`resources/lifecycle/`): the create's reply alone carries its secret, so a key that a lost reply made is deleted
 * and made again rather than adopted, and is told from others by a marker in its name (`createKeyOnce`); an
 * adopted key has no secret to report; and an update PATCHes the settings that changed instead of replacing the
 * key. Each of these would be a hook that only keys use, and the template's create would go unused.
 */
import type { ApiKey as RemoteKey, ApiKeyUpdateRequest, KeysApi } from "../../rest";
import { limits } from "../../../schemas";
import type { ResourceOperations } from "../operations";
import { deleteIfPresent, readOrGone } from "../lifecycle/readOrGone";
import { fieldsOf, pick, type PropertyBag } from "../../propertyBags";
import type { ApiKeyInputs, ApiKeyOutputs } from "./shapes";
import { createKeyOnce } from "./createOnce";
import { credentialInputsFromOutputs, effectiveHashData, hasOwnCredentials } from "./credentials";
import { comparableSettings, createRequest, mutableSettings, settingsPatch } from "./settings";

/** Inputs that are not settings of the key; echoed in the outputs so that `read` can rebuild the inputs. */
const echoedInputs = ["rotationTrigger", "adoptId"] as const;
/**
 * The credentials: returned by the create only (unless the program gave them), and kept from the previous outputs
 * by every later operation; hashData is what the create sent, when it sent hashes.
 */
const credentialOutputs = ["keyId", "keySecret", "hashData"] as const;

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

  inputsFromOutputs(outs) {
    return {
      ...pick(outs, ["organizationId", ...echoedInputs, ...mutableSettings]),
      ...credentialInputsFromOutputs(outs),
    };
  },

  async create(inputs, context) {
    const { client, organizationId } = context.management(inputs.organizationId ?? undefined);
    const keys = client.keys;

    if (typeof inputs.adoptId === "string") {
      const adopted = await keys.get(organizationId, inputs.adoptId);
      const key = await applySettings(keys, organizationId, adopted, inputs);
      context.progress(`adopted key ${key.id} ("${key.name}"); its keyId and keySecret cannot be read back`);
      return { id: key.id, outs: keyOutputs(key, organizationId, carriedOver(inputs, {})) };
    }

    const created = await createKeyOnce(
      context,
      keys,
      organizationId,
      createRequest({ ...inputs, hashData: effectiveHashData(inputs) }),
    );
    // keyId and keySecret come back only here, and only without hashData. The Resource declares keySecret (and,
    // for a key made from the program's own credentials, keyId and hashData) additional secret outputs, so the
    // engine encrypts them before they reach state.
    const outs = keyOutputs(created.key, organizationId, carriedOver(inputs, fieldsOf(created)));
    return { id: created.key.id, outs };
  },

  async read(id, olds, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    return readOrGone(async () => {
      const key = await client.keys.get(organizationId, id);
      // The settings come from the API; what it cannot return (the credentials, hashData and the other inputs that
      // are not key settings) is carried over from the previous outputs.
      const carried = { ...pick(olds, [...echoedInputs, ...credentialOutputs]), state: stateOf(olds) };
      return { id, outs: keyOutputs(key, organizationId, carried) };
    });
  },

  async update(id, olds, news, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    const patch = settingsPatch(olds, news);
    const key = isEmpty(patch)
      ? await client.keys.get(organizationId, id)
      : await client.keys.update(organizationId, id, patch);
    return keyOutputs(key, organizationId, carriedOver(news, olds));
  },

  async delete(id, olds, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    await deleteIfPresent(() => client.keys.delete(organizationId, id));
  },
};

/** PATCHes an existing key to the inputs' settings when they differ from what it has. */
async function applySettings(
  keys: KeysApi,
  organizationId: string,
  key: RemoteKey,
  inputs: PropertyBag,
): Promise<RemoteKey> {
  const patch = settingsPatch(fieldsOf(key), inputs);
  return isEmpty(patch) ? key : keys.update(organizationId, key.id, patch);
}

function isEmpty(patch: ApiKeyUpdateRequest): boolean {
  return Object.keys(patch).length === 0;
}

/**
 * What the outputs carry over from elsewhere than the key object: the inputs that are not key settings, the
 * requested state (in case the API leaves it out), and the credentials: the program's own with the hashData
 * sent for them, or the hashData it gave, or the keyId and keySecret only the create returns.
 */
function carriedOver(inputs: PropertyBag, issuedCredentialsFrom: PropertyBag): PropertyBag {
  const credentials = hasOwnCredentials(inputs)
    ? pick(inputs, ["keyId", "keySecret"])
    : pick(issuedCredentialsFrom, ["keyId", "keySecret"]);
  return {
    ...pick(inputs, echoedInputs),
    state: stateOf(inputs),
    ...credentials,
    ...pick({ hashData: effectiveHashData(inputs) }, ["hashData"]),
  };
}

function stateOf(bag: PropertyBag): unknown {
  return bag.state ?? limits.apiKey.defaultState;
}

/**
 * Outputs: what is carried over, the API's key object without nulls (a key that never expires or was never used
 * has no expireAt or usedAt) and the organization.
 */
function keyOutputs(key: RemoteKey, organizationId: string, carried: PropertyBag): ApiKeyOutputs {
  // The API's `id` is the resource id; Pulumi reserves `id` as an output name.
  const { id: _id, ...fields } = fieldsOf(key);
  const outputs: PropertyBag = { ...carried, ...pick(fields, Object.keys(fields)), organizationId };
  // The API's answer was validated against its schema, which requires what the outputs always carry.
  return outputs as ApiKeyOutputs;
}
