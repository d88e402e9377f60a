/**
 * Which properties leave the provider as secrets, derived from the definition alone, for both front ends and the
 * generated classes. A property is a secret on the way out when it was one on the way in (the program or the state
 * marked it), when its definition says it always is, when it echoes a secret input the program set, or, for
 * outputs such as an API key's keyId, when the inputs it is a secret for are set. So a secret never loses its
 * marking through a create, an update or a refresh, one the program forgot to mark is marked anyway, and an output
 * the API issued under the name of an unset secret input (a key's own keyId) stays plain.
 */
import type { ResourceDefinition } from "../resources/definition";
import type { PropertyBag } from "../propertyBags";
import { secretKeysOf } from "../propertyEncoding";

/** Just what the secrecy rules read of a definition. */
export type SecrecyRules = Pick<ResourceDefinition, "inputs" | "outputs">;

/**
 * What a definition declares secret, by name: the generated classes register these with the engine, and each kind's
 * provider derives them once to mark what leaves it.
 */
export interface DeclaredSecrets {
  /** Inputs kept as secrets in state, however the program gave them. */
  readonly secretInputs: readonly string[];
  /** Outputs always encrypted in state. */
  readonly secretOutputs: readonly string[];
  /** Outputs that are secrets when the program sets any of the listed inputs (credentials it chose). */
  readonly secretOutputsWhenSet: Readonly<Record<string, readonly string[]>>;
}

export function declaredSecrets(rules: SecrecyRules): DeclaredSecrets {
  const inputs = Object.entries(rules.inputs);
  const outputs = Object.entries(rules.outputs);
  return {
    secretInputs: inputs.filter(([, field]) => field.secret === true).map(([name]) => name),
    secretOutputs: outputs.filter(([, field]) => field.secret === true).map(([name]) => name),
    secretOutputsWhenSet: Object.fromEntries(
      outputs.flatMap(([name, field]) => (field.secretWhenSet ? [[name, field.secretWhenSet]] : [])),
    ),
  };
}

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
export function secretInputs(declared: DeclaredSecrets, arrivedSecret: ReadonlySet<string>): Set<string> {
  return new Set([...arrivedSecret, ...declared.secretInputs]);
}

/**
 * The outputs to mark: the definition's secret outputs, secret inputs set in `inputs` and echoed as outputs,
 * outputs whose `secretWhenSet` inputs are set in `inputs`, and whatever arrived secret.
 */
export function secretOutputs(
  declared: DeclaredSecrets,
  inputs: PropertyBag,
  arrivedSecret: ReadonlySet<string>,
): Set<string> {
  const keys = new Set([...arrivedSecret, ...declared.secretOutputs]);
  for (const name of declared.secretInputs) if (isSet(inputs[name])) keys.add(name);
  for (const [name, when] of Object.entries(declared.secretOutputsWhenSet)) {
    if (when.some((input) => isSet(inputs[input]))) keys.add(name);
  }
  return keys;
}
