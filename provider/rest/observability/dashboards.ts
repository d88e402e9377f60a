import { randomBytes } from "node:crypto";
import type { HttpCore } from "../transport/http";
import { ObjectCollection } from "./objectCollection";
import type { Dashboard, DashboardFilter, DashboardRequest, DashboardTile } from "./objectModels";

/**
 * Dashboards and their tiles, which alerts of source `tile` watch. A missing dashboard is Express's plain-text
 * `Not Found` (HyperDX's routers/external-api/v2/dashboards.ts answers it with `sendStatus(404)`), and a DELETE
 * answers `{}` whether or not the dashboard existed.
 */
export class DashboardsApi extends ObjectCollection<DashboardRequest, Dashboard> {
  constructor(http: HttpCore, basePath: string) {
    super(http, {
      noun: "dashboard",
      path: `${basePath}/dashboards`,
      createSchema: "dashboardCreate",
      updateSchema: "dashboardUpdate",
      responseSchema: "dashboard",
      paged: false,
      plainNotFound: "Not Found",
    });
  }

  /**
   * Reads the dashboard and PUTs the request with what it leaves out. The PUT gives a tile without a known id a new
   * one and deletes the alerts of a tile whose id is gone, so a tile without an id takes the id of the dashboard's
   * tile of the same name; a filter needs its id on a PUT, so one without takes the id of the filter of the same
   * name, or a new one.
   */
  override update(id: string, request: DashboardRequest): Promise<Dashboard> {
    return super.update(id, request, (merged, existing) => ({
      ...merged,
      tiles: withIdsByName(merged.tiles, existing.tiles),
      ...(merged.filters === undefined
        ? {}
        : { filters: withIdsByName(merged.filters, existing.filters ?? [], newObjectId) }),
    }));
  }
}

/**
 * Items without an id take the id of the first unclaimed existing item of the same name (or `mint`'s). The shown
 * items' ids and names are read as the schema checks them: the tiles' ids, the rest as whatever the API sent.
 */
function withIdsByName<T extends DashboardTile | DashboardFilter>(
  items: T[],
  existing: ReadonlyArray<{ name?: unknown }>,
  mint?: () => string,
): T[] {
  const claimed = new Set(items.map(idOf));
  return items.map((item) => {
    if (idOf(item) !== undefined) return item;
    const match = existing.find((candidate) => {
      const id = idOf(candidate);
      return id !== undefined && candidate.name === item.name && !claimed.has(id);
    });
    const id = (match === undefined ? undefined : idOf(match)) ?? mint?.();
    if (id === undefined) return item;
    claimed.add(id);
    return { ...item, id };
  });
}

function idOf(item: object): string | undefined {
  return "id" in item && typeof item.id === "string" ? item.id : undefined;
}

/** A fresh 24-hex-digit object id: the form the API wants of a new filter's id on a PUT. */
function newObjectId(): string {
  return randomBytes(12).toString("hex");
}
