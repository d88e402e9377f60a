/**
 * API keys: create, list, get, PATCH and DELETE, as the real API has them, keyed by the key's uuid `key.id`).
 * keyId and keySecret are returned by the create only, and only when no hashData was sent (model/keys.ts has the
 * credential rules). A key cannot delete itself (409). On the production wire a create or PATCH also takes
 * `assignedRoleIds`, the roles the key holds (it becomes their actor `apiKey/<id>`), `roles` is optional, and a key
 * shows its roles as `assignedRoles`. A deleted key holds no role any more, on either wire.
 */
import type { FastifyInstance } from "fastify";
import type { ApiKeyRole, ApiKeyState } from "../../../schemas/enums";
import type { EmulatorContext } from "../../server/context";
import { ApiError, notFound } from "../../server/errors";
import { ipAccessListProblems } from "../../model/ipAccess";
import { newKeyCredentials, type ApiKeyHashData } from "../../model/keys";
import { secureBytes, uuidV4 } from "../../state/random";
import { actorOf, assignRoles, dropActor, unknownRoleProblems } from "../../model/roleAssignments";
import type { ApiKeyRecord, IpAccessEntry } from "../../state/types";
import type { OrganizationParams } from "./common";
import { assertUuidParams, envelope, organizationPath } from "./common";
import { assignedRolesOf } from "./accessViews";
import { validBody } from "../validBody";
import { deletionAnswer } from "./wire";

interface KeyParams extends OrganizationParams {
  keyId: string;
}

interface ApiKeyFields {
  name?: string;
  roles?: ApiKeyRole[];
  expireAt?: string | null;
  state?: ApiKeyState;
  ipAccessList?: IpAccessEntry[];
  /** Production wire only. */
  assignedRoleIds?: string[];
}

interface ApiKeyCreate extends ApiKeyFields {
  name: string;
  hashData?: ApiKeyHashData;
}

const keysPath = `${organizationPath}/keys`;

function keyView(context: EmulatorContext, key: ApiKeyRecord) {
  const shown = {
    id: key.id,
    name: key.name,
    state: key.state,
    roles: [...key.roles],
    keySuffix: key.keySuffix,
    createdAt: key.createdAt,
    expireAt: key.expireAt,
    usedAt: key.usedAt,
    ipAccessList: key.ipAccessList,
  };
  if (context.dialect !== "production") return shown;
  return { ...shown, assignedRoles: assignedRolesOf(context.store.state, actorOf("apiKey", key.id)) };
}

/**
 * Absent, null or "" all mean "never expires", as the API documents for `expireAt`. A date is kept as sent, so a client that
 * compares it with what it sent sees no difference.
 */
function expiry(expireAt: string | null | undefined): string | null {
  return expireAt || null;
}

export function keyRoutes(scope: FastifyInstance, context: EmulatorContext): void {
  function findKey(params: KeyParams): ApiKeyRecord {
    assertUuidParams({ keyId: params.keyId });
    const key = context.store.state.keys.find((candidate) => candidate.id === params.keyId);
    if (!key) throw notFound(`API key ${params.keyId} not found`);
    return key;
  }

  const production = context.dialect === "production";

  /** Role ids that are not the organization's roles, after the schema's checks. */
  function assertKnownRoles(body: ApiKeyFields): void {
    const problems = unknownRoleProblems(context.store.state, body.assignedRoleIds ?? [], "assignedRoleIds");
    if (problems.length > 0) throw ApiError.invalid(problems);
  }

  scope.post<{ Params: OrganizationParams }>(keysPath, async (request) => {
    const unchecked = request.body as Partial<ApiKeyCreate> | undefined;
    const body = validBody<ApiKeyCreate>(
      production ? "apiKeyCreateProduction" : "apiKeyCreate",
      request.body,
      [
        ...ipAccessListProblems(
          Array.isArray(unchecked?.ipAccessList) ? unchecked.ipAccessList : [],
          "ipAccessList",
        ),
      ],
    );
    assertKnownRoles(body);
    const { issued, ...credentials } = newKeyCredentials(body.hashData, secureBytes);
    const key: ApiKeyRecord = {
      id: uuidV4(secureBytes),
      name: body.name,
      roles: [...(body.roles ?? [])],
      state: body.state ?? "enabled",
      createdAt: context.now().toISOString(),
      expireAt: expiry(body.expireAt),
      usedAt: null,
      ipAccessList: body.ipAccessList ?? [],
      ...credentials,
    };
    context.store.state.keys.push(key);
    if (body.assignedRoleIds !== undefined) {
      assignRoles(context.store.state, actorOf("apiKey", key.id), body.assignedRoleIds, context.now());
    }
    context.store.changed();
    const shown = keyView(context, key);
    return envelope(request, issued ? { key: shown, ...issued } : { key: shown });
  });

  scope.get<{ Params: OrganizationParams }>(keysPath, async (request) =>
    envelope(
      request,
      context.store.state.keys.map((key) => keyView(context, key)),
    ),
  );

  scope.get<{ Params: KeyParams }>(`${keysPath}/:keyId`, async (request) =>
    envelope(request, keyView(context, findKey(request.params))),
  );

  scope.patch<{ Params: KeyParams }>(`${keysPath}/:keyId`, async (request) => {
    const key = findKey(request.params);
    const unchecked = request.body as Partial<ApiKeyFields> | undefined;
    const update = validBody<ApiKeyFields>(
      production ? "apiKeyUpdateProduction" : "apiKeyUpdate",
      request.body,
      ipAccessListProblems(
        Array.isArray(unchecked?.ipAccessList) ? unchecked.ipAccessList : [],
        "ipAccessList",
      ),
    );
    assertKnownRoles(update);
    if (update.name !== undefined) key.name = update.name;
    if (update.roles !== undefined) key.roles = [...update.roles];
    if (update.state !== undefined) key.state = update.state;
    if (update.ipAccessList !== undefined) key.ipAccessList = update.ipAccessList;
    if ("expireAt" in update) key.expireAt = expiry(update.expireAt);
    if (update.assignedRoleIds !== undefined) {
      assignRoles(context.store.state, actorOf("apiKey", key.id), update.assignedRoleIds, context.now());
    }
    context.store.changed();
    return envelope(request, keyView(context, key));
  });

  scope.delete<{ Params: KeyParams }>(`${keysPath}/:keyId`, async (request) => {
    const key = findKey(request.params);
    const principal = request.principal;
    if (principal?.kind === "apiKey" && principal.keyRecordId === key.id) {
      throw new ApiError(
        409,
        "An API key cannot delete itself; delete it with another key of the organization",
      );
    }
    const state = context.store.state;
    const shown = keyView(context, key);
    state.keys = state.keys.filter((candidate) => candidate.id !== key.id);
    dropActor(state, actorOf("apiKey", key.id), context.now());
    context.store.changed();
    return deletionAnswer(context, request, shown);
  });
}
