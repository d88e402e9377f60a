/** The provider of each kind, made once per process from the neutral registry, for both front ends. */
import { resources, type ResourceKind } from "../resources/registry";
import { KindProvider } from "./kindProvider";
import { providerSession } from "./session";

const providers = new Map<ResourceKind, KindProvider>();

/** Whether this version serves `kind`. */
export function isServedKind(kind: string): kind is ResourceKind {
  return Object.hasOwn(resources, kind);
}

export function kindProvider(kind: ResourceKind): KindProvider {
  let provider = providers.get(kind);
  if (provider === undefined) {
    const { definition, operations } = resources[kind];
    provider = new KindProvider(definition, operations, providerSession);
    providers.set(kind, provider);
  }
  return provider;
}
