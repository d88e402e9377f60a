/**
 * Figure 3: HTTP requests per resource, from the emulator's request log, for create, a no-change preview,
 * refresh, update and delete. Each kind runs alone (figure 1's resources of it: 6, or as many as the emulator's
 * services carry), because some routes (GET of a service) serve several kinds and could not be told apart in a
 * mixed stack. Rate limits and the throttle are off: no request is a 429 retry. ReversePrivateEndpoint has no field
 * that updates in place, so its "update" is a replacement (create, then delete of the old one).
 */
import type { RequestLogEntry } from "../../emulator";
import type { BenchContext } from "../context";
import { kindCounts } from "../programs/ours/counts";
import { benchConfigKeys, benchKinds, type BenchKind } from "../programs/ours/settings";
import {
  benchStack,
  expectSummary,
  oursConfig,
  runOperation,
  setProviderThrottle,
  type EngineOperation,
} from "../stacks";
import { overheadPerKind } from "./overhead";

export const requestPhases = ["create", "preview", "refresh", "update", "delete"] as const;
export type RequestPhase = (typeof requestPhases)[number];

export interface PhaseRequests {
  /** Requests divided by the number of resources. */
  readonly perResource: number;
  /** Requests of the whole phase by route ("GET /v1/.../keys": 6). */
  readonly routes: Record<string, number>;
}

export interface KindRequests {
  readonly kind: BenchKind;
  readonly resources: number;
  readonly phases: Record<RequestPhase, PhaseRequests>;
}

export type RequestsResult = KindRequests[];

export async function measureRequests(context: BenchContext): Promise<RequestsResult> {
  const { emulator } = context;
  const stack = await benchStack("ours", oursConfig(context, [benchKinds[0]], overheadPerKind));
  try {
    await setProviderThrottle(stack, false);
    const results: KindRequests[] = [];
    for (const { kind, count } of kindCounts(benchKinds, overheadPerKind)) {
      await stack.stack.setAllConfig({
        [benchConfigKeys.kinds]: { value: JSON.stringify([kind]) },
        [benchConfigKeys.revision]: { value: "0" },
      });
      const all = count + 1;
      // The update of a kind whose every field replaces is a create of the new resource and a delete of the old.
      const updated: Record<string, number> =
        kind === "ReversePrivateEndpoint" ? { replace: count, same: 1 } : { update: count, same: 1 };
      const phases = {} as Record<RequestPhase, PhaseRequests>;
      const phase = async (
        name: RequestPhase,
        operation: EngineOperation,
        expected: Record<string, number>,
      ) => {
        await emulator.control.clearRequests();
        expectSummary(`${kind}: ${name}`, (await runOperation(stack, operation)).changes, expected);
        phases[name] = perResource(await emulator.control.requests(), count);
      };
      await phase("create", "up", { create: all });
      await phase("preview", "preview", { same: all });
      await phase("refresh", "refresh", { same: all });
      await stack.stack.setConfig(benchConfigKeys.revision, { value: "1" });
      await phase("update", "up", updated);
      await phase("delete", "destroy", { delete: all });
      await emulator.control.reset();
      results.push({ kind, resources: count, phases });
      context.log(`figure 3: ${kind} done`);
    }
    return results;
  } finally {
    await stack.dispose();
  }
}

function perResource(entries: RequestLogEntry[], resources: number): PhaseRequests {
  const routes: Record<string, number> = {};
  for (const entry of entries) {
    const route = entry.route ?? `${entry.method} ${entry.path}`;
    routes[route] = (routes[route] ?? 0) + 1;
  }
  return { perResource: entries.length / resources, routes };
}
