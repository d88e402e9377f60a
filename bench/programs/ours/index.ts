import type * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";
import { totalOf } from "./counts";
import { benchSelection } from "./selection";
import type { BenchKind } from "./settings";

const { counts, resources } = benchSelection();

/** Each kind's resources through this package's dynamic classes. */
const builders: Record<BenchKind, (i: number) => pulumi.Resource> = {
  ReversePrivateEndpoint: (i) => {
    const { name, args } = resources.ReversePrivateEndpoint(i);
    return new chc.ReversePrivateEndpoint(name, args);
  },
  ReplicaScaling: (i) => {
    const { name, args } = resources.ReplicaScaling(i);
    return new chc.ReplicaScaling(name, args);
  },
  ApiKey: (i) => {
    const { name, args } = resources.ApiKey(i);
    return new chc.ApiKey(name, args);
  },
  PrivateEndpoint: (i) => {
    const { name, args } = resources.PrivateEndpoint(i);
    return new chc.PrivateEndpoint(name, args);
  },
  Alert: (i) => {
    const { name, args } = resources.Alert(i);
    return new chc.Alert(name, args);
  },
  Webhook: (i) => {
    const { name, args } = resources.Webhook(i);
    return new chc.Webhook(name, args);
  },
  SavedSearch: (i) => {
    const { name, args } = resources.SavedSearch(i);
    return new chc.SavedSearch(name, args);
  },
  Dashboard: (i) => {
    const { name, args } = resources.Dashboard(i);
    return new chc.Dashboard(name, args);
  },
  Source: (i) => {
    const { name, args } = resources.Source(i);
    return new chc.Source(name, args);
  },
  Service: (i) => {
    const { name, args } = resources.Service(i);
    return new chc.Service(name, args);
  },
  ServiceQueryEndpoint: (i) => {
    const { name, args } = resources.ServiceQueryEndpoint(i);
    return new chc.ServiceQueryEndpoint(name, args);
  },
  UpgradeWindow: (i) => {
    const { name, args } = resources.UpgradeWindow(i);
    return new chc.UpgradeWindow(name, args);
  },
  ServiceClickHouseSettings: (i) => {
    const { name, args } = resources.ServiceClickHouseSettings(i);
    return new chc.ServiceClickHouseSettings(name, args);
  },
  ScalingSchedule: (i) => {
    const { name, args } = resources.ScalingSchedule(i);
    return new chc.ScalingSchedule(name, args);
  },
};

for (const { kind, count } of counts) {
  for (let i = 0; i < count; i++) builders[kind](i);
}

export const resourceCount = totalOf(counts);
