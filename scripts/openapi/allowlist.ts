/**
 * The allowlist: mismatches that are the published document's gaps, not ours (the real API, as the official Terraform
 * provider or HyperDX read or serve it, differs from the document). Each entry names the mismatch it allows and says
 * why and on what source; the check still prints how many it allowed, so an entry is never silent.
 */
import * as fs from "node:fs";
import type { CheckName, Mismatch } from "./checks";
import { checkNames } from "./checks";

export interface AllowlistEntry {
  method: string;
  /** A path template; each `{...}` segment matches any one segment. */
  path: string;
  check: CheckName;
  /** Only this status, when given. */
  status?: number;
  /** Only this instance path, when given; each `*` segment matches any one segment (an item's index). */
  instancePath?: string;
  /** Only mismatches whose message contains this text, when given. */
  messageIncludes?: string;
  reason: string;
  source: string;
}

export class AllowlistError extends Error {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function asEntry(value: unknown, index: number): AllowlistEntry {
  const problem = (what: string) => new AllowlistError(`allowlist entry ${index + 1}: ${what}`);
  if (!isRecord(value)) throw problem("not an object");
  for (const field of ["method", "path", "check", "reason", "source"]) {
    if (typeof value[field] !== "string" || value[field] === "")
      throw problem(`"${field}" must be a non-empty string`);
  }
  if (!(checkNames as readonly string[]).includes(value.check as string)) {
    throw problem(`"check" must be one of ${checkNames.join(", ")}`);
  }
  if (value.status !== undefined && typeof value.status !== "number")
    throw problem('"status" must be a number');
  for (const field of ["instancePath", "messageIncludes"]) {
    if (value[field] !== undefined && typeof value[field] !== "string")
      throw problem(`"${field}" must be a string`);
  }
  return value as unknown as AllowlistEntry;
}

export function readAllowlist(file: string): AllowlistEntry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    throw new AllowlistError(`cannot read the allowlist ${file}: ${(error as Error).message}`);
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.entries)) {
    throw new AllowlistError(`${file}: expected {"entries": [...]}`);
  }
  return parsed.entries.map(asEntry);
}

function segmentsMatch(pattern: string, value: string, wildcard: (segment: string) => boolean): boolean {
  const expected = pattern.split("/");
  const actual = value.split("/");
  return (
    expected.length === actual.length &&
    expected.every((segment, index) => wildcard(segment) || segment === actual[index])
  );
}

export function allows(entry: AllowlistEntry, mismatch: Mismatch): boolean {
  return (
    entry.method.toUpperCase() === mismatch.method &&
    entry.check === mismatch.check &&
    segmentsMatch(entry.path, mismatch.path, (segment) => /^\{.+\}$/.test(segment)) &&
    (entry.status === undefined || entry.status === mismatch.status) &&
    (entry.instancePath === undefined ||
      segmentsMatch(entry.instancePath, mismatch.instancePath, (segment) => segment === "*")) &&
    (entry.messageIncludes === undefined || mismatch.message.includes(entry.messageIncludes))
  );
}
