/** The one way an input bag becomes a request body: the same for check, create and update. */
import type { ResourceDefinition } from "../definition";
import type { SchemaTypes } from "../../rest/schemaTypes";
import type { SchemaName } from "../../validation/validate";
import type { CheckSpec } from "./checkSpec";
import { bodyInputNames, checkSpecOf } from "./specs";
import type { PropertyBag } from "../../propertyBags";

/** The request body an input bag stands for (renamed, non-body inputs left out, nulls kept for nullable fields). */
export function requestBody(
  spec: Pick<CheckSpec, "nonBodyInputs" | "renamed">,
  inputs: PropertyBag,
): PropertyBag {
  const body: PropertyBag = {};
  for (const [key, value] of Object.entries(inputs)) {
    if (spec.nonBodyInputs.includes(key) || value === undefined) continue;
    body[spec.renamed?.[key] ?? key] = value;
  }
  return body;
}

/** Builds the body a create or update sends for a kind's inputs; see `requestBodyFor`. */
export type RequestBodyBuilder<Body extends object> = (inputs: object, omitted?: readonly string[]) => Body;

/**
 * The builder of the body a create or update sends for a kind's inputs, as its definition places them, derived once
 * per kind: only the inputs the definition puts in the body (an input the program misspelled is refused by check,
 * never sent). Inputs set to null are left out (absent and null mean the same to these APIs), and so are the
 * `omitted` ones: fields that a rule of the kind leaves out of this request (those of an alert's other source, a
 * key's empty expiry). The body's type is that of the definition's request schema (`rest/schemaTypes.ts`).
 */
export function requestBodyFor<Request extends SchemaName>(
  definition: ResourceDefinition<Request>,
): RequestBodyBuilder<SchemaTypes[Request]> {
  const bodyInputs = new Set(bodyInputNames(definition));
  const spec = checkSpecOf(definition);
  return (inputs, omitted = []) => {
    const sent = Object.entries(inputs).filter(
      ([key, value]) => bodyInputs.has(key) && value !== null && !omitted.includes(key),
    );
    // The one assertion between inputs and body: check validated the body `requestBody` builds from these inputs
    // against this schema, the engine sends create and update only inputs check accepted, and the transport
    // validates every body against its wire's schema before sending it.
    return requestBody(spec, Object.fromEntries(sent)) as SchemaTypes[Request];
  };
}

/**
 * A request assembled from fields of requests already built by `requestBodyFor` and of the API's own object (an
 * update that keeps what the program does not manage): the typed view of those fields.
 */
export function requestFrom<Body extends object>(fields: PropertyBag): Body {
  return fields as Body;
}
