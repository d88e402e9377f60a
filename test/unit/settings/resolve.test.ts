import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { Config as DynamicProviderConfig } from "@pulumi/pulumi/cmd/dynamic-provider/config";
import {
  ConfigurationError,
  programConfigSource,
  reportOncePerProcess,
  resolveManagementSettings,
  resolveObservabilitySettings,
  type ConfigSource,
} from "../../../provider/settings";

/** A stack config as the dynamic provider's `configure` hands it over: full `namespace:key` keys. */
function stackConfig(values: Record<string, string>): ConfigSource {
  return { get: (key) => values[key] };
}

const fullEnv = {
  CLICKHOUSE_ORG_ID: "org-from-env",
  CLICKHOUSE_TOKEN_KEY: "key-from-env",
  CLICKHOUSE_TOKEN_SECRET: "secret-from-env",
  CLICKHOUSE_API_URL: "https://env.example.com",
  OBSERVABILITY_API_URL: "https://obs-env.example.com",
  OBSERVABILITY_API_TOKEN: "token-from-env",
};

function configurationError(run: () => unknown): ConfigurationError {
  try {
    run();
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error("expected a ConfigurationError");
}

describe("configuration", () => {
  it("takes stack config over environment variables", () => {
    const source = stackConfig({
      "clickhouse:organizationId": "org-from-config",
      "clickhouse:tokenKey": "key-from-config",
      "clickhouse:tokenSecret": "secret-from-config",
      "clickhouse:apiUrl": "https://config.example.com/",
    });
    expect(resolveManagementSettings({ source, env: fullEnv })).to.deep.equal({
      organizationId: "org-from-config",
      tokenKey: "key-from-config",
      tokenSecret: "secret-from-config",
      apiUrl: "https://config.example.com",
      throttle: { limit: 10, windowMs: 10_000 },
      sharedBudget: "local",
      dialect: "spec",
    });
  });

  it("falls back to environment variables setting by setting", () => {
    const source = stackConfig({ "clickhouse:tokenKey": "key-from-config" });
    const settings = resolveManagementSettings({ source, env: fullEnv });
    expect(settings.tokenKey).to.equal("key-from-config");
    expect(settings.tokenSecret).to.equal("secret-from-env");
    expect(settings.organizationId).to.equal("org-from-env");
    expect(settings.apiUrl).to.equal("https://env.example.com");
  });

  it("lets a resource's own organizationId win over config and environment", () => {
    const source = stackConfig({ "clickhouse:organizationId": "org-from-config" });
    const settings = resolveManagementSettings(
      { source, env: fullEnv },
      { organizationId: "org-of-resource" },
    );
    expect(settings.organizationId).to.equal("org-of-resource");
  });

  it("defaults the management URL and treats blank values as unset", () => {
    const env = {
      CLICKHOUSE_ORG_ID: "o",
      CLICKHOUSE_TOKEN_KEY: "k",
      CLICKHOUSE_TOKEN_SECRET: "s",
      CLICKHOUSE_API_URL: " ",
    };
    const source = stackConfig({ "clickhouse:tokenKey": "" });
    const settings = resolveManagementSettings({ source, env });
    expect(settings.apiUrl).to.equal("https://api.clickhouse.cloud");
    expect(settings.tokenKey).to.equal("k");
  });

  it("reads the observability settings with the same precedence", () => {
    const source = stackConfig({ "observability:apiToken": "token-from-config" });
    expect(resolveObservabilitySettings({ source, env: fullEnv })).to.deep.equal({
      apiUrl: "https://obs-env.example.com",
      apiToken: "token-from-config",
      throttle: { limit: 100, windowMs: 60_000 },
      sharedBudget: "local",
      dialect: "spec",
    });
  });

  it("reports every missing management setting in one error, with how to set each", () => {
    const error = configurationError(() => resolveManagementSettings({ env: {} }));
    expect(error.problems.map((p) => p.key)).to.deep.equal([
      "clickhouse:organizationId",
      "clickhouse:tokenKey",
      "clickhouse:tokenSecret",
    ]);
    expect(error.message).to.contain("pulumi config set --secret clickhouse:tokenSecret");
    expect(error.message).to.contain("CLICKHOUSE_TOKEN_SECRET");
    // The CLI refuses a random-looking key id under a key named "token..." without --plaintext.
    expect(error.message).to.contain("pulumi config set --plaintext clickhouse:tokenKey <key-id>");
    expect(error.message).to.contain("CLICKHOUSE_ORG_ID");
  });

  it("reports the same problems in full once per process, then as a one-line reference naming the keys", () => {
    // A URL no other test uses, so this process has not reported these problems before.
    const env = { OBSERVABILITY_API_URL: "http://once-per-run.example.com" };
    const first = reportOncePerProcess(configurationError(() => resolveObservabilitySettings({ env })));
    const second = reportOncePerProcess(configurationError(() => resolveObservabilitySettings({ env })));
    expect(first.message).to.contain("pulumi config set --secret observability:apiToken <token>");
    expect(second).to.be.instanceOf(ConfigurationError);
    expect(second.message).to.equal(
      "configuration for the observability API is incomplete: observability:apiUrl (or env OBSERVABILITY_API_URL), " +
        "observability:apiToken (or env OBSERVABILITY_API_TOKEN) (reported in full once in this run, with how to set each)",
    );
  });

  it("requires the observability URL, which has no default", () => {
    const error = configurationError(() => resolveObservabilitySettings({ env: {} }));
    expect(error.problems.map((p) => p.key)).to.deep.equal([
      "observability:apiUrl",
      "observability:apiToken",
    ]);
    expect(error.message).to.contain("OBSERVABILITY_API_URL");
    expect(error.message).to.contain("pulumi config set --secret observability:apiToken");
  });

  it("refuses plain http to a remote host as a configuration problem, alongside missing settings", () => {
    const env = { OBSERVABILITY_API_URL: "http://obs.example.com" };
    const error = configurationError(() => resolveObservabilitySettings({ env }));
    expect(error.problems.map((p) => p.key)).to.deep.equal([
      "observability:apiUrl",
      "observability:apiToken",
    ]);
    expect(error.problems[0]!.problem).to.contain("plain http://");
  });

  it("accepts plain http to loopback (the emulator)", () => {
    const env = { ...fullEnv, CLICKHOUSE_API_URL: "http://127.0.0.1:8123" };
    expect(resolveManagementSettings({ env }).apiUrl).to.equal("http://127.0.0.1:8123");
  });

  it("never puts a credential value into its error", () => {
    const env = { CLICKHOUSE_TOKEN_SECRET: "very-secret-value", CLICKHOUSE_API_URL: "ftp://x.example.com" };
    const error = configurationError(() => resolveManagementSettings({ env }));
    expect(error.message).not.to.contain("very-secret-value");
  });

  it("works with the config the dynamic provider's configure hook receives", () => {
    // The class @pulumi/pulumi 3.248 passes to `configure`: raw stack config keyed by "namespace:key".
    const source = new DynamicProviderConfig(
      { "clickhouse:tokenKey": "key-from-stack", "clickhouse:tokenSecret": "secret-from-stack" },
      "some-project",
    );
    const settings = resolveManagementSettings({ source, env: { CLICKHOUSE_ORG_ID: "org" } });
    expect(settings.tokenKey).to.equal("key-from-stack");
    expect(settings.tokenSecret).to.equal("secret-from-stack");
  });

  describe("program-side source", () => {
    afterEach(() => pulumi.runtime.setAllConfig({}));

    it("reads the clickhouse and observability namespaces through pulumi.Config", () => {
      pulumi.runtime.setAllConfig({
        "clickhouse:tokenKey": "key-from-stack",
        "observability:apiUrl": "https://obs.example.com",
      });
      const source = programConfigSource();
      expect(source.get("clickhouse:tokenKey")).to.equal("key-from-stack");
      expect(source.get("observability:apiUrl")).to.equal("https://obs.example.com");
      expect(source.get("clickhouse:tokenSecret")).to.equal(undefined);
      const settings = resolveObservabilitySettings({ source, env: { OBSERVABILITY_API_TOKEN: "t0ken" } });
      expect(settings).to.deep.equal({
        apiUrl: "https://obs.example.com",
        apiToken: "t0ken",
        throttle: { limit: 100, windowMs: 60_000 },
        sharedBudget: "local",
        dialect: "spec",
      });
    });
  });
});
