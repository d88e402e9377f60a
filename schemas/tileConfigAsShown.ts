/**
 * The fields HyperDX's external API v2 fills in when it shows a dashboard tile's config, whatever the create or PUT
 * sent (packages/api/src/routers/external-api/v2/utils/dashboards.ts: `convertToExternalTileChartConfig` and
 * `convertToExternalSelectItem`). A config that leaves them out reads back with them, so the emulator shows them and
 * the provider compares a program's config with what the API shows through this one function.
 */

type Config = Record<string, unknown>;

const WHERE_LANGUAGE = "lucene";

/** Builder kinds whose `select` is a list of series, each shown with its filter and the filter's language. */
const seriesKinds = new Set(["line", "stacked_bar", "table", "number", "pie", "bar"]);
/** Kinds shown with `asRatio`, false unless it was sent true. */
const ratioKinds = new Set(["line", "stacked_bar", "table"]);
/** Kinds shown with `fillNulls`, true unless it was sent false (raw SQL tiles of these kinds too). */
const fillNullsKinds = new Set(["line", "stacked_bar"]);

/** `config` as the API shows it: what it was given, with each field the API fills in that was left out. */
export function tileConfigAsShown(config: Config): Config {
  const kind = config.displayType;
  if (typeof kind !== "string") return config;
  const shown: Config = { ...config };
  const fill = (field: string, value: unknown) => {
    if (shown[field] === undefined) shown[field] = value;
  };
  if (fillNullsKinds.has(kind)) fill("fillNulls", true);
  if (config.configType === "sql") return shown;
  if (ratioKinds.has(kind)) fill("asRatio", false);
  if (seriesKinds.has(kind) && Array.isArray(config.select)) shown.select = config.select.map(seriesAsShown);
  switch (kind) {
    case "search":
      fill("select", "");
      fill("whereLanguage", WHERE_LANGUAGE);
      break;
    case "markdown":
      fill("markdown", "");
      break;
    case "heatmap":
      fill("where", "");
      fill("whereLanguage", WHERE_LANGUAGE);
      break;
    case "event_patterns":
      fill("select", "");
      fill("where", "");
      fill("whereLanguage", WHERE_LANGUAGE);
      break;
  }
  return shown;
}

/** A series of a builder tile as the API shows it: its filter is "" and the filter's language Lucene when unset. */
function seriesAsShown(item: unknown): unknown {
  if (typeof item !== "object" || item === null || Array.isArray(item)) return item;
  const series = item as Config;
  return {
    ...series,
    where: series.where ?? "",
    whereLanguage: series.whereLanguage ?? WHERE_LANGUAGE,
  };
}
