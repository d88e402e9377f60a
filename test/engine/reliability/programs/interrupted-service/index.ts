import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

/** One service with an IP access list and tags, named by `e2e:name`. */
const config = new pulumi.Config("e2e");

const service = new chc.Service("service", {
  name: config.require("name"),
  provider: "aws",
  region: "eu-central-1",
  ipAccessList: [{ source: "203.0.113.0/24", description: "office" }],
  tags: { team: "platform" },
});

export const serviceId = service.id;
export const state = service.state;
