/** The environments and stack config the settings tests resolve from: complete credentials of each API. */
export const managementEnv = {
  CLICKHOUSE_ORG_ID: "org",
  CLICKHOUSE_TOKEN_KEY: "key",
  CLICKHOUSE_TOKEN_SECRET: "secret",
};

export const observabilityEnv = {
  OBSERVABILITY_API_URL: "https://obs.example.com",
  OBSERVABILITY_API_TOKEN: "t0ken",
};

/** A stack config holding `values`, as a dynamic provider receives it. */
export function stackConfig(values: Record<string, string>) {
  return { get: (key: string) => values[key] };
}
