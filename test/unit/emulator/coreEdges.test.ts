/**
 * Edges of the emulator's core driven directly: the answers written on a raw socket for requests the HTTP parser
 * refuses, the report of an emulator bug, key expiry to the millisecond, the URL of a server bound to IPv6, and
 * the route marker check, and the request log's bound.
 */
import { EventEmitter } from "node:events";
import type { Socket } from "node:net";
import { expect } from "chai";
import type { ConnectionError, FastifyReply, FastifyRequest } from "fastify";
import { startEmulator } from "../../../emulator";
import { buildApp } from "../../../emulator/server/app";
import { authenticateApiKey } from "../../../emulator/server/auth";
import type { EmulatorContext } from "../../../emulator/server/context";
import { hashCredential } from "../../../emulator/state/credentials";
import { ApiError } from "../../../emulator/server/errors";
import { clientErrorHandler } from "../../../emulator/server/frameworkErrors";
import { isMethodNotAllowedRoute } from "../../../emulator/server/methodNotAllowed";
import { seededBytes } from "../../../emulator/state/random";
import { RequestLog } from "../../../emulator/server/requestLog";
import { Store } from "../../../emulator/state/store";
import type { ApiKeyRecord } from "../../../emulator/state/types";
import { failureOf } from "../../support/failureOf";

/** A socket that records what is written to it and whether it was destroyed. */
function recordingSocket(state: { destroyed?: boolean; writable?: boolean } = {}) {
  const written: string[] = [];
  const socket = {
    destroyed: state.destroyed ?? false,
    writable: state.writable ?? true,
    write(text: string) {
      written.push(text);
      return true;
    },
    destroy() {
      socket.destroyed = true;
    },
  };
  return { socket, written, asSocket: socket as unknown as Socket };
}

function connectionError(code: string, rawPacket?: Buffer): ConnectionError {
  return Object.assign(new Error(code), { code, rawPacket }) as unknown as ConnectionError;
}

describe("emulator: answers to requests the HTTP parser refuses", () => {
  const requestLine = (path: string) => Buffer.from(`GET ${path} HTTP/1.1\r\nHost: x\r\n`, "latin1");

  it("writes nothing to a connection the client reset or one already closed", () => {
    for (const [what, error, state] of [
      ["a reset", connectionError("ECONNRESET", requestLine("/v1/organizations")), {}],
      [
        "a closed socket",
        connectionError("HPE_INVALID_METHOD", requestLine("/v1/organizations")),
        { destroyed: true },
      ],
    ] as const) {
      const { socket, written, asSocket } = recordingSocket(state);
      clientErrorHandler(error, asSocket);
      expect(written, what).to.deep.equal([]);
      expect(socket.destroyed, what).to.equal(what === "a closed socket");
    }
  });

  it("answers a timeout with 408, oversized headers with 431 and anything else with 400, then closes", () => {
    const statuses = { ERR_HTTP_REQUEST_TIMEOUT: 408, HPE_HEADER_OVERFLOW: 431, HPE_INVALID_METHOD: 400 };
    for (const [code, status] of Object.entries(statuses)) {
      const { socket, written, asSocket } = recordingSocket();
      clientErrorHandler(connectionError(code, requestLine("/api/v2/alerts")), asSocket);
      expect(written, code).to.have.length(1);
      expect(written[0], code).to.match(new RegExp(`^HTTP/1.1 ${status} `));
      expect(socket.destroyed, code).to.equal(true);
    }
  });

  it("closes a connection it can no longer write to without writing", () => {
    const { socket, written, asSocket } = recordingSocket({ writable: false });
    clientErrorHandler(connectionError("HPE_INVALID_METHOD", requestLine("/v1/organizations")), asSocket);
    expect(written).to.deep.equal([]);
    expect(socket.destroyed).to.equal(true);
  });

  it("answers the management API in its envelope and anything else (no request line read) with {error}", () => {
    const management = recordingSocket();
    clientErrorHandler(
      connectionError("HPE_HEADER_OVERFLOW", requestLine("/v1/organizations")),
      management.asSocket,
    );
    const managementBody = JSON.parse(management.written[0].split("\r\n\r\n")[1]) as Record<string, unknown>;
    expect(managementBody).to.include({
      status: 431,
      error:
        "REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are larger than the 16 KiB the server accepts",
    });
    const unread = recordingSocket();
    clientErrorHandler(connectionError("ERR_HTTP_REQUEST_TIMEOUT"), unread.asSocket);
    expect(unread.written[0].split("\r\n\r\n")[1]).to.equal(
      JSON.stringify({ error: "The request was not received in time" }),
    );
  });
});

