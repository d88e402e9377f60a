/**
 * The request schemas of webhooks, saved searches and sources: every rule HyperDX's external API v2 applies to a
 * body, each refused on the field it concerns, in words that name the rule.
 */
import { expect } from "chai";
import { validate } from "../../../provider/validation/validate";
import { expectOnlyProblem, expectValid } from "./expectations";

const objectId = "65f0c0ffee0000000000000a";

describe("schemas: webhookCreate", () => {
  const generic = {
    name: "pager",
    service: "generic",
    url: "https://hooks.example.com/alert",
    description: "the on-call pager",
    headers: { Authorization: "Bearer abc", "X-Team_1": "ops" },
    queryParams: { channel: "#ops" },
    body: '{"text": "{{title}}"}',
  };

  it("accepts each service with what it takes", () => {
    expectValid("webhookCreate", generic);
    expectValid("webhookCreate", { ...generic, service: "incidentio" });
    expectValid("webhookCreate", {
      name: "chat",
      service: "slack",
      url: "https://hooks.slack.com/services/T/B/X",
    });
  });

  it("refuses headers, queryParams and body on a slack webhook, naming each field", () => {
    const problems = validate("webhookCreate", { ...generic, service: "slack" });
    expect(problems.map((problem) => problem.property)).to.deep.equal(["headers", "queryParams", "body"]);
    for (const problem of problems)
      expect(problem.reason).to.include("is not supported for the slack webhook service");
  });

  it("refuses a service the API does not know", () => {
    expectOnlyProblem(
      "webhookCreate",
      { ...generic, service: "teams" },
      "service",
      "slack, incidentio, generic",
    );
  });

  it("refuses a blank or over-long name", () => {
    expectOnlyProblem("webhookCreate", { ...generic, name: "   " }, "name", "not only spaces");
    expectOnlyProblem("webhookCreate", { ...generic, name: "n".repeat(1025) }, "name", "1 to 1024");
    expectValid("webhookCreate", { ...generic, name: "n".repeat(1024) });
  });

  it("refuses a URL that is not http or https, or longer than 2048 characters", () => {
    expectOnlyProblem(
      "webhookCreate",
      { ...generic, url: "ftp://hooks.example.com/x" },
      "url",
      "http or https",
    );
    expectOnlyProblem("webhookCreate", { ...generic, url: "hooks.example.com/x" }, "url", "http or https");
    const long = `https://hooks.example.com/${"a".repeat(2048)}`;
    expectOnlyProblem("webhookCreate", { ...generic, url: long }, "url", "2048");
  });

  it("bounds description and body", () => {
    expectOnlyProblem("webhookCreate", { ...generic, description: "d".repeat(2049) }, "description", "2048");
    expectOnlyProblem("webhookCreate", { ...generic, body: "b".repeat(16 * 1024 + 1) }, "body", "16384");
  });

  it("refuses header names outside the token characters or starting with a digit", () => {
    for (const name of ["1st", "X Key", "X:Key", "Ключ", ""]) {
      expectOnlyProblem(
        "webhookCreate",
        { ...generic, headers: { [name]: "v" } },
        "headers",
        "not starting with a digit",
      );
    }
    expectValid("webhookCreate", { ...generic, headers: { "!#$%&'*+-.^_`|~Az9": "v" } });
  });

  it("refuses control characters in header and query parameter values without quoting the value", () => {
    const header = expectOnlyProblem(
      "webhookCreate",
      { ...generic, headers: { Authorization: "Bearer top-secret\r\nX-Evil: 1" } },
      "headers.Authorization",
      "without control characters",
    );
    expect(header.reason).to.not.include("top-secret");
    const query = expectOnlyProblem(
      "webhookCreate",
      { ...generic, queryParams: { key: "hidden-value\n" } },
      "queryParams.key",
      "without control characters",
    );
    expect(query.reason).to.not.include("hidden-value");
  });

  it("refuses more than 100 headers or query parameters", () => {
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`h${i}`, "v"]));
    expectOnlyProblem("webhookCreate", { ...generic, headers: many }, "headers", "at most 100 headers");
    expectOnlyProblem("webhookCreate", { ...generic, queryParams: many }, "queryParams", "at most 100 query");
  });
});

