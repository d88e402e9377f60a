import * as pulumi from "@pulumi/pulumi";

const count = new pulumi.Config("bench").getNumber("count") ?? 30;

/**
 * The floor of a dynamic resource: the engine, the program, the provider's serialization into state and the
 * dynamic-provider process all do their work, and the provider itself does nothing. Without `diff`, the engine
 * compares inputs itself, so an unchanged program previews as "same".
 */
const noop: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    return { id: `noop-${inputs.index}`, outs: inputs };
  },
};

class Noop extends pulumi.dynamic.Resource {
  constructor(name: string, props: { index: number; description: string }) {
    super(noop, name, props, undefined, "bench", "Noop");
  }
}

for (let i = 0; i < count; i++) new Noop(`noop-${i}`, { index: i, description: `control resource ${i}` });

export const resourceCount = count;
