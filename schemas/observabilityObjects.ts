/**
 * JSON Schemas of the observability objects alerts refer to: webhooks, saved searches and sources, as HyperDX's
 * external API v2 takes them (request bodies, unknown fields rejected) and shows them (extra fields allowed).
 * Dashboards are in `dashboards.ts`. The specification shows none of these kinds, so both wires use these shapes.
 */
import type { SchemaObject } from "ajv";
import { nullableDateTime, nullableString, requiredWhen, ruleKeyword } from "./common";
import {
  metricTableKinds,
  savedSearchFilterOperators,
  savedSearchWhereLanguages,
  sourceKinds,
  webhookServices,
} from "./enums";
import { limits } from "./limits";

/** A 24-hex-digit object id, the id format of the observability API. */
export const objectIdString = {
  type: "string",
  pattern: "^[0-9a-fA-F]{24}$",
  [ruleKeyword]: "must be a 24-hex-digit object id",
} as const;

/** A name the API trims before checking its length: at least one character that is not a space. */
function trimmedName(maxLength: number) {
  return {
    type: "string",
    maxLength,
    pattern: "\\S",
    [ruleKeyword]: `must be 1 to ${maxLength} characters, not only spaces`,
  } as const;
}

/** Text without control characters (CR, LF, tab, NUL, ...): it goes into a request header or URL. */
const noControlCharacters = "^[^\\u0000-\\u001F\\u007F]*$";

/** An HTTP header name (an RFC 9110 token) that does not start with a digit, as the API checks it. */
const headerNamePattern = "^[!#$%&'*+.^_`|~A-Za-z-][!#$%&'*+.^_`|~A-Za-z0-9-]*$";

const w = limits.webhook;

/** Body of POST /api/v2/webhooks and PUT /api/v2/webhooks/{id}. */
const webhookCreate = {
  type: "object",
  additionalProperties: false,
  required: ["name", "service", "url"],
  properties: {
    name: trimmedName(w.nameMaxLength),
    service: { enum: [...webhookServices] },
    url: {
      type: "string",
      maxLength: w.urlMaxLength,
      pattern: "^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#]+([/?#]\\S*)?$",
      [ruleKeyword]: `must be an http or https URL of at most ${w.urlMaxLength} characters`,
    },
    description: { type: "string", maxLength: w.descriptionMaxLength },
    body: { type: "string", maxLength: w.bodyMaxLength },
    headers: {
      type: "object",
      maxProperties: w.maxHeaders,
      propertyNames: {
        minLength: 1,
        maxLength: w.headerNameMaxLength,
        pattern: headerNamePattern,
        [ruleKeyword]:
          `names must be 1 to ${w.headerNameMaxLength} letters, digits and !#$%&'*+-.^_\`|~, ` +
          "not starting with a digit",
      },
      additionalProperties: {
        type: "string",
        maxLength: w.headerValueMaxLength,
        pattern: noControlCharacters,
        [ruleKeyword]: `must be at most ${w.headerValueMaxLength} characters without control characters`,
      },
      [ruleKeyword]: `must hold at most ${w.maxHeaders} headers`,
    },
    queryParams: {
      type: "object",
      maxProperties: w.maxQueryParams,
      propertyNames: {
        minLength: 1,
        maxLength: w.queryParamNameMaxLength,
        pattern: noControlCharacters,
        [ruleKeyword]: `names must be 1 to ${w.queryParamNameMaxLength} characters without control characters`,
      },
      additionalProperties: {
        type: "string",
        maxLength: w.queryParamValueMaxLength,
        pattern: noControlCharacters,
        [ruleKeyword]: `must be at most ${w.queryParamValueMaxLength} characters without control characters`,
      },
      [ruleKeyword]: `must hold at most ${w.maxQueryParams} query parameters`,
    },
  },
  // Slack posts a fixed message to its URL, so the API refuses what only a templated request uses. An `else`
  // branch, so that a failure is worded as the field's own rule rather than as a condition.
  if: { not: { required: ["service"], properties: { service: { const: "slack" } } } },
  else: {
    properties: Object.fromEntries(
      ["headers", "queryParams", "body"].map((field) => [
        field,
        { not: {}, [ruleKeyword]: "is not supported for the slack webhook service" },
      ]),
    ),
  },
} as const satisfies SchemaObject;

