/** The one way an input bag becomes a request body: the same for check, create and update. */
import type { ResourceDefinition } from "../definition";
import type { CheckSpec } from "./check";
import { checkSpecOf } from "./derive";
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

/** The request body of a kind's inputs, as its definition places them. */
export function requestBodyOf(definition: ResourceDefinition, inputs: PropertyBag): PropertyBag {
  return requestBody(checkSpecOf(definition), inputs);
}
