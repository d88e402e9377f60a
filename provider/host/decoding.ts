/**
 * The engine's property bags as a kind's code receives them: secrets unwrapped and, for check and diff, the inputs
 * whose values are not known yet (a preview's) named apart from the known ones, so nothing below the host meets the
 * engine's marker for such a value.
 */
import type { PropertyBag } from "../propertyBags";
import { isUnknown, unwrapSecrets } from "../propertyEncoding";
import type { PartlyKnown } from "../resources/partlyKnown";

/** A bag as the operations see it: plain values. */
export function decoded(bag: PropertyBag): PropertyBag {
  return unwrapSecrets(bag);
}

/** Inputs as check and diff see them: plain values, with each input that is or holds a value not known yet apart. */
export function decodedInputs(bag: PropertyBag): PartlyKnown {
  const values = decoded(bag);
  const unknown = new Set(Object.keys(values).filter((name) => isUnknown(values[name])));
  const known = Object.fromEntries(Object.entries(values).filter(([name]) => !unknown.has(name)));
  return { known, unknown };
}
