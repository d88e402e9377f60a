/** Creates, reads, updates (read, merge, PUT of the whole source) and deletes sources. */
import type { Source, SourceRequest } from "../../rest/observability";
import { fieldsOf, type PropertyBag } from "../../propertyBags";
import { requestBodyFor } from "../derive/requestBody";
import { apiObjectOperations } from "../lifecycle/apiObjectLifecycle";
import { definition } from "./definition";
import type { SourceInputs, SourceOutputs } from "./shapes";

const sourceRequest = requestBodyFor(definition);

export const operations = apiObjectOperations<SourceInputs, SourceOutputs, SourceRequest, Source>({
  what: (inputs) => `source "${inputs.name}"`,
  collection: (client) => client.sources,
  request: (inputs) => sourceRequest(inputs),
  // Every field the source shows, under its own name (each input's output) and together in `fields`.
  outputs: (_recorded, shown) => {
    const { id: _id, ...fields } = fieldsOf(shown);
    const declared = Object.entries(fields).filter(([name]) => name in definition.outputs);
    const outputs: PropertyBag = { ...Object.fromEntries(declared), fields };
    // The API's answer was validated against its schema, which requires what the outputs always carry.
    return outputs as SourceOutputs;
  },
  newness: "listedBefore",
  sentFields: ["name", "kind", "connection", "from", "timestampValueExpression"],
});