/** A webhook as the API shows it: never its headers or query parameters; `body` for the generic service only. */
const webhook = {
  type: "object",
  required: ["id", "name", "service"],
  properties: {
    id: { type: "string" },
    name: { type: "string" },
    service: { type: "string" },
    url: nullableString,
    description: nullableString,
    body: nullableString,
    createdAt: nullableDateTime,
    updatedAt: nullableDateTime,
  },
} as const satisfies SchemaObject;

const s = limits.savedSearch;

export const tags = {
  type: "array",
  maxItems: limits.tags.maxTags,
  items: { type: "string", maxLength: limits.tags.tagMaxLength },
} as const;

/** A pinned filter of a saved search: a condition in SQL or Lucene, or a comparison of two SQL expressions. */
const savedSearchFilter = {
  type: "object",
  additionalProperties: false,
  properties: {
    type: { enum: ["sql", "lucene", "sql_ast"] },
    condition: { type: "string", maxLength: s.filterExpressionMaxLength },
    operator: { enum: [...savedSearchFilterOperators] },
    left: { type: "string", maxLength: s.filterExpressionMaxLength },
    right: { type: "string", maxLength: s.filterExpressionMaxLength },
  },
  if: { required: ["type"], properties: { type: { const: "sql_ast" } } },
  // Each branch names its required fields again: ajv's strict mode wants a required field defined beside it.
  then: { required: ["operator", "left", "right"], properties: { operator: true, left: true, right: true } },
  else: { required: ["condition"], properties: { condition: true } },
} as const;

/** Body of POST /api/v2/saved-searches and PUT /api/v2/saved-searches/{id} (a PUT resets what it leaves out). */
const savedSearchCreate = {
  type: "object",
  additionalProperties: false,
  required: ["name", "sourceId"],
  properties: {
    name: trimmedName(s.nameMaxLength),
    sourceId: objectIdString,
    select: { type: "string", maxLength: s.selectMaxLength },
    where: { type: "string", maxLength: s.whereMaxLength },
    whereLanguage: { enum: [...savedSearchWhereLanguages] },
    orderBy: { type: "string", maxLength: s.orderByMaxLength },
    tags,
    filters: { type: "array", maxItems: s.maxFilters, items: savedSearchFilter },
  },
} as const satisfies SchemaObject;

const savedSearch = {
  type: "object",
  required: ["id", "name"],
  properties: {
    id: { type: "string" },
    name: { type: "string" },
    sourceId: nullableString,
    select: nullableString,
    where: nullableString,
    whereLanguage: nullableString,
    orderBy: nullableString,
    tags: { type: ["array", "null"], items: { type: "string" } },
    filters: { type: ["array", "null"], items: { type: "object" } },
    teamId: nullableString,
    createdAt: nullableDateTime,
    updatedAt: nullableDateTime,
  },
} as const satisfies SchemaObject;

const expression = { type: "string", minLength: 1 } as const;
const optionalExpression = { type: "string" } as const;

/** Optional fields some kinds of source take, each an expression of the source's table unless typed otherwise. */
const sourceOptionalExpressions = [
  "defaultTableSelectExpression",
  "serviceNameExpression",
  "serviceVersionExpression",
  "severityTextExpression",
  "bodyExpression",
  "eventAttributesExpression",
  "resourceAttributesExpression",
  "displayedTimestampValueExpression",
  "traceIdExpression",
  "spanIdExpression",
  "implicitColumnExpression",
  "knownColumnsListExpression",
  "tableFilterExpression",
  "orderByExpression",
  "durationExpression",
  "parentSpanIdExpression",
  "spanNameExpression",
  "spanKindExpression",
  "sampleRateExpression",
  "statusCodeExpression",
  "statusMessageExpression",
  "spanEventsValueExpression",
  "spanLinksValueExpression",
  "seriesTable",
] as const;

