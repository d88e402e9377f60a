import type * as pulumi from "@pulumi/pulumi";
import type { ResourceKind } from "./kinds";

/** The runtime module as the shim sees it: a provider implementation per kind. */
interface PackageRuntime {
  providerFor(kind: ResourceKind): Required<pulumi.dynamic.ResourceProvider>;
}

/**
 * The provider object Pulumi serializes into every resource's state (`__provider`). It holds only the resource
 * kind and forwards each call to this package's runtime, loaded by package name when the call runs in the
 * dynamic-provider process. So state stays small, carries no client or credential, works from any checkout path
 * or machine, and an upgraded package takes effect for every operation without a diff.
 *
 * Comments stay outside the function body: the serializer copies the body's text, comments included, into state.
 * `require` is never captured by the serializer, so the literal call below is exactly what lands in state.
 */
export function providerShim(kind: ResourceKind): pulumi.dynamic.ResourceProvider {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const impl = () => (require("pulumi-clickhouse-cloud/runtime") as PackageRuntime).providerFor(kind);
  return {
    configure: (req) => impl().configure(req),
    check: (olds, news) => impl().check(olds, news),
    diff: (id, olds, news) => impl().diff(id, olds, news),
    create: (inputs) => impl().create(inputs),
    read: (id, props) => impl().read(id, props),
    update: (id, olds, news) => impl().update(id, olds, news),
    delete: (id, props) => impl().delete(id, props),
  };
}
