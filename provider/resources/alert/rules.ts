/** Rules on Alert inputs beyond the request's JSON Schema. */
import type { AlertSource } from "../../../schemas";
import type { ValidationProblem } from "../../validation/validate";
import type { PropertyBag } from "../../propertyBags";

/** The ids each source uses; the API drops the other source's, which would then show as a change forever. */
export const fieldsOfSource: Record<AlertSource, readonly string[]> = {
  tile: ["dashboardId", "tileId"],
  search: ["savedSearchId", "groupBy"],
};

/** The ids of the source not chosen must be left out: the API drops them, which would show as a change forever. */
export function noFieldsOfOtherSource(inputs: PropertyBag): ValidationProblem[] {
  const source = inputs.source;
  if (source !== "tile" && source !== "search") return [];
  const other: AlertSource = source === "tile" ? "search" : "tile";
  return fieldsOfSource[other]
    .filter((field) => inputs[field] !== undefined && inputs[field] !== null && inputs[field] !== "")
    .map((field) => ({
      property: field,
      reason: `${field} applies only when source is ${other}; got source ${source}, so remove ${field}`,
    }));
}
