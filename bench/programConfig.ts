import type { ConfigMap } from "@pulumi/pulumi/automation";
import type { BenchContext } from "./context";
import { benchConfigKeys, type BenchKind } from "./programs/ours/settings";

/**
 * The `bench` keys of a program's stack config, the same for our dynamic classes, the control and the native
 * plugin: which kinds, how many of each at most, the fixture's ids and the scaling schedules' day.
 */
export function benchProgramConfig(
  context: Pick<BenchContext, "fixtureIds" | "scheduleWeekday">,
  kinds: readonly BenchKind[],
  perKind: number,
): ConfigMap {
  return {
    [benchConfigKeys.fixture]: { value: JSON.stringify(context.fixtureIds) },
    [benchConfigKeys.kinds]: { value: JSON.stringify(kinds) },
    [benchConfigKeys.perKind]: { value: String(perKind) },
    [benchConfigKeys.revision]: { value: "0" },
    [benchConfigKeys.scheduleWeekday]: { value: String(context.scheduleWeekday) },
  };
}
