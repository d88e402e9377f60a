/**
 * Walking a paged list (`limit`, `offset`, `meta.total`) to its end, the one rule every list of the REST layer
 * follows: the list ends with an empty page, with a page that reports no total (an API that does not page answers
 * the whole list at once), or once the objects read reach the total.
 */

/** One page of a list, and the list's total as the API reports it (undefined: the page is the whole list). */
export interface ListPage<T> {
  readonly items: readonly T[];
  readonly total: number | undefined;
}

/** Fetches the page that starts at `offset`. */
export type PageFetch<T> = (offset: number) => Promise<ListPage<T>>;

/** Whether the list ends with `page`, given how many objects were read with it. */
export function isLastPage(page: ListPage<unknown>, objectsRead: number): boolean {
  return page.items.length === 0 || page.total === undefined || objectsRead >= page.total;
}

/** Every object of the list, from its first page (fetched when not given) to its end. */
export async function readToEnd<T>(fetchPage: PageFetch<T>, first?: ListPage<T>): Promise<T[]> {
  const objects: T[] = [];
  let page = first ?? (await fetchPage(0));
  for (;;) {
    objects.push(...page.items);
    if (isLastPage(page, objects.length)) return objects;
    page = await fetchPage(objects.length);
  }
}

/** How many requests the whole list takes, judging by its first page. */
export function pageCount(first: ListPage<unknown>, pageSize: number): number {
  if (isLastPage(first, first.items.length)) return 1;
  return Math.ceil(first.total! / Math.max(pageSize, first.items.length));
}
