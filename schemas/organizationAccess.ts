/**
 * JSON Schemas of who may do what in an organization, as ClickHouse Cloud's published OpenAPI states them: its roles
 * (`.../roles`: RoleCreateRequest, RoleUpdateRequest, RBACRole), members (`.../members`: MemberPatchRequest, Member),
 * invitations (`.../invitations`: InvitationPostRequest, Invitation) and the organization's own PATCH
 * (OrganizationPatchRequest). The specification of the `spec` wire shows none of them; both wires serve them as the
 * OpenAPI does. Requests reject unknown fields; answers are checked only in what a client reads.
 */
import type { SchemaObject } from "ajv";
import { cloudEndpointId, nonEmptyString, nullableString, ruleKeyword } from "./common";
import { limits } from "./limits";
import {
  legacyMemberRoles,
  policyEffects,
  policySqlConsoleRoles,
  serviceCloudProviders,
  serviceRegions,
} from "./enums";

const uuid = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";

/** Role ids, each once: what a member, an invitation or an API key is given (`assignedRoleIds`). */
export const assignedRoleIds = {
  type: "array",
  uniqueItems: true,
  items: { type: "string", format: "uuid", [ruleKeyword]: "must be a role id (a uuid)" },
  [ruleKeyword]: "must list role ids (uuids), each once",
} as const;

/** Who holds a role: `user/<user id>` or `apiKey/<API key id>`, each once. */
const actors = {
  type: "array",
  uniqueItems: true,
  items: {
    type: "string",
    pattern: `^(user|apiKey)/${uuid}$`,
    [ruleKeyword]: 'must be "user/<user id>" or "apiKey/<API key id>"',
  },
  [ruleKeyword]: 'must list actors, "user/<user id>" or "apiKey/<API key id>", each once',
} as const;

/** The form of a permission, `<area>:<resource>:<action>`; which permissions there are is `rolePermissions`'. */
export const permissionPattern = "^[a-z][a-z-]*:[a-z][a-z-]*:[a-z][a-z-]*$";

/**
 * A policy as sent: what it allows or denies, on which resources. A permission is `<area>:<resource>:<action>`
 * (`control-plane:service:view`); a resource is `organization/<organization id>`, `instance/<service id>` or
 * `instance/*`. The official Terraform provider requires at least one permission and one resource.
 */
const policyRequest = {
  type: "object",
  additionalProperties: false,
  required: ["allowDeny", "permissions", "resources"],
  properties: {
    allowDeny: { enum: [...policyEffects] },
    permissions: {
      type: "array",
      minItems: 1,
      uniqueItems: true,
      items: {
        type: "string",
        pattern: permissionPattern,
        [ruleKeyword]: 'must be a permission "<area>:<resource>:<action>" (e.g. control-plane:service:view)',
      },
      [ruleKeyword]: "must list at least one permission, each once",
    },
    resources: {
      type: "array",
      minItems: 1,
      uniqueItems: true,
      items: {
        type: "string",
        pattern: `^(organization|instance)/(\\*|${uuid})$`,
        [ruleKeyword]: 'must be "organization/<organization id>", "instance/<service id>" or "instance/*"',
      },
      [ruleKeyword]: "must list at least one resource, each once",
    },
    tags: {
      type: "object",
      additionalProperties: false,
      properties: {
        grants: { type: "array", items: nonEmptyString },
        roleV2: { enum: [...policySqlConsoleRoles] },
      },
    },
  },
} as const;

const roleFields = {
  name: nonEmptyString,
  actors,
  policies: { type: "array", items: policyRequest },
} as const;

/** `POST .../roles`: a custom role, its actors and its policies (RoleCreateRequest requires all three). */
const roleCreate = {
  type: "object",
  additionalProperties: false,
  required: ["name", "actors", "policies"],
  properties: roleFields,
} as const satisfies SchemaObject;

/**
 * A Role resource's inputs as a program writes them: the create's fields, of which only the name is required (the
 * resource sends no actors and no policies for those it leaves out).
 */
const roleInputs = {
  type: "object",
  additionalProperties: false,
  required: ["name"],
  properties: roleFields,
} as const satisfies SchemaObject;

/**
 * A RoleAssignment resource's actor as a program names it, by a member's user id or an API key's id; the role's
 * PATCH carries it in `actors` as `user/<id>` or `apiKey/<id>`.
 */
const roleAssignmentInputs = {
  type: "object",
  additionalProperties: false,
  properties: {
    userId: {
      type: "string",
      format: "uuid",
      [ruleKeyword]: "must be the user id of a member of the organization (a uuid)",
    },
    apiKeyId: {
      type: "string",
      format: "uuid",
      [ruleKeyword]: "must be the id of an API key of the organization (a uuid, the ApiKey resource's id)",
    },
  },
} as const satisfies SchemaObject;

/** `PATCH .../roles/{roleId}`: any of the create's fields; actors and policies replace the role's. */
const rolePatch = {
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: roleFields,
} as const satisfies SchemaObject;

/** `PATCH .../members/{userId}`: the deprecated organization role, or the roles the member holds. */
const memberPatch = {
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: {
    role: { enum: [...legacyMemberRoles] },
    assignedRoleIds,
  },
} as const satisfies SchemaObject;

