/**
 * Everything the package knows of one resource kind, declared in the kind's own folder: the definition (inputs,
 * outputs, docs, checks), the operations that send its requests, how `pulumi import` names its objects and how the
 * commands find those that exist. The registry lists one entry per kind; the front ends, the commands and the
 * generators iterate it, so a new kind is its folder and its line in the registry.
 */
import type { ExistingObjects } from "./adoption/existingObjects";
import type { ImportIdReader } from "./adoption/importIds";
import type { TerraformOrigins } from "./adoption/terraformOrigins";
import type { ResourceDefinition } from "./definition";
import type { ResourceOperations } from "./operations";
import type { PropertyBag } from "../propertyBags";

/** What a kind's folder declares; `I` and `O` are its generated inputs and outputs (`<kind>/shapes.ts`). */
export interface KindDeclaration<I extends PropertyBag, O extends PropertyBag> {
  readonly definition: ResourceDefinition;
  readonly operations: ResourceOperations<I, O>;
  /** The id `pulumi import` takes, checked by its form, and what the read needs besides it. */
  readonly importId: ImportIdReader;
  readonly existing: ExistingObjects;
  /** The official Terraform provider's resource types whose objects the kind takes over (`export --from-terraform`). */
  readonly terraform: TerraformOrigins;
}

/** A kind's entry in the registry: its declaration, and a way to reach the declaration with its own types. */
export interface KindEntry<I extends PropertyBag, O extends PropertyBag> extends KindDeclaration<I, O> {
  /**
   * `use` applied to this kind's declaration, typed by its own inputs and outputs. Code that serves any kind of the
   * registry (whose entries, indexed by a kind name, are a union) calls it to pair the kind's operations with the
   * kind's own types, which TypeScript cannot infer from the union.
   */
  withOwnTypes<R>(
    use: <In extends PropertyBag, Out extends PropertyBag>(kind: KindDeclaration<In, Out>) => R,
  ): R;
}

/** The entry of a kind, checked against its typed inputs and outputs. */
export function kindEntry<I extends PropertyBag, O extends PropertyBag>(
  declaration: KindDeclaration<I, O>,
): KindEntry<I, O> {
  return { ...declaration, withOwnTypes: (use) => use(declaration) };
}
