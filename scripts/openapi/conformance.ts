/**
 * `npm run check:openapi`'s work, apart from its process: which recorded exchanges are checked (the production
 * dialect's management API, `/v1/organizations...`), the mismatches each has, which the allowlist allows, and the
 * report, one block per distinct mismatch with how many exchanges had it, then a summary.
 */
import type { RecordedExchange } from "../../emulator/server/exchangeRecorder";
import { redactedMarker } from "../../emulator/server/exchangeRecorder";
import type { AllowlistEntry } from "./allowlist";
import { allows } from "./allowlist";
import type { Excuse, Mismatch, SpecUnderCheck } from "./checks";
import { checkExchange } from "./checks";
import type { OpenApiDocument } from "./document";
import { OperationIndex } from "./operations";
import type { Recordings } from "./recordings";
import { OperationValidators } from "./validators";

const managementPrefix = "/v1/organizations";
/** A file of another format would otherwise print a line per line. */
const shownUnreadable = 10;

export interface MismatchGroup {
  mismatch: Mismatch;
  /** How many exchanges had it. */
  count: number;
  /** One of them, as recorded. */
  example: string;
}

export interface ConformanceResult {
  checked: number;
  /** How many of the checked exchanges have a mismatch the allowlist does not allow. */
  failing: number;
  skippedOtherDialect: number;
  skippedOtherPath: number;
  failures: MismatchGroup[];
  allowed: { entry: AllowlistEntry; count: number }[];
  excused: Record<Excuse, number>;
  unreadable: Recordings["unreadable"];
}

export function specUnderCheck(document: OpenApiDocument): SpecUnderCheck {
  return {
    document,
    operations: new OperationIndex(document),
    validators: new OperationValidators(document, redactedMarker),
  };
}

function isManagementPath(url: string): boolean {
  const path = url.split("?")[0];
  return path === managementPrefix || path.startsWith(`${managementPrefix}/`);
}

function groupKey(mismatch: Mismatch): string {
  const { method, path, status, check, instancePath, message, note } = mismatch;
  return JSON.stringify([method, path, status, check, instancePath, message, note]);
}

export function checkRecordings(
  spec: SpecUnderCheck,
  recordings: Recordings,
  allowlist: readonly AllowlistEntry[],
): ConformanceResult {
  const result: ConformanceResult = {
    checked: 0,
    failing: 0,
    skippedOtherDialect: 0,
    skippedOtherPath: 0,
    failures: [],
    allowed: [],
    excused: { "refused unknown operation": 0, "refused invalid body": 0 },
    unreadable: recordings.unreadable,
  };
  const failures = new Map<string, MismatchGroup>();
  const allowedCounts = new Map<AllowlistEntry, number>();
  /** Records a mismatch; false when the allowlist allows it. */
  const record = (exchange: RecordedExchange, mismatch: Mismatch): boolean => {
    const entry = allowlist.find((candidate) => allows(candidate, mismatch));
    if (entry !== undefined) {
      allowedCounts.set(entry, (allowedCounts.get(entry) ?? 0) + 1);
      return false;
    }
    const key = groupKey(mismatch);
    const group = failures.get(key);
    if (group === undefined) {
      failures.set(key, { mismatch, count: 1, example: `${exchange.method} ${exchange.url}` });
    } else group.count += 1;
    return true;
  };
  for (const exchange of recordings.exchanges) {
    if (exchange.dialect !== "production") result.skippedOtherDialect += 1;
    else if (!isManagementPath(exchange.url)) result.skippedOtherPath += 1;
    else {
      result.checked += 1;
      const verdict = checkExchange(spec, exchange);
      const failed = verdict.mismatches.map((mismatch) => record(exchange, mismatch));
      if (failed.includes(true)) result.failing += 1;
      for (const excuse of verdict.excuses) result.excused[excuse] += 1;
    }
  }
  result.failures = [...failures.values()];
  result.allowed = [...allowedCounts.entries()].map(([entry, count]) => ({ entry, count }));
  return result;
}

/** Passes when every checked exchange conforms (or is allowed), at least one was checked, and every line was read. */
export function passed(result: ConformanceResult): boolean {
  return result.failures.length === 0 && result.checked > 0 && result.unreadable.length === 0;
}

function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? singular : pluralForm}`;
}

function describeGroup(group: MismatchGroup): string[] {
  const { method, path, status, check, instancePath, message, note } = group.mismatch;
  return [
    `MISMATCH ${method} ${path} -> ${status} [${check}]`,
    `  at ${instancePath === "" ? "(the body)" : instancePath}: ${message}`,
    ...(note === undefined ? [] : [`  (${note})`]),
    `  ${plural(group.count, "exchange")}, e.g. ${group.example}`,
  ];
}

export function reportText(result: ConformanceResult, specName: string): string {
  const lines: string[] = [];
  for (const line of result.unreadable.slice(0, shownUnreadable)) {
    lines.push(`UNREADABLE ${line.file}:${line.line}: ${line.reason}`);
  }
  if (result.unreadable.length > shownUnreadable) {
    lines.push(`UNREADABLE ... and ${result.unreadable.length - shownUnreadable} more lines`);
  }
  for (const group of result.failures) lines.push(...describeGroup(group));
  for (const { entry, count } of result.allowed) {
    lines.push(
      `allowed: ${plural(count, "mismatch", "mismatches")} of ${entry.method} ${entry.path} [${entry.check}]: ${entry.reason} (${entry.source})`,
    );
  }
  const allowedCount = result.allowed.reduce((sum, allowed) => sum + allowed.count, 0);
  const skipped = result.skippedOtherDialect + result.skippedOtherPath;
  const excused = result.excused;
  lines.push(
    `check:openapi against ${specName}: ${plural(result.checked, "exchange")} of the production management API checked` +
      ` (${plural(skipped, "other exchange")} skipped: ${result.skippedOtherDialect.toLocaleString("en-US")} of` +
      ` another dialect, ${result.skippedOtherPath.toLocaleString("en-US")} outside ${managementPrefix})`,
    `  ${plural(result.failures.length, "distinct mismatch", "distinct mismatches")} in ` +
      `${plural(result.failing, "exchange")}; ` +
      `${plural(allowedCount, "mismatch", "mismatches")} allowed by the allowlist; ` +
      `excused, as the emulator refused them as the spec would: ` +
      `${plural(excused["refused unknown operation"], "test request")} to operations the spec lacks, ` +
      `${plural(excused["refused invalid body"], "request")} with bodies it refuses` +
      (result.unreadable.length > 0 ? `; ${plural(result.unreadable.length, "unreadable line")}` : ""),
  );
  if (result.checked === 0) {
    lines.push("FAIL: no exchange of the production management API was recorded, so nothing was checked");
  }
  return `${lines.join("\n")}\n`;
}
