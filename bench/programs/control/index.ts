import * as pulumi from "@pulumi/pulumi";
import { declaredSecrets } from "../../../provider/host/secrecy";
import { dynamicRegistration } from "../../../provider/dynamic/resource";
import { resources as registry } from "../../../provider/resources/registry";
import { totalOf } from "../ours/counts";
import { benchSelection } from "../ours/selection";
import { benchConfigKeys } from "../ours/settings";

const config = new pulumi.Config("bench");
const setting = (key: string) => key.slice("bench:".length);

/**
 * The floor of a dynamic resource: the engine, the program, the provider's serialization into state and the
 * dynamic-provider process all do their work, and the provider itself does nothing. Without `diff`, the engine
 * compares inputs itself, so an unchanged program previews as "same".
 */
const noop: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    return { id: `noop-${Math.random().toString(36).slice(2)}`, outs: inputs };
  },
};

class Noop extends pulumi.dynamic.Resource {
  constructor(name: string, props: pulumi.Inputs, opts?: pulumi.CustomResourceOptions) {
    super(noop, name, props, opts, "bench", "Noop");
  }
}

/** No-op resources with two small inputs each. */
function bareResources(count: number): number {
  for (let i = 0; i < count; i++) new Noop(`noop-${i}`, { index: i, description: `control resource ${i}` });
  return count;
}

/**
 * One no-op resource for each resource of the `ours` program, registered as our class registers it: the same
 * inputs, secrets and declared outputs, so the program and the engine do the same work per resource and only the
 * provider differs.
 */
function matchedResources(): number {
  const { counts, resources: builders } = benchSelection();
  for (const { kind, count } of counts) {
    const { definition } = registry[kind];
    const spec = {
      kind,
      module: definition.module,
      outputs: Object.keys(definition.outputs),
      ...declaredSecrets(definition),
    };
    for (let i = 0; i < count; i++) {
      const { name, args } = builders[kind](i);
      const [, , props, opts] = dynamicRegistration(spec, name, args);
      const { __provider: _ours, ...registered } = props;
      new Noop(name, registered, opts);
    }
  }
  return totalOf(counts);
}

/** `bench:kinds` set: the resources of `ours`, matched; else `bench:count` bare ones. */
const matched = config.get(setting(benchConfigKeys.kinds)) !== undefined;
export const resourceCount = matched ? matchedResources() : bareResources(config.getNumber("count") ?? 30);