/** An email address as the API takes it (InvitationPostRequest's `format: email`). */
const emailAddress = {
  type: "string",
  maxLength: 254,
  pattern: "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$",
  [ruleKeyword]: "must be an email address (name@example.com)",
} as const;

/** `POST .../invitations`: whom to invite (the address is kept in lower case) and the roles they will hold. */
const invitationCreate = {
  type: "object",
  additionalProperties: false,
  required: ["email"],
  properties: {
    email: emailAddress,
    role: { enum: [...legacyMemberRoles] },
    assignedRoleIds,
  },
} as const satisfies SchemaObject;

/**
 * A Member resource's inputs as a program writes them: the member it adopts, by user id or by email (not sent), and
 * the fields of the member's PATCH it manages.
 */
const memberInputs = {
  type: "object",
  additionalProperties: false,
  properties: {
    userId: {
      type: "string",
      format: "uuid",
      [ruleKeyword]: "must be the user id of a member of the organization (a uuid)",
    },
    email: emailAddress,
    role: { enum: [...legacyMemberRoles] },
    assignedRoleIds,
  },
} as const satisfies SchemaObject;

const privateEndpointFields = {
  id: cloudEndpointId,
  description: { type: "string" },
  cloudProvider: { enum: [...serviceCloudProviders] },
  region: { enum: [...serviceRegions] },
} as const;

/** The organization's name: some character that is not a space, at most `limits.organization.nameMaxLength`. */
const organizationName = {
  type: "string",
  maxLength: limits.organization.nameMaxLength,
  pattern: "\\S",
  [ruleKeyword]: `must be 1 to ${limits.organization.nameMaxLength} characters, not only spaces`,
} as const;

/** A private endpoint registered with the organization: its id, in a cloud and a region of it, and a description. */
const registeredPrivateEndpoint = {
  type: "object",
  additionalProperties: false,
  required: ["id", "cloudProvider", "region"],
  properties: privateEndpointFields,
} as const;

/**
 * `PATCH /v1/organizations/{organizationId}`: its name, its crash reports setting, and its private endpoints by
 * `{add, remove}` (remove first). An endpoint added is registered in a cloud and region; one removed is named by id.
 */
const organizationPatch = {
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name: organizationName,
    privateEndpoints: {
      type: "object",
      additionalProperties: false,
      minProperties: 1,
      properties: {
        add: { type: "array", items: registeredPrivateEndpoint },
        remove: {
          type: "array",
          items: {
            type: "object",
            additionalProperties: false,
            required: ["id"],
            properties: privateEndpointFields,
          },
        },
      },
    },
    enableCoreDumps: { type: "boolean" },
  },
} as const satisfies SchemaObject;

/**
 * An OrganizationSettings resource's inputs as a program writes them: the PATCH's name and crash reports setting,
 * and, instead of its `{add, remove}`, the private endpoints the resource keeps registered, each id once (a rule).
 */
const organizationSettingsInputs = {
  type: "object",
  additionalProperties: false,
  properties: {
    name: organizationName,
    enableCoreDumps: { type: "boolean" },
    privateEndpoints: { type: "array", items: registeredPrivateEndpoint },
  },
} as const satisfies SchemaObject;

const nullableStringArray = { type: ["array", "null"], items: { type: "string" } } as const;

/** The roles a member, an invitation or an API key holds, as shown: each one's id, name and type. */
export const assignedRolesAsShown = {
  type: ["array", "null"],
  items: {
    type: "object",
    required: ["roleId"],
    properties: { roleId: { type: "string" }, roleName: nullableString, roleType: nullableString },
  },
} as const;

/** A role as answered (RBACRole): its id, name and type, who holds it, its policies, and when it was made. */
const role = {
  type: "object",
  required: ["id"],
  properties: {
    id: nonEmptyString,
    name: nullableString,
    type: nullableString,
    actors: nullableStringArray,
    policies: {
      type: ["array", "null"],
      items: {
        type: "object",
        required: ["id", "allowDeny"],
        properties: {
          id: nonEmptyString,
          allowDeny: { enum: [...policyEffects] },
          permissions: nullableStringArray,
          resources: nullableStringArray,
          tags: {
            type: ["object", "null"],
            properties: { grants: nullableStringArray, roleV2: nullableString },
          },
        },
      },
    },
    createdAt: nullableString,
  },
} as const satisfies SchemaObject;

/** A member as answered (Member): the user's id, email and the roles the user holds. */
const member = {
  type: "object",
  required: ["userId"],
  properties: {
    userId: nonEmptyString,
    name: nullableString,
    email: nullableString,
    role: nullableString,
    joinedAt: nullableString,
    assignedRoles: assignedRolesAsShown,
  },
} as const satisfies SchemaObject;

/** An invitation as answered (Invitation): its id, the address, when it was made and expires, and the roles its user will hold. */
const invitation = {
  type: "object",
  required: ["id"],
  properties: {
    id: nonEmptyString,
    email: nullableString,
    role: nullableString,
    createdAt: nullableString,
    expireAt: nullableString,
    assignedRoles: assignedRolesAsShown,
  },
} as const satisfies SchemaObject;

export const organizationAccessSchemas = {
  roleCreate,
  rolePatch,
  roleInputs,
  roleAssignmentInputs,
  memberPatch,
  memberInputs,
  invitationCreate,
  organizationPatch,
  organizationSettingsInputs,
  role,
  member,
  invitation,
} as const;
