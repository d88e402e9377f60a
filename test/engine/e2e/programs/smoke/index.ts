import * as pulumi from "@pulumi/pulumi";

interface MarkerInputs {
  path: string;
  content: string;
}

// A real dynamic provider: its methods run in the engine's pulumi-resource-pulumi-nodejs process, so the file it
// writes is proof that the engine created, kept and deleted the resource. Modules are required inside the methods
// so the closure serializer captures nothing but the code.
const markerProvider: pulumi.dynamic.ResourceProvider = {
  async create(inputs: MarkerInputs) {
    const fs = await import("node:fs");
    fs.writeFileSync(inputs.path, inputs.content);
    return { id: inputs.path, outs: inputs };
  },
  async diff(_id: string, olds: MarkerInputs, news: MarkerInputs) {
    const changed = olds.content !== news.content || olds.path !== news.path;
    return { changes: changed, replaces: olds.path !== news.path ? ["path"] : [] };
  },
  async update(_id: string, _olds: MarkerInputs, news: MarkerInputs) {
    const fs = await import("node:fs");
    fs.writeFileSync(news.path, news.content);
    return { outs: news };
  },
  async delete(id: string) {
    const fs = await import("node:fs");
    fs.rmSync(id, { force: true });
  },
};

class Marker extends pulumi.dynamic.Resource {
  declare readonly path: pulumi.Output<string>;
  declare readonly content: pulumi.Output<string>;

  constructor(name: string, args: { path: pulumi.Input<string>; content: pulumi.Input<string> }) {
    super(markerProvider, name, { ...args }, {}, "smoke", "Marker");
  }
}

const config = new pulumi.Config("smoke");
const marker = new Marker("marker", { path: config.require("path"), content: config.require("content") });

export const markerPath = marker.path;
export const markerContent = marker.content;
