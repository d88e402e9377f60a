import { expect } from "chai";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RecordedExchange } from "../../../emulator/server/exchangeRecorder";
import { redactedMarker } from "../../../emulator/server/exchangeRecorder";
import { readAllowlist } from "../../../scripts/openapi/allowlist";
import { checkOpenApiCommand, type CommandOutcome } from "../../../scripts/openapi/command";

const org = "7f0c8b6e-2d1a-4c3b-9e8f-0a1b2c3d4e5f";
const service = "3e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b";
const requestId = "0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e";

/** An error answer as the document gives it for every operation. */
const errorAnswer = {
  description: "error",
  content: {
    "application/json": {
      schema: {
        type: "object",
        properties: { status: { type: "number" }, error: { type: "string" }, requestId: { type: "string" } },
      },
    },
  },
};

const envelope = (result: object) => ({
  description: "ok",
  content: {
    "application/json": {
      schema: {
        type: "object",
        properties: { status: { type: "number" }, requestId: { type: "string", format: "uuid" }, result },
      },
    },
  },
});

/** A small OpenAPI 3.1 document in the published one's shapes: envelopes, components, open schemas, `allOf`. */
const document = {
  openapi: "3.1.2",
  info: { title: "planted", version: "1" },
  paths: {
    "/v1/organizations/{organizationId}/keys": {
      post: {
        requestBody: {
          content: { "application/json": { schema: { $ref: "#/components/schemas/KeyRequest" } } },
        },
        responses: {
          "200": envelope({ $ref: "#/components/schemas/KeyCreated" }),
          "400": errorAnswer,
          "500": errorAnswer,
        },
      },
    },
    "/v1/organizations/{organizationId}/services/{serviceId}": {
      get: {
        responses: { "200": envelope({ $ref: "#/components/schemas/Service" }), "400": errorAnswer },
      },
    },
    "/v1/organizations/{organizationId}/services/{serviceId}/things/{thingId}": {
      delete: { responses: { "200": envelope({ type: "object" }), "400": errorAnswer } },
    },
    "/v1/organizations/{organizationId}/services/{serviceId}/things/validate": {
      post: {
        requestBody: {
          content: {
            "application/json": {
              schema: { type: "object", properties: { check: { type: "boolean" } } },
            },
          },
        },
        responses: { "200": envelope({ type: "object" }), "400": errorAnswer },
      },
    },
  },
  components: {
    schemas: {
      KeyRequest: {
        allOf: [
          { type: "object", properties: { name: { type: "string" } } },
          {
            type: "object",
            properties: {
              roles: { type: "array", items: { type: "string", enum: ["admin", "developer"] } },
              ipAccessList: { type: "array", items: { $ref: "#/components/schemas/IpAccess" } },
              labels: { type: "object", additionalProperties: { type: "string" } },
              credentials: {
                oneOf: [
                  { $ref: "#/components/schemas/UserAndPassword" },
                  { $ref: "#/components/schemas/AccessKey" },
                ],
              },
            },
          },
        ],
      },
      UserAndPassword: { properties: { username: { type: "string" }, password: { type: "string" } } },
      AccessKey: { properties: { accessKeyId: { type: "string" }, secretKey: { type: "string" } } },
      IpAccess: {
        type: "object",
        properties: { source: { type: "string" }, description: { type: "string" } },
      },
      KeyCreated: {
        type: "object",
        properties: {
          keyId: { type: "string" },
          keySecret: { type: "string", minLength: 40, pattern: "^[A-Za-z0-9]+$" },
        },
      },
      Service: {
        type: "object",
        required: ["id", "autoscalingMode"],
        properties: {
          id: { type: "string", format: "uuid" },
          name: { type: "string" },
          autoscalingMode: { type: "string", enum: ["vertical", "horizontal"] },
          numReplicas: { type: "integer" },
        },
      },
    },
  },
};

const keysUrl = `/v1/organizations/${org}/keys`;
const serviceUrl = `/v1/organizations/${org}/services/${service}`;

function exchange(
  fields: Partial<RecordedExchange> & Pick<RecordedExchange, "method" | "url">,
): RecordedExchange {
  return { dialect: "production", client: "provider", status: 200, ...fields };
}

const ok = (result: unknown) => ({ status: 200, requestId, result });
const goodKeyCreate = exchange({
  method: "POST",
  url: keysUrl,
  requestBody: { name: "ci", roles: ["admin"], ipAccessList: [{ source: "0.0.0.0/0", description: "any" }] },
  responseBody: ok({ keyId: "AbCd", keySecret: "S".repeat(40) }),
});
const goodServiceRead = exchange({
  method: "GET",
  url: serviceUrl,
  responseBody: ok({ id: service, name: "svc", autoscalingMode: "vertical", numReplicas: 3 }),
});

