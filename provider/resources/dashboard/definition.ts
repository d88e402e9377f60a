/** The Dashboard resource: tiles charting sources, which alerts of source `tile` watch. */
import type { ResourceDefinition } from "../definition";
import {
  clickstackServiceIdInput,
  clickstackServiceIdOutput,
  keptWhenUnset,
  observabilityConfiguration,
  observabilityObjectId,
  requiredInPlace,
} from "../fields/observabilityFields";
import { stringOutput } from "../fields/sharedFields";
import { tileIdsOfNewDashboard } from "./rules";

export const definition: ResourceDefinition<"dashboardCreate"> = {
  kind: "Dashboard",
  module: "observability",
  description:
    "A dashboard of the observability API: tiles on a 24-column grid (`x` 0..23, `w` 1..24, `y` from 0, `h` from " +
    "1), each with a `config` chosen by its `displayType`. The common kinds (`line`, `stacked_bar`, `bar`, " +
    "`number`, `table`, `search`, `markdown`) are checked field by field at preview; other display types and raw " +
    "SQL tiles are passed on as JSON. The API gives every tile an id of its own when the dashboard is created: an " +
    "`Alert` on a tile takes it from the `tileIds` output, by the tile's name (`dashboard.tileIds.apply(ids => " +
    'ids["Errors"])`). An update keeps each tile\'s id (matched by name, else by position), so the alerts on a ' +
    "renamed or moved tile stay; a tile removed from the program is deleted with its alerts. Deleting the dashboard " +
    "deletes its alerts. " +
    observabilityConfiguration,
  notes: "tile ids come from the API: `tileIds` maps each tile's name to its id",
  id: observabilityObjectId("dashboard"),
  requestSchema: "dashboardCreate",
  inputs: {
    name: requiredInPlace("The dashboard's name, at most 1024 characters."),
    tiles: requiredInPlace(
      "The tiles (at most 500): `name`, `x`, `y`, `w`, `h` and `config` (with its `displayType`); an `id` is kept " +
        "only when the dashboard already has a tile with it.",
      { type: { name: "DashboardTileArgs", from: "inputTypes/dashboardTile" } },
    ),
    tags: keptWhenUnset("At most 50 tags of at most 32 characters."),
    filters: keptWhenUnset(
      "Dashboard filters: `{type: QUERY_EXPRESSION, name, expression, sourceId}`; their ids are the API's.",
    ),
    containers: keptWhenUnset(
      "Groups of tiles: `{id, title, collapsed}`, optionally `collapsible`, `bordered` and `tabs` (`{id, title}`); " +
        "a tile joins one by its `containerId`, a tab of it by its `tabId`.",
    ),
    savedQuery: keptWhenUnset("The query the dashboard opens with, in `savedQueryLanguage`."),
    savedQueryLanguage: keptWhenUnset(
      "`lucene` (the API's default when a saved query is set), `sql` or `promql`.",
    ),
    savedFilterValues: keptWhenUnset(
      "The filter values the dashboard opens with: `{type: sql, condition}`, e.g. `ServiceName IN ('api')`.",
    ),
    clickstackServiceId: clickstackServiceIdInput,
  },
  outputs: {
    name: stringOutput("The dashboard's name.", { alwaysSet: true }),
    tiles: {
      description:
        "The tiles as the API reports them, each with its `id` and with the config fields the API fills in where the " +
        "program left them out (a series' `where` \"\" and `whereLanguage` lucene, a line or stacked bar's " +
        "`fillNulls` true and `asRatio` false, a search's `whereLanguage` lucene); those are no change to the program.",
      schema: { type: "array", items: { type: "object" } },
      alwaysSet: true,
    },
    tileIds: {
      description: "Each tile's id by its name, for an `Alert`'s `tileId`.",
      schema: { type: "object", additionalProperties: { type: "string" } },
      alwaysSet: true,
    },
    tags: { description: "The tags.", schema: { type: "array", items: { type: "string" } } },
    filters: {
      description: "The filters, each with its id.",
      schema: { type: "array", items: { type: "object" } },
    },
    containers: {
      description: "The groups of tiles; undefined when there are none.",
      schema: { type: "array", items: { type: "object" } },
    },
    savedQuery: stringOutput("The query the dashboard opens with; undefined when none is set."),
    savedQueryLanguage: stringOutput("The saved query's language; undefined when no query is saved."),
    savedFilterValues: {
      description: "The filter values the dashboard opens with; undefined when none are set.",
      schema: { type: "array", items: { type: "object" } },
    },
    clickstackServiceId: clickstackServiceIdOutput,
  },
  advisories: [tileIdsOfNewDashboard],
};
