/**
 * What a resource definition implies for the engine's check and diff: which inputs form the request body, how
 * the others are checked, which inputs replace and which update in place.
 */
import type { InputField, InputRule, ResourceDefinition } from "../definition";
import type { CheckSpec } from "./checkSpec";
import { optionalStrings, requiredStrings } from "../fields/stringRules";
import type { DiffSpec } from "./diff";

export function checkSpecOf(definition: ResourceDefinition): CheckSpec {
  const inputs = Object.entries(definition.inputs);
  const outside = inputs.filter(([, field]) => field.outsideBody === true);
  const renamed = inputs.flatMap(([name, field]) =>
    field.bodyName ? [[name, field.bodyName] as const] : [],
  );
  return {
    schema: definition.requestSchema,
    nonBodyInputs: outside.map(([name]) => name),
    renamed: Object.fromEntries(renamed),
    extraRules: [...outside.flatMap(([name, field]) => ruleOf(name, field)), ...(definition.rules ?? [])],
    dialectRules: definition.dialectRules,
  };
}

export function diffSpecOf(definition: ResourceDefinition): DiffSpec {
  const compared = Object.entries(definition.inputs).filter(
    ([, field]) => field.comparedThrough === undefined,
  );
  const named = (keep: (field: InputField) => boolean) =>
    compared.filter(([, field]) => keep(field)).map(([name]) => name);
  return {
    replaceOn: named((field) => field.change === "replace"),
    updateOn: named((field) => field.change === "update"),
    onlyWhenSet: named((field) => field.unsetMeansUnmanaged === true),
    comparedThrough: Object.fromEntries(
      Object.entries(definition.inputs).flatMap(([name, field]) =>
        field.comparedThrough === undefined ? [] : [[name, field.comparedThrough]],
      ),
    ),
  };
}

/** The inputs that are fields of the request body, in the definition's order. */
export function bodyInputNames(definition: ResourceDefinition): string[] {
  return Object.entries(definition.inputs)
    .filter(([, field]) => field.outsideBody !== true)
    .map(([name]) => name);
}

/** The names of every input, in the definition's order. */
export function inputNames(definition: ResourceDefinition): string[] {
  return Object.keys(definition.inputs);
}

function ruleOf(name: string, field: InputField): InputRule[] {
  if (field.rule === null) return [];
  if (field.rule !== undefined) return [field.rule];
  if (field.schema?.type === "string")
    return [field.required ? requiredStrings(name) : optionalStrings(name)];
  throw new Error(`input ${name} is outside the request body and not a string: its definition needs a rule`);
}
