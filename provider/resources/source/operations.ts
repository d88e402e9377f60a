/** Creates, reads, updates (read, merge, PUT of the whole source) and deletes sources. */
import type { Source, SourceRequest } from "../../rest/observability";
import type { Holds, Same } from "../../rest/sameType";
import { fieldsOf } from "../../propertyBags";
import { requestBodyFor } from "../derive/requestBody";
import { flag, list, numeric, record, taken, text } from "../fields/reportedValues";
import { apiObjectOperations } from "../lifecycle/apiObjectLifecycle";
import { definition } from "./definition";
import type { SourceInputs, SourceOutputs } from "./shapes";

const sourceRequest = requestBodyFor(definition);

/** The outputs of the source's fields other than name and kind, by the type each is declared with. */
const textFields = [
  "connection",
  "timestampValueExpression",
  "section",
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
  "metricSourceId",
  "traceSourceId",
  "logSourceId",
  "sessionSourceId",
  "useTextIndexForImplicitColumn",
] as const;
const flagFields = ["disabled"] as const;
const numberFields = ["durationPrecision"] as const;
const listFields = [
  "querySettings",
  "highlightedTraceAttributeExpressions",
  "highlightedRowAttributeExpressions",
  "materializedViews",
] as const;
const recordFields = ["from", "metricTables", "metadataMaterializedViews"] as const;

/**
 * Every output is built below, or by the lifecycle (`clickstackServiceId`, where the source lives): this fails to
 * compile when an output is added to the definition and not here.
 */
export type EveryOutputBuilt = Holds<
  Same<
    | "clickstackServiceId"
    | "name"
    | "kind"
    | "fields"
    | (typeof textFields)[number]
    | (typeof flagFields)[number]
    | (typeof numberFields)[number]
    | (typeof listFields)[number]
    | (typeof recordFields)[number],
    keyof SourceOutputs
  >
>;

export const operations = apiObjectOperations<SourceInputs, SourceOutputs, SourceRequest, Source>({
  what: (inputs) => `source "${inputs.name}"`,
  collection: (client) => client.sources,
  request: (inputs) => sourceRequest(inputs),
  outputs: (_recorded, shown) => sourceOutputs(shown),
  newness: "listedBefore",
  sentFields: ["name", "kind", "connection", "from", "timestampValueExpression"],
});

/**
 * Every field the source shows, under its own name (each input's output) and together in `fields`. The source's
 * schema checks the types of its name and kind (and that they are there), of its connection, table and time
 * expression; each field is taken when it has its output's type, and otherwise (null, say) is only in `fields`.
 */
function sourceOutputs(shown: Source): SourceOutputs {
  const { id: _id, ...fields } = fieldsOf(shown);
  return {
    name: shown.name,
    kind: shown.kind,
    ...taken(textFields, fields, text),
    ...taken(flagFields, fields, flag),
    ...taken(numberFields, fields, numeric),
    ...taken(listFields, fields, list),
    ...taken(recordFields, fields, record),
    fields,
  };
}
