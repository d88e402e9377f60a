import type * as pulumi from "@pulumi/pulumi";
import { providerImplementation } from "../../provider/dynamic/registry";

/** The dynamic provider of a kind, exactly as the runtime serves it to the engine. */
export function providerOf(kind: string): Required<pulumi.dynamic.ResourceProvider> {
  const provider = providerImplementation(kind);
  if (provider === undefined) throw new Error(`no provider for ${kind}`);
  return provider;
}
