import { expect } from "chai";
import { ObservabilityClient } from "../../../provider/rest/observability";
import { CannedServer } from "../../support/cannedServer";
import { observabilityClientFor } from "../../support/clients";
import { useEmulator } from "../../support/emulator";
import { SimulatedClock, testOptions } from "../../support/restHarness";

const tooMany = "Too many requests, please try again later.";

/** The client waits as long as the observability API's 429 says, whichever draft of the headers it sends. */
describe("observability 429s: how long the client waits", () => {
  const cases: Array<{ title: string; headers: Record<string, string>; waitsSeconds: number }> = [
    {
      title: "express-rate-limit 6.7 (RateLimit-Reset; Retry-After is the whole window)",
      headers: {
        "ratelimit-limit": "100",
        "ratelimit-remaining": "0",
        "ratelimit-reset": "3",
        "retry-after": "60",
      },
      waitsSeconds: 3,
    },
    {
      title: "express-rate-limit 6.8 to 6.11 (draft 6 with RateLimit-Policy)",
      headers: {
        "ratelimit-policy": "100;w=60",
        "ratelimit-limit": "100",
        "ratelimit-remaining": "0",
        "ratelimit-reset": "4",
        "retry-after": "4",
      },
      waitsSeconds: 4,
    },
    {
      title: "draft 7 (combined RateLimit header)",
      headers: {
        "ratelimit-policy": "100;w=60",
        ratelimit: "limit=100, remaining=0, reset=5",
        "retry-after": "60",
      },
      waitsSeconds: 5,
    },
    {
      title: "draft 8 (RateLimit with r and t)",
      headers: { "ratelimit-policy": '"default";q=100;w=60', ratelimit: '"default";r=0;t=6' },
      waitsSeconds: 6,
    },
  ];
  for (const { title, headers, waitsSeconds } of cases) {
    it(`${title}: waits ${waitsSeconds} s, then succeeds`, async () => {
      const server = await new CannedServer((index) =>
        index === 0
          ? {
              status: 429,
              body: tooMany,
              headers: { "content-type": "text/html; charset=utf-8", ...headers },
            }
          : { status: 200, body: JSON.stringify({ data: [] }) },
      ).start();
      try {
        const clock = new SimulatedClock();
        const client = new ObservabilityClient(
          { apiUrl: server.url, apiToken: "token" },
          testOptions([], { clock, throttle: "off" }),
        );
        expect(await client.alerts.list()).to.deep.equal([]);
        expect(server.received).to.have.length(2);
        expect(clock.sleeps).to.have.length(1);
        expect(clock.sleeps[0]).to.be.within(waitsSeconds * 1000, waitsSeconds * 1000 + 100);
      } finally {
        await server.stop();
      }
    });
  }

  describe("against the emulator's real limit of 100 requests per minute", () => {
    const setup = useEmulator({ rateLimits: true });

    it("waits for the RateLimit-Reset of the 429 and then gets through", async () => {
      const { observabilityUrl, observabilityToken } = setup.emulator.fixture;
      const request = () =>
        fetch(`${observabilityUrl}/api/v2/alerts`, {
          headers: { authorization: `Bearer ${observabilityToken}` },
        });
      for (let index = 1; index <= 100; index += 1) expect((await request()).status).to.equal(200);
      const probe = await request();
      expect(probe.status).to.equal(429);
      const resetSeconds = Number(probe.headers.get("ratelimit-reset"));

      // The simulated wait stands for the window passing: the emulator forgets its counters meanwhile.
      const clock = new SimulatedClock(() => setup.emulator.control.reset());
      const logs: string[] = [];
      const client = observabilityClientFor(
        setup.emulator.fixture,
        testOptions(logs, {
          clock,
          throttle: "off",
          retry: { maxAttempts: 2, maxTotalMs: 120_000, baseDelayMs: 100, maxDelayMs: 1_000 },
        }),
      );
      expect(await client.alerts.list()).to.deep.equal([]);
      expect(clock.sleeps).to.have.length(1);
      expect(clock.sleeps[0]).to.be.within((resetSeconds - 1) * 1000, resetSeconds * 1000 + 100);
      expect(logs.join("\n")).to.contain("429");
    });
  });
});
