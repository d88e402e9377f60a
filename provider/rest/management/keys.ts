import type { ApiDialect } from "../../../schemas/dialects";
import type { HttpCore } from "../transport/http";
import type { ApiKey, ApiKeyCreateRequest, ApiKeyCreateResult, ApiKeyUpdateRequest } from "./models";
import { keyPath, keysPath } from "./paths";

/**
 * API keys of an organization: create, list, get, update (PATCH) and delete, by the key's uuid `key.id`. On the
 * production wire a key's roles may be given as `assignedRoleIds`, and a key shows them as `assignedRoles`.
 */
export class KeysApi {
  constructor(
    private readonly http: HttpCore,
    private readonly dialect: ApiDialect = "spec",
  ) {}

  /** The result holds keyId and keySecret only when no hashData was sent; keySecret is a secret. */
  create(organizationId: string, request: ApiKeyCreateRequest): Promise<ApiKeyCreateResult> {
    return this.http.fetchResult({
      method: "POST",
      path: keysPath(organizationId),
      subject: `a new API key "${request.name}" of organization ${organizationId}`,
      body: request,
      requestSchema: this.dialect === "production" ? "apiKeyCreateProduction" : "apiKeyCreate",
      responseSchema: "apiKeyCreateResult",
      secretFields: ["keySecret"],
    });
  }

  list(organizationId: string): Promise<ApiKey[]> {
    return this.http.fetchResult({
      method: "GET",
      path: keysPath(organizationId),
      subject: `organization ${organizationId}`,
      responseSchema: "apiKey",
      many: true,
    });
  }

  /** `keyId` is the key's uuid (`key.id`), not the `keyId` credential returned by create. */
  get(organizationId: string, keyId: string): Promise<ApiKey> {
    return this.http.fetchResult({
      method: "GET",
      path: keyPath(organizationId, keyId),
      subject: `API key ${keyId}`,
      responseSchema: "apiKey",
      expectedId: keyId,
    });
  }

  update(organizationId: string, keyId: string, request: ApiKeyUpdateRequest): Promise<ApiKey> {
    return this.http.fetchResult({
      method: "PATCH",
      path: keyPath(organizationId, keyId),
      subject: `API key ${keyId}`,
      body: request,
      requestSchema: this.dialect === "production" ? "apiKeyUpdateProduction" : "apiKeyUpdate",
      responseSchema: "apiKey",
      expectedId: keyId,
    });
  }

  delete(organizationId: string, keyId: string): Promise<void> {
    return this.http.send({
      method: "DELETE",
      path: keyPath(organizationId, keyId),
      subject: `API key ${keyId}`,
    });
  }
}
