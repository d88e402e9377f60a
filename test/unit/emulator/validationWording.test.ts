/**
 * The exact words of the emulator's 400s, problem by problem: the management API's `BAD_REQUEST: <field>: <what is
 * wrong>` for each JSON Schema rule, and the observability API's zod messages (HyperDX validates alert bodies with
 * zod 3, whose default messages these are). Users read these texts through the provider's errors.
 */
import { expect } from "chai";
import { tileAlertBody } from "../../support/alertBodies";
import { EmulatorHarness } from "../../support/httpRequests";

describe("emulator: the words of a rejected body", () => {
  const harness = new EmulatorHarness().install();

  describe("management API", () => {
    const keysPath = () => `${harness.orgPath}/keys`;
    const cases: Array<[string, () => [string, string, unknown], string]> = [
      [
        "a value outside an enum lists the allowed values",
        () => ["POST", keysPath(), { name: "k", roles: ["nope"] }],
        "roles.0: Invalid value; expected one of admin, developer, query_endpoints",
      ],
      [
        "too few elements",
        () => ["POST", keysPath(), { name: "k", roles: [] }],
        "roles: Must contain at least 1 element(s)",
      ],
      [
        "a repeated element names the rule",
        () => ["POST", keysPath(), { name: "k", roles: ["developer", "developer"] }],
        "roles: Invalid value (uniqueItems)",
      ],
      [
        "too short a string",
        () => ["POST", keysPath(), { name: "", roles: ["developer"] }],
        "name: Must contain at least 1 character(s)",
      ],
      [
        "a wrong type in a field",
        () => ["POST", keysPath(), { name: 5, roles: ["developer"] }],
        "name: Expected string",
      ],
      [
        "a wrong type deep in a list",
        () => ["POST", keysPath(), { name: "k", roles: ["developer"], ipAccessList: [{ source: 5 }] }],
        "ipAccessList.0.source: Expected string",
      ],
      [
        "a field the API does not know",
        () => ["POST", keysPath(), { name: "k", roles: ["developer"], extra: 1 }],
        "extra: Unrecognized field",
      ],
      ["a missing field", () => ["POST", keysPath(), { roles: ["developer"] }], "name: Required"],
      [
        "a pattern and a length in one object",
        () => [
          "POST",
          keysPath(),
          {
            name: "k",
            roles: ["developer"],
            hashData: { keyIdHash: "x", keyIdSuffix: "ab", keySecretHash: "y" },
          },
        ],
        "hashData.keyIdHash: Invalid format; hashData.keyIdSuffix: Must contain at least 4 character(s); " +
          "hashData.keySecretHash: Invalid format",
      ],
      [
        "too long a string",
        () => [
          "POST",
          `${harness.servicePath()}/dataPipesReversePrivateEndpoints`,
          { type: "VPC_ENDPOINT_SERVICE", vpcEndpointServiceName: "x", description: "d".repeat(256) },
        ],
        "description: Must contain at most 255 character(s)",
      ],
      [
        "numbers under their minimum and over their maximum",
        () => [
          "PATCH",
          `${harness.servicePath()}/replicaScaling`,
          { minReplicaMemoryGb: 4, maxReplicaMemoryGb: 360, numReplicas: 21, idleTimeoutMinutes: 1 },
        ],
        "minReplicaMemoryGb: Must be greater than or equal to 8; maxReplicaMemoryGb: Must be less than or equal to 356; " +
          "numReplicas: Must be less than or equal to 20; idleTimeoutMinutes: Must be greater than or equal to 5",
      ],
      [
        "a date-time that is none",
        () => ["POST", keysPath(), { name: "k", roles: ["developer"], expireAt: "tomorrow" }],
        "expireAt: Invalid date-time",
      ],
      [
        "memory bounds the wrong way round, named at the bound the update sets",
        () => [
          "PATCH",
          `${harness.servicePath()}/replicaScaling`,
          { minReplicaMemoryGb: 64, maxReplicaMemoryGb: 32 },
        ],
        "maxReplicaMemoryGb: minReplicaMemoryGb (64) must not exceed maxReplicaMemoryGb (32)",
      ],
      [
        "a minimum above the maximum the service has (the fixture's production service: 120), named at the minimum",
        () => ["PATCH", `${harness.servicePath()}/replicaScaling`, { minReplicaMemoryGb: 356 }],
        "minReplicaMemoryGb: minReplicaMemoryGb (356) must not exceed maxReplicaMemoryGb (120)",
      ],
      [
        "a maximum over a non-paid service's cap, and no second problem about the bounds' order",
        () => [
          "PATCH",
          `${harness.servicePath("trial")}/replicaScaling`,
          { minReplicaMemoryGb: 200, maxReplicaMemoryGb: 124 },
        ],
        "maxReplicaMemoryGb: must be at most 120 for a non-paid service; got 124",
      ],
      [
        "a replica count under the warehouse's first service's minimum, beside the bounds' order",
        () => [
          "PATCH",
          `${harness.servicePath()}/replicaScaling`,
          { numReplicas: 1, minReplicaMemoryGb: 64, maxReplicaMemoryGb: 32 },
        ],
        "numReplicas: must be between 2 and 20 for the first service of a warehouse; got 1; " +
          "maxReplicaMemoryGb: minReplicaMemoryGb (64) must not exceed maxReplicaMemoryGb (32)",
      ],
      [
        "a value that breaks two rules: only the first is named",
        () => ["PATCH", `${harness.servicePath()}/replicaScaling`, { minReplicaMemoryGb: 2 }],
        "minReplicaMemoryGb: Must be greater than or equal to 8",
      ],
      [
        "a number that is no multiple of its step",
        () => ["PATCH", `${harness.servicePath()}/replicaScaling`, { minReplicaMemoryGb: 10 }],
        "minReplicaMemoryGb: Must be a multiple of 4",
      ],
      [
        "a body that is not an object",
        () => ["POST", keysPath(), [1]],
        "The request body must be a JSON object",
      ],
    ];
    for (const [title, request, problems] of cases) {
      it(title, async () => {
        const [method, path, body] = request();
        const response = await harness.management(method, path, { body });
        expect(response.status, response.text).to.equal(400);
        expect(response.body.error).to.equal(`BAD_REQUEST: ${problems}`);
      });
    }
  });

  describe("observability API: alerts", () => {
    const alertWith = (changes: Record<string, unknown>) => ({
      ...tileAlertBody(harness.fixture),
      name: "n",
      ...changes,
    });
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ["a wrong type", { threshold: "5" }, "threshold: Expected number, received string"],
      ["null where text goes", { interval: null }, "interval: Expected string, received null"],
      ["a list where an object goes", { channel: [] }, "channel: Expected object, received array"],
      ["null where an object goes", { channel: null }, "channel: Expected object, received null"],
      [
        "a text outside an enum",
        { thresholdType: "x" },
        "thresholdType: Invalid enum value. Expected 'above' | 'below', received 'x'",
      ],
      [
        "a number where an enum goes",
        { thresholdType: 3 },
        "thresholdType: Expected 'above' | 'below', received number",
      ],
      ["too short a name", { name: "" }, "name: String must contain at least 1 character(s)"],
      ["too long a name", { name: "n".repeat(513) }, "name: String must contain at most 512 character(s)"],
      [
        "a missing literal",
        { channel: { webhookId: "64b7f0c2a1b2c3d4e5f60718" } },
        'channel.type: Invalid literal value, expected "webhook"',
      ],
      [
        "a wrong literal",
        { channel: { type: "email", webhookId: "64b7f0c2a1b2c3d4e5f60718" } },
        'channel.type: Invalid literal value, expected "webhook"',
      ],
      [
        "an empty tile source id",
        { dashboardId: "" },
        "dashboardId: String must contain at least 1 character(s)",
      ],
      ["a source field of the wrong type matches no source", { tileId: 5 }, "Invalid input"],
      [
        "a source object with a missing field besides an empty one matches no source",
        { tileId: undefined, dashboardId: "" },
        "Invalid input",
      ],
      [
        "an unknown source",
        { source: "nope" },
        "source: Invalid enum value. Expected 'search' | 'tile', received 'nope'; Invalid input",
      ],
    ];
    for (const [title, changes, problems] of cases) {
      it(title, async () => {
        const response = await harness.observability("POST", "/api/v2/alerts", { body: alertWith(changes) });
        expect(response.status, response.text).to.equal(400);
        expect(response.body).to.deep.equal({ message: `Body validation failed: ${problems}` });
      });
    }

    it("a search alert with an empty saved search id: the length, not the union", async () => {
      const { dashboardId: _dashboard, tileId: _tile, ...common } = alertWith({});
      const response = await harness.observability("POST", "/api/v2/alerts", {
        body: { ...common, source: "search", savedSearchId: "" },
      });
      expect(response.body).to.deep.equal({
        message: "Body validation failed: savedSearchId: String must contain at least 1 character(s)",
      });
    });
  });

  describe("observability API: series", () => {
    const query = (changes: Record<string, unknown>, seriesChanges: Record<string, unknown> = {}) => ({
      startTime: 1_700_000_000_000,
      endTime: 1_700_003_600_000,
      granularity: "5m",
      series: [
        { sourceId: harness.fixture.sources[0].id, aggFn: "count", where: "", groupBy: [], ...seriesChanges },
      ],
      ...changes,
    });
    const cases: Array<[string, () => Record<string, unknown>, string]> = [
      ["no series", () => query({ series: [] }), "series: Must contain at least 1 element(s)"],
      [
        "more than five series",
        () => query({ series: Array(6).fill(query({}).series[0]) }),
        "series: Must contain at most 5 element(s)",
      ],
      [
        "more than ten groupBy fields",
        () => query({}, { groupBy: Array(11).fill("a") }),
        "series.0.groupBy: Must contain at most 10 element(s)",
      ],
      [
        "a start time that is no number: its type alone",
        () => query({ startTime: "x" }),
        "startTime: Expected number",
      ],
      [
        "different groupBy fields",
        () =>
          query({
            series: [
              { ...query({}).series[0], groupBy: ["a"] },
              { ...query({}).series[0], groupBy: ["b"] },
            ],
          }),
        "series: All series must have the same groupBy fields",
      ],
      [
        "different groupBy fields beside a bad series: only the bad series (groupBy is compared once all are well formed)",
        () =>
          query({
            series: [
              { ...query({}).series[0], groupBy: ["a"] },
              { ...query({}).series[0], groupBy: ["b"], sourceId: "bad" },
            ],
          }),
        "series.1.sourceId: Invalid ObjectId",
      ],
      [
        "different groupBy fields beside a bad granularity: both",
        () =>
          query({
            granularity: "5 minute",
            series: [
              { ...query({}).series[0], groupBy: ["a"] },
              { ...query({}).series[0], groupBy: ["b"] },
            ],
          }),
        "granularity: Invalid value; expected one of 30s, 1m, 5m, 10m, 15m, 30m, 1h, 2h, 6h, 12h, 1d, 2d, 7d, 30d, auto; " +
          "series: All series must have the same groupBy fields",
      ],
      [
        "an unknown granularity",
        () => query({ granularity: "5 minute" }),
        "granularity: Invalid value; expected one of 30s, 1m, 5m, 10m, 15m, 30m, 1h, 2h, 6h, 12h, 1d, 2d, 7d, 30d, auto",
      ],
    ];
    for (const [title, body, problems] of cases) {
      it(title, async () => {
        const response = await harness.observability("POST", "/api/v2/charts/series", { body: body() });
        expect(response.status, response.text).to.equal(400);
        expect(response.body).to.deep.equal({ message: `Body validation failed: ${problems}` });
      });
    }
  });

  describe("ids in paths and bodies", () => {
    it("quotes a bad id in a path whole up to 60 characters, and cut with an ellipsis beyond", async () => {
      for (const [id, quoted] of [
        ["a".repeat(60), "a".repeat(60)],
        ["a".repeat(61), `${"a".repeat(60)}…`],
      ]) {
        const response = await harness.management("GET", `${harness.orgPath}/keys/${id}`);
        expect(response.body.error).to.equal(`BAD_REQUEST: keyId: must be a UUID; got "${quoted}"`);
      }
    });

    // An object id is 24 hex digits in either case, or any 12-character string of 12 bytes (its raw bytes).
    const objectIds: Array<[string, string, string]> = [
      ["12 one-byte characters", "abcdefghijkl", "Webhook not found"],
      ["24 hex digits in upper and lower case", "ABCDEF0123456789abcdef01", "Webhook not found"],
      ["12 characters of more than 12 bytes", "ééééééééééé1", "Invalid webhook ID"],
      ["12 bytes in fewer than 12 characters", "éééééé", "Invalid webhook ID"],
    ];
    for (const [what, webhookId, message] of objectIds) {
      it(`an alert's webhook id of ${what}: ${message}`, async () => {
        const response = await harness.observability("POST", "/api/v2/alerts", {
          body: { ...tileAlertBody(harness.fixture), channel: { type: "webhook", webhookId } },
        });
        expect(response.status).to.equal(400);
        expect(response.body).to.deep.equal({ message });
      });
    }

    const sourceIds: Array<[string, string, number, unknown]> = [
      ["12 one-byte characters", "abcdefghijkl", 404, { error: "Source not found for series 0" }],
      [
        "12 bytes in fewer than 12 characters",
        "éééééé",
        400,
        { message: "Body validation failed: series.0.sourceId: Invalid ObjectId" },
      ],
      [
        "12 characters of more than 12 bytes",
        "ééééééééééé1",
        400,
        { message: "Body validation failed: series.0.sourceId: Invalid ObjectId" },
      ],
      [
        "24 hex digits after another character",
        `x${"0".repeat(24)}`,
        400,
        { message: "Body validation failed: series.0.sourceId: Invalid ObjectId" },
      ],
    ];
    for (const [what, sourceId, status, body] of sourceIds) {
      it(`a series source id of ${what}: ${status}`, async () => {
        const response = await harness.observability("POST", "/api/v2/charts/series", {
          body: {
            startTime: 1_700_000_000_000,
            endTime: 1_700_003_600_000,
            granularity: "5m",
            series: [{ sourceId, aggFn: "count", where: "", groupBy: [] }],
          },
        });
        expect(response.status).to.equal(status);
        expect(response.body).to.deep.equal(body);
      });
    }
  });
});
