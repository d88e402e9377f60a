/* eslint-disable @typescript-eslint/no-require-imports -- the shim loads the runtime by package name in the
   dynamic-provider process; an eslint comment inside the function would be copied into every state */
import type * as pulumi from "@pulumi/pulumi";
import type { ResourceKind } from "./registry";

export type { ResourceKind };

/**
 * The runtime module as the shim sees it: a function that puts the implementation of a kind on the shim and
 * configures it.
 */
type PackageRuntime = (
  kind: ResourceKind,
  shim: unknown,
  request: pulumi.dynamic.ConfigureRequest,
) => Promise<void>;

const shims = new Map<ResourceKind, pulumi.dynamic.ResourceProvider>();

/**
 * The provider object Pulumi serializes into every resource's state (`__provider`). It holds only the resource
 * kind and loads this package's runtime by package name in the dynamic-provider process. So state stays small,
 * carries no client or credential, works from any checkout path or machine, and an upgraded package takes effect
 * for every operation without a diff.
 *
 * Its only method is `configure`: the dynamic-provider process calls it on the object it deserialized before
 * any other call (@pulumi/pulumi's dynamic provider configures each provider right after loading it, config or
 * not), and the runtime puts the implementation's other methods on the object. Pulumi serializes every function
 * with a wrapper of about 170 bytes, and copies a function's text and captured values as they are, so one function
 * of one statement, capturing only the kind, keeps `__provider` near the 543 bytes of a no-op provider in state.
 *
 * One object per kind: Pulumi serializes a provider object once and reuses the text for every resource that
 * shares it. Comments stay outside the function body, because the serializer copies a body's text, comments
 * included, into state; `require` is never captured by the serializer, so the literal call lands in state as is.
 * States written before this shape (seven forwarding closures, then a `configure` that copied the methods itself)
 * call the runtime function with the kind alone, which keeps returning the implementation for them.
 */
export function providerShim(kind: ResourceKind): pulumi.dynamic.ResourceProvider {
  let shim = shims.get(kind);
  if (shim === undefined) {
    const configuring = {
      configure(request: pulumi.dynamic.ConfigureRequest) {
        return (require("pulumi-clickhouse-cloud/runtime") as PackageRuntime)(kind, this, request);
      },
    };
    // `create` arrives with `configure`; the program's process only serializes the object and never calls it.
    shim = configuring as unknown as pulumi.dynamic.ResourceProvider;
    shims.set(kind, shim);
  }
  return shim;
}
