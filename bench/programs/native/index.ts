/**
 * The `ours` program's resources served by the native plugin: the same names and inputs (`../ours/inputs`), under
 * the plugin's type tokens (`clickhouse-cloud:index:<Kind>`), as a program without a generated SDK would write
 * them. The runner makes its project directory, whose Pulumi.yaml loads the built plugin as a project plugin.
 */
import * as pulumi from "@pulumi/pulumi";
import { totalOf } from "../ours/counts";
import { benchSelection } from "../ours/selection";

const { counts, resources } = benchSelection();

/** CustomResource is abstract in the SDK's typings; a resource of the plugin needs nothing more. */
class PluginResource extends pulumi.CustomResource {}

for (const { kind, count } of counts) {
  for (let i = 0; i < count; i++) {
    const { name, args } = resources[kind](i);
    new PluginResource(`clickhouse-cloud:index:${kind}`, name, { ...args });
  }
}

export const resourceCount = totalOf(counts);
