/**
 * Everything the package knows of one resource kind, declared in the kind's own folder: the definition (inputs,
 * outputs, docs, checks), the operations that send its requests, how `pulumi import` names its objects and how the
 * commands find those that exist. The registry lists one entry per kind; the front ends, the commands and the
 * generators iterate it, so a new kind is its folder and its line in the registry.
 */
import type { ExistingObjects } from "./adoption/existingObjects";
import type { ImportIdReader } from "./adoption/importIds";
import type { ResourceDefinition } from "./definition";
import type { ResourceOperations } from "./operations";

export interface KindEntry<I, O> {
  readonly definition: ResourceDefinition;
  readonly operations: ResourceOperations<I, O>;
  /** The id `pulumi import` takes, checked by its form, and what the read needs besides it. */
  readonly importId: ImportIdReader;
  readonly existing: ExistingObjects;
}

/** The entry of a kind, checked against its typed inputs and outputs. */
export function kindEntry<I, O>(entry: KindEntry<I, O>): KindEntry<I, O> {
  return entry;
}

/** The entry of a kind whose input and output types the caller does not know. */
// The operations' parameters are contravariant: a kind's typed operations are only callable with its own bags,
// which the host builds from the kind's own definition.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyKindEntry = KindEntry<any, any>;