describe("schemas: savedSearchCreate", () => {
  const search = {
    name: "errors",
    sourceId: objectId,
    select: "Timestamp, Body",
    where: "SeverityText:error",
    whereLanguage: "lucene",
    orderBy: "Timestamp DESC",
    tags: ["ops"],
    filters: [{ type: "sql", condition: "ServiceName IN ('api')" }],
  };

  it("accepts a saved search, and one with only a name and a source", () => {
    expectValid("savedSearchCreate", search);
    expectValid("savedSearchCreate", { name: "all", sourceId: objectId });
  });

  it("needs a source given as an object id", () => {
    expectOnlyProblem(
      "savedSearchCreate",
      { ...search, sourceId: "logs" },
      "sourceId",
      "24-hex-digit object id",
    );
  });

  it("bounds the texts", () => {
    expectOnlyProblem("savedSearchCreate", { ...search, select: "s".repeat(4097) }, "select", "4096");
    expectOnlyProblem("savedSearchCreate", { ...search, where: "w".repeat(8193) }, "where", "8192");
    expectOnlyProblem("savedSearchCreate", { ...search, orderBy: "o".repeat(1025) }, "orderBy", "1024");
  });

  it("takes lucene or sql as where language", () => {
    expectOnlyProblem(
      "savedSearchCreate",
      { ...search, whereLanguage: "promql" },
      "whereLanguage",
      "lucene, sql",
    );
  });

  it("bounds tags: at most 50, each at most 32 characters", () => {
    expectOnlyProblem("savedSearchCreate", { ...search, tags: ["t".repeat(33)] }, "tags[0]", "32");
    const tags = Array.from({ length: 51 }, (_, i) => `t${i}`);
    expectOnlyProblem("savedSearchCreate", { ...search, tags }, "tags", "at most 50");
  });

  it("checks each filter's shape: a condition, or an sql_ast comparison", () => {
    expectValid("savedSearchCreate", {
      ...search,
      filters: [{ type: "sql_ast", operator: ">=", left: "Duration", right: "100" }],
    });
    expectOnlyProblem(
      "savedSearchCreate",
      { ...search, filters: [{ type: "sql" }] },
      "filters[0].condition",
      "required",
    );
    expectOnlyProblem(
      "savedSearchCreate",
      { ...search, filters: [{ type: "sql_ast", operator: "~", left: "a", right: "b" }] },
      "filters[0].operator",
    );
    const many = Array.from({ length: 101 }, () => ({ condition: "a IN ('b')" }));
    expectOnlyProblem("savedSearchCreate", { ...search, filters: many }, "filters", "at most 100");
  });
});

describe("schemas: sourceCreate", () => {
  const log = {
    name: "Logs",
    kind: "log",
    connection: objectId,
    from: { databaseName: "otel", tableName: "otel_logs" },
    timestampValueExpression: "TimestampTime",
    defaultTableSelectExpression: "Timestamp, ServiceName, Body",
    serviceNameExpression: "ServiceName",
  };

  it("accepts a log source", () => {
    expectValid("sourceCreate", log);
  });

  it("needs where the data lives and how to read its time", () => {
    for (const field of ["connection", "from", "timestampValueExpression", "name", "kind"]) {
      const { [field]: _left, ...rest } = log as Record<string, unknown>;
      const problems = validate("sourceCreate", rest);
      expect(problems.map((problem) => problem.property)).to.include(field);
    }
    expectOnlyProblem(
      "sourceCreate",
      { ...log, connection: "default" },
      "connection",
      "24-hex-digit object id",
    );
    expectOnlyProblem(
      "sourceCreate",
      { ...log, from: { databaseName: "otel", tableName: "" } },
      "from.tableName",
    );
  });

  it("needs each kind's own expressions", () => {
    expectOnlyProblem(
      "sourceCreate",
      { ...log, defaultTableSelectExpression: undefined },
      "defaultTableSelectExpression",
      "required when kind is log",
    );
    const trace = validate("sourceCreate", { ...log, kind: "trace" });
    expect(trace.map((problem) => problem.property)).to.include.members([
      "durationExpression",
      "traceIdExpression",
      "spanIdExpression",
      "parentSpanIdExpression",
      "spanNameExpression",
      "spanKindExpression",
    ]);
    const { defaultTableSelectExpression: _select, ...base } = log;
    expectOnlyProblem(
      "sourceCreate",
      { ...base, kind: "session" },
      "traceSourceId",
      "required when kind is session",
    );
    const metric = validate("sourceCreate", {
      ...base,
      kind: "metric",
      from: { databaseName: "otel", tableName: "" },
    });
    expect(metric.map((problem) => problem.property)).to.deep.equal([
      "resourceAttributesExpression",
      "metricTables",
    ]);
  });

  it("needs a metric source to name at least one metric table", () => {
    const { defaultTableSelectExpression: _select, ...base } = log;
    const metric = { ...base, kind: "metric", resourceAttributesExpression: "ResourceAttributes" };
    expectValid("sourceCreate", { ...metric, metricTables: { gauge: "otel_metrics_gauge" } });
    expectOnlyProblem("sourceCreate", { ...metric, metricTables: {} }, "metricTables", "at least one table");
  });

  it("refuses an unknown kind and a field no kind has", () => {
    expectOnlyProblem(
      "sourceCreate",
      { ...log, kind: "events" },
      "kind",
      "log, trace, session, metric, promql",
    );
    expectOnlyProblem(
      "sourceCreate",
      { ...log, tableName: "otel_logs" },
      "tableName",
      "not a known property",
    );
  });
});
