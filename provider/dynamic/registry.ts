import type * as pulumi from "@pulumi/pulumi";
import { resources, type ResourceKind } from "../resources/definitions";
import { dynamicProvider } from "./provider";

export type { ResourceKind };

const providers = new Map<string, Required<pulumi.dynamic.ResourceProvider>>();

/** The dynamic provider of a kind, made once per process; undefined for a kind this version does not serve. */
export function providerImplementation(kind: string): Required<pulumi.dynamic.ResourceProvider> | undefined {
  if (!Object.hasOwn(resources, kind)) return undefined;
  let provider = providers.get(kind);
  if (provider === undefined) {
    const { definition, operations } = resources[kind as ResourceKind];
    provider = dynamicProvider(definition, operations);
    providers.set(kind, provider);
  }
  return provider;
}
