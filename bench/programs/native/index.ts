/**
 * The `ours` program's resources served by the native plugin: the same names and inputs (`../ours/inputs`), under
 * the plugin's type tokens (`clickhouse-cloud:index:<Kind>`), as a program without a generated SDK would write
 * them. The runner makes its project directory, whose Pulumi.yaml loads the built plugin as a project plugin.
 */
import * as pulumi from "@pulumi/pulumi";
import { benchResources } from "../ours/inputs";
import { benchConfigKeys, benchKinds, type BenchFixtureIds, type BenchKind } from "../ours/settings";

const config = new pulumi.Config("bench");
const setting = (key: string) => key.slice("bench:".length);
const kinds = config.getObject<BenchKind[]>(setting(benchConfigKeys.kinds)) ?? [...benchKinds];
const perKind = config.getNumber(setting(benchConfigKeys.perKind)) ?? 6;
const revision = config.getNumber(setting(benchConfigKeys.revision)) ?? 0;
const fixture = config.requireObject<BenchFixtureIds>(setting(benchConfigKeys.fixture));
const resources = benchResources(fixture, revision);

/** CustomResource is abstract in the SDK's typings; a resource of the plugin needs nothing more. */
class PluginResource extends pulumi.CustomResource {}

for (const kind of kinds) {
  for (let i = 0; i < perKind; i++) {
    const { name, args } = resources[kind](i);
    new PluginResource(`clickhouse-cloud:index:${kind}`, name, { ...args });
  }
}

export const resourceCount = kinds.length * perKind;