describe("npm run check:openapi: recorded exchanges against an OpenAPI document", () => {
  let dir: string;
  const specFile = () => path.join(dir, "openapi.json");
  const emptyAllowlist = () => path.join(dir, "allowlist.json");

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-check-openapi-"));
    fs.writeFileSync(specFile(), JSON.stringify(document));
    fs.writeFileSync(emptyAllowlist(), JSON.stringify({ entries: [] }));
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the command on a recording of `exchanges`, with the allowlist given (none by default). */
  function check(exchanges: RecordedExchange[], allowlist: object[] = []): CommandOutcome {
    const recording = path.join(dir, "exchanges.jsonl");
    fs.writeFileSync(recording, exchanges.map((line) => `${JSON.stringify(line)}\n`).join(""));
    fs.writeFileSync(emptyAllowlist(), JSON.stringify({ entries: allowlist }));
    return checkOpenApiCommand([specFile(), recording], {}, emptyAllowlist());
  }

  it("passes conforming exchanges: exit code 0 and a summary with nothing wrong", () => {
    const outcome = check([goodKeyCreate, goodServiceRead]);
    expect(outcome.stdout).not.to.include("MISMATCH");
    expect(outcome.stdout).to.include(
      "check:openapi against openapi.json: 2 exchanges of the production management API checked",
    );
    expect(outcome.stdout).to.include("0 distinct mismatches in 0 exchanges;");
    expect(outcome.exitCode).to.equal(0);
  });

  it("fails a request body with a misspelt field, at any depth, through allOf and $ref", () => {
    const body = { nmae: "ci", roles: ["admin"], ipAccessList: [{ sorce: "0.0.0.0/0" }] };
    const outcome = check([{ ...goodKeyCreate, requestBody: body }]);
    expect(outcome.stdout).to.include(
      [
        "MISMATCH POST /v1/organizations/{organizationId}/keys -> 200 [request field]",
        '  at (the body): sends a field the spec does not define: "nmae"',
        `  1 exchange, e.g. POST ${keysUrl}`,
      ].join("\n"),
    );
    expect(outcome.stdout).to.include(
      '  at /ipAccessList/0: sends a field the spec does not define: "sorce"',
    );
    expect(outcome.stdout).to.include("2 distinct mismatches in 1 exchange;");
    expect(outcome.exitCode).to.equal(1);
  });

  it("keeps maps open: any key of an additionalProperties map is a field the spec defines", () => {
    const outcome = check([
      { ...goodKeyCreate, requestBody: { name: "ci", labels: { team: "a", any: "b" } } },
    ]);
    expect(outcome.stdout).not.to.include("MISMATCH");
    expect(outcome.exitCode).to.equal(0);
  });

  it("reads the alternatives of a oneOf as closed shapes: a value matches the one whose fields it has", () => {
    // Sent by the provider (judged closed) and by a test (judged as published).
    for (const client of ["provider", "other"] as const) {
      const withCredentials = (credentials: object) => ({
        ...goodKeyCreate,
        client,
        requestBody: { name: "ci", credentials },
      });
      const matching = check([
        withCredentials({ username: "pipe", password: redactedMarker }),
        withCredentials({ accessKeyId: "AKIA", secretKey: redactedMarker }),
      ]);
      expect(matching.stdout, client).not.to.include("MISMATCH");
      const mixed = check([withCredentials({ username: "pipe", secretKey: redactedMarker })]);
      expect(mixed.stdout, client).to.include("at /credentials: must match exactly one schema in oneOf");
      expect(mixed.exitCode).to.equal(1);
    }
  });

  it("fails a request value of the wrong kind with ajv's path and message", () => {
    const outcome = check([{ ...goodKeyCreate, requestBody: { name: "ci", roles: ["owner"] } }]);
    expect(outcome.stdout).to.include(
      [
        "MISMATCH POST /v1/organizations/{organizationId}/keys -> 200 [request body]",
        '  at /roles/0: must be equal to one of the allowed values: ["admin","developer"]',
      ].join("\n"),
    );
    expect(outcome.exitCode).to.equal(1);
  });

  it("fails an operation the document does not define, sent by the provider, whatever the answer", () => {
    const outcome = check([
      exchange({ method: "GET", url: `${serviceUrl}/dataPipesReversePrivateEndpoints`, status: 404 }),
      exchange({ method: "PATCH", url: serviceUrl }),
    ]);
    expect(outcome.stdout).to.include(
      [
        "MISMATCH GET /v1/organizations/{id}/services/{id}/dataPipesReversePrivateEndpoints -> 404 [operation]",
        "  at (the body): no path of the spec fits this path",
      ].join("\n"),
    );
    expect(outcome.stdout).to.include(
      [
        "MISMATCH PATCH /v1/organizations/{organizationId}/services/{serviceId} -> 200 [operation]",
        "  at (the body): the spec defines no PATCH on this path",
      ].join("\n"),
    );
    expect(outcome.exitCode).to.equal(1);
  });

  it("excuses a test's request the emulator refused as the document would, and fails one it accepted", () => {
    const probe = exchange({ client: "other", method: "GET", url: `${serviceUrl}/unknown`, status: 404 });
    const refusedBody = exchange({
      ...goodKeyCreate,
      client: "other",
      requestBody: { roles: "admin" },
      status: 400,
    });
    const excused = check([probe, refusedBody]);
    expect(excused.stdout).to.include(
      "excused, as the emulator refused them as the spec would: 1 test request to operations the spec lacks, " +
        "1 request with bodies it refuses",
    );
    expect(excused.exitCode).to.equal(0);

    const served = check([{ ...probe, status: 200 }]);
    expect(served.stdout).to.include(
      "MISMATCH GET /v1/organizations/{id}/services/{id}/unknown -> 200 [operation]",
    );
    expect(served.exitCode).to.equal(1);
  });

  it("prefers a literal segment to a parameter when both fit a path", () => {
    const validate = exchange({
      method: "POST",
      url: `${serviceUrl}/things/validate`,
      requestBody: { chek: true },
    });
    const outcome = check([validate]);
    expect(outcome.stdout).to.include(
      "MISMATCH POST /v1/organizations/{organizationId}/services/{serviceId}/things/validate -> 200 [request field]",
    );
  });

  it("fails an answer missing a required field, or with a field of the wrong type", () => {
    const outcome = check([
      { ...goodServiceRead, responseBody: ok({ id: service, name: "svc" }) },
      {
        ...goodServiceRead,
        responseBody: ok({ id: service, autoscalingMode: "vertical", numReplicas: "3" }),
      },
    ]);
    expect(outcome.stdout).to.include(
      [
        "MISMATCH GET /v1/organizations/{organizationId}/services/{serviceId} -> 200 [response body]",
        "  at /result: must have required property 'autoscalingMode'",
      ].join("\n"),
    );
    expect(outcome.stdout).to.include("  at /result/numReplicas: must be integer");
    expect(outcome.stdout).to.include("2 distinct mismatches in 2 exchanges;");
    expect(outcome.exitCode).to.equal(1);
  });

  it("judges answers without their null-valued fields, as the real API answers unset fields", () => {
    const answer = ok({ id: service, name: null, autoscalingMode: "vertical", numReplicas: null });
    const outcome = check([{ ...goodServiceRead, responseBody: answer }]);
    expect(outcome.stdout).not.to.include("MISMATCH");
    expect(outcome.exitCode).to.equal(0);
  });

  it("judges an error status the operation leaves out by the error schema it gives", () => {
    const notFound = { status: 404, error: "NOT_FOUND: no service", requestId };
    const passing = check([{ ...goodServiceRead, status: 404, responseBody: notFound }]);
    expect(passing.exitCode).to.equal(0);

    const html = "<html><body>Cannot GET</body></html>";
    const failing = check([
      { ...goodServiceRead, status: 404, responseBody: undefined, responseText: html },
      { ...goodServiceRead, status: 404, responseBody: { status: "404", error: ["NOT_FOUND"] } },
    ]);
    expect(failing.stdout).to.include(
      [
        "MISMATCH GET /v1/organizations/{organizationId}/services/{serviceId} -> 404 [error body]",
        `  at (the body): the answer is not JSON: ${JSON.stringify(html)}`,
        "  (status 404 is not listed: judged by the 400 answer's error schema)",
      ].join("\n"),
    );
    expect(failing.stdout).to.include("  at /status: must be number");
    expect(failing.stdout).to.include("  at /error: must be string");
    expect(failing.exitCode).to.equal(1);
  });

  it("fails a success status the operation does not list", () => {
    const outcome = check([{ ...goodServiceRead, status: 201 }]);
    expect(outcome.stdout).to.include(
      [
        "MISMATCH GET /v1/organizations/{organizationId}/services/{serviceId} -> 201 [response status]",
        "  at (the body): not among the operation's responses (200, 400)",
      ].join("\n"),
    );
    expect(outcome.exitCode).to.equal(1);
  });

  it("takes the recorder's redaction marker for a valid string, and nothing else that breaks the pattern", () => {
    const redacted = check([
      { ...goodKeyCreate, responseBody: ok({ keyId: "AbCd", keySecret: redactedMarker }) },
    ]);
    expect(redacted.exitCode).to.equal(0);

    const plain = check([{ ...goodKeyCreate, responseBody: ok({ keyId: "AbCd", keySecret: "short!" }) }]);
    expect(plain.stdout).to.include("  at /result/keySecret: must NOT have fewer than 40 characters");
    expect(plain.stdout).to.include('  at /result/keySecret: must match pattern "^[A-Za-z0-9]+$"');
    expect(plain.exitCode).to.equal(1);
  });

  it("honours an allowlist entry, and says what it allowed and why", () => {
    const outcome = check(
      [{ ...goodServiceRead, responseBody: ok({ id: service }) }],
      [
        {
          method: "GET",
          path: "/v1/organizations/{organizationId}/services/{serviceId}",
          check: "response body",
          instancePath: "/result",
          messageIncludes: "autoscalingMode",
          reason: "the planted API leaves the mode out",
          source: "this test",
        },
      ],
    );
    expect(outcome.stdout).not.to.include("MISMATCH");
    expect(outcome.stdout).to.include(
      "allowed: 1 mismatch of GET /v1/organizations/{organizationId}/services/{serviceId} [response body]: " +
        "the planted API leaves the mode out (this test)",
    );
    expect(outcome.exitCode).to.equal(0);
  });

  it("checks only the production dialect's management API, and fails when that leaves nothing to check", () => {
    const outcome = check([
      { ...goodKeyCreate, dialect: "spec", requestBody: { nmae: "x" } },
      exchange({ method: "GET", url: "/api/v2/alerts" }),
    ]);
    expect(outcome.stdout).to.include(
      "0 exchanges of the production management API checked (2 other exchanges skipped: 1 of another dialect, " +
        "1 outside /v1/organizations)",
    );
    expect(outcome.stdout).to.include(
      "FAIL: no exchange of the production management API was recorded, so nothing was checked",
    );
    expect(outcome.exitCode).to.equal(1);
  });

  it("reports a recording line it cannot read and fails", () => {
    const recording = path.join(dir, "broken.jsonl");
    fs.writeFileSync(recording, `${JSON.stringify(goodServiceRead)}\n{"method": "GET"\n`);
    const outcome = checkOpenApiCommand([specFile(), recording], {}, emptyAllowlist());
    expect(outcome.stdout).to.include(`UNREADABLE ${recording}:2: not JSON`);
    expect(outcome.exitCode).to.equal(1);
  });

  it("exits 2 with the usage when it cannot run", () => {
    const noSpec = checkOpenApiCommand([], {}, emptyAllowlist());
    expect(noSpec.stderr).to.include("check:openapi: the OpenAPI file is missing").and.include("usage:");
    expect(noSpec.exitCode).to.equal(2);

    const noRecording = checkOpenApiCommand([specFile()], {}, emptyAllowlist());
    expect(noRecording.stderr).to.include("no recording file given, and CHC_RECORD_EXCHANGES is not set");
    expect(noRecording.exitCode).to.equal(2);

    fs.writeFileSync(specFile(), JSON.stringify({ ...document, openapi: "3.0.3" }));
    const oldSpec = checkOpenApiCommand([specFile(), specFile()], {}, emptyAllowlist());
    expect(oldSpec.stderr).to.include("is OpenAPI 3.0.3; the check reads OpenAPI 3.1 documents only");
    expect(oldSpec.exitCode).to.equal(2);
  });

  it("reads the recording CHC_RECORD_EXCHANGES names when none is given", () => {
    const recording = path.join(dir, "recorded.jsonl");
    fs.writeFileSync(recording, `${JSON.stringify(goodServiceRead)}\n`);
    const outcome = checkOpenApiCommand([specFile()], { CHC_RECORD_EXCHANGES: recording }, emptyAllowlist());
    expect(outcome.stdout).to.include("1 exchange of the production management API checked");
    expect(outcome.exitCode).to.equal(0);
  });

  it("reads the repository's allowlist: each entry names what it allows, with its reason and source", () => {
    const repoAllowlist = path.join(
      __dirname,
      "..",
      "..",
      "..",
      "..",
      "scripts",
      "openapi",
      "allowlist.json",
    );
    expect(() => readAllowlist(repoAllowlist)).not.to.throw();
    fs.writeFileSync(
      emptyAllowlist(),
      JSON.stringify({ entries: [{ method: "GET", path: "/v1", check: "operation" }] }),
    );
    expect(() => readAllowlist(emptyAllowlist())).to.throw(
      'allowlist entry 1: "reason" must be a non-empty string',
    );
  });
});
