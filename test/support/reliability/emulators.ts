/**
 * Dedicated emulators for the reliability cases: each case that injects faults, turns rate limits on, changes the
 * provisioning delay or fills the organization with objects gets its own emulator, so the suites that share the
 * run's emulator never see any of it. Here: what a case reads from an emulator's request log.
 */
import type { RequestLogEntry, RunningEmulator } from "../../../emulator";

/** The emulator and stack-config helpers every suite shares, under the names the reliability cases use. */
export { dedicatedEmulator } from "../emulator";
export { stackConfigFor } from "../stackConfig";

/** What a stretch of the request log says about the traffic an operation made. */
export interface RequestStats {
  requests: number;
  /** Every reply with status 429, injected or from the real rate limits. */
  tooManyRequests: number;
  faults: number;
  faultsByKind: Record<string, number>;
}

export function requestStats(entries: RequestLogEntry[]): RequestStats {
  const faultsByKind: Record<string, number> = {};
  for (const entry of entries) {
    if (entry.fault !== undefined) faultsByKind[entry.fault] = (faultsByKind[entry.fault] ?? 0) + 1;
  }
  return {
    requests: entries.length,
    tooManyRequests: entries.filter((entry) => entry.status === 429).length,
    faults: Object.values(faultsByKind).reduce((sum, count) => sum + count, 0),
    faultsByKind,
  };
}

export function addStats(a: RequestStats, b: RequestStats): RequestStats {
  const faultsByKind = { ...a.faultsByKind };
  for (const [kind, count] of Object.entries(b.faultsByKind)) {
    faultsByKind[kind] = (faultsByKind[kind] ?? 0) + count;
  }
  return {
    requests: a.requests + b.requests,
    tooManyRequests: a.tooManyRequests + b.tooManyRequests,
    faults: a.faults + b.faults,
    faultsByKind,
  };
}

/** The log entries since the last clear, then a clear: one operation's traffic. */
export async function takeRequests(emulator: RunningEmulator): Promise<RequestLogEntry[]> {
  const entries = await emulator.control.requests();
  await emulator.control.clearRequests();
  return entries;
}
