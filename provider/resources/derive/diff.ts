import type { DiffVerdict } from "../operations";
import { isUnknown } from "../../propertyEncoding";
import { sameValue, type PropertyBag } from "../../propertyBags";

/**
 * Which inputs replace the resource and which update it in place, and how each is compared.
 * `olds` in a dynamic diff are the last known outputs, which repeat every input under the same name.
 */
export interface DiffSpec {
  /** Inputs whose change replaces the resource. */
  readonly replaceOn: readonly string[];
  /** Inputs whose change is applied in place. */
  readonly updateOn: readonly string[];
  /**
   * Inputs compared only when the program sets them: leaving one out means "not managed" (ReplicaScaling's
   * settings) or "use the configured default" (organizationId), never "change it to nothing".
   */
  readonly onlyWhenSet?: readonly string[];
}

/**
 * Compares old outputs with new inputs, both decoded, field by field; a value unknown during preview counts as a
 * change.
 */
export function diffInputs(spec: DiffSpec, oldValues: PropertyBag, newValues: PropertyBag): DiffVerdict {
  const differs = (key: string): boolean => {
    const next = newValues[key];
    if (isUnknown(next)) return true;
    if (absent(next) && spec.onlyWhenSet?.includes(key)) return false;
    return !sameValue(normalize(oldValues[key]), normalize(next));
  };
  const replaces = spec.replaceOn.filter(differs);
  const updates = spec.updateOn.filter(differs);
  return { changes: replaces.length + updates.length > 0, replaces };
}

function absent(value: unknown): boolean {
  return value === undefined || value === null;
}

/** null, undefined and "" mean the same to these APIs ("absent, null or empty"). */
function normalize(value: unknown): unknown {
  return value === null || value === "" ? undefined : value;
}
