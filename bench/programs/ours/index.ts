import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";
import { benchResources } from "./inputs";
import { benchConfigKeys, benchKinds, type BenchFixtureIds, type BenchKind } from "./settings";

const config = new pulumi.Config("bench");
const setting = (key: string) => key.slice("bench:".length);
const kinds = config.getObject<BenchKind[]>(setting(benchConfigKeys.kinds)) ?? [...benchKinds];
const perKind = config.getNumber(setting(benchConfigKeys.perKind)) ?? 6;
const counts = config.getObject<Partial<Record<BenchKind, number>>>(setting(benchConfigKeys.counts)) ?? {};
const revision = config.getNumber(setting(benchConfigKeys.revision)) ?? 0;
const fixture = config.requireObject<BenchFixtureIds>(setting(benchConfigKeys.fixture));
const resources = benchResources(fixture, revision);

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
};

let resourceTotal = 0;
for (const kind of kinds) {
  const count = counts[kind] ?? perKind;
  for (let i = 0; i < count; i++) builders[kind](i);
  resourceTotal += count;
}

export const resourceCount = resourceTotal;
