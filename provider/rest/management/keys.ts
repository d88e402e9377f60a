import type { ApiDialect } from "../../../schemas/dialects";
import type { HttpCore } from "../transport/http";
import type { ApiKey, ApiKeyCreateRequest, ApiKeyCreateResult, ApiKeyUpdateRequest } from "./models";
import { keyPath, keysPath } from "./paths";
import { CoalescedReads, type Freshness } from "../coalescing/coalescedReads";

/**
 * API keys of an organization: create, list, get (alone, or with the reads that come with it from one list), update
 * (PATCH) and delete, by the key's uuid `key.id`. On the production wire a key's roles may be given as
 * `assignedRoleIds`, and a key shows them as `assignedRoles`.
 */
export class KeysApi {
  /** Reads by id per organization, answered together from its key list when they come close together. */
  private readonly reads = new Map<string, CoalescedReads<ApiKey>>();

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

  /**
   * `keyId` is the key's uuid (`key.id`), not the `keyId` credential returned by create. Read by its own GET or,
   * when other reads of the organization's keys come with it, from the list they share.
   */
  get(organizationId: string, keyId: string, freshness: Freshness = "now"): Promise<ApiKey> {
    // The ids are checked before anything is sent, whichever way the key is read.
    keyPath(organizationId, keyId);
    return this.readsOf(organizationId).read(keyId, freshness);
  }

  private readsOf(organizationId: string): CoalescedReads<ApiKey> {
    let reads = this.reads.get(organizationId);
    if (reads === undefined) {
      reads = new CoalescedReads<ApiKey>({
        getOne: (keyId) => this.getOne(organizationId, keyId),
        fetchPage: async () => ({ items: await this.list(organizationId), total: undefined }),
        pageSize: Infinity,
        notFound: (keyId) =>
          this.http.objectNotFound(
            { method: "GET", path: keyPath(organizationId, keyId), subject: `API key ${keyId}` },
            "not in the organization's key list",
          ),
        clock: this.http.clock,
      });
      this.reads.set(organizationId, reads);
    }
    return reads;
  }

  private getOne(organizationId: string, keyId: string): Promise<ApiKey> {
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
