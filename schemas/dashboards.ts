/**
 * JSON Schemas of a dashboard as HyperDX's external API v2 takes it (POST and PUT /api/v2/dashboards) and shows it.
 * A tile sits on a 24-column grid (`x` 0..23, `w` 1..24; `y` and `h` unbounded below 0 and 1) and shows a `config`
 * chosen by its `displayType`. The common kinds (line, stacked bar, bar, number, table, search, markdown) are typed
 * field by field; the others and raw SQL tiles (`configType: sql`) are objects the API checks itself.
 *
 * The kinds are `if`/`else` pairs whose `else` holds the kind's schema: a failure inside `else` is worded as the
 * field's own rule, where one inside `then` would be worded as a field required by a condition.
 */
import type { SchemaObject } from "ajv";
import { nullableString, ruleKeyword } from "./common";
import { seriesAggFns, seriesMetricDataTypes, seriesWhereLanguages, tileQuantileLevels } from "./enums";
import { limits } from "./limits";
import { objectIdString, tags } from "./observabilityObjects";

const d = limits.dashboard;
const text = { type: "string", maxLength: d.expressionMaxLength } as const;
const whereLanguage = { enum: [...seriesWhereLanguages] } as const;
const json = { type: "object" } as const;

/** `if` that holds unless `field` is `value` (or, for a tile kind, unless the config is a builder config of it). */
function unless(field: string, value: unknown, extra: object = {}) {
  return { not: { required: [field], properties: { [field]: { const: value } }, ...extra } };
}

/** One series of a builder chart: an aggregate of a value expression (none for `count`), with its own filter. */
const selectItem = {
  type: "object",
  additionalProperties: false,
  required: ["aggFn"],
  properties: {
    valueExpression: text,
    alias: text,
    aggFn: { enum: [...seriesAggFns] },
    level: { enum: [...tileQuantileLevels] },
    where: text,
    whereLanguage,
    numberFormat: json,
    metricType: { enum: [...seriesMetricDataTypes] },
    metricName: { type: "string" },
    periodAggFn: { const: "delta" },
  },
  allOf: [
    {
      if: unless("aggFn", "count"),
      then: {
        required: ["valueExpression"],
        properties: { valueExpression: { type: "string", minLength: 1 } },
      },
      else: {
        properties: {
          valueExpression: {
            type: "string",
            maxLength: 0,
            [ruleKeyword]: "cannot be used with the count aggregation function",
          },
        },
      },
    },
    {
      if: unless("aggFn", "quantile"),
      then: {
        properties: {
          level: { not: {}, [ruleKeyword]: "can only be used with the quantile aggregation function" },
        },
      },
    },
  ],
} as const;

const select = { type: "array", minItems: 1, maxItems: d.maxSelectItems, items: selectItem } as const;
const formulas = { type: "array", maxItems: d.maxFormulas, items: json } as const;

/** The fields every builder time chart (line, stacked bar) takes. */
const timeChart = {
  sourceId: objectIdString,
  select,
  groupBy: text,
  asRatio: { type: "boolean" },
  alignDateRangeToGranularity: { type: "boolean" },
  fillNulls: { type: "boolean" },
  numberFormat: json,
  formulas,
  showOperandSeries: { type: "boolean" },
  seriesLimit: { type: "integer", minimum: 0 },
} as const;

/** `asRatio` divides the first series by the second, so it needs exactly two. */
const ratioOfTwo = {
  if: unless("asRatio", true),
  else: {
    properties: {
      select: {
        type: "array",
        minItems: 2,
        maxItems: 2,
        [ruleKeyword]: "must hold exactly two items when asRatio is true",
      },
    },
  },
} as const;

const builderKinds = {
  line: {
    required: ["displayType", "sourceId", "select"],
    properties: {
      ...timeChart,
      compareToPreviousPeriod: { type: "boolean" },
      fitYAxisToData: { type: "boolean" },
    },
    allOf: [ratioOfTwo],
  },
  stacked_bar: {
    required: ["displayType", "sourceId", "select"],
    properties: timeChart,
    allOf: [ratioOfTwo],
  },
  bar: {
    required: ["displayType", "sourceId", "select"],
    properties: {
      sourceId: objectIdString,
      select: { ...select, maxItems: 1 },
      groupBy: text,
      orderBy: text,
      numberFormat: json,
      limit: { type: "integer", minimum: 0 },
    },
  },
  table: {
    required: ["displayType", "sourceId", "select"],
    properties: {
      sourceId: objectIdString,
      select,
      groupBy: text,
      having: text,
      orderBy: text,
      asRatio: { type: "boolean" },
      numberFormat: json,
      groupByColumnsOnLeft: { type: "boolean" },
      onClick: json,
      formulas,
      showOperandSeries: { type: "boolean" },
    },
    allOf: [ratioOfTwo],
  },
  number: {
    required: ["displayType", "sourceId", "select"],
    properties: {
      sourceId: objectIdString,
      select,
      numberFormat: json,
      formulas,
      color: { type: "string" },
      colorRules: { type: "array", maxItems: d.maxColorRules, items: json },
      backgroundChart: json,
    },
    allOf: [
      {
        if: { required: ["formulas"], properties: { formulas: { type: "array", minItems: 1 } } },
        else: {
          properties: {
            select: {
              type: "array",
              maxItems: 1,
              [ruleKeyword]: "must hold exactly one item unless formulas are set",
            },
          },
        },
      },
    ],
  },
  search: {
    required: ["displayType", "sourceId", "select"],
    properties: { sourceId: objectIdString, select: text, where: text, whereLanguage },
  },
  markdown: {
    required: ["displayType"],
    properties: { markdown: { type: "string", maxLength: d.markdownMaxLength } },
  },
} as const;

