/**
 * What a provider session hands an operation, and which API's settings a preview of a kind reports missing.
 */
import { expect } from "chai";
import { reportProgressWith } from "../../../provider/host/progress";
import { ProviderSession } from "../../../provider/host/session";
import type { ConfigSource } from "../../../provider/settings";
import { CannedServer } from "../../support/cannedServer";
import { quickSleeps } from "../../support/quickSleeps";

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

  describe("a 429 whose pause cannot be believed", () => {
    quickSleeps();
    let server: CannedServer;
    let lines: string[];
    beforeEach(async () => {
      // Each path's first request is refused with a pause of 31 years; the retry gets an empty list.
      const refused = new Set<string>();
      server = await new CannedServer((_index, request) => {
        const path = request.url ?? "";
        if (refused.has(path))
          return { status: 200, body: path.startsWith("/v1/") ? '{"result":[]}' : '{"data":[]}' };
        refused.add(path);
        return { status: 429, body: "{}", headers: { "retry-after": "999999999" } };
      }).start();
      lines = [];
      reportProgressWith((label, message) => lines.push(`[${label}] ${message}`));
    });
    afterEach(async () => {
      reportProgressWith((label, message) => console.error(`[${label}] ${message}`));
      await server.stop();
    });

    it("is reported by the management API's client as a rate-limit warning", async () => {
      const session = sessionWith({
        ...managementConfig,
        "clickhouse:apiUrl": server.url,
        "clickhouse:throttle": "off",
      });
      const { client } = session.operationContext("ApiKey").management("org-429");
      expect(await client.invitations.list("org-429")).to.deep.equal([]);
      expect(lines).to.deep.equal([
        '[rate limit] warning: management API answered 429 Too Many Requests; pausing its requests briefly (ignoring "retry-after: 999999999": far longer than the API\'s window)',
      ]);
    });

    it("is reported by the observability API's client as a rate-limit warning", async () => {
      const session = sessionWith({
        "observability:apiUrl": server.url,
        "observability:apiToken": "token-429",
      });
      const client = session.operationContext("Webhook").observability(undefined);
      expect(await client.webhooks.list()).to.deep.equal([]);
      expect(lines).to.deep.equal([
        '[rate limit] warning: observability API answered 429 Too Many Requests; pausing its requests briefly (ignoring "retry-after: 999999999": far longer than the API\'s window)',
      ]);
    });
  });

  it("lets a failure that is not a settings problem through rather than reporting it as one", () => {
    const failure = new TypeError("the stack config could not be read");
    const session = new ProviderSession();
    session.configure({
      get: () => {
        throw failure;
      },
    });
    expect(() => session.settingsProblem("clickhouse")).to.throw(failure);
    expect(() => session.settingsProblem("observability")).to.throw(failure);
  });
});
