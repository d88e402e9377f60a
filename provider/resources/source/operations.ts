/** Creates, reads, updates (read, merge, PUT of the whole source) and deletes sources. */
import type { Source, SourceRequest } from "../../rest/observability";
import { requestBodyOf } from "../derive/requestBody";
import { objectOperations } from "../lifecycle/objectLifecycle";
import { definition } from "./definition";
import type { SourceInputs, SourceOutputs } from "./shapes";

export const operations = objectOperations<SourceInputs, SourceOutputs, SourceRequest, Source>({
  what: (inputs) => `source "${inputs.name}"`,
  collection: (client) => client.sources,
  request: (inputs) => requestBodyOf<SourceRequest>(definition, inputs),
  // Every field the source shows, under its own name (each input's output) and together in `fields`.
  outputs: (_recorded, shown) => {
    const { id: _id, ...fields } = shown;
    const declared = Object.entries(fields).filter(([name]) => name in definition.outputs);
    return { ...Object.fromEntries(declared), fields } as unknown as SourceOutputs;
  },
  newness: "listedBefore",
  sentFields: ["name", "kind", "connection", "from", "timestampValueExpression"],
});
