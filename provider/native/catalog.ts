/**
 * What the plugin serves, assembled from the registry of kinds: one type token per kind, the kind's provider (the
 * one the dynamic providers serve too), and the checked-in package schema.
 */
import { kindProvider } from "../host/kindProviders";
import { providerSession } from "../host/session";
import { resources, type ResourceKind } from "../resources/registry";
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
  const served: NativeResource[] = (Object.keys(resources) as ResourceKind[]).map((kind) => ({
    token: typeToken(kind),
    provider: kindProvider(kind),
    importProperties: importPropertiesFor(resources[kind].definition),
  }));
  return {
    version: schema.version,
    schema: JSON.stringify(schema),
    resources: served,
    configure: (config) => providerSession.configure(config),
  };
}
