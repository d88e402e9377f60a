import type { Clock } from "../../clock";
import { CoalescedReads } from "./coalescedReads";

/** How the objects of one kind under a service are read: by id, as the service's whole (unpaged) list. */
export interface PerServiceReading<T extends { readonly id: string }> {
  get(organizationId: string, serviceId: string, id: string): Promise<T>;
  list(organizationId: string, serviceId: string): Promise<readonly T[]>;
  /** The not-found error of the object's own GET, for an id the service's complete list does not hold. */
  notFound(organizationId: string, serviceId: string, id: string): Error;
  readonly clock: Clock;
}

/**
 * Reads by id of objects that live under a service (reverse private endpoints, ClickPipes): the reads of one
 * service that come together are answered from one list of its objects, which the API serves without pages.
 */
export class PerServiceReads<T extends { readonly id: string }> {
  private readonly byService = new Map<string, CoalescedReads<T>>();

  constructor(private readonly reading: PerServiceReading<T>) {}

  /** The object, from a list that may be a little older than this read when this process has written nothing since. */
  read(organizationId: string, serviceId: string, id: string): Promise<T> {
    return this.readsOf(organizationId, serviceId).read(id, "recent");
  }

  private readsOf(organizationId: string, serviceId: string): CoalescedReads<T> {
    const key = `${organizationId}/${serviceId}`;
    let reads = this.byService.get(key);
    if (reads === undefined) {
      const { reading } = this;
      reads = new CoalescedReads<T>({
        getOne: (id) => reading.get(organizationId, serviceId, id),
        fetchPage: async () => ({
          items: [...(await reading.list(organizationId, serviceId))],
          total: undefined,
        }),
        pageSize: Infinity,
        notFound: (id) => reading.notFound(organizationId, serviceId, id),
        clock: reading.clock,
      });
      this.byService.set(key, reads);
    }
    return reads;
  }
}
