import * as pulumi from "@pulumi/pulumi";
import type { ConfigSource } from "./sources";

/**
 * The program-side source: `pulumi.Config` bags for the `clickhouse` and `observability` namespaces, for code
 * that runs in the Pulumi program rather than in the dynamic provider (getSeries).
 */
export function programConfigSource(): ConfigSource {
  const bags = new Map<string, pulumi.Config>();
  return {
    get(key: string): string | undefined {
      const separator = key.indexOf(":");
      if (separator <= 0) return undefined;
      const namespace = key.slice(0, separator);
      let bag = bags.get(namespace);
      if (bag === undefined) {
        bag = new pulumi.Config(namespace);
        bags.set(namespace, bag);
      }
      return bag.get(key.slice(separator + 1));
    },
  };
}
