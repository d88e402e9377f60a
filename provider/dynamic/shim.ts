import type * as pulumi from "@pulumi/pulumi";
import type { ResourceKind } from "./registry";

export type { ResourceKind };

/** The runtime module as the shim sees it: a function that returns the provider implementation of a kind. */
type PackageRuntime = (kind: ResourceKind) => Required<pulumi.dynamic.ResourceProvider>;

const shims = new Map<ResourceKind, pulumi.dynamic.ResourceProvider>();

/**
 * The provider object Pulumi serializes into every resource's state (`__provider`). It holds only the resource
 * kind and forwards each call to this package's runtime, loaded by package name when the call runs in the
 * dynamic-provider process. So state stays small, carries no client or credential, works from any checkout path
 * or machine, and an upgraded package takes effect for every operation without a diff.
 *
 * One object per kind: Pulumi serializes a provider object once and reuses the text for every resource that
 * shares it. Comments stay outside the function bodies, because the serializer copies a body's text, comments
 * included, into state; `require` is never captured by the serializer, so the literal call lands in state as is.
 */
export function providerShim(kind: ResourceKind): pulumi.dynamic.ResourceProvider {
  let shim = shims.get(kind);
  if (shim === undefined) {
    // Short names on purpose: every character of these closures is stored in state for each resource.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const rt = () => (require("pulumi-clickhouse-cloud/runtime") as PackageRuntime)(kind);
    shim = {
      configure: (...a) => rt().configure(...a),
      check: (...a) => rt().check(...a),
      diff: (...a) => rt().diff(...a),
      create: (...a) => rt().create(...a),
      read: (...a) => rt().read(...a),
      update: (...a) => rt().update(...a),
      delete: (...a) => rt().delete(...a),
    };
    shims.set(kind, shim);
  }
  return shim;
}
