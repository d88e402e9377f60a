/**
 * One service. The stack config gives what the test changes from run to run: the IP access list and tags (JSON),
 * the backup retention, the state, the trigger that regenerates the password and, when set, the program's own
 * password (a secret config value).
 */
import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config("e2e");

const service = new chc.Service("service", {
  name: config.require("name"),
  provider: "aws",
  region: "eu-central-1",
  ipAccessList: config.requireObject<chc.ServiceIpAccessEntry[]>("ipAccessList"),
  tags: config.requireObject<chc.ServiceTags>("tags"),
  backupRetentionPeriodInHours: config.requireNumber("backupRetentionPeriodInHours"),
  state: config.require("state") as chc.DesiredServiceState,
  passwordRotationTrigger: config.require("passwordRotationTrigger"),
  password: config.getSecret("password"),
});

export const serviceId = service.id;
export const state = service.state;
export const password = service.password;
export const ipAccessList = service.ipAccessList;
export const tags = service.tags;
export const backupRetentionPeriodInHours = service.backupRetentionPeriodInHours;