const highlightedAttributes = {
  type: "array",
  items: {
    type: "object",
    additionalProperties: false,
    required: ["sqlExpression"],
    properties: {
      sqlExpression: expression,
      luceneExpression: { type: "string" },
      alias: { type: "string" },
    },
  },
} as const;

/**
 * Body of POST /api/v2/sources and PUT /api/v2/sources/{id} (a PUT replaces the source): where the data lives
 * (`connection`, `from`), how to read time, and each kind's required expressions. Materialized views and the
 * other structured settings of a kind are taken as JSON the API checks.
 */
const sourceCreate = {
  type: "object",
  additionalProperties: false,
  required: ["name", "kind", "connection", "from", "timestampValueExpression"],
  properties: {
    name: { type: "string", minLength: 1 },
    kind: { enum: [...sourceKinds] },
    section: { type: "string", maxLength: limits.source.sectionMaxLength },
    connection: objectIdString,
    from: {
      type: "object",
      additionalProperties: false,
      required: ["databaseName", "tableName"],
      properties: { databaseName: expression, tableName: { type: "string" } },
    },
    disabled: { type: "boolean" },
    querySettings: {
      type: "array",
      maxItems: limits.source.maxQuerySettings,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["setting", "value"],
        properties: { setting: expression, value: expression },
      },
    },
    timestampValueExpression: expression,
    ...Object.fromEntries(sourceOptionalExpressions.map((name) => [name, optionalExpression])),
    durationPrecision: { type: "integer", minimum: 0, maximum: limits.source.maxDurationPrecision },
    metricSourceId: { type: "string" },
    traceSourceId: { type: "string" },
    logSourceId: { type: ["string", "null"] },
    sessionSourceId: { type: "string" },
    useTextIndexForImplicitColumn: { type: "string" },
    highlightedTraceAttributeExpressions: highlightedAttributes,
    highlightedRowAttributeExpressions: highlightedAttributes,
    metricTables: {
      type: "object",
      additionalProperties: false,
      minProperties: 1,
      properties: Object.fromEntries(metricTableKinds.map((kind) => [kind, { type: "string" }])),
      [ruleKeyword]: `must name at least one table among ${metricTableKinds.join(", ")}`,
    },
    materializedViews: { type: "array", items: { type: "object" } },
    metadataMaterializedViews: { type: "object" },
  },
  allOf: [
    requiredWhen("kind", "log", ["defaultTableSelectExpression"]),
    requiredWhen("kind", "trace", [
      "defaultTableSelectExpression",
      "durationExpression",
      "traceIdExpression",
      "spanIdExpression",
      "parentSpanIdExpression",
      "spanNameExpression",
      "spanKindExpression",
    ]),
    requiredWhen("kind", "session", ["traceSourceId"]),
    requiredWhen("kind", "metric", ["resourceAttributesExpression"]),
    {
      if: { required: ["kind"], properties: { kind: { const: "metric" } } },
      then: { required: ["metricTables"], properties: { metricTables: true } },
    },
    {
      if: { not: { required: ["kind"], properties: { kind: { const: "metric" } } } },
      then: {
        properties: { from: { type: "object", properties: { tableName: { type: "string", minLength: 1 } } } },
      },
    },
  ],
} as const satisfies SchemaObject;

const source = {
  type: "object",
  required: ["id", "name", "kind"],
  properties: {
    id: { type: "string" },
    name: { type: "string" },
    kind: { type: "string" },
    connection: nullableString,
    from: {
      type: ["object", "null"],
      properties: { databaseName: nullableString, tableName: nullableString },
    },
    timestampValueExpression: nullableString,
  },
} as const satisfies SchemaObject;

export const observabilityObjectSchemas = {
  webhookCreate,
  webhook,
  savedSearchCreate,
  savedSearch,
  sourceCreate,
  source,
} as const;