/** A fresh app of the emulator with three routes of the tests' own: a bug, an API error and an echo. */
async function appWithRoutes() {
  const store = await Store.open({ fixtureBytes: seededBytes(7) });
  const context: EmulatorContext = {
    store,
    dialect: "spec",
    fixture: store.fixture,
    settings: {
      rateLimits: false,
      provisioningDelayMs: 0,
      reversePrivateEndpointOutcome: "Ready",
      awakeningDelayMs: 0,
      clockOffsetMs: 0,
      scheduledUpgrades: true,
    },
    now: () => new Date(),
  };
  const { app } = await buildApp({
    context,
    fixture: () => ({
      managementUrl: "http://x",
      observabilityUrl: "http://x",
      dialect: "spec",
      ...store.fixture,
    }),
  });
  app.get("/v1/broken", () => {
    throw new TypeError("a bug in a handler");
  });
  app.get("/v1/unavailable", () => {
    throw new ApiError(503, "Service unavailable");
  });
  app.delete("/v1/echo", (request) => ({ body: request.body ?? null }));
  return app;
}

describe("emulator: an emulator bug", () => {
  async function stderrOf(action: () => Promise<unknown>): Promise<string> {
    const written: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    try {
      await action();
    } finally {
      process.stderr.write = write;
    }
    return written.join("");
  }

  it("is a 500 in the API's envelope, and its stack goes to stderr; an error the API answers does not", async () => {
    const app = await appWithRoutes();
    try {
      let status = 0;
      const bug = await stderrOf(async () => {
        status = (await app.inject({ method: "GET", url: "/v1/broken" })).statusCode;
      });
      expect(status).to.equal(500);
      expect(bug).to.match(/^emulator: GET \/v1\/broken failed: TypeError: a bug in a handler\n/);
      const answered = await stderrOf(async () => {
        status = (await app.inject({ method: "GET", url: "/v1/unavailable" })).statusCode;
      });
      expect(status).to.equal(503);
      expect(answered).to.equal("");
    } finally {
      await app.close();
    }
  });
});

describe("emulator: request bodies", () => {
  it("are JSON only, and an empty JSON body is no body", async () => {
    const app = await appWithRoutes();
    try {
      const text = await app.inject({
        method: "DELETE",
        url: "/v1/echo",
        headers: { "content-type": "text/plain" },
        payload: "x",
      });
      expect(text.statusCode).to.equal(415);
      const empty = await app.inject({
        method: "DELETE",
        url: "/v1/echo",
        headers: { "content-type": "application/json" },
        payload: "",
      });
      expect([empty.statusCode, empty.json()]).to.deep.equal([200, { body: null }]);
    } finally {
      await app.close();
    }
  });
});

describe("emulator: key expiry to the millisecond", () => {
  const expireAt = "2030-06-01T12:00:00.000Z";
  const key: ApiKeyRecord = {
    id: "key-1",
    name: "dated",
    roles: ["admin"],
    state: "enabled",
    keySuffix: "0001",
    createdAt: "2030-01-01T00:00:00.000Z",
    expireAt,
    usedAt: null,
    ipAccessList: [{ source: "0.0.0.0/0" }],
    keyIdHash: hashCredential("id-1"),
    keySecretHash: hashCredential("secret-1"),
  };
  const contextAt = (ms: number) =>
    ({
      store: { state: { keys: [key] }, changed: () => undefined },
      now: () => new Date(ms),
    }) as unknown as EmulatorContext;
  const request = (authorization: string) =>
    ({ headers: { authorization }, ip: "127.0.0.1" }) as unknown as Parameters<typeof authenticateApiKey>[1];
  const basic = `Basic ${Buffer.from("id-1:secret-1").toString("base64")}`;

  it("authenticates until the millisecond before expireAt, and not from expireAt on", async () => {
    expect(authenticateApiKey(contextAt(Date.parse(expireAt) - 1), request(basic)).id).to.equal("key-1");
    const expired = await failureOf(() =>
      authenticateApiKey(contextAt(Date.parse(expireAt)), request(basic)),
    );
    expect(expired)
      .to.be.instanceOf(ApiError)
      .and.include({ statusCode: 401, message: "The API key has expired" });
  });

  it("takes the Basic scheme only at the start of the header", async () => {
    const refused = await failureOf(() => authenticateApiKey(contextAt(0), request(`Not${basic}`)));
    expect(refused).to.include({
      statusCode: 401,
      message: "The Authorization header must use the Basic scheme with an API key",
    });
  });
});

