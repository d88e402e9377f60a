/** The provider of each kind, made once per process from the neutral registry, for both front ends. */
import { resources, type ResourceKind } from "../resources/registry";
import { KindProvider, type ServedKind } from "./kindProvider";
import { providerSession } from "./session";

const providers = new Map<ResourceKind, ServedKind>();

/** Whether this version serves `kind`. */
export function isServedKind(kind: string): kind is ResourceKind {
  return Object.hasOwn(resources, kind);
}

export function kindProvider(kind: ResourceKind): ServedKind {
  let provider = providers.get(kind);
  if (provider === undefined) {
    provider = resources[kind].withOwnTypes(
      (declared): ServedKind => new KindProvider(declared.definition, declared.operations, providerSession),
    );
    providers.set(kind, provider);
  }
  return provider;
}
