import { expect } from "chai";
import {
  ConfigurationError,
  resolveManagementSettings,
  resolveObservabilitySettings,
  type ConfigSource,
} from "../../../provider/settings";

function stackConfig(values: Record<string, string>): ConfigSource {
  return { get: (key) => values[key] };
}

const management = { CLICKHOUSE_ORG_ID: "o", CLICKHOUSE_TOKEN_KEY: "k", CLICKHOUSE_TOKEN_SECRET: "s" };
const observability = { OBSERVABILITY_API_TOKEN: "t" };

const managementDialect = (env: Record<string, string>, config: Record<string, string> = {}) =>
  resolveManagementSettings({ source: stackConfig(config), env: { ...management, ...env } }).dialect;
const observabilityDialect = (env: Record<string, string>, config: Record<string, string> = {}) =>
  resolveObservabilitySettings({ source: stackConfig(config), env: { ...observability, ...env } }).dialect;

describe("API dialect settings", () => {
  it("default to production for ClickHouse Cloud's API host, the default URL included", () => {
    expect(managementDialect({})).to.equal("production");
    expect(managementDialect({ CLICKHOUSE_API_URL: "https://api.clickhouse.cloud/" })).to.equal("production");
    expect(managementDialect({ CLICKHOUSE_API_URL: "https://API.clickhouse.cloud." })).to.equal("production");
  });

  it("default to spec for the emulator and any other management host", () => {
    expect(managementDialect({ CLICKHOUSE_API_URL: "http://127.0.0.1:8080" })).to.equal("spec");
    expect(managementDialect({ CLICKHOUSE_API_URL: "https://api.clickhouse.cloud.example.com" })).to.equal(
      "spec",
    );
  });

  it("default to production for hosted ClickStack and HyperDX, spec for other observability hosts", () => {
    expect(observabilityDialect({ OBSERVABILITY_API_URL: "https://team.hyperdx.io" })).to.equal("production");
    expect(observabilityDialect({ OBSERVABILITY_API_URL: "https://x.eu-west-1.clickhouse.cloud" })).to.equal(
      "production",
    );
    expect(observabilityDialect({ OBSERVABILITY_API_URL: "http://localhost:4000" })).to.equal("spec");
    expect(observabilityDialect({ OBSERVABILITY_API_URL: "https://hyperdx.example.com" })).to.equal("spec");
  });

  it("default to spec for a self-hosted observability host that merely ends in a hosted one's name", () => {
    expect(observabilityDialect({ OBSERVABILITY_API_URL: "https://myhyperdx.io" })).to.equal("spec");
    expect(observabilityDialect({ OBSERVABILITY_API_URL: "https://obs-clickhouse.cloud" })).to.equal("spec");
    expect(observabilityDialect({ OBSERVABILITY_API_URL: "https://hyperdx.io.example.com" })).to.equal(
      "spec",
    );
    expect(observabilityDialect({ OBSERVABILITY_API_URL: "https://hyperdx.io" })).to.equal("production");
  });

  it("take stack config over the environment, and either over the host's default", () => {
    const local = { CLICKHOUSE_API_URL: "http://127.0.0.1:1" };
    expect(managementDialect({ ...local, CLICKHOUSE_API_DIALECT: "production" })).to.equal("production");
    expect(
      managementDialect(
        { ...local, CLICKHOUSE_API_DIALECT: "production" },
        { "clickhouse:apiDialect": "spec" },
      ),
    ).to.equal("spec");
    expect(managementDialect({}, { "clickhouse:apiDialect": "spec" })).to.equal("spec");
    const obs = { OBSERVABILITY_API_URL: "http://127.0.0.1:1" };
    expect(observabilityDialect(obs, { "observability:apiDialect": "production" })).to.equal("production");
    expect(observabilityDialect({ ...obs, OBSERVABILITY_API_DIALECT: "production" })).to.equal("production");
  });

  it("refuse another word, naming the key, the variable and the two words", () => {
    try {
      resolveObservabilitySettings({
        source: stackConfig({ "observability:apiDialect": "prod" }),
        env: { ...observability, OBSERVABILITY_API_URL: "http://127.0.0.1:1" },
      });
      expect.fail("expected a ConfigurationError");
    } catch (error) {
      expect(error).to.be.instanceOf(ConfigurationError);
      expect((error as Error).message).to.contain("observability:apiDialect");
      expect((error as Error).message).to.contain("OBSERVABILITY_API_DIALECT");
      expect((error as Error).message).to.contain('must be `spec` or `production`; got "prod"');
    }
  });

  it("with observability:clickstackServiceId, alerts take the management API's URL and key on the production wire", () => {
    const settings = resolveObservabilitySettings({
      source: stackConfig({ "observability:clickstackServiceId": "svc-1" }),
      env: { ...management, CLICKHOUSE_API_URL: "http://127.0.0.1:9" },
    });
    expect(settings).to.deep.include({
      apiUrl: "http://127.0.0.1:9",
      apiToken: "",
      dialect: "production",
      clickstack: { serviceId: "svc-1", organizationId: "o", tokenKey: "k", tokenSecret: "s" },
    });
    // The management settings are then required, the observability ones not.
    try {
      resolveObservabilitySettings({
        source: stackConfig({ "observability:clickstackServiceId": "svc-1" }),
        env: {},
      });
      expect.fail("expected a ConfigurationError");
    } catch (error) {
      expect((error as ConfigurationError).problems.map((problem) => problem.key)).to.deep.equal([
        "clickhouse:organizationId",
        "clickhouse:tokenKey",
        "clickhouse:tokenSecret",
      ]);
    }
  });
});
