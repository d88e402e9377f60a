import type { ResourceKind } from "./registry";

export type { ResourceKind };

/**
 * The `__provider` of a kind's resources: the text of the CommonJS module from which Pulumi's dynamic-provider
 * process takes a resource's provider. The process loads it as a module from the string, calls its exported
 * `handler()` for the provider object, and calls the object's `configure` before any other method (config or not);
 * those are the only things it asks of the text. Our `configure` loads this package's runtime by package name,
 * which puts the implementation's other methods on the object and configures it.
 *
 * So state holds no client, credential or path: it works from any checkout or machine, and an upgraded package
 * takes effect for every operation without a diff (the process never compares provider texts). Older states hold
 * serialized provider objects instead, which the runtime also serves (docs/decisions/0002-provider-shim.md).
 */
export function providerModule(kind: ResourceKind): string {
  return (
    "exports.handler = () => ({ configure(request) { " +
    `return require("pulumi-clickhouse-cloud/runtime")(${JSON.stringify(kind)}, this, request); } });\n`
  );
}
