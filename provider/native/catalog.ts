/**
 * What the plugin serves, assembled from the resource definitions: one type token per kind, the kind's
 * implementation (the same one the dynamic providers run), and the checked-in package schema.
 */
import providerFor from "../runtime";
import { resourceDefinitions } from "../resources/definitions";
import { packageName } from "./configuration";
import { importPropertiesFor } from "./importIds";
import type { NativeResource } from "./resourceOperations";
import type { PluginCatalog } from "./service";
import schema from "./schema.json";

/** `clickhouse-cloud:index:ApiKey` for `ApiKey`: every type of the package lives in its index module. */
export function typeToken(kind: string): string {
  return `${packageName}:index:${kind}`;
}

export function pluginCatalog(): PluginCatalog {
  const resources: NativeResource[] = resourceDefinitions.map((definition) => ({
    token: typeToken(definition.kind),
    rules: definition,
    implementation: providerFor(definition.kind as Parameters<typeof providerFor>[0]),
    importProperties: importPropertiesFor(definition),
  }));
  return { version: schema.version, schema: JSON.stringify(schema), resources };
}