describe("emulator: the URL it gives", () => {
  for (const [host, url] of [
    ["::1", "http://[::1]:"],
    ["::", "http://[::1]:"],
    ["0.0.0.0", "http://127.0.0.1:"],
  ]) {
    it(`listening on ${host}: ${url}<port>`, async () => {
      const emulator = await startEmulator({ host });
      try {
        expect(emulator.url.startsWith(url), emulator.url).to.equal(true);
        expect((await fetch(`${emulator.url}/__emulator/settings`)).status).to.equal(200);
      } finally {
        await emulator.close();
      }
    });
  }
});

describe("emulator: the route marker of methods not allowed", () => {
  it("is false for a route without config, null included", () => {
    for (const config of [null, undefined, "methodNotAllowed", {}, { methodNotAllowed: "yes" }]) {
      expect(isMethodNotAllowedRoute(config), String(config)).to.equal(false);
    }
    expect(isMethodNotAllowedRoute({ methodNotAllowed: true })).to.equal(true);
  });
});

describe("emulator: the request log", () => {
  it("keeps the newest 10,000 entries", async () => {
    const log = new RequestLog();
    for (let index = 0; index < 10_005; index += 1) {
      const raw = Object.assign(new EventEmitter(), { statusCode: 200, writableFinished: true });
      const request = {
        id: `request-${index}`,
        method: "GET",
        url: `/v1/organizations/${index}`,
        routeOptions: { url: "/v1/organizations/:organizationId", config: {} },
        fault: null,
      };
      await log.track(request as unknown as FastifyRequest, { raw } as unknown as FastifyReply);
      raw.emit("close");
    }
    const ids = log.list().map((entry) => entry.id);
    expect(ids).to.have.length(10_000);
    expect([ids[0], ids[9_999]]).to.deep.equal(["request-5", "request-10004"]);
  });
});

describe("emulator: the observability API's rate-limit policy header", () => {
  for (const rateLimits of [false, true]) {
    it(`is ${rateLimits ? "sent" : "not sent"} with rate limits ${rateLimits ? "on" : "off"}`, async () => {
      const emulator = await startEmulator({ rateLimits });
      try {
        const response = await fetch(`${emulator.url}/api/v2/alerts`, {
          headers: { authorization: `Bearer ${emulator.fixture.observabilityToken}` },
        });
        expect(response.status).to.equal(200);
        expect(response.headers.get("ratelimit-policy")).to.equal(rateLimits ? "100;w=60" : null);
      } finally {
        await emulator.close();
      }
    });
  }
});

describe("emulator: the observability API's rate limit without a token", () => {
  it("counts a request with an empty bearer token with the other tokenless requests of its address", async () => {
    const emulator = await startEmulator({ rateLimits: true });
    try {
      const alerts = `${emulator.url}/api/v2/alerts`;
      const statuses = new Set<number>();
      for (let index = 0; index < 100; index += 1) statuses.add((await fetch(alerts)).status);
      expect([...statuses]).to.deep.equal([401]);
      // The address's 100 requests a minute are spent. The token is what lies between the first "Bearer " and a
      // second one, so "Bearer Bearer x" has an empty token, which is no token either (a trailing blank would not
      // do: HTTP drops it from a header's value).
      expect((await fetch(alerts, { headers: { authorization: "Bearer Bearer x" } })).status).to.equal(429);
    } finally {
      await emulator.close();
    }
  });
});
