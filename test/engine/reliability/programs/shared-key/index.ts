import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config("e2e");
const pipeline = config.require("pipeline");
const count = config.requireNumber("keyCount");

const keys = Array.from(
  { length: count },
  (_, n) => new chc.ApiKey(`key-${n}`, { name: `${pipeline}-key-${n}`, roles: ["developer"] }),
);

export const keyIds = keys.map((key) => key.id);
