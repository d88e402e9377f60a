/** The Source resource: where the data of series, saved searches and tiles lives. */
import type { SchemaObject } from "ajv";
import { schemas } from "../../../schemas";
import type { InputField, ResourceDefinition } from "../definition";
import {
  clickstackServiceIdInput,
  clickstackServiceIdOutput,
  keptWhenUnset,
  observabilityConfiguration,
  observabilityObjectId,
  requiredInPlace,
} from "../fields/observabilityFields";
import { stringOutput } from "../fields/sharedFields";

const common = ["name", "kind", "connection", "from", "timestampValueExpression"];

/** Every other field of a source's create: each kind's expressions and settings, managed when set. */
const kindFields: Record<string, InputField> = Object.fromEntries(
  Object.keys(schemas.sourceCreate.properties)
    .filter((name) => !common.includes(name))
    .map((name) => [
      name,
      keptWhenUnset(
        `The source's \`${name}\`, for the kinds that take it (the API requires some per kind: see the resource's ` +
          "description).",
      ),
    ]),
);

/**
 * An output's schema: the request's for a field of a plain JSON type (one that may also be null is that type, as
 * a null field has no output), a plain object or array otherwise.
 */
function outputSchemaOf(name: string): SchemaObject {
  const property = (schemas.sourceCreate.properties as Record<string, SchemaObject>)[name];
  const declared: unknown = property?.type;
  const types: unknown[] = Array.isArray(declared) ? declared : [declared];
  const nonNull = types.filter((type) => type !== "null");
  const type = nonNull.length === 1 ? nonNull[0] : undefined;
  if (type === "string" || type === "boolean" || type === "integer") return { type };
  return { type: type === "array" ? "array" : "object" };
}

export const definition: ResourceDefinition<"sourceCreate"> = {
  kind: "Source",
  module: "observability",
  description:
    "A source of the observability API: a table of a connection (a ClickHouse server the API knows) and how to " +
    "read it, which `getSeries`, saved searches and dashboard tiles name by id. `kind` is `log`, `trace`, " +
    "`session`, `metric` or `promql`; a `log` source needs `defaultTableSelectExpression`; a `trace` source also " +
    "`durationExpression`, `traceIdExpression`, `spanIdExpression`, `parentSpanIdExpression`, `spanNameExpression` " +
    "and `spanKindExpression`; a `session` source `traceSourceId`; a `metric` source `metricTables` and " +
    "`resourceAttributesExpression`, all checked at preview. Every input updates in place; the API's PUT takes the " +
    "whole source, so an update sends back every field the program does not set. " +
    observabilityConfiguration,
  notes: "`connection` is the id of a connection of the observability API",
  id: observabilityObjectId("source"),
  requestSchema: "sourceCreate",
  inputs: {
    name: requiredInPlace("The source's name."),
    kind: requiredInPlace("`log`, `trace`, `session`, `metric` or `promql`."),
    connection: requiredInPlace("The id (24 hex digits) of the connection the table is on."),
    from: requiredInPlace(
      "The table: `{databaseName, tableName}` (a metric source's table name may be empty).",
    ),
    timestampValueExpression: requiredInPlace("The expression of a row's time."),
    ...kindFields,
    // A record: one of the API's table kinds, `exponential histogram`, is no identifier of a typed class.
    metricTables: keptWhenUnset(
      "A metric source's tables by kind (`gauge`, `histogram`, `sum`, `summary`, `exponential histogram`); at " +
        "least one.",
      { schema: { type: "object", additionalProperties: { type: "string" } } },
    ),
    clickstackServiceId: clickstackServiceIdInput,
  },
  outputs: {
    name: stringOutput("The source's name.", { alwaysSet: true }),
    kind: stringOutput("The source's kind.", { alwaysSet: true }),
    connection: stringOutput("The connection the table is on."),
    from: { description: "The table.", schema: { type: "object" } },
    timestampValueExpression: stringOutput("The expression of a row's time."),
    ...Object.fromEntries(
      Object.entries(kindFields).map(([name]) => [
        name,
        { description: `The source's \`${name}\`, as the API reports it.`, schema: outputSchemaOf(name) },
      ]),
    ),
    metricTables: { description: "A metric source's tables by kind.", schema: { type: "object" } },
    fields: {
      description: "Every field of the source as the API reports it.",
      schema: { type: "object" },
      alwaysSet: true,
    },
    clickstackServiceId: clickstackServiceIdOutput,
  },
};
