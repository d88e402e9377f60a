/**
 * The shapes of a service's lists as programs see them, and the forms in which two spellings of the same value
 * compare equal: the IP access list is a set of entries by source, the tags a map of key to value.
 */
import type { ServiceDetails } from "../../rest";

/** An entry of a service's IP access list: an IPv4 or IPv6 address or CIDR range, with an optional note. */
export interface ServiceIpAccessEntry {
  source: string;
  description?: string;
}

/** An endpoint of a service: its protocol, host, port and user name. */
export interface ServiceEndpoint {
  protocol: string;
  host: string;
  port: number;
  username?: string;
}

/** A service's tags, key to value; an empty value is a tag without a value. */
export type ServiceTags = Record<string, string>;

/** The API's tag, a key with an optional value. */
export interface ServiceTag {
  key: string;
  value?: string;
}

/** A tag map as the API's list: an empty value is a tag without a value. */
export function tagList(tags: Readonly<Record<string, string>>): ServiceTag[] {
  return Object.entries(tags).map(([key, value]) => (value === "" ? { key } : { key, value }));
}

/** The API's tag list as a map; a tag without a value maps to "". */
export function tagMap(tags: ServiceDetails["tags"]): Record<string, string> {
  return Object.fromEntries((tags ?? []).map((tag) => [tag.key, tag.value ?? ""]));
}

/** The list as entries sorted by source, an empty description left out: how two lists are compared. */
export function comparableIpAccessList(list: unknown): unknown {
  if (!Array.isArray(list)) return list ?? [];
  return list
    .map((entry: { source: string; description?: string | null }) =>
      entry.description ? { source: entry.source, description: entry.description } : { source: entry.source },
    )
    .sort((a, b) => a.source.localeCompare(b.source));
}
