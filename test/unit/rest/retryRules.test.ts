import { expect } from "chai";
import { AxiosError, AxiosHeaders } from "axios";
import type { AxiosResponse, InternalAxiosRequestConfig } from "axios";
import { pauseBounds, rateLimitResetMs, serverPause } from "../../../provider/rest/budget/rateLimit";
import {
  DEFAULT_RETRY_SETTINGS,
  classifyFailure,
  isRetryable,
  mayHaveBeenProcessed,
  retryDelayMs,
} from "../../../provider/rest/transport/retry";

const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;

function httpFailure(status: number, headers: Record<string, string> = {}): AxiosError {
  const response = { status, statusText: "", headers, config, data: "" } as AxiosResponse;
  return new AxiosError(`status ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
}

function networkFailure(code: string): AxiosError {
  return new AxiosError(code, code, config, {});
}

describe("retry rules", () => {
  const methods = ["GET", "PUT", "PATCH", "DELETE", "POST"] as const;

  it("retries 500/502/503/504, timeouts and resets for every method but POST", () => {
    for (const failure of [
      httpFailure(500),
      httpFailure(502),
      httpFailure(503),
      httpFailure(504),
      networkFailure("ETIMEDOUT"),
      networkFailure("ECONNRESET"),
    ]) {
      const kind = classifyFailure(failure);
      expect(methods.filter((m) => isRetryable(kind, m))).to.deep.equal(["GET", "PUT", "PATCH", "DELETE"]);
      expect(mayHaveBeenProcessed(failure)).to.equal(true);
    }
  });

  it("retries every method, POST included, after 429 and connection refused", () => {
    for (const failure of [httpFailure(429), networkFailure("ECONNREFUSED")]) {
      const kind = classifyFailure(failure);
      expect(methods.filter((m) => isRetryable(kind, m))).to.deep.equal([...methods]);
      expect(mayHaveBeenProcessed(failure)).to.equal(false);
    }
  });

  it("does not retry client errors", () => {
    for (const status of [400, 401, 403, 404, 409]) {
      expect(isRetryable(classifyFailure(httpFailure(status)), "GET"), String(status)).to.equal(false);
    }
    expect(isRetryable(classifyFailure(networkFailure("ENOTFOUND")), "GET")).to.equal(false);
  });

  it("does not count a host name that did not resolve as possibly processed", () => {
    expect(mayHaveBeenProcessed(networkFailure("ENOTFOUND"))).to.equal(false);
  });

  it("backs off exponentially after a 429 that names no reset", () => {
    expect(retryDelayMs(httpFailure(429), 1, DEFAULT_RETRY_SETTINGS, 0, () => 0)).to.equal(250);
  });

  it("waits for the 429's reset plus a little jitter", () => {
    const failure = httpFailure(429, { "x-ratelimit-reset": "7" });
    expect(retryDelayMs(failure, 1, DEFAULT_RETRY_SETTINGS, 0, () => 0)).to.equal(7000);
    const jittered = retryDelayMs(failure, 1, DEFAULT_RETRY_SETTINGS, 0, () => 0.999);
    expect(jittered)
      .to.be.above(7000)
      .and.at.most(7000 + DEFAULT_RETRY_SETTINGS.baseDelayMs);
  });

  it("backs off exponentially with jitter when no reset is given, up to the cap", () => {
    const settings = { ...DEFAULT_RETRY_SETTINGS, baseDelayMs: 100, maxDelayMs: 1000 };
    const failure = httpFailure(503);
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(failure, n, settings, 0, () => 0))).to.deep.equal([
      50, 100, 200, 400, 500,
    ]);
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(failure, n, settings, 0, () => 1))).to.deep.equal([
      100, 200, 400, 800, 1000,
    ]);
  });

  describe("rate-limit reset headers", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");

    it("reads X-RateLimit-Reset, RateLimit-Reset and Retry-After in seconds", () => {
      expect(rateLimitResetMs({ "x-ratelimit-reset": "3" }, now)).to.equal(3000);
      expect(rateLimitResetMs({ "ratelimit-reset": "42" }, now)).to.equal(42000);
      expect(rateLimitResetMs({ "Retry-After": "2" }, now)).to.equal(2000);
    });

    it("prefers the reset header over Retry-After", () => {
      expect(rateLimitResetMs({ "retry-after": "9", "x-ratelimit-reset": "4" }, now)).to.equal(4000);
    });

    it("reads an HTTP date and an epoch timestamp", () => {
      expect(rateLimitResetMs({ "retry-after": "Thu, 01 Jan 2026 00:00:05 GMT" }, now)).to.equal(5000);
      expect(rateLimitResetMs({ "x-ratelimit-reset": String(now / 1000 + 6) }, now)).to.equal(6000);
    });

    it("reads the combined RateLimit header of IETF drafts 7 and 8", () => {
      expect(rateLimitResetMs({ ratelimit: "limit=100, remaining=0, reset=42" }, now)).to.equal(42000);
      expect(rateLimitResetMs({ RateLimit: '"100-in-1min";r=0;t=17' }, now)).to.equal(17000);
    });

    it("prefers the time left over express-rate-limit 6.7's Retry-After, which is the whole window", () => {
      const headers = { "retry-after": "60", "ratelimit-reset": "3", "ratelimit-limit": "100" };
      expect(rateLimitResetMs(headers, now)).to.equal(3000);
      const draft7 = {
        "retry-after": "60",
        ratelimit: "limit=100, remaining=0, reset=5",
        "ratelimit-policy": "100;w=60",
      };
      expect(rateLimitResetMs(draft7, now)).to.equal(5000);
    });

    it("falls back on RateLimit-Policy's window, the longest the wait can be", () => {
      expect(rateLimitResetMs({ "ratelimit-policy": "100;w=60" }, now)).to.equal(60000);
      expect(rateLimitResetMs({ "ratelimit-policy": '"default";q=100;w=60' }, now)).to.equal(60000);
    });

    it("reads decimal seconds, blanks around a value and numbers in a plain object", () => {
      expect(rateLimitResetMs({ "retry-after": "2.25" }, now)).to.equal(2250);
      expect(rateLimitResetMs({ "retry-after": " 7 " }, now)).to.equal(7000);
      expect(rateLimitResetMs({ "X-RateLimit-Reset": 7 }, now)).to.equal(7000);
    });

    it("reads 1 000 000 000 as seconds: only values above it are epoch timestamps", () => {
      expect(rateLimitResetMs({ "x-ratelimit-reset": "1000000000" }, now)).to.equal(1_000_000_000_000);
    });

    it("goes on to the next header when one is unreadable, and to the next parameter when one has no value", () => {
      expect(rateLimitResetMs({ "x-ratelimit-reset": "soon", "retry-after": "4" }, now)).to.equal(4000);
      expect(rateLimitResetMs({ ratelimit: "reset, limit=100, reset=5" }, now)).to.equal(5000);
      expect(rateLimitResetMs({ "retry-after": "x5" }, now)).to.equal(undefined);
      expect(rateLimitResetMs({ "retry-after": "5x" }, now)).to.equal(undefined);
    });

    it("ignores missing and unreadable values", () => {
      expect(rateLimitResetMs({}, now)).to.equal(undefined);
      expect(rateLimitResetMs({ "retry-after": "soon" }, now)).to.equal(undefined);
      expect(rateLimitResetMs({ ratelimit: "limit=100, remaining=0" }, now)).to.equal(undefined);
      expect(rateLimitResetMs({ "ratelimit-policy": "100" }, now)).to.equal(undefined);
      // A value neither text nor a number, such as a list inside the list of a repeated header.
      expect(rateLimitResetMs({ "retry-after": [["5"]] }, now)).to.equal(undefined);
    });

    it("reads only the headers it knows, whatever other names a server sends", () => {
      expect(rateLimitResetMs({ undefined: "5", "x-reset": "6" }, now)).to.equal(undefined);
    });

    it("cuts a pause to one window and its margin, and believes none beyond ten windows", () => {
      const bounds = pauseBounds(10_000, 100);
      expect(serverPause({ "retry-after": "100" }, now, bounds)).to.deep.equal({ ms: 10_100 });
      expect(serverPause({ "retry-after": "101" }, now, bounds)).to.deep.equal({
        ms: undefined,
        ignored: "retry-after: 101",
      });
    });
  });
});
