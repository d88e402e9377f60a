/**
 * Reads the emulator's recordings (emulator/server/exchangeRecorder.ts): one JSON exchange per line. A line that is
 * not one (a process killed mid-write, a file of something else) is reported, never skipped in silence.
 */
import * as fs from "node:fs";
import type { RecordedExchange } from "../../emulator/server/exchangeRecorder";

export interface UnreadableLine {
  file: string;
  line: number;
  reason: string;
}

export interface Recordings {
  exchanges: RecordedExchange[];
  unreadable: UnreadableLine[];
}

function asExchange(value: unknown): RecordedExchange | string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "not a JSON object";
  const line = value as Record<string, unknown>;
  for (const field of ["dialect", "method", "url"]) {
    if (typeof line[field] !== "string") return `no string "${field}"`;
  }
  if (typeof line.status !== "number") return 'no number "status"';
  if (line.client !== "provider" && line.client !== "other")
    return '"client" is neither "provider" nor "other"';
  return value as RecordedExchange;
}

export function readRecordings(files: readonly string[]): Recordings {
  const recordings: Recordings = { exchanges: [], unreadable: [] };
  for (const file of files) {
    const lines = fs.readFileSync(file, "utf8").split("\n");
    for (const [index, text] of lines.entries()) {
      if (text.trim() === "") continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        recordings.unreadable.push({ file, line: index + 1, reason: "not JSON" });
        continue;
      }
      const exchange = asExchange(parsed);
      if (typeof exchange === "string")
        recordings.unreadable.push({ file, line: index + 1, reason: exchange });
      else recordings.exchanges.push(exchange);
    }
  }
  return recordings;
}
