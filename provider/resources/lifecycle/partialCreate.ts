import type { PropertyBag } from "../../propertyBags";

/**
 * Thrown when an object was created remotely but a later step failed (e.g. it never became Ready). The front ends
 * turn `id` and `properties` into the engine's "resource initialization failed" error, so the engine records the
 * object in state instead of losing track of it; the next `up` or `destroy` handles it.
 */
export class PartialCreateError extends Error {
  override readonly name = "PartialCreateError";
  /** The object's outputs so far: what the engine records. */
  readonly properties: PropertyBag;
  readonly reasons: string[];

  constructor(
    readonly id: string,
    message: string,
    outputs: PropertyBag,
  ) {
    super(message);
    this.properties = outputs;
    this.reasons = [message];
  }

  /** The same failure with its outputs as a front end encodes them. */
  withProperties(properties: PropertyBag): PartialCreateError {
    return new PartialCreateError(this.id, this.message, properties);
  }
}
