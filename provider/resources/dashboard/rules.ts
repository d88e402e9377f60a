/** Rules on Dashboard inputs beyond the request's JSON Schema. */
import type { ValidationProblem } from "../../validation/validate";
import { isPlainObject, type PropertyBag } from "../../propertyBags";

/**
 * Tiles of a dashboard about to be made that give an `id`: the API gives every tile of a new dashboard an id of its
 * own, so an `Alert` that names the written id fails at `up` with "Tile not found". A warning, not a refusal: the
 * id does no harm to the dashboard itself, and an update keeps the ids of the tiles the dashboard has.
 */
export function tileIdsOfNewDashboard(inputs: PropertyBag, previous?: PropertyBag): ValidationProblem[] {
  if (previous !== undefined && Object.keys(previous).length > 0) return [];
  const tiles = Array.isArray(inputs.tiles) ? (inputs.tiles as unknown[]) : [];
  return tiles.flatMap((tile, index): ValidationProblem[] => {
    const id = isPlainObject(tile) ? tile.id : undefined;
    if (typeof id !== "string" || id === "") return [];
    const property = `tiles[${index}].id`;
    return [
      {
        property,
        reason:
          `${property}: "${id}" is not kept: the API gives the tiles of a new dashboard ids of its own, so an Alert ` +
          "must take a tile's id from this dashboard's tileIds output, by the tile's name",
      },
    ];
  });
}
