/**
 * IP access lists of API keys: entries are addresses or CIDR ranges, IPv4 or IPv6 (optionally in brackets).
 * Node's BlockList does the matching.
 */
import { BlockList, isIP } from "node:net";
import type { Problem } from "./problems";
import type { IpAccessEntry } from "../state/types";

interface ParsedSource {
  address: string;
  family: "ipv4" | "ipv6";
  prefix?: number;
}

function parseSource(source: string): ParsedSource | undefined {
  const [rawAddress, rawPrefix, ...rest] = source.trim().split("/");
  if (rest.length > 0) return undefined;
  const address = rawAddress.replace(/^\[(.*)\]$/, "$1");
  const version = isIP(address);
  if (version === 0) return undefined;
  const family = version === 4 ? "ipv4" : "ipv6";
  if (rawPrefix === undefined) return { address, family };
  const prefix = Number(rawPrefix);
  const maxPrefix = version === 4 ? 32 : 128;
  if (!/^\d+$/.test(rawPrefix) || prefix > maxPrefix) return undefined;
  return { address, family, prefix };
}

export function ipAccessListProblems(list: IpAccessEntry[] | undefined, property: string): Problem[] {
  return (list ?? []).flatMap((entry, index) =>
    // Entries that are not objects with a string source are the schema's to report.
    typeof entry?.source !== "string" || parseSource(entry.source)
      ? []
      : [
          {
            property: `${property}[${index}].source`,
            message: `must be an IPv4 or IPv6 address or CIDR range; got ${JSON.stringify(entry.source)}`,
          },
        ],
  );
}

/** An empty list allows every address. */
export function isAddressAllowed(list: IpAccessEntry[], remoteAddress: string): boolean {
  if (list.length === 0) return true;
  const blockList = new BlockList();
  for (const entry of list) {
    const parsed = parseSource(entry.source);
    if (!parsed) continue;
    if (parsed.prefix === undefined) blockList.addAddress(parsed.address, parsed.family);
    else blockList.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  const mappedV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remoteAddress);
  const address = mappedV4 ? mappedV4[1] : remoteAddress;
  return blockList.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}
