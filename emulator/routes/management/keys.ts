/**
 * API keys: create, list, get, PATCH and DELETE, as the real API has them, keyed by the key's uuid `key.id`).
 * keyId and keySecret are returned by the create only, and only when no hashData was sent (model/keys.ts has the
 * credential rules). A key cannot delete itself (409).
 */
import type { FastifyInstance } from "fastify";
import type { ApiKeyRole, ApiKeyState } from "../../../schemas/enums";
import type { EmulatorContext } from "../../server/context";
import { ApiError, notFound } from "../../server/errors";
import { ipAccessListProblems } from "../../model/ipAccess";
import { newKeyCredentials, type ApiKeyHashData } from "../../model/keys";
import { secureBytes, uuidV4 } from "../../state/random";
import type { ApiKeyRecord, IpAccessEntry } from "../../state/types";
import type { OrganizationParams } from "./common";
import { assertUuidParams, envelope, organizationPath } from "./common";
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
}

interface ApiKeyCreate extends ApiKeyFields {
  name: string;
  roles: ApiKeyRole[];
  hashData?: ApiKeyHashData;
}

const keysPath = `${organizationPath}/keys`;

function keyView(key: ApiKeyRecord) {
  return {
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

  scope.post<{ Params: OrganizationParams }>(keysPath, async (request) => {
    const unchecked = request.body as Partial<ApiKeyCreate> | undefined;
    const body = validBody<ApiKeyCreate>("apiKeyCreate", request.body, [
      ...ipAccessListProblems(
        Array.isArray(unchecked?.ipAccessList) ? unchecked.ipAccessList : [],
        "ipAccessList",
      ),
    ]);
    const { issued, ...credentials } = newKeyCredentials(body.hashData, secureBytes);
    const key: ApiKeyRecord = {
      id: uuidV4(secureBytes),
      name: body.name,
      roles: [...body.roles],
      state: body.state ?? "enabled",
      createdAt: context.now().toISOString(),
      expireAt: expiry(body.expireAt),
      usedAt: null,
      ipAccessList: body.ipAccessList ?? [],
      ...credentials,
    };
    context.store.state.keys.push(key);
    context.store.changed();
    return envelope(request, issued ? { key: keyView(key), ...issued } : { key: keyView(key) });
  });

  scope.get<{ Params: OrganizationParams }>(keysPath, async (request) =>
    envelope(request, context.store.state.keys.map(keyView)),
  );

  scope.get<{ Params: KeyParams }>(`${keysPath}/:keyId`, async (request) =>
    envelope(request, keyView(findKey(request.params))),
  );

  scope.patch<{ Params: KeyParams }>(`${keysPath}/:keyId`, async (request) => {
    const key = findKey(request.params);
    const unchecked = request.body as Partial<ApiKeyFields> | undefined;
    const update = validBody<ApiKeyFields>(
      "apiKeyUpdate",
      request.body,
      ipAccessListProblems(
        Array.isArray(unchecked?.ipAccessList) ? unchecked.ipAccessList : [],
        "ipAccessList",
      ),
    );
    if (update.name !== undefined) key.name = update.name;
    if (update.roles !== undefined) key.roles = [...update.roles];
    if (update.state !== undefined) key.state = update.state;
    if (update.ipAccessList !== undefined) key.ipAccessList = update.ipAccessList;
    if ("expireAt" in update) key.expireAt = expiry(update.expireAt);
    context.store.changed();
    return envelope(request, keyView(key));
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
    state.keys = state.keys.filter((candidate) => candidate.id !== key.id);
    context.store.changed();
    return deletionAnswer(context, request, keyView(key));
  });
}
