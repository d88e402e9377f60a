/**
 * The two wires the package speaks. `spec` is the API specification's: its paths, field names and answers exactly.
 * `production` is what the real services answer: ClickHouse Cloud's API at api.clickhouse.cloud and HyperDX's
 * external API v2 (ClickStack), which differ from the specification in paths, enum words and answer shapes. A
 * program's inputs are the same on both; only what goes over the wire differs.
 */

export const apiDialects = ["spec", "production"] as const;
export type ApiDialect = (typeof apiDialects)[number];

/**
 * Hosts of the real services, by API. The management API has one public host. The observability API is served by
 * each HyperDX or ClickStack deployment at its own address: HyperDX Cloud (`*.hyperdx.io`) and ClickStack hosted by
 * ClickHouse Cloud (`*.clickhouse.cloud`) are the hosted ones; a self-hosted deployment speaks the production wire
 * too, but nothing in its address says so, and it sets the dialect explicitly.
 */
export const productionHosts = {
  management: { exact: ["api.clickhouse.cloud"], suffixes: [] },
  observability: {
    exact: ["hyperdx.io", "clickhouse.cloud"],
    suffixes: [".hyperdx.io", ".clickhouse.cloud"],
  },
} as const satisfies Record<string, { exact: readonly string[]; suffixes: readonly string[] }>;

/** The dialect an API URL speaks when none is configured: `production` on a real service's host, `spec` elsewhere. */
export function defaultDialectOf(apiUrl: string, api: keyof typeof productionHosts): ApiDialect {
  let host: string;
  try {
    host = new URL(apiUrl).hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return "spec";
  }
  const hosts = productionHosts[api];
  const production =
    (hosts.exact as readonly string[]).includes(host) ||
    (hosts.suffixes as readonly string[]).some((suffix) => host.endsWith(suffix));
  return production ? "production" : "spec";
}
