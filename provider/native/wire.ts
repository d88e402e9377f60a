/**
 * Property bags on the plugin wire: protobuf Structs whose secret values are marker objects (the provider
 * answers Configure with acceptSecrets, so the engine sends secrets marked instead of plain). The kinds' providers
 * take and return the same encoded bags on both front ends; this module turns them into Structs
 * and back.
 */
import { Struct, type JavaScriptValue } from "google-protobuf/google/protobuf/struct_pb";
import type { PropertyBag } from "../propertyBags";

export type { PropertyBag } from "../propertyBags";

/** The bag a Struct carries; an absent Struct (a request field the engine left empty) is an empty bag. */
export function bagOf(struct: Struct | undefined): PropertyBag {
  return struct === undefined ? {} : (struct.toJavaScript() as PropertyBag);
}

/** The Struct for a bag; properties that are undefined are left out (a Struct has no undefined). */
export function structOf(bag: PropertyBag): Struct {
  const defined = Object.fromEntries(Object.entries(bag).filter(([, value]) => value !== undefined));
  return Struct.fromJavaScript(defined as Record<string, JavaScriptValue>);
}
