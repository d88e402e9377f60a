import * as chc from "pulumi-clickhouse-cloud";

// No clickhouse:* config and no CLICKHOUSE_* variables: every create needs the same missing settings.
export const keyIds = ["first", "second", "third"].map(
  (name) => new chc.ApiKey(name, { name: `missing-config-${name}`, roles: ["developer"] }).id,
);
