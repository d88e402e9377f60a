import * as pulumi from "@pulumi/pulumi";
import type { ApiKey as RemoteKey, ApiKeyHashData, ApiKeyUpdateRequest, KeysApi } from "../rest";
import { limits, type ApiKeyRole, type ApiKeyState } from "../../schemas";
import { createKeyOnce } from "./apiKey/createOnce";
import {
  credentialFormats,
  credentialInputNames,
  credentialInputsFromOutputs,
  effectiveHashData,
  hasOwnCredentials,
  keyIdWithKeySecret,
  oneCredentialSource,
} from "./apiKey/credentials";
import { adoptIdIsUuid, ipAccessSourcesAreAddresses, rotationTriggerIsString } from "./apiKey/rules";
import {
  comparableSettings,
  createRequest,
  mutableSettings,
  settingsPatch,
  type ApiKeyIpAccessEntry,
} from "./apiKey/settings";
import { providerContext } from "./context";
import { PackageResource } from "./base";
import { checkInputs, optionalStrings, type CheckSpec } from "./support/check";
import { diffInputs, type DiffSpec } from "./support/diff";
import { deleteIfPresent, progress, readOrGone } from "./support/lifecycle";
import { pick, unwrapSecrets, type PropertyBag } from "./support/properties";

export type { ApiKeyIpAccessEntry } from "./apiKey/settings";

/**
 * Inputs of an {@link ApiKey}. name, roles, expireAt, state and ipAccessList change in place; keyId, keySecret,
 * hashData, organizationId, adoptId and rotationTrigger replace the key.
 */
export interface ApiKeyArgs {
  /** The key's name; need not be unique in the organization. Changes in place. */
  name: pulumi.Input<string>;
  /**
   * At least one of admin, developer and query_endpoints, without duplicates; order doesn't matter. Changes in
   * place.
   */
  roles: pulumi.Input<pulumi.Input<ApiKeyRole>[]>;
  /**
   * When the key stops working: an ISO 8601 date-time. Absent, null or "" mean the key never expires (and are
   * the same to a diff). Changes in place.
   */
  expireAt?: pulumi.Input<string | null>;
  /** enabled (the default) or disabled. Changes in place; `up` puts back a state changed outside Pulumi. */
  state?: pulumi.Input<ApiKeyState>;
  /**
   * The key id of a key made from credentials you chose (give keySecret too): at least 4 printable ASCII
   * characters without spaces or ":". Only hashes of keyId and keySecret are sent to the API, so the secret never
   * leaves this machine; both are kept as secrets in the state, and come back as the keyId and keySecret outputs.
   * Changing either replaces the key. Cannot be combined with hashData or adoptId.
   */
  keyId?: pulumi.Input<string>;
  /** The secret of a key made from credentials you chose (give keyId too): printable ASCII. A secret. */
  keySecret?: pulumi.Input<string>;
  /**
   * Create the key from hashes of an id and secret you generated yourself: keyIdHash and keySecretHash are the
   * standard base64 of the SHA-256 digests (`echo -n "$KEY_SECRET" | sha256sum | xxd -r -p | base64`, 44
   * characters), keyIdSuffix the id's last 4 characters. keyId and keySecret then stay unset. Its values are never
   * quoted in check failures or error messages. Changing it replaces the key. Cannot be combined with keyId and
   * keySecret, or adoptId.
   */
  hashData?: pulumi.Input<ApiKeyHashData>;
  /**
   * Addresses (IPv4 or IPv6 address or CIDR range) allowed to use the key; empty or absent allows any. Changes in
   * place.
   */
  ipAccessList?: pulumi.Input<pulumi.Input<ApiKeyIpAccessEntry>[]>;
  /** The organization (uuid); defaults to `clickhouse:organizationId` or CLICKHOUSE_ORG_ID. Replaces on change. */
  organizationId?: pulumi.Input<string>;
  /**
   * Adopts the existing key with this uuid (`key.id`, as listed by the API) instead of creating one
   * (`pulumi import` cannot import dynamic resources). Its name, roles, expireAt, state and ipAccessList are set to
   * the inputs. A key's id and secret are returned only when it is created, so an adopted key's keyId and keySecret
   * stay unset. Deleting the resource deletes the key. Changing it replaces the resource.
   */
  adoptId?: pulumi.Input<string>;
  /**
   * Any string; changing it (setting, editing or removing it) rotates the key: a new key with new credentials is
   * created first and the old one is deleted after everything that depends on keyId and keySecret has been
   * updated, so there is no moment without a working key. A date or a counter works well. Nothing is sent to the API.
   */
  rotationTrigger?: pulumi.Input<string>;
}

