import { expect } from "chai";
import {
  ConfigurationError,
  resolveManagementSettings,
  resolveObservabilitySettings,
} from "../../../provider/settings";
import { managementClient } from "../../../provider/rest/management";
import { MANAGEMENT_THROTTLE, OBSERVABILITY_THROTTLE } from "../../../provider/rest/budget/throttle";
import { parseThrottleSetting } from "../../../provider/settings/throttle";
import { CannedServer } from "../../support/cannedServer";
import { managementEnv, observabilityEnv, stackConfig } from "./environments";

describe("throttle setting", () => {
  describe("parsing", () => {
    for (const [text, expected] of [
      ["off", "off"],
      ["OFF", "off"],
      ["10/10s", { limit: 10, windowMs: 10_000 }],
      [" 3 / 2s ", { limit: 3, windowMs: 2_000 }],
      ["5/0.5s", { limit: 5, windowMs: 500 }],
      ["100/60S", { limit: 100, windowMs: 60_000 }],
    ] as const) {
      it(`reads "${text}"`, () => {
        expect(parseThrottleSetting(text)).to.deep.equal(expected);
      });
    }

    for (const text of ["0/10s", "10/0s", "10", "10/10", "-1/5s", "ten/10s", "10/10m", "fast"]) {
      it(`refuses "${text}" with a reason that names the form and the value`, () => {
        const parsed = parseThrottleSetting(text);
        expect(parsed).to.have.property("problem").that.contains("<requests>/<seconds>s").and.contains(text);
      });
    }
  });

  describe("precedence", () => {
    // The published limits: management 10 requests per 10 s per key, observability 100 per minute per token.
    it("defaults to each API's published limit", () => {
      const management = resolveManagementSettings({ env: managementEnv }).throttle;
      const observability = resolveObservabilitySettings({ env: observabilityEnv }).throttle;
      expect(management).to.deep.equal({ limit: 10, windowMs: 10_000 });
      expect(observability).to.deep.equal({ limit: 100, windowMs: 60_000 });
      expect(MANAGEMENT_THROTTLE).to.include({ limit: 10, windowMs: 10_000 });
      expect(OBSERVABILITY_THROTTLE).to.include({ limit: 100, windowMs: 60_000 });
    });

    it("takes the environment over the default", () => {
      const env = {
        ...managementEnv,
        ...observabilityEnv,
        CLICKHOUSE_THROTTLE: "off",
        OBSERVABILITY_THROTTLE: "20/60s",
      };
      expect(resolveManagementSettings({ env }).throttle).to.equal("off");
      expect(resolveObservabilitySettings({ env }).throttle).to.deep.equal({ limit: 20, windowMs: 60_000 });
    });

    it("takes stack config over the environment", () => {
      const env = {
        ...managementEnv,
        ...observabilityEnv,
        CLICKHOUSE_THROTTLE: "off",
        OBSERVABILITY_THROTTLE: "off",
      };
      const source = stackConfig({ "clickhouse:throttle": "5/10s", "observability:throttle": "50/60s" });
      expect(resolveManagementSettings({ source, env }).throttle).to.deep.equal({
        limit: 5,
        windowMs: 10_000,
      });
      expect(resolveObservabilitySettings({ source, env }).throttle).to.deep.equal({
        limit: 50,
        windowMs: 60_000,
      });
    });

    it("reports a malformed value as a configuration problem beside the missing settings", () => {
      const source = stackConfig({ "clickhouse:throttle": "lots" });
      try {
        resolveManagementSettings({ source, env: { CLICKHOUSE_ORG_ID: "org" } });
        expect.fail("expected a ConfigurationError");
      } catch (error) {
        expect(error).to.be.instanceOf(ConfigurationError);
        const problems = (error as ConfigurationError).problems;
        expect(problems.map((p) => p.key)).to.deep.equal([
          "clickhouse:tokenKey",
          "clickhouse:tokenSecret",
          "clickhouse:throttle",
        ]);
        expect(problems[2]!.problem).to.contain('"lots"');
      }
    });
  });

  describe("clients", () => {
    const connection = { apiUrl: "https://api.example.com", tokenKey: "k", tokenSecret: "s" };

    it("keeps one client per throttle: the published limit given or not is the same client, off another", () => {
      const byDefault = managementClient(connection);
      const published = managementClient(connection, { throttle: { limit: 10, windowMs: 10_000 } });
      const off = managementClient(connection, { throttle: "off" });
      expect(published).to.equal(byDefault);
      expect(off).to.not.equal(byDefault);
      expect(managementClient(connection, { throttle: "off" })).to.equal(off);
    });

    it("sends a burst above the published limit without waiting when the throttle is off", async () => {
      const server = await new CannedServer(() => ({
        status: 200,
        body: JSON.stringify({ result: [] }),
      })).start();
      try {
        const client = managementClient({ ...connection, apiUrl: server.url }, { throttle: "off" });
        await Promise.all(Array.from({ length: 12 }, () => client.keys.list("org")));
        const times = server.received.map((r) => r.receivedAt);
        expect(times).to.have.length(12);
        // Under the published limit (10 per 10 s) the 11th request could not leave before the first window ended.
        expect(Math.max(...times) - Math.min(...times)).to.be.below(10_000);
      } finally {
        await server.stop();
      }
    });
  });
});
