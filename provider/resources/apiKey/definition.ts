/** The ApiKey resource: an API key of the organization, for the management API. */
import { organizationIdInput, stringOutput } from "../fields/sharedFields";
import type { InputField, ResourceDefinition } from "../definition";
import { adoptIdIsUuid, ipAccessSourcesAreAddresses, rotationTriggerIsString } from "./rules";
import { rolesOnSpecWire, rolesOrAssignedRoleIds } from "./roleRules";
import { credentialFormats, keyIdWithKeySecret, oneCredentialSource } from "./credentials";

const schemas = "../schemas";

/**
 * keyId or keySecret of a key made from credentials the program chose: secret, never sent (only hashes of both
 * are), compared through the hashData computed from them, and checked together by the credential rules.
 */
function ownCredential(description: string): InputField {
  return {
    description,
    schema: { type: "string" },
    outsideBody: true,
    secret: true,
    change: "replace",
    comparedThrough: "hashData",
    rule: null,
  };
}

export const definition: ResourceDefinition<"apiKeyCreateProduction"> = {
  kind: "ApiKey",
  module: "clickhouse",
  description:
    "An API key of the organization: Basic-auth credentials for the management API with roles (the API's role " +
    "words in `roles`, or the uuids of the organization's roles in `assignedRoleIds`, which the API recommends). keyId and " +
    "keySecret are returned when the key is created (and only then: they cannot be read back); keySecret is a secret " +
    "output, encrypted in state and shown only with `--show-secrets`. A program may instead choose the credentials: " +
    "keyId and keySecret inputs (only their hashes are sent; both stay secrets, in inputs and outputs) or their " +
    "hashes (hashData). name, roles, assignedRoleIds, expireAt, state and ipAccessList change in place (a key moves " +
    "from roles to assignedRoleIds without a new secret); the credentials and " +
    "organizationId replace the key; changing rotationTrigger rotates it (new key first, old key deleted " +
    "afterwards). A reply lost during the create never leaves a second key behind.",
  notes:
    "`keyId`/`keySecret` come from the create, or are yours (secret inputs; only hashes are sent); `keySecret` is a " +
    "secret; a new `rotationTrigger` rotates (new key first)",
  id: "The key's uuid (`key.id`), as the API lists it.",
  requestSchema: "apiKeyCreateProduction",
  inputs: {
    name: {
      description: "The key's name; need not be unique in the organization. Changes in place.",
      required: true,
      change: "update",
    },
    roles: {
      description:
        "admin, developer and/or query_endpoints, without duplicates; order doesn't matter. Changes in place. The API " +
        "marks this field deprecated in favour of assignedRoleIds. Required on the specification's wire; on the " +
        "production wire set roles, assignedRoleIds or both. Left out, the key's roles are not managed: moving a key " +
        "to assignedRoleIds leaves the roles it had as they are.",
      type: { name: "ApiKeyRole", from: schemas },
      change: "update",
      unsetMeansUnmanaged: true,
    },
    assignedRoleIds: {
      description:
        "The uuids of the organization's roles the key holds (system roles such as Admin, or Role resources' ids), " +
        "each once; order doesn't matter. The whole list: the key leaves any role not listed. Changes in place, " +
        "without a new secret. Production wire only. Left out, the key's roles are not managed here, and " +
        "RoleAssignment resources may give it roles; set, they may not (refused at preview).",
      change: "update",
      unsetMeansUnmanaged: true,
    },
    expireAt: {
      description:
        'When the key stops working: an ISO 8601 date-time. Absent, null or "" mean the key never expires (and are ' +
        "the same to a diff). Changes in place.",
      change: "update",
    },
    state: {
      description:
        "enabled (the default) or disabled. Changes in place; `up` puts back a state changed outside Pulumi.",
      type: { name: "ApiKeyState", from: schemas },
      change: "update",
    },
    keyId: ownCredential(
      "The key id of a key made from credentials you chose (give keySecret too): at least 4 printable ASCII " +
        'characters without spaces or ":". Only hashes of keyId and keySecret are sent to the API, so the secret ' +
        "never leaves this machine; both are kept as secrets in the state, and come back as the keyId and keySecret " +
        "outputs. Changing either replaces the key. Cannot be combined with hashData or adoptId.",
    ),
    keySecret: ownCredential(
      "The secret of a key made from credentials you chose (give keyId too): printable ASCII. A secret.",
    ),
    hashData: {
      description:
        "Create the key from hashes of an id and secret you generated yourself: keyIdHash and keySecretHash are the " +
        'standard base64 of the SHA-256 digests (`echo -n "$KEY_SECRET" | sha256sum | xxd -r -p | base64`, 44 ' +
        "characters), keyIdSuffix the id's last 4 characters. keyId and keySecret then stay unset. Its values are " +
        "never quoted in check failures or error messages. Changing it replaces the key. Cannot be combined with " +
        "keyId and keySecret, or adoptId.",
      type: { name: "ApiKeyHashData", from: "rest" },
      change: "replace",
    },
    ipAccessList: {
      description:
        "Addresses (IPv4 or IPv6 address or CIDR range) allowed to use the key; empty or absent allows any. Changes " +
        "in place.",
      type: { name: "ApiKeyIpAccessEntry", from: "resources/apiKey/settings" },
      change: "update",
    },
    organizationId: organizationIdInput,
    adoptId: {
      description:
        "Adopts the existing key with this uuid (`key.id`, as listed by the API) instead of creating one " +
        "(the dynamic-provider classes cannot be imported with `pulumi import`; with the native plugin, " +
        "`pulumi import` works too). Its name, roles, expireAt, state and ipAccessList are " +
        "set to the inputs. A key's id and secret are returned only when it is created, so an adopted key's keyId " +
        "and keySecret stay unset. Deleting the resource deletes the key. Changing it replaces the resource.",
      schema: { type: "string", format: "uuid" },
      outsideBody: true,
      change: "replace",
      unsetMeansUnmanaged: true,
      rule: adoptIdIsUuid,
    },
    rotationTrigger: {
      description:
        "Any string; changing it (setting, editing or removing it) rotates the key: a new key with new credentials " +
        "is created first and the old one is deleted after everything that depends on keyId and keySecret has " +
        "been updated, so there is no moment without a working key. A date or a counter works well. Nothing is " +
        "sent to the API.",
      schema: { type: "string" },
      outsideBody: true,
      change: "replace",
      rule: rotationTriggerIsString,
    },
  },
  outputs: {
    name: stringOutput("The key's name.", { alwaysSet: true }),
    roles: {
      description: "The key's role words, as the API reports them; empty when it holds none.",
      schema: { type: "array", items: { type: "string" } },
      type: { name: "ApiKeyRole", from: schemas },
      alwaysSet: true,
    },
    assignedRoleIds: {
      description:
        "The uuids of the roles the key holds, in lower case and sorted, as the API reports them (production wire).",
      schema: { type: "array", items: { type: "string" } },
    },
    assignedRoles: {
      description: "The roles the key holds, each `{roleId, roleName, roleType}`, as the API reports them.",
      schema: { type: "array", items: { type: "object" } },
      type: { name: "AssignedRole", from: "resources/fields/assignedRoles" },
    },
    keySuffix: stringOutput("The last characters of the key id, to recognize the key in listings.", {
      alwaysSet: true,
    }),
    createdAt: stringOutput("When the key was created (ISO 8601).", { alwaysSet: true }),
    expireAt: stringOutput("When the key expires (ISO 8601); undefined when it never expires."),
    usedAt: {
      description:
        "When the key was last used (ISO 8601), as of the last create, update or refresh; never causes a diff.",
      schema: { type: "string" },
    },
    ipAccessList: {
      description: "Addresses allowed to use the key; empty allows any.",
      schema: { type: "array" },
      type: { name: "ApiKeyIpAccessEntry", from: "resources/apiKey/settings" },
      alwaysSet: true,
    },
    state: {
      description: "enabled or disabled.",
      schema: { type: "string" },
      type: { name: "ApiKeyState", from: schemas },
      alwaysSet: true,
    },
    keyId: {
      description:
        "The key id for Basic auth (the user name): the one the API issued, or the keyId input (then a secret). " +
        "Undefined for a key made from hashData or adopted.",
      schema: { type: "string" },
      secretWhenSet: ["keyId", "keySecret"],
    },
    keySecret: {
      description:
        "The key secret for Basic auth (the password): the one the API issued, or the keySecret input; a secret. " +
        "Undefined for a key made from hashData or adopted.",
      schema: { type: "string" },
      secret: true,
    },
    hashData: {
      description:
        "The hashes the key was created from, when it was (a secret when computed from keyId and keySecret).",
      type: { name: "ApiKeyHashData", from: "rest" },
      secretWhenSet: ["keyId", "keySecret"],
    },
    organizationId: stringOutput("The organization that owns the key.", { alwaysSet: true }),
    adoptId: stringOutput("The uuid of the key this resource adopted, when it adopted one."),
    rotationTrigger: stringOutput("The rotation trigger the key was created with."),
  },
  rules: [keyIdWithKeySecret, oneCredentialSource, credentialFormats, ipAccessSourcesAreAddresses],
  dialectRules: { spec: [rolesOnSpecWire], production: [rolesOrAssignedRoleIds] },
  markedCreate: true,
};
