import { PROVIDER_KEY, type PropertyBag } from "./properties";

/**
 * Thrown when an object was created remotely but a later step failed (e.g. it never became Ready). The dynamic
 * provider turns `id` and `properties` into the engine's "resource initialization failed" error, so the engine
 * records the object in state instead of losing track of it; the next `up` or `destroy` handles it.
 */
export class PartialCreateError extends Error {
  override readonly name = "PartialCreateError";
  /** Read by the dynamic provider host; they must carry the serialized provider so later operations can run. */
  readonly properties: PropertyBag;
  readonly reasons: string[];

  constructor(
    readonly id: string,
    message: string,
    outputs: PropertyBag,
    inputs: PropertyBag,
  ) {
    super(message);
    this.properties = { ...outputs, [PROVIDER_KEY]: inputs[PROVIDER_KEY] };
    this.reasons = [message];
  }
}
