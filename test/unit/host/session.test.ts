/**
 * What a provider session hands an operation, and which API's settings a preview of a kind reports missing.
 */
import { expect } from "chai";
import { ProviderSession } from "../../../provider/host/session";
import type { ConfigSource } from "../../../provider/settings";

function sessionWith(values: Record<string, string>): ProviderSession {
  const config: ConfigSource = { get: (key) => values[key] };
  const session = new ProviderSession();
  session.configure(config);
  return session;
}

const managementConfig = {
  "clickhouse:apiUrl": "http://127.0.0.1:9",
  "clickhouse:organizationId": "org-1",
  "clickhouse:tokenKey": "key-1",
  "clickhouse:tokenSecret": "secret-1",
};
const observabilityConfig = {
  "observability:apiUrl": "http://127.0.0.1:8",
  "observability:apiToken": "token-1",
};

describe("provider session", () => {
  let savedEnv: NodeJS.ProcessEnv;
  beforeEach(() => {
    // The session reads the environment after the config: the test's own must not fill what a test leaves out.
    savedEnv = process.env;
    process.env = {};
  });
  afterEach(() => {
    process.env = savedEnv;
  });

  it("hands an operation the management API's client in the organization it names, else the configured one", () => {
    const context = sessionWith({ ...managementConfig, ...observabilityConfig }).operationContext("ApiKey");
    expect(context.management("org-2").organizationId).to.equal("org-2");
    expect(context.management(undefined).organizationId).to.equal("org-1");
    expect(context.management(undefined).client).to.be.an("object");
    expect(context.observability(undefined)).to.be.an("object");
  });

  it("reports only the management API's settings missing for a ClickHouse object", () => {
    const keysOf = (session: ProviderSession, given?: { organizationId?: boolean }) =>
      session.settingsProblem("clickhouse", given)?.problems.map(({ key }) => key);
    expect(sessionWith(managementConfig).settingsProblem("clickhouse")).to.equal(undefined);
    expect(keysOf(sessionWith(observabilityConfig))).to.deep.equal([
      "clickhouse:organizationId",
      "clickhouse:tokenKey",
      "clickhouse:tokenSecret",
    ]);
    expect(keysOf(sessionWith(observabilityConfig), { organizationId: true })).to.deep.equal([
      "clickhouse:tokenKey",
      "clickhouse:tokenSecret",
    ]);
  });
});
