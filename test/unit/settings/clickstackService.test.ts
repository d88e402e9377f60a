/**
 * The observability settings of a resource that names the service whose managed ClickStack holds it
 * (`clickstackServiceId`): the management API's URL, key and organization reach that service, whatever the
 * observability settings and `observability:clickstackServiceId` say; its wire is the production one; and what a
 * preview reports missing is what such a resource needs.
 */
import { expect } from "chai";
import { ProviderSession } from "../../../provider/host/session";
import { ConfigurationError, type ConfigSource } from "../../../provider/settings";
import { resolveDialect, resolveObservabilitySettings } from "../../../provider/settings/resolve";

function stackConfig(values: Record<string, string>): ConfigSource {
  return { get: (key) => values[key] };
}

const serviceA = "0b3c2d4e-5f60-4718-8293-a4b5c6d7e8f9";
const serviceB = "1c4d3e5f-6a71-4829-9304-b5c6d7e8f9a0";
const management = {
  CLICKHOUSE_ORG_ID: "org-1",
  CLICKHOUSE_TOKEN_KEY: "key-1",
  CLICKHOUSE_TOKEN_SECRET: "secret-1",
  CLICKHOUSE_API_URL: "http://127.0.0.1:9",
};
const observability = {
  "observability:apiUrl": "http://127.0.0.1:8",
  "observability:apiToken": "token-1",
  "observability:apiDialect": "spec",
};

function configurationErrorOf(resolve: () => unknown): ConfigurationError {
  try {
    resolve();
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  return expect.fail("expected a ConfigurationError");
}

describe("settings of an observability object on the managed ClickStack it names", () => {
  it("reach the named service through the management API's URL, key and organization, with no observability settings", () => {
    const settings = resolveObservabilitySettings(
      { source: stackConfig({}), env: management },
      { clickstackServiceId: serviceA },
    );
    expect(settings).to.deep.include({
      apiUrl: "http://127.0.0.1:9",
      apiToken: "",
      dialect: "production",
      clickstack: {
        serviceId: serviceA,
        organizationId: "org-1",
        tokenKey: "key-1",
        tokenSecret: "secret-1",
      },
    });
  });

  it("name the resource's service over observability:clickstackServiceId and over the observability API's URL and token", () => {
    const settings = resolveObservabilitySettings(
      {
        source: stackConfig({ ...observability, "observability:clickstackServiceId": serviceB }),
        env: management,
      },
      { clickstackServiceId: serviceA },
    );
    expect(settings.clickstack?.serviceId).to.equal(serviceA);
    expect(settings.apiUrl).to.equal("http://127.0.0.1:9");
    expect(settings.dialect).to.equal("production");
  });

  it("without the resource's service, are what the stack config says, as before", () => {
    const managed = resolveObservabilitySettings({
      source: stackConfig({ "observability:clickstackServiceId": serviceB }),
      env: management,
    });
    expect(managed.clickstack?.serviceId).to.equal(serviceB);
    const direct = resolveObservabilitySettings({ source: stackConfig(observability), env: management });
    expect(direct).to.deep.include({ apiUrl: "http://127.0.0.1:8", apiToken: "token-1", dialect: "spec" });
    expect(direct.clickstack).to.equal(undefined);
  });

  it("pass on a failure of the stack config that is no missing setting as it is", () => {
    const broken = new Error("the stack config could not be read");
    const source: ConfigSource = {
      get: (key) => {
        if (key.startsWith("clickhouse:")) throw broken;
        return undefined;
      },
    };
    expect(() =>
      resolveObservabilitySettings({ source, env: management }, { clickstackServiceId: serviceA }),
    ).to.throw(broken.message);
  });

  it("missing, are the management API's keys, reported as what managed ClickStack needs", () => {
    const error = configurationErrorOf(() =>
      resolveObservabilitySettings(
        { source: stackConfig(observability), env: {} },
        { clickstackServiceId: serviceA },
      ),
    );
    expect(error.problems.map((problem) => problem.key)).to.deep.equal([
      "clickhouse:organizationId",
      "clickhouse:tokenKey",
      "clickhouse:tokenSecret",
    ]);
    expect(error.message).to.match(
      /^configuration for the management API \(through which managed ClickStack is reached\) is incomplete:\n/,
    );
  });

  it("speak the production wire whatever observability:apiDialect says", () => {
    const lookup = { source: stackConfig({ ...observability, "clickhouse:apiDialect": "spec" }), env: {} };
    expect(resolveDialect(lookup, "observability")).to.equal("spec");
    expect(resolveDialect(lookup, "observability", { clickstackServiceId: serviceA })).to.equal("production");
    // The management API's own wire is not the resource's to choose.
    expect(resolveDialect(lookup, "management", { clickstackServiceId: serviceA })).to.equal("spec");
  });
});

describe("what a preview reports missing for an observability object", () => {
  const sessionWith = (config: Record<string, string>) => {
    const session = new ProviderSession();
    session.configure(stackConfig(config));
    return session;
  };
  const keysOf = (problem: ConfigurationError | undefined) => problem?.problems.map(({ key }) => key);
  const managementConfig = {
    "clickhouse:organizationId": "org-1",
    "clickhouse:tokenKey": "key-1",
    "clickhouse:tokenSecret": "secret-1",
  };

  let savedEnv: NodeJS.ProcessEnv;
  beforeEach(() => {
    // The session reads the environment after the config: the test's own must not fill what a test leaves out.
    savedEnv = process.env;
    process.env = {};
  });
  afterEach(() => {
    process.env = savedEnv;
  });

  it("with the resource's service: the management settings, and not the observability API's URL and token", () => {
    const observabilityOnly = sessionWith(observability);
    expect(
      keysOf(observabilityOnly.settingsProblem("observability", { clickstackServiceId: true })),
    ).to.deep.equal(["clickhouse:organizationId", "clickhouse:tokenKey", "clickhouse:tokenSecret"]);
    const managementOnly = sessionWith(managementConfig);
    expect(managementOnly.settingsProblem("observability", { clickstackServiceId: true })).to.equal(
      undefined,
    );
  });

  it("without it: the observability API's URL and token, as before", () => {
    const managementOnly = sessionWith(managementConfig);
    expect(keysOf(managementOnly.settingsProblem("observability"))).to.deep.equal([
      "observability:apiUrl",
      "observability:apiToken",
    ]);
    expect(sessionWith(observability).settingsProblem("observability")).to.equal(undefined);
  });
});
