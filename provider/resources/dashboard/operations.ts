/**
 * Creates, reads, updates and deletes dashboards. An update keeps each tile's id: a tile without one takes the id
 * of the old tile of the same name, else of the old tile at its position, so the alerts on a renamed or moved tile
 * stay (the API deletes the alerts of a tile whose id a PUT leaves out).
 */
import type { Dashboard, DashboardRequest, DashboardTile } from "../../rest/observability";
import { fieldsOf, isPlainObject, pick, type PropertyBag } from "../../propertyBags";
import { inputNames } from "../derive/specs";
import { tileConfigAsShown } from "../../../schemas/tileConfigAsShown";
import { requestBodyFor } from "../derive/requestBody";
import { apiObjectOperations } from "../lifecycle/apiObjectLifecycle";
import type { PartlyKnown } from "../partlyKnown";
import { definition } from "./definition";
import type { DashboardInputs, DashboardOutputs } from "./shapes";

const dashboardRequest = requestBodyFor(definition);

type OldTile = { id?: unknown; name?: unknown };

const lifecycle = apiObjectOperations<DashboardInputs, DashboardOutputs, DashboardRequest, Dashboard>({
  what: (inputs) => `dashboard "${inputs.name}"`,
  collection: (client) => client.dashboards,
  request: (inputs) => dashboardRequest(inputs),
  updateRequest: (olds, news) => {
    const request = dashboardRequest(news);
    return { ...request, tiles: withOldIds(request.tiles, olds.tiles as OldTile[]) };
  },
  outputs: (_recorded, shown) => ({
    name: shown.name,
    tiles: shown.tiles.map(fieldsOf),
    tileIds: Object.fromEntries(shown.tiles.map((tile) => [tile.name, tile.id])),
    tags: shown.tags ?? undefined,
    filters: (shown.filters ?? undefined) as Record<string, unknown>[] | undefined,
    containers: nonEmpty(shown.containers),
    savedQuery: shown.savedQuery ?? undefined,
    savedQueryLanguage: shown.savedQuery ? (shown.savedQueryLanguage ?? undefined) : undefined,
    savedFilterValues: nonEmpty(shown.savedFilterValues),
  }),
  newness: "listedBefore",
  sentFields: ["name"],
});

export const operations = {
  ...lifecycle,
  /** The inputs a read reports: the outputs of the inputs' names, the filters without the ids the API gave them. */
  inputsFromOutputs(outs: DashboardOutputs): PropertyBag {
    return {
      ...pick(outs, inputNames(definition)),
      ...(outs.filters === undefined ? {} : { filters: withoutIdsWhereUnset(outs.filters, undefined) }),
    };
  },
  /**
   * Ids are the API's: a tile or filter the program writes without one is compared without it. A tile's config is
   * compared as the API would show it, so a field the API fills in (a series' filter language, say) is no change.
   */
  comparable(
    olds: DashboardOutputs,
    { known: news }: PartlyKnown<DashboardInputs>,
  ): { olds: PropertyBag; news: PropertyBag } {
    return {
      olds: {
        ...olds,
        tiles: withoutIdsWhereUnset(olds.tiles, news.tiles),
        // A filter's id is never the program's: a create refuses one.
        filters: withoutIdsWhereUnset(olds.filters, undefined),
      },
      news: { ...news, tiles: tilesAsShown(news.tiles) },
    };
  },
};

function withOldIds(tiles: DashboardTile[], olds: readonly OldTile[] = []): DashboardTile[] {
  const claimed = new Set(tiles.map((tile) => tile.id).filter((id) => id !== undefined));
  const free = (old: OldTile | undefined) =>
    old !== undefined && typeof old.id === "string" && !claimed.has(old.id) ? old.id : undefined;
  const byName = tiles.map((tile) =>
    tile.id === undefined ? olds.find((old) => old.name === tile.name && free(old)) : undefined,
  );
  for (const old of byName) if (typeof old?.id === "string") claimed.add(old.id);
  return tiles.map((tile, index) => {
    if (tile.id !== undefined) return tile;
    const id = (byName[index]?.id as string | undefined) ?? free(olds[index]);
    if (id === undefined) return tile;
    claimed.add(id);
    return { ...tile, id };
  });
}

function withoutIdsWhereUnset(
  olds: readonly Record<string, unknown>[] | undefined,
  news: ReadonlyArray<{ id?: string }> | null | undefined,
): Record<string, unknown>[] | undefined {
  if (olds === undefined) return undefined;
  return olds.map((old, index) => {
    if (news?.[index]?.id !== undefined) return old;
    const { id: _id, ...rest } = old;
    return rest;
  });
}

/** Tiles with each config as the API shows it; a tile or config not known yet during a preview is left as it is. */
function tilesAsShown(tiles: unknown): unknown {
  if (!Array.isArray(tiles)) return tiles;
  return tiles.map((tile: unknown) =>
    isPlainObject(tile) && isPlainObject(tile.config)
      ? { ...tile, config: tileConfigAsShown(tile.config) }
      : tile,
  );
}

/** A list the API shows, or undefined for none: an empty list and a missing one are both "none set". */
function nonEmpty(list: unknown): Record<string, unknown>[] | undefined {
  return Array.isArray(list) && list.length > 0 ? (list as Record<string, unknown>[]) : undefined;
}
