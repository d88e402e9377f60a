import type { DiffVerdict } from "../operations";
import type { PartlyKnown } from "../partlyKnown";
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
  /**
   * Inputs not compared by themselves, each with the input computed from it that is compared instead (an API key's
   * keyId and keySecret, through hashData): while one is not known, neither is the other.
   */
  readonly comparedThrough?: Readonly<Record<string, string>>;
}

/**
 * Compares old outputs with new inputs, both decoded, field by field; an input not known yet during preview (or
 * computed from one) counts as a change, whatever value stands under its name.
 */
export function diffInputs(spec: DiffSpec, oldValues: PropertyBag, newValues: PartlyKnown): DiffVerdict {
  const unknown = unknownAfterComputing(spec, newValues.unknown);
  const differs = (key: string): boolean => {
    if (unknown.has(key)) return true;
    const next = newValues.known[key];
    if (absent(next) && spec.onlyWhenSet?.includes(key)) return false;
    return !sameValue(normalize(oldValues[key]), normalize(next));
  };
  const replaces = spec.replaceOn.filter(differs);
  const updates = spec.updateOn.filter(differs);
  return { changes: replaces.length + updates.length > 0, replaces };
}

/** The inputs not known, with those compared in their place. */
function unknownAfterComputing(spec: DiffSpec, unknown: ReadonlySet<string>): ReadonlySet<string> {
  const through = Object.entries(spec.comparedThrough ?? {}).flatMap(([input, compared]) =>
    unknown.has(input) ? [compared] : [],
  );
  return through.length === 0 ? unknown : new Set([...unknown, ...through]);
}

function absent(value: unknown): boolean {
  return value === undefined || value === null;
}

/** null, undefined and "" mean the same to these APIs ("absent, null or empty"). */
function normalize(value: unknown): unknown {
  return value === null || value === "" ? undefined : value;
}
