/**
 * The observability API's dashboards (HyperDX's routers/external-api/v2/dashboards.ts and its utils/dashboards.ts):
 * the body's rules, the sources its tiles and filters name, the ids a create or PUT gives tiles and filters, what a
 * PUT keeps, the tiles whose alerts go with them, and the dashboard as shown.
 */
import { schemas } from "../../schemas";
import { tileConfigAsShown } from "../../schemas/tileConfigAsShown";
import { objectId, secureBytes } from "../state/random";
import type { DashboardRecord, EmulatorState, TileRecord } from "../state/types";
import { objectIdOf } from "./alerts";
import { readBody } from "./objectBodies";
import type { Problem } from "./problems";

/** A create's or PUT's body: a dashboard's fields, its tiles perhaps without ids. */
export type DashboardBody = Omit<DashboardRecord, "id" | "tiles"> & {
  tiles: Array<Omit<TileRecord, "id"> & { id?: string }>;
};

/** The body's problems in the API's words (a PUT's filters need their ids, a create's must have none), or the body. */
export function parseDashboardBody(
  body: unknown,
  update: boolean,
): { problems: Problem[] } | { body: DashboardBody } {
  const schema = update ? schemas.dashboardUpdate : schemas.dashboardCreate;
  const { problems, kept } = readBody(schema, body, /sourceId$/, /^filters\.\d+$/);
  if (problems.length > 0) return { problems };
  return { body: kept as unknown as DashboardBody };
}

/** The API's refusal when a tile or filter names a source the team does not have; undefined when all exist. */
export function missingSources(state: EmulatorState, body: DashboardBody): string | undefined {
  const named = [
    ...body.tiles.map((tile) => tile.config?.sourceId),
    ...(body.filters ?? []).map((filter) => filter.sourceId),
  ].filter((id): id is string => typeof id === "string");
  const known = new Set(state.sources.map((source) => source.id));
  const missing = [...new Set(named.filter((id) => !known.has(objectIdOf(id) ?? id)))];
  return missing.length > 0 ? `Could not find the following source IDs: ${missing.join(", ")}` : undefined;
}

/** Tiles as stored: each keeps its id only when `existing` (a PUT's dashboard) has a tile with it, else a new one. */
function storedTiles(body: DashboardBody, existing: readonly TileRecord[] = []): TileRecord[] {
  const known = new Set(existing.map((tile) => tile.id));
  return body.tiles.map((tile) => ({
    ...tile,
    id: tile.id !== undefined && known.has(tile.id) ? tile.id : objectId(secureBytes),
  }));
}

/** Filters as stored: a create's get new ids; a PUT's keep the ids of filters the dashboard has, else new ones. */
function storedFilters(
  filters: readonly Record<string, unknown>[],
  existing: readonly Record<string, unknown>[] = [],
): Record<string, unknown>[] {
  const known = new Set(existing.map((filter) => filter.id));
  return filters.map((filter) => ({
    ...filter,
    id: known.has(filter.id) ? filter.id : objectId(secureBytes),
  }));
}

export function createdDashboard(id: string, body: DashboardBody): DashboardRecord {
  return {
    id,
    name: body.name,
    tiles: storedTiles(body),
    tags: body.tags === undefined ? [] : [...new Set(body.tags)],
    filters: storedFilters(body.filters ?? []),
    savedQuery: body.savedQuery,
    savedQueryLanguage: body.savedQueryLanguage ?? (body.savedQuery ? "lucene" : undefined),
    savedFilterValues: body.savedFilterValues,
    containers: body.containers,
  };
}

/** A PUT: name and tiles replaced; tags, filters, saved query and containers replaced only when sent. */
export function replacedDashboard(existing: DashboardRecord, body: DashboardBody): DashboardRecord {
  const sent = <K extends keyof DashboardBody>(field: K) =>
    body[field] === undefined ? {} : { [field]: body[field] };
  return {
    ...existing,
    name: body.name,
    tiles: storedTiles(body, existing.tiles),
    ...(body.tags === undefined ? {} : { tags: [...new Set(body.tags)] }),
    ...(body.filters === undefined ? {} : { filters: storedFilters(body.filters, existing.filters) }),
    ...sent("savedQuery"),
    ...sent("savedQueryLanguage"),
    ...sent("savedFilterValues"),
    ...sent("containers"),
  };
}

/** Ids of the tiles `before` had and `after` has not: their alerts are deleted with them. */
export function removedTileIds(before: DashboardRecord, after: DashboardRecord): string[] {
  const kept = new Set(after.tiles.map((tile) => tile.id));
  return before.tiles.map((tile) => tile.id).filter((id) => !kept.has(id));
}

/**
 * The dashboard as the API shows it: each tile's config with the fields the API fills in; tiles of older state files
 * show a default place and an empty markdown.
 */
export function dashboardView(dashboard: DashboardRecord): Record<string, unknown> {
  return {
    id: dashboard.id,
    name: dashboard.name,
    tiles: dashboard.tiles.map((tile) => ({
      id: tile.id,
      x: tile.x ?? 0,
      y: tile.y ?? 0,
      w: tile.w ?? 12,
      h: tile.h ?? 4,
      name: tile.name,
      config: tileConfigAsShown(tile.config ?? { displayType: "markdown" }),
      ...(tile.containerId === undefined ? {} : { containerId: tile.containerId }),
      ...(tile.tabId === undefined ? {} : { tabId: tile.tabId }),
    })),
    tags: dashboard.tags ?? [],
    filters: dashboard.filters ?? [],
    savedQuery: dashboard.savedQuery ?? null,
    savedQueryLanguage: dashboard.savedQueryLanguage ?? null,
    savedFilterValues: dashboard.savedFilterValues ?? [],
    ...(dashboard.containers !== undefined && dashboard.containers.length > 0
      ? { containers: dashboard.containers }
      : {}),
  };
}
