import type * as pulumi from "@pulumi/pulumi";
import { isServedKind, kindProvider } from "../host/kindProviders";
import type { ResourceKind } from "../resources/registry";
import { dynamicProvider } from "./provider";

export type { ResourceKind };

const providers = new Map<string, Required<pulumi.dynamic.ResourceProvider>>();

/** The dynamic provider of a kind, made once per process; undefined for a kind this version does not serve. */
export function providerImplementation(kind: string): Required<pulumi.dynamic.ResourceProvider> | undefined {
  if (!isServedKind(kind)) return undefined;
  let provider = providers.get(kind);
  if (provider === undefined) {
    provider = dynamicProvider(kindProvider(kind));
    providers.set(kind, provider);
  }
  return provider;
}
