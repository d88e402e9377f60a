/**
 * One collection of observability objects (`/api/v2/webhooks`, `/saved-searches`, `/dashboards`, `/sources`, or the
 * same under a managed ClickStack): create, list every page, get (alone, or with the reads that come with it from
 * one list), replace (PUT), update (read, keep what the request leaves out, PUT) and delete. What differs between
 * the four kinds is data: their schemas, whether the list is paged, whether one object can be read by id, and how
 * the API says an object is gone.
 */
import { ApiError } from "../errors/apiError";
import type { HttpCore } from "../transport/http";
import { pathSegment } from "../transport/pathSegment";
import { CoalescedReads, type Freshness } from "../coalescing/coalescedReads";
import { readToEnd, type ListPage } from "../coalescing/listPages";
import type { SchemaName } from "../../validation/validate";
import { schemas } from "../../../schemas";

/** The most objects one page holds (HyperDX's packages/api/src/utils/pagination.ts). */
export const OBJECT_PAGE_LIMIT = 1000;

export interface CollectionShape {
  /** "webhook", "saved search", ...: the subject of messages. */
  readonly noun: string;
  readonly path: string;
  readonly createSchema: SchemaName;
  /** The PUT's schema when it differs from the create's (dashboards: filters need their ids). */
  readonly updateSchema?: SchemaName;
  readonly responseSchema: SchemaName;
  /** The API pages the list (`limit`, `offset`, `meta.total`). */
  readonly paged: boolean;
  /** The API serves no GET of one object (webhooks): it is read from the list. */
  readonly readFromList?: boolean;
  /**
   * The API's own answer that the object is gone when it is not JSON (a dashboard: Express's plain-text `Not
   * Found`); matched exactly, so that a proxy's page is still an error.
   */
  readonly plainNotFound?: string;
}

export class ObjectCollection<Request extends object, Shown extends { id: string }> {
  /** Reads by id, answered together from the list when they come close together. */
  private readonly reads: CoalescedReads<Shown>;

  constructor(
    private readonly http: HttpCore,
    private readonly shape: CollectionShape,
  ) {
    this.reads = new CoalescedReads<Shown>({
      getOne: shape.readFromList ? undefined : (id) => this.getOne(id),
      fetchPage: (offset) => this.fetchPage(offset),
      pageSize: OBJECT_PAGE_LIMIT,
      notFound: (id) => this.absent("GET", this.objectPath(id), id),
      clock: http.clock,
    });
  }

  create(request: Request): Promise<Shown> {
    const name = (request as { name?: unknown }).name;
    return this.http.fetchResult({
      method: "POST",
      path: this.shape.path,
      subject: typeof name === "string" ? `a new ${this.shape.noun} "${name}"` : `a new ${this.shape.noun}`,
      body: request,
      requestSchema: this.shape.createSchema,
      responseSchema: this.shape.responseSchema,
    });
  }

  /** Every object, page after page to the end of a paged list. */
  list(): Promise<Shown[]> {
    return readToEnd((offset) => this.fetchPage(offset));
  }

  /**
   * The object, by its own GET or, when other reads of the collection come with it, from the list they share
   * (`CoalescedReads`); a collection without a GET of one object is always read from the list.
   */
  get(id: string, freshness: Freshness = "now"): Promise<Shown> {
    // The id is checked before anything is sent, whichever way it is read.
    this.objectPath(id);
    return this.reads.read(id, freshness);
  }

  private async fetchPage(offset: number): Promise<ListPage<Shown>> {
    const spec = {
      method: "GET",
      subject: `the ${this.shape.noun} list`,
      responseSchema: this.shape.responseSchema,
    } as const;
    if (!this.shape.paged) {
      const items = await this.http.fetchResult<Shown[]>({ ...spec, path: this.shape.path, many: true });
      return { items, total: undefined };
    }
    const path = `${this.shape.path}?limit=${OBJECT_PAGE_LIMIT}&offset=${offset}`;
    return this.http.fetchPage<Shown>({ ...spec, path });
  }

  private getOne(id: string): Promise<Shown> {
    const path = this.objectPath(id);
    return this.gone("GET", path, () =>
      this.http.fetchResult({
        method: "GET",
        path,
        subject: this.subject(id),
        responseSchema: this.shape.responseSchema,
        expectedId: id,
      }),
    );
  }

  /** PUT: the body replaces the object as the API's PUT of this kind does. */
  replace(id: string, request: Request): Promise<Shown> {
    const path = this.objectPath(id);
    return this.gone("PUT", path, () =>
      this.http.fetchResult({
        method: "PUT",
        path,
        subject: this.subject(id),
        body: request,
        requestSchema: this.shape.updateSchema ?? this.shape.createSchema,
        responseSchema: this.shape.responseSchema,
        expectedId: id,
      }),
    );
  }

  /**
   * Reads the object, then PUTs the request with every field it leaves out (undefined) taken from what was read,
   * so that fields set elsewhere (in the app, by another tool) survive an update of the others. `carry` adjusts
   * the merged body to the kind (ids of tiles and filters).
   */
  async update(
    id: string,
    request: Request,
    carry?: (merged: Request, existing: Shown) => Request,
  ): Promise<Shown> {
    const existing = await this.get(id);
    const schema = schemas[this.shape.updateSchema ?? this.shape.createSchema] as { properties?: object };
    const fields = Object.keys(schema.properties ?? {});
    const merged: Record<string, unknown> = {};
    for (const field of fields) {
      const own = (request as Record<string, unknown>)[field];
      const current = (existing as Record<string, unknown>)[field];
      const value = own !== undefined ? own : current;
      if (value !== undefined && value !== null) merged[field] = value;
    }
    const body = merged as Request;
    return this.replace(id, carry === undefined ? body : carry(body, existing));
  }

  delete(id: string): Promise<void> {
    const path = this.objectPath(id);
    return this.gone("DELETE", path, () =>
      this.http.send({ method: "DELETE", path, subject: this.subject(id) }),
    );
  }

  private objectPath(id: string): string {
    return `${this.shape.path}/${pathSegment(`${this.shape.noun} id`, id)}`;
  }

  private subject(id: string): string {
    return `${this.shape.noun} ${id}`;
  }

  /** Runs a request, turning the kind's own non-JSON "gone" answer into the not-found error the callers test for. */
  private async gone<T>(
    method: "GET" | "PUT" | "DELETE",
    path: string,
    request: () => Promise<T>,
  ): Promise<T> {
    try {
      return await request();
    } catch (error) {
      const plain = this.shape.plainNotFound;
      if (
        plain !== undefined &&
        error instanceof ApiError &&
        error.status === 404 &&
        !error.objectNotFound &&
        error.detail.trim() === plain
      ) {
        throw this.absent(method, path, this.idOf(path), error.requestId);
      }
      throw error;
    }
  }

  private idOf(path: string): string {
    return decodeURIComponent(path.slice(path.lastIndexOf("/") + 1));
  }

  /** The not-found error of an object the API says it does not have. */
  private absent(method: "GET" | "PUT" | "DELETE", path: string, id: string, requestId?: string): ApiError {
    return this.http.objectNotFound(
      { method, path, subject: this.subject(id) },
      `${this.shape.noun} not found`,
      requestId,
    );
  }
}