const checkSpec: CheckSpec = {
  schema: "apiKeyCreate",
  nonBodyInputs: ["organizationId", "adoptId", "rotationTrigger", ...credentialInputNames],
  extraRules: [
    optionalStrings("organizationId"),
    adoptIdIsUuid,
    keyIdWithKeySecret,
    oneCredentialSource,
    credentialFormats,
    rotationTriggerIsString,
    ipAccessSourcesAreAddresses,
  ],
};

/**
 * `usedAt`, `createdAt` and `keySuffix` are outputs only, so they never cause a diff. The credentials a key was
 * made from are compared as the hashData the create sent (the outputs keep it), whichever way the program gave
 * them: so a changed secret replaces the key, and so does going from own credentials to issued ones or back.
 */
const diffSpec: DiffSpec = {
  replaceOn: ["organizationId", "adoptId", "hashData", "rotationTrigger"],
  updateOn: mutableSettings,
  onlyWhenSet: ["organizationId", "adoptId"],
};

/** Inputs that are not settings of the key; echoed in the outputs so that `read` can rebuild the inputs. */
const echoedInputs = ["rotationTrigger", "adoptId"] as const;
/**
 * The credentials: returned by the create only (unless the program gave them), and kept from the previous outputs
 * by every later operation; hashData is what the create sent, when it sent hashes.
 */
const credentialOutputs = ["keyId", "keySecret", "hashData"] as const;

/** Creates, reads, updates and deletes API keys; runs in the dynamic-provider process. */
export class ApiKeyProvider implements Required<pulumi.dynamic.ResourceProvider> {
  async configure(request: pulumi.dynamic.ConfigureRequest): Promise<void> {
    providerContext.configure(request);
  }

