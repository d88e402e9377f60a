/**
 * What a benchmark program declares, from its stack config: which kinds, how many of each and their inputs. The
 * program on our dynamic classes, the control that registers the same resources and the program on the native
 * plugin's type tokens all read it here, so that they declare the same resources.
 */
import * as pulumi from "@pulumi/pulumi";
import { kindCounts, type KindCount } from "./counts";
import { benchResources, type BenchBuilders } from "./inputs";
import { benchConfigKeys, benchKinds, type BenchFixtureIds, type BenchKind } from "./settings";

export interface BenchSelection {
  /** The kinds in the figures' order, each with its count. */
  readonly counts: readonly KindCount[];
  /** Each kind's resource of an index, as names and inputs. */
  readonly resources: BenchBuilders;
}

const defaultPerKind = 6;

export function benchSelection(): BenchSelection {
  const config = new pulumi.Config("bench");
  const setting = (key: string) => key.slice("bench:".length);
  const kinds = config.getObject<BenchKind[]>(setting(benchConfigKeys.kinds)) ?? [...benchKinds];
  const perKind = config.getNumber(setting(benchConfigKeys.perKind)) ?? defaultPerKind;
  const counts = config.getObject<Partial<Record<BenchKind, number>>>(setting(benchConfigKeys.counts));
  const resources = benchResources({
    fixture: config.requireObject<BenchFixtureIds>(setting(benchConfigKeys.fixture)),
    revision: config.getNumber(setting(benchConfigKeys.revision)) ?? 0,
    scheduleWeekday: config.requireNumber(setting(benchConfigKeys.scheduleWeekday)),
  });
  return { counts: kindCounts(kinds, perKind, counts), resources };
}
