import type { ResourceKind } from "./registry";

export type { ResourceKind };

/**
 * The `__provider` of a kind's resources: the text of the CommonJS module from which Pulumi's dynamic-provider
 * process takes a resource's provider. The process loads it as a module from the string, calls its exported
 * `handler()` for the provider object, and calls the object's `configure` before any other method (config or not);
 * those are the only things it asks of the text. Our `configure` loads this package's runtime by package name,
 * which puts the implementation's other methods on the object and configures it.
 *
 * So state holds about 150 bytes per copy and no client, credential or path: it works from any checkout or
 * machine, and an upgraded package takes effect for every operation without a diff (the process never compares
 * provider texts). The text is written here rather than produced by Pulumi's closure serializer
 * (`pulumi.dynamic.Resource` serializes its provider object), which wraps every function in about 170 bytes of its
 * own, and costs a program about 0.3 s at its first serialization (measured on 2 CPUs) and a serialization per kind.
 *
 * States written by earlier versions hold serialized objects: seven forwarding closures that call the runtime
 * with the kind alone, then a `configure` that copied the methods itself, then a serialized `configure` that makes
 * the same call as this text. The runtime keeps serving all of them.
 */
export function providerModule(kind: ResourceKind): string {
  return (
    "exports.handler = () => ({ configure(request) { " +
    `return require("pulumi-clickhouse-cloud/runtime")(${JSON.stringify(kind)}, this, request); } });\n`
  );
}
