/**
 * Inputs as check and diff receive them, where some may not be known yet: in a preview, an input set from another
 * resource's output that does not exist yet has no value. The known values and the names of the inputs not known
 * are kept apart, so a rule or a comparison reads plain values and asks the set about the rest. The host makes this
 * value from the engine's bags; nothing below it knows how the engine writes a value not known yet.
 */
import type { PropertyBag } from "../propertyBags";

export interface PartlyKnown<T = PropertyBag> {
  /** The inputs whose values are known, with those values; an input named in `unknown` is absent here. */
  readonly known: Partial<T>;
  /**
   * The top-level inputs whose value is not known yet, or holds a value not known yet anywhere inside it (an item
   * of a list, a field of an object): such an input is not known as a whole.
   */
  readonly unknown: ReadonlySet<string>;
}