/**
 * A tile's config. A builder config of a typed kind is checked field by field (unknown fields refused); any other
 * config needs a `displayType` and is sent as written.
 */
const tileConfig = {
  type: "object",
  // No `properties` at this level: a config is open JSON to the front ends' types (the plugin's schema says `Any`),
  // its rules are all in `allOf`.
  allOf: [
    {
      required: ["displayType"],
      properties: { displayType: { type: "string", minLength: 1 }, configType: { type: "string" } },
    },
    ...Object.entries(builderKinds).map(([kind, schema]) => ({
      if: unless("displayType", kind, {
        not: { required: ["configType"], properties: { configType: true } },
      }),
      else: {
        type: "object",
        ...schema,
        additionalProperties: false,
        properties: { displayType: { const: kind }, ...schema.properties },
      },
    })),
  ],
} as const;

/** A tile as sent: on a create its id is replaced by one the API makes; on a PUT an id the dashboard has is kept. */
const tile = {
  type: "object",
  additionalProperties: false,
  required: ["name", "x", "y", "w", "h", "config"],
  properties: {
    id: { type: "string", maxLength: d.tileIdMaxLength },
    name: { type: "string" },
    x: { type: "number", minimum: 0, maximum: d.maxX },
    y: { type: "number", minimum: 0 },
    w: { type: "number", minimum: d.minW, maximum: d.maxW },
    h: { type: "number", minimum: d.minH },
    config: tileConfig,
    containerId: { type: "string", minLength: 1, maxLength: d.containerIdMaxLength },
    tabId: { type: "string", minLength: 1, maxLength: d.containerIdMaxLength },
  },
} as const;

/** A dashboard filter: a query expression over a source; `id` only on a PUT (the API refuses one on a create). */
function dashboardFilter(withId: boolean) {
  return {
    type: "object",
    additionalProperties: false,
    required: ["type", "name", "expression", "sourceId", ...(withId ? ["id"] : [])],
    properties: {
      ...(withId ? { id: { type: "string" } } : {}),
      type: { const: "QUERY_EXPRESSION" },
      name: { type: "string", minLength: 1 },
      expression: { type: "string", minLength: 1 },
      sourceId: objectIdString,
      sourceMetricType: { enum: [...seriesMetricDataTypes] },
      where: { type: "string" },
      whereLanguage: { enum: ["sql", "lucene"] },
      appliesToSourceIds: { type: "array", items: { type: "string", minLength: 1 } },
      isBroadcastEnabled: { type: "boolean" },
      isVariableEnabled: { type: "boolean" },
      variableName: { type: "string", pattern: "^[a-zA-Z][a-zA-Z0-9_]*$" },
    },
  } as const;
}

/**
 * A group of tiles (a tile joins it by `containerId`, a tab of it by `tabId`): the published Cloud API's
 * ClickStackDashboardContainer and ClickStackDashboardContainerTab.
 */
const container = {
  type: "object",
  additionalProperties: false,
  required: ["id", "title", "collapsed"],
  properties: {
    id: { type: "string", minLength: 1, maxLength: d.containerIdMaxLength },
    title: { type: "string" },
    collapsed: { type: "boolean" },
    collapsible: { type: "boolean" },
    bordered: { type: "boolean" },
    tabs: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["id", "title"],
        properties: {
          id: { type: "string", minLength: 1, maxLength: d.containerIdMaxLength },
          title: { type: "string" },
        },
      },
    },
  },
} as const;

function dashboardBody(withFilterIds: boolean) {
  return {
    type: "object",
    additionalProperties: false,
    required: ["name", "tiles"],
    properties: {
      name: { type: "string", maxLength: d.nameMaxLength },
      tiles: { type: "array", maxItems: d.maxTiles, items: tile },
      tags,
      filters: { type: "array", items: dashboardFilter(withFilterIds) },
      savedQuery: { type: ["string", "null"] },
      savedQueryLanguage: { enum: [...seriesWhereLanguages, null] },
      savedFilterValues: {
        type: "array",
        items: {
          type: "object",
          additionalProperties: false,
          required: ["condition"],
          properties: {
            type: { const: "sql" },
            condition: { type: "string", maxLength: d.savedFilterConditionMaxLength },
          },
        },
      },
      containers: { type: "array", items: container },
    },
  } as const satisfies SchemaObject;
}

/** Body of POST /api/v2/dashboards: filters without ids. */
const dashboardCreate = dashboardBody(false);
/** Body of PUT /api/v2/dashboards/{id}: every filter with its id; what the body leaves out besides tiles is kept. */
const dashboardUpdate = dashboardBody(true);

const dashboard = {
  type: "object",
  required: ["id", "name", "tiles"],
  properties: {
    id: { type: "string" },
    name: { type: "string" },
    tiles: {
      type: "array",
      items: {
        type: "object",
        required: ["id"],
        properties: { id: { type: "string" }, name: nullableString, config: { type: ["object", "null"] } },
      },
    },
    tags: { type: ["array", "null"], items: { type: "string" } },
    filters: { type: ["array", "null"], items: { type: "object" } },
    savedQuery: nullableString,
    savedQueryLanguage: nullableString,
    savedFilterValues: { type: ["array", "null"], items: { type: "object" } },
    containers: { type: ["array", "null"], items: { type: "object" } },
  },
} as const satisfies SchemaObject;

export const dashboardSchemas = { dashboardCreate, dashboardUpdate, dashboard } as const;
