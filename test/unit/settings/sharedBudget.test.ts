import { expect } from "chai";
import {
  ConfigurationError,
  resolveManagementSettings,
  resolveObservabilitySettings,
} from "../../../provider/settings";
import { setValueProblems } from "../../../provider/native/configuration";
import { parseSharedBudgetSetting, withoutPassword } from "../../../provider/settings/sharedBudget";
import { managementEnv, observabilityEnv, stackConfig } from "./environments";

describe("shared budget setting", () => {
  describe("parsing", () => {
    for (const [text, expected] of [
      ["local", "local"],
      [" OFF ", "off"],
      ["redis://127.0.0.1:6379", { redisUrl: "redis://127.0.0.1:6379" }],
      [
        "rediss://user:pass@redis.example.com:6380/2",
        { redisUrl: "rediss://user:pass@redis.example.com:6380/2" },
      ],
      ["redis://:pass@redis/", { redisUrl: "redis://:pass@redis/" }],
      ["redis://redis.example.com:6379/15", { redisUrl: "redis://redis.example.com:6379/15" }],
    ] as const) {
      it(`reads "${text}"`, () => {
        expect(parseSharedBudgetSetting(text)).to.deep.equal(expected);
      });
    }

    for (const [text, rule] of [
      ["http://user:hunter2@redis.example.com", "whose scheme is not redis or rediss"],
      ["redis.example.com:6379", 'must be "local", "off", or a Redis URL'],
      ["redis://:hunter2@redis.example.com/zero", "must name the database as a number"],
      ["redis://:hunter2@redis.example.com/0?tls=true", "takes no query"],
      ["redis://:hunter2@redis.example.com/0#primary", "takes no query or fragment"],
      ["redis:///0", 'names no host: "redis:///0"'],
      ["shared", 'must be "local", "off", or a Redis URL'],
    ] as const) {
      it(`refuses "${withoutPassword(text)}", saying why and never showing the password`, () => {
        const parsed = parseSharedBudgetSetting(text);
        expect(parsed).to.have.property("problem").that.contains(rule);
        expect((parsed as { problem: string }).problem).to.not.contain("hunter2");
      });
    }
  });

  describe("what messages show of a URL", () => {
    it("a URL without a password, as written", () => {
      expect(withoutPassword("redis://ci@Redis.Example.com:6379/0")).to.equal(
        "redis://ci@Redis.Example.com:6379/0",
      );
    });

    it("a URL with a password, the password starred", () => {
      expect(withoutPassword("redis://ci:hunter2@redis.example.com:6379/0")).to.equal(
        "redis://ci:***@redis.example.com:6379/0",
      );
    });

    it("text that is no URL, the password between the user and the host starred", () => {
      const text = "redis://ci:hunter2@redis.example.com:port/0";
      expect(withoutPassword(text)).to.equal("redis://ci:***@redis.example.com:port/0");
      expect(parseSharedBudgetSetting(text)).to.deep.equal({
        problem:
          'must be "local", "off", or a Redis URL, redis[s]://[[user]:password@]host[:port][/database]; ' +
          'got "redis://ci:***@redis.example.com:port/0"',
      });
    });
  });

  it("defaults to this machine's processes, for both APIs", () => {
    expect(resolveManagementSettings({ env: managementEnv }).sharedBudget).to.equal("local");
    expect(resolveObservabilitySettings({ env: observabilityEnv }).sharedBudget).to.equal("local");
  });

  it("stack config clickhouse:sharedBudget wins over PULUMI_CLICKHOUSE_CLOUD_SHARED_BUDGET, for both APIs", () => {
    const env = {
      ...managementEnv,
      ...observabilityEnv,
      PULUMI_CLICKHOUSE_CLOUD_SHARED_BUDGET: "off",
    };
    const source = stackConfig({ "clickhouse:sharedBudget": "redis://redis.ci:6379/1" });
    expect(resolveManagementSettings({ env }).sharedBudget).to.equal("off");
    expect(resolveManagementSettings({ env, source }).sharedBudget).to.deep.equal({
      redisUrl: "redis://redis.ci:6379/1",
    });
    expect(resolveObservabilitySettings({ env, source }).sharedBudget).to.deep.equal({
      redisUrl: "redis://redis.ci:6379/1",
    });
  });

  it("a URL of another scheme is a configuration error naming the key, without the password", () => {
    const source = stackConfig({ "clickhouse:sharedBudget": "https://user:hunter2@redis.example.com" });
    let error: unknown;
    try {
      resolveManagementSettings({ env: managementEnv, source });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).to.be.instanceOf(ConfigurationError);
    const message = (error as Error).message;
    expect(message).to.contain("clickhouse:sharedBudget");
    expect(message).to.contain("whose scheme is not redis or rediss");
    expect(message).to.contain("https://user:***@redis.example.com");
    expect(message).to.not.contain("hunter2");
  });

  it("the plugin's check names clickhouse-cloud:sharedBudget", () => {
    const problems = setValueProblems({ sharedBudget: "tcp://redis:6379" });
    expect(problems).to.have.length(1);
    expect(problems[0].property).to.equal("sharedBudget");
    expect(problems[0].reason).to.match(
      /^clickhouse-cloud:sharedBudget: must be "local", "off", or a Redis URL/,
    );
  });
});
