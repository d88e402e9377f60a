/**
 * What the plugin serves, assembled from the registry of kinds: one type token per kind, the kind's provider (the
 * one the dynamic providers serve too), and the checked-in package schema.
 */
import { kindProvider } from "../host/kindProviders";
import { providerSession } from "../host/session";
import { resources, type ResourceKind } from "../resources/registry";
import { nativeTypeToken } from "../resources/typeTokens";
import type { NativeResource } from "./resourceOperations";
import type { PluginCatalog } from "./service";
import schema from "./schema.json";

export function pluginCatalog(): PluginCatalog {
  const served: NativeResource[] = (Object.keys(resources) as ResourceKind[]).map((kind) => ({
    token: nativeTypeToken(kind),
    provider: kindProvider(kind),
    importProperties: resources[kind].importId,
  }));
  return {
    version: schema.version,
    schema: JSON.stringify(schema),
    resources: served,
    configure: (config) => providerSession.configure(config),
  };
}
