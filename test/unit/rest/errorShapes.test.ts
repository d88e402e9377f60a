import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "chai";
import type { ManagementClient } from "../../../provider/rest/management";
import { CannedServer, type CannedResponse } from "../../support/cannedServer";
import { managementClientFor, observabilityClientFor } from "../../support/clients";
import { useEmulator } from "../../support/emulator";
import { apiErrorOf, testOptions, unusedPort } from "../../support/restHarness";

const SERVICE_ROUTE = "GET /v1/organizations/:organizationId/services/:serviceId";
const ORG = "0f8e5a52-6c1d-4a7e-9d0b-3c2f1e4d5a6b";
const SERVICE = "5b2d9c4e-1a3f-4e6d-8b7c-9a0e1f2d3c4b";
const once = { maxAttempts: 1 };

/** The version in the repository's package.json (tests run from dist/test/unit/rest). */
function packageVersion(): string {
  const manifest = JSON.parse(
    readFileSync(join(__dirname, "..", "..", "..", "..", "package.json"), "utf8"),
  ) as {
    version: string;
  };
  return manifest.version;
}

describe("errors from every kind of failure", () => {
  describe("from the emulator", () => {
    const setup = useEmulator();
    const logs: string[] = [];
    const fixture = () => setup.emulator.fixture;
    const getService = (client: ManagementClient) =>
      client.services.get(fixture().organizationId, fixture().services.production);

    it("summarizes a proxy's HTML 504 page instead of dumping it", async () => {
      await setup.emulator.control.setFaults({ script: [{ route: SERVICE_ROUTE, kinds: ["504html"] }] });
      const error = await apiErrorOf(
        getService(managementClientFor(fixture(), testOptions(logs, { retry: once }))),
      );
      expect(error).to.include({ status: 504, code: "GATEWAY_TIMEOUT" });
      expect(error.message).to.contain('an HTML page ("504 Gateway Time-out")');
      expect(error.message).not.to.match(/<\/?(html|head|title|center)/);
    });

    it("names the connection failure when the server drops the connection", async () => {
      await setup.emulator.control.setFaults({ script: [{ route: SERVICE_ROUTE, kinds: ["drop"] }] });
      const error = await apiErrorOf(
        getService(managementClientFor(fixture(), testOptions(logs, { retry: once }))),
      );
      expect(error).to.include({ code: "ECONNRESET", status: undefined, outcomeUnknown: false });
      expect(error.message).to.contain("closed before a response arrived");
    });

    it("reports a timeout with the limit that was exceeded", async () => {
      await setup.emulator.control.setFaults({
        script: [{ route: SERVICE_ROUTE, kinds: ["slow"] }],
        slowMs: 800,
      });
      const options = testOptions(logs, { retry: once, timeoutMs: 200 });
      const error = await apiErrorOf(getService(managementClientFor(fixture(), options)));
      expect(error).to.include({ code: "ETIMEDOUT", status: undefined });
      expect(error.message).to.contain("no response from").and.contain("within 0.2 s");
    });

    it("reports a refused connection with the URL setting to check, after retrying", async () => {
      const url = `http://127.0.0.1:${await unusedPort()}`;
      const client = managementClientFor(
        { ...fixture(), managementUrl: url },
        testOptions(logs, { retry: { maxAttempts: 2 } }),
      );
      const error = await apiErrorOf(getService(client));
      expect(error).to.include({ code: "ECONNREFUSED", attempts: 2, outcomeUnknown: false });
      expect(error.message)
        .to.contain("connection refused")
        .and.contain("(ECONNREFUSED on GET /v1/organizations/")
        .and.contain("clickhouse:apiUrl (or CLICKHOUSE_API_URL)");
    });
  });

  describe("from the connection, each failure played by the name lookup", () => {
    const host = "api.example.invalid";
    // The module object itself, whose lookup Node's sockets call: what `import * as` gives has getters only.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const dns = require("node:dns") as { lookup: (...args: unknown[]) => void };
    const realLookup = dns.lookup;
    let failure: { message: string; code?: string };
    beforeEach(() => {
      // The answer of the machine's resolver for `host`: offline machines give EAI_AGAIN for every name.
      dns.lookup = (name: unknown, ...rest: unknown[]) => {
        if (name !== host) return realLookup(name, ...rest);
        const callback = rest[rest.length - 1] as (error: Error) => void;
        process.nextTick(() =>
          callback(Object.assign(new Error(failure.message), failure, { hostname: host })),
        );
      };
    });
    afterEach(() => {
      dns.lookup = realLookup;
    });
    const readService = (logs: string[]) =>
      managementClientFor(`https://${host}`, testOptions(logs, { retry: { maxAttempts: 2 } })).services.get(
        ORG,
        SERVICE,
      );

    // A resolver that cannot answer now may answer later, and a GET cut off may be repeated: the others are final.
    const cases: Array<[string, { message: string; code?: string }, string, string, number]> = [
      [
        "a name that does not exist",
        { message: `getaddrinfo ENOTFOUND ${host}`, code: "ENOTFOUND" },
        "ENOTFOUND",
        `the host name ${host} could not be resolved (ENOTFOUND`,
        1,
      ],
      [
        "a resolver that cannot answer now",
        { message: `getaddrinfo EAI_AGAIN ${host}`, code: "EAI_AGAIN" },
        "EAI_AGAIN",
        `the host name ${host} could not be resolved right now (DNS) (EAI_AGAIN`,
        2,
      ],
      [
        "another resolver failure, in its own words",
        { message: `queryA ESERVFAIL ${host}`, code: "ESERVFAIL" },
        "ESERVFAIL",
        `queryA ESERVFAIL ${host} (ESERVFAIL`,
        1,
      ],
      [
        "a failure without a code",
        { message: "the resolver went away" },
        "ERR_NETWORK",
        "the resolver went away (ERR_NETWORK",
        1,
      ],
      // What the socket reports when the server closes it while the request is still being written.
      [
        "a connection closed while writing",
        { message: "write EPIPE", code: "EPIPE" },
        "EPIPE",
        `the connection to ${host} closed before a response arrived (EPIPE`,
        2,
      ],
    ];
    for (const [what, answer, code, words, attempts] of cases) {
      it(`says what failed for ${what}, tried ${attempts === 1 ? "once" : "again"}`, async () => {
        failure = answer;
        const logs: string[] = [];
        const error = await apiErrorOf(readService(logs));
        expect(error).to.include({ code, attempts, status: undefined });
        expect(error.message).to.contain(words);
        expect(logs.some((line) => line.includes(`failed with ${code}; retrying`))).to.equal(attempts > 1);
      });
    }
  });

  describe("from canned responses", () => {
    let server: CannedServer;
    let next: CannedResponse;
    beforeEach(async () => {
      server = await new CannedServer(() => next).start();
    });
    afterEach(async () => {
      await server.stop();
    });
    const management = () => managementClientFor(server.url, testOptions([], { retry: once }));
    const observability = () => observabilityClientFor(server.url, testOptions([], { retry: once }));

    it("reads the observability {error} body", async () => {
      next = { status: 400, body: '{"error":"Invalid tile id"}' };
      const error = await apiErrorOf(observability().alerts.get("0123456789abcdef01234567"));
      expect(error).to.include({ status: 400, code: "BAD_REQUEST", detail: "Invalid tile id" });
    });

    it("reports a success whose result misses required fields as an unexpected response", async () => {
      next = {
        status: 200,
        body: JSON.stringify({ status: 200, requestId: "req-1", result: { dnsNames: "x", status: 1 } }),
      };
      const error = await apiErrorOf(management().reversePrivateEndpoints.get(ORG, SERVICE, SERVICE));
      expect(error.code).to.equal("UNEXPECTED_RESPONSE");
      expect(error.message).to.match(
        new RegExp(
          `^unexpected response from GET /v1/organizations/${ORG}/services/${SERVICE}/dataPipesReversePrivateEndpoints/${SERVICE}: `,
        ),
      );
      expect(error.message)
        .to.contain("result.id")
        .and.contain("result.status")
        .and.contain("(requestId req-1)");
      expect(error.message).not.to.contain("dnsNames");
    });

    it("accepts extra response fields and reports a non-array list or a missing envelope", async () => {
      next = {
        status: 200,
        body: JSON.stringify({
          data: {
            id: "a1",
            threshold: 1,
            interval: "1m",
            thresholdType: "above",
            source: "tile",
            channel: { type: "webhook" },
            novel: true,
          },
        }),
      };
      expect((await observability().alerts.get("a1")).id).to.equal("a1");
      next = { status: 200, body: JSON.stringify({ data: { id: "a1" } }) };
      const notList = await apiErrorOf(observability().alerts.list());
      expect(notList.message).to.contain("data must be an array");
      next = { status: 200, body: "<html>ok</html>" };
      const notJson = await apiErrorOf(observability().alerts.list());
      expect(notJson.message).to.contain("expected the data envelope, got a body that is not JSON");
    });

    it("keeps a returned keySecret out of an unexpected-response message", async () => {
      const result = {
        key: {
          name: "k",
          roles: ["admin"],
          keySuffix: "abcd",
          createdAt: "2026-01-01T00:00:00Z",
        },
        keyId: "kid",
        keySecret: "returned-key-secret",
      };
      next = { status: 200, body: JSON.stringify({ status: 200, requestId: "r", result }) };
      const error = await apiErrorOf(management().keys.create(ORG, { name: "k", roles: ["admin"] }));
      expect(error.code).to.equal("UNEXPECTED_RESPONSE");
      expect(error.message).to.contain("key.id").and.not.contain("returned-key-secret");
      // A result that quotes the secret where a checked field should be: the problem names it redacted.
      next = {
        status: 200,
        body: JSON.stringify({
          status: 200,
          requestId: "r",
          result: { key: result.keySecret, keySecret: result.keySecret },
        }),
      };
      const quoting = await apiErrorOf(management().keys.create(ORG, { name: "k", roles: ["admin"] }));
      expect(quoting.message).to.contain('key must be an object; got "[redacted]"');
      expect(quoting.message).not.to.contain("returned-key-secret");
    });

    it("sends Basic and Bearer authentication, JSON and the package's User-Agent", async () => {
      next = {
        status: 200,
        body: JSON.stringify({ status: 200, requestId: "r", result: { id: ORG, name: "o" } }),
      };
      await management().organizations.get(ORG);
      next = { status: 200, body: JSON.stringify({ data: [] }) };
      await observability().alerts.list();
      const [fromManagement, fromObservability] = server.received;
      expect(fromManagement!.headers.authorization).to.equal(
        `Basic ${Buffer.from("key-id-1:secret-1").toString("base64")}`,
      );
      expect(fromObservability!.headers.authorization).to.equal("Bearer token-1");
      expect(fromManagement!.headers["user-agent"]).to.equal(`pulumi-clickhouse-cloud/${packageVersion()}`);
      expect(fromObservability!.headers["user-agent"]).to.equal(
        `pulumi-clickhouse-cloud/${packageVersion()}`,
      );
      expect(fromManagement!.headers.accept).to.contain("application/json");
    });
  });
});