  async check(_olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.CheckResult> {
    return checkInputs(checkSpec, news);
  }

  async diff(_id: string, olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.DiffResult> {
    const oldValues = unwrapSecrets(olds);
    const newValues = unwrapSecrets(news);
    const sent = { ...newValues, hashData: effectiveHashData(newValues) };
    return diffInputs(diffSpec, comparableSettings(oldValues), comparableSettings(sent));
  }

  async create(news: PropertyBag): Promise<pulumi.dynamic.CreateResult> {
    const inputs = unwrapSecrets(news);
    const { client, settings } = providerContext.management(inputs.organizationId);
    const organizationId = settings.organizationId;
    const keys = client.keys;

    if (typeof inputs.adoptId === "string") {
      const adopted = await keys.get(organizationId, inputs.adoptId);
      const key = await applySettings(keys, organizationId, adopted, inputs);
      progress(
        "ApiKey",
        `adopted key ${key.id} ("${key.name}"); its keyId and keySecret cannot be read back`,
      );
      return { id: key.id, outs: keyOutputs(key, organizationId, carriedOver(inputs, {})) };
    }

    const created = await createKeyOnce(
      keys,
      organizationId,
      createRequest({ ...inputs, hashData: effectiveHashData(inputs) }),
    );
    // keyId and keySecret come back only here, and only without hashData. The Resource declares keySecret (and,
    // for a key made from the program's own credentials, keyId and hashData) additional secret outputs, so the
    // engine encrypts them before they reach state.
    const outs = keyOutputs(
      created.key,
      organizationId,
      carriedOver(inputs, created as unknown as PropertyBag),
    );
    return { id: created.key.id, outs };
  }

  async read(id: string, props: PropertyBag): Promise<pulumi.dynamic.ReadResult> {
    const olds = unwrapSecrets(props);
    const { client, settings } = providerContext.management(olds.organizationId);
    return readOrGone(async () => {
      const key = await client.keys.get(settings.organizationId, id);
      // The settings come from the API; what it cannot return (the credentials, hashData and the other inputs that
      // are not key settings) is carried over from the previous outputs exactly as it arrived, secret wrappers
      // included, so a secret stays a secret through a refresh.
      const carried = { ...pick(props, [...echoedInputs, ...credentialOutputs]), state: stateOf(props) };
      const outs = keyOutputs(key, settings.organizationId, carried);
      const inputs = {
        ...pick(outs, ["organizationId", ...echoedInputs, ...mutableSettings]),
        ...credentialInputsFromOutputs(outs),
      };
      return { id, props: outs, inputs };
    });
  }

  async update(id: string, olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.UpdateResult> {
    const inputs = unwrapSecrets(news);
    const { client, settings } = providerContext.management(olds.organizationId);
    const patch = settingsPatch(unwrapSecrets(olds), inputs);
    const key = isEmpty(patch)
      ? await client.keys.get(settings.organizationId, id)
      : await client.keys.update(settings.organizationId, id, patch);
    return { outs: keyOutputs(key, settings.organizationId, carriedOver(inputs, olds)) };
  }

  async delete(id: string, props: PropertyBag): Promise<void> {
    const olds = unwrapSecrets(props);
    const { client, settings } = providerContext.management(olds.organizationId);
    await deleteIfPresent(() => client.keys.delete(settings.organizationId, id));
  }
}

/** PATCHes an existing key to the inputs' settings when they differ from what it has. */
async function applySettings(
  keys: KeysApi,
  organizationId: string,
  key: RemoteKey,
  inputs: PropertyBag,
): Promise<RemoteKey> {
  const patch = settingsPatch(key as unknown as PropertyBag, inputs);
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
function keyOutputs(key: RemoteKey, organizationId: string, carried: PropertyBag): PropertyBag {
  // The API's `id` is the resource id; Pulumi reserves `id` as an output name.
  const { id: _id, ...fields } = key as unknown as PropertyBag;
  return { ...carried, ...pick(fields, Object.keys(fields)), organizationId };
}

/** Every output of an ApiKey: the API's key fields, the create's credentials, and the echoed inputs. */
const apiKeyOutputNames = [
  "name",
  "roles",
  "keySuffix",
  "createdAt",
  "expireAt",
  "usedAt",
  "ipAccessList",
  "state",
  "keyId",
  "keySecret",
  "hashData",
  "organizationId",
  "adoptId",
  "rotationTrigger",
];

/**
 * An API key of the organization (seed 2.3): Basic-auth credentials for the management API with a set of roles.
 * keyId and keySecret are returned when the key is created (and only then: they cannot be read back); keySecret
 * is a secret output, encrypted in state and shown only with `--show-secrets`. A program may instead choose the
 * credentials: keyId and keySecret inputs (only their hashes are sent; both stay secrets, in inputs and outputs)
 * or their hashes (hashData). name, roles, expireAt, state and ipAccessList change in place; the credentials and
 * organizationId replace the key; changing rotationTrigger rotates it (new key first, old key deleted afterwards).
 * A reply lost during the create never leaves a second key behind.
 */
export class ApiKey extends PackageResource {
  /** The key's name. */
  declare readonly name: pulumi.Output<string>;
  /** The key's roles, as the API reports them. */
  declare readonly roles: pulumi.Output<ApiKeyRole[]>;
  /** The last characters of the key id, to recognize the key in listings. */
  declare readonly keySuffix: pulumi.Output<string>;
  /** When the key was created (ISO 8601). */
  declare readonly createdAt: pulumi.Output<string>;
  /** When the key expires (ISO 8601); undefined when it never expires. */
  declare readonly expireAt: pulumi.Output<string | undefined>;
  /** When the key was last used (ISO 8601), as of the last create, update or refresh; never causes a diff. */
  declare readonly usedAt: pulumi.Output<string | undefined>;
  /** Addresses allowed to use the key; empty allows any. */
  declare readonly ipAccessList: pulumi.Output<ApiKeyIpAccessEntry[]>;
  /** enabled or disabled. */
  declare readonly state: pulumi.Output<ApiKeyState>;
  /**
   * The key id for Basic auth (the user name): the one the API issued, or the keyId input (then a secret).
   * Undefined for a key made from hashData or adopted.
   */
  declare readonly keyId: pulumi.Output<string | undefined>;
  /**
   * The key secret for Basic auth (the password): the one the API issued, or the keySecret input; a secret.
   * Undefined for a key made from hashData or adopted.
   */
  declare readonly keySecret: pulumi.Output<string | undefined>;
  /** The hashes the key was created from, when it was (a secret when computed from keyId and keySecret). */
  declare readonly hashData: pulumi.Output<ApiKeyHashData | undefined>;
  /** The organization that owns the key. */
  declare readonly organizationId: pulumi.Output<string>;
  /** The uuid of the key this resource adopted, when it adopted one. */
  declare readonly adoptId: pulumi.Output<string | undefined>;
  /** The rotation trigger the key was created with. */
  declare readonly rotationTrigger: pulumi.Output<string | undefined>;

  constructor(name: string, args: ApiKeyArgs, opts?: pulumi.CustomResourceOptions) {
    // The program's own credentials are secrets wherever they are kept: in the state's inputs, and in the outputs
    // with the hashes computed from them.
    const ownCredentials = args.keyId !== undefined || args.keySecret !== undefined;
    const secretOutputs = [
      ...(opts?.additionalSecretOutputs ?? []),
      "keySecret",
      ...(ownCredentials ? ["keyId", "hashData"] : []),
    ];
    const secretArgs: ApiKeyArgs = {
      ...args,
      keyId: args.keyId === undefined ? undefined : pulumi.secret(args.keyId),
      keySecret: args.keySecret === undefined ? undefined : pulumi.secret(args.keySecret),
    };
    super("ApiKey", name, apiKeyOutputNames, secretArgs, { ...opts, additionalSecretOutputs: secretOutputs });
  }
}
