/**
 * Which properties leave the plugin as secrets. A property is a secret on the way out when it was one on the way
 * in (the program or the state marked it), when its definition says it always is, when it echoes a secret input
 * the program set, or, for outputs such as an API key's keyId, when the inputs it is a secret for are set. So a
 * secret never loses its marking through a create, an update or a refresh, one the program forgot to mark is marked
 * anyway, and an output the API issued under the name of an unset secret input (a key's own keyId) stays plain.
 */
import type { ResourceDefinition } from "../resources/definition";
import { secretKeysOf, type PropertyBag } from "./wire";

/** Just what the secrecy rules read of a definition. */
export type SecrecyRules = Pick<ResourceDefinition, "inputs" | "outputs">;

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** The top-level keys that held a secret in any of the bags. */
export function secretKeysIn(...bags: readonly PropertyBag[]): Set<string> {
  const keys = new Set<string>();
  for (const bag of bags) for (const key of secretKeysOf(bag)) keys.add(key);
  return keys;
}

/** The inputs to mark: the definition's secret inputs, and whatever arrived secret. */
export function secretInputs(rules: SecrecyRules, arrivedSecret: ReadonlySet<string>): Set<string> {
  const keys = new Set(arrivedSecret);
  for (const [name, field] of Object.entries(rules.inputs)) if (field.secret) keys.add(name);
  return keys;
}

/**
 * The outputs to mark: the definition's secret outputs, secret inputs set in `inputs` and echoed as outputs,
 * outputs whose `secretWhenSet` inputs are set in `inputs`, and whatever arrived secret.
 */
export function secretOutputs(
  rules: SecrecyRules,
  inputs: PropertyBag,
  arrivedSecret: ReadonlySet<string>,
): Set<string> {
  const keys = new Set(arrivedSecret);
  for (const [name, field] of Object.entries(rules.inputs))
    if (field.secret && isSet(inputs[name])) keys.add(name);
  for (const [name, field] of Object.entries(rules.outputs)) {
    if (field.secret || (field.secretWhenSet ?? []).some((input) => isSet(inputs[input]))) keys.add(name);
  }
  return keys;
}
