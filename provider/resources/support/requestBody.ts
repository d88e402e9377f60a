/** The one way an input bag becomes a request body: the same for check, create and update. */
import type { ResourceDefinition } from "../definition";
import type { CheckSpec } from "./check";
import { bodyInputNames, checkSpecOf } from "./derive";
import { PROVIDER_KEY, type PropertyBag } from "./properties";

/** The request body an input bag stands for (renamed, non-body inputs left out, nulls kept for nullable fields). */
export function requestBody(
  spec: Pick<CheckSpec, "nonBodyInputs" | "renamed">,
  inputs: PropertyBag,
): PropertyBag {
  const body: PropertyBag = {};
  for (const [key, value] of Object.entries(inputs)) {
    if (key === PROVIDER_KEY || spec.nonBodyInputs.includes(key) || value === undefined) continue;
    body[spec.renamed?.[key] ?? key] = value;
  }
  return body;
}

/**
 * The body a create or update sends for a kind's inputs, as its definition places them: only the inputs the
 * definition puts in the body (an input the program misspelled is refused by check, never sent). Inputs set to null
 * are left out (absent and null mean the same to these APIs), and so are the `omitted` ones: fields that a rule of
 * the kind leaves out of this request (those of an alert's other source, a key's empty expiry).
 */
export function requestBodyOf(
  definition: ResourceDefinition,
  inputs: PropertyBag,
  omitted: readonly string[] = [],
): PropertyBag {
  const body = bodyInputNames(definition);
  const sent = Object.entries(inputs).filter(
    ([key, value]) => body.includes(key) && value !== null && !omitted.includes(key),
  );
  return requestBody(checkSpecOf(definition), Object.fromEntries(sent));
}
