/**
 * The words and names of settings failures as users meet them, and the lookups the orphan finder shares with the
 * provider: whether a setting is set (config or environment) and the native plugin's key names.
 */
import { expect } from "chai";
import { BaseUrlError, checkBaseUrl } from "../../../provider/settings/baseUrl";
import { ConfigurationError } from "../../../provider/settings/errors";
import { pluginKeySource, setsPluginKeys } from "../../../provider/settings/pluginKeys";
import { SETTINGS } from "../../../schemas/settings";
import { isSet, type ConfigSource } from "../../../provider/settings/sources";

const source = (values: Record<string, string>): ConfigSource => ({ get: (key) => values[key] });

describe("settings: failures and lookups", () => {
  it("names a base URL failure as such and says what is allowed", () => {
    let failure: unknown;
    try {
      checkBaseUrl("http://api.example.com", "clickhouse:apiUrl");
    } catch (error) {
      failure = error;
    }
    expect(failure).to.be.instanceOf(BaseUrlError);
    expect((failure as Error).name).to.equal("BaseUrlError");
    expect((failure as Error).message).to.equal(
      "clickhouse:apiUrl uses plain http:// to api.example.com, which would send credentials unencrypted; " +
        "use https://, or http:// only to a loopback address (127.0.0.0/8, localhost, ::1)",
    );
  });

  it("takes plain http to a loopback name written with its trailing dot", () => {
    expect(checkBaseUrl("http://localhost.:4010", "clickhouse:apiUrl")).to.equal("http://localhost.:4010");
  });

  it("lists every problem of an API's settings on lines of their own", () => {
    const error = new ConfigurationError("management API", [
      { key: "clickhouse:tokenKey", envVar: "CLICKHOUSE_TOKEN_KEY", problem: "missing" },
      { key: "clickhouse:apiUrl", envVar: "CLICKHOUSE_API_URL", problem: "not a URL" },
    ]);
    expect(error.name).to.equal("ConfigurationError");
    expect(error.message).to.equal(
      "configuration for the management API is incomplete:\n" +
        "  - clickhouse:tokenKey (or env CLICKHOUSE_TOKEN_KEY): missing\n" +
        "  - clickhouse:apiUrl (or env CLICKHOUSE_API_URL): not a URL",
    );
  });

  it("counts a setting as set by its config key or by a non-empty environment variable", () => {
    const spec = SETTINGS.tokenKey;
    expect(isSet({ source: source({ "clickhouse:tokenKey": "k" }), env: {} }, spec)).to.equal(true);
    expect(isSet({ source: source({}), env: { CLICKHOUSE_TOKEN_KEY: "k" } }, spec)).to.equal(true);
    expect(isSet({ source: source({}), env: { CLICKHOUSE_TOKEN_KEY: "" } }, spec)).to.equal(false);
    expect(isSet({ env: {} }, spec)).to.equal(false);
    expect(isSet({ source: source({ "clickhouse:tokenKey": "" }), env: {} }, spec)).to.equal(true);
  });

  it("reads the process environment when the lookup names none", () => {
    const saved = process.env.CLICKHOUSE_TOKEN_KEY;
    process.env.CLICKHOUSE_TOKEN_KEY = "from-env";
    try {
      expect(isSet({}, SETTINGS.tokenKey)).to.equal(true);
    } finally {
      if (saved === undefined) delete process.env.CLICKHOUSE_TOKEN_KEY;
      else process.env.CLICKHOUSE_TOKEN_KEY = saved;
    }
  });

  it("answers a dynamic-path key with the plugin's key, and nothing for keys that are no setting", () => {
    const plugin = pluginKeySource(
      // A config key named "undefined" must not answer for keys that are no setting.
      source({
        "clickhouse-cloud:tokenKey": "k",
        "clickhouse-cloud:observabilityApiUrl": "u",
        other: "x",
        undefined: "y",
      }),
    );
    expect(plugin.get("clickhouse:tokenKey")).to.equal("k");
    expect(plugin.get("observability:apiUrl")).to.equal("u");
    expect(plugin.get("clickhouse:organizationId")).to.equal(undefined);
    expect(plugin.get("other")).to.equal(undefined);
  });

  it("tells a config that sets any of the plugin's keys from one that sets none", () => {
    expect(setsPluginKeys(source({ "clickhouse-cloud:throttle": "off" }))).to.equal(true);
    expect(setsPluginKeys(source({ "clickhouse:throttle": "off" }))).to.equal(false);
  });
});
