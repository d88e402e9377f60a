import * as grpc from "@grpc/grpc-js";
import { expect } from "chai";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import {
  CheckRequest,
  ConfigureRequest,
  CreateRequest,
  DeleteRequest,
  DiffRequest,
  DiffResponse,
  ErrorResourceInitFailed,
  GetSchemaRequest,
  InvokeRequest,
  ReadRequest,
  UpdateRequest,
} from "@pulumi/pulumi/proto/provider_pb";
import { Status } from "@pulumi/pulumi/proto/status_pb";
import type { IResourceProviderServer } from "@pulumi/pulumi/proto/provider_grpc_pb";
import type { RunningEmulator } from "../../../emulator";
import { pluginCatalog } from "../../../provider/native/catalog";
import type { LogEntry } from "../../../provider/native/engineLog";
import { progressToEngine } from "../../../provider/native/operationLog";
import type { KindService, NativeResource } from "../../../provider/native/resourceOperations";
import { providerService, type PluginCatalog } from "../../../provider/native/service";
import { ConfigurationError } from "../../../provider/settings/errors";
import { basicAuth, send } from "../../support/httpRequests";
import { sharedEmulator } from "../../support/emulator";
import { call } from "./unaryCall";

const sigKey = "4dabf18193072939515e22adb298388d";
const sig = "1b47061264138c4ac30d75fd1eb44270";
const secret = (value: unknown): Record<string, unknown> => ({ [sigKey]: sig, value });
const struct = (bag: Record<string, unknown>): Struct => Struct.fromJavaScript(bag as never);

interface Failure {
  code?: number;
  details?: string;
  metadata?: grpc.Metadata;
}

async function failureOf(operation: Promise<unknown>): Promise<Failure> {
  const outcome = await operation.then(
    () => undefined,
    (error: unknown) => error as Failure,
  );
  expect(outcome, "the call should fail").to.not.equal(undefined);
  return outcome!;
}

const token = "clickhouse-cloud:index:Fake";

/** A kind whose implementation answers what the test sets and records what it was given. */
function fakeKind(): {
  resource: NativeResource;
  calls: unknown[][];
  answers: Record<string, unknown>;
  configure: (config: unknown) => void;
} {
  const calls: unknown[][] = [];
  const answers: Record<string, unknown> = {};
  const answer = async (name: string, ...args: unknown[]): Promise<never> => {
    calls.push([name, ...args]);
    const value = answers[name];
    if (value instanceof Error) throw value;
    if (typeof value === "function") return (value as () => never)();
    return value as never;
  };
  // The kind's provider answers in the engine's encoding (secrets marked): the plugin only carries it.
  const provider = {
    check: (news: unknown) => answer("check", news),
    diff: (olds: unknown, news: unknown, id: unknown) => answer("diff", olds, news, id),
    create: (inputs: unknown) => answer("create", inputs),
    read: (id: unknown, props: unknown, inputs: unknown, purpose: unknown) =>
      answer("read", id, props, inputs, purpose),
    update: (id: unknown, olds: unknown, news: unknown) => answer("update", id, olds, news),
    delete: (id: unknown, props: unknown) => answer("delete", id, props),
  } as unknown as KindService;
  const resource: NativeResource = {
    token,
    provider,
    importProperties: (id) => ({ id: `imported-${id}`, properties: { from: id } }),
  };
  const configure = (config: unknown) => {
    calls.push(["configure", config]);
    const hook = answers.configure;
    if (typeof hook === "function") (hook as () => void)();
  };
  return { resource, calls, answers, configure };
}

describe("native plugin service: handlers called in process", () => {
  let fake: ReturnType<typeof fakeKind>;
  let lines: LogEntry[];
  let service: IResourceProviderServer;
  const catalog = (): PluginCatalog => ({
    version: "1.2.3",
    schema: '{"name":"x"}',
    resources: [fake.resource],
    configure: (config) => fake.configure(config),
  });

  beforeEach(() => {
    fake = fakeKind();
    lines = [];
    service = providerService(catalog(), async (entry) => {
      lines.push(entry);
    });
  });

  it("answers GetPluginInfo with the catalog's version and GetSchema with its schema", async () => {
    expect((await call(service.getPluginInfo, new Empty())).getVersion()).to.equal("1.2.3");
    expect((await call(service.getSchema, new GetSchemaRequest())).getSchema()).to.equal('{"name":"x"}');
  });

  it("refuses the calls it does not implement with UNIMPLEMENTED and their name", async () => {
    const names: [keyof IResourceProviderServer, string][] = [
      ["handshake", "Handshake"],
      ["parameterize", "Parameterize"],
      ["construct", "Construct"],
      ["call", "Call"],
      ["attach", "Attach"],
      ["getMapping", "GetMapping"],
      ["getMappings", "GetMappings"],
    ];
    for (const [method, name] of names) {
      const failure = await failureOf(call(service[method] as grpc.handleUnaryCall<unknown, unknown>, {}));
      expect(failure).to.deep.equal({
        code: grpc.status.UNIMPLEMENTED,
        details: `${name} is not implemented by clickhouse-cloud`,
      });
    }
    const emitted: unknown[][] = [];
    (service.list as unknown as (call: { emit: (...args: unknown[]) => void }) => void)({
      emit: (...args) => emitted.push(args),
    });
    expect(emitted).to.deep.equal([
      ["error", { code: grpc.status.UNIMPLEMENTED, details: "List is not implemented" }],
    ]);
  });

  it("sends progress lines of a call without a resource (Configure) under no URN", async () => {
    const progress = progressToEngine(async (entry) => {
      lines.push(entry);
    });
    fake.answers.configure = async () => progress("Fake", "configuring");
    await call(service.configure, new ConfigureRequest());
    expect(lines).to.deep.equal([{ severity: "info", message: "[Fake] configuring", urn: undefined }]);
  });

  it("a failed Read that names an object carries it unmarked", async () => {
    fake.answers.read = Object.assign(new Error("read half"), { id: "r-1", properties: { token: "t" } });
    const request = new ReadRequest();
    request.setType(token);
    request.setId("r-1");
    request.setProperties(struct({ name: "n" }));
    const failure = await failureOf(call(service.read, request));
    const status = Status.deserializeBinary(failure.metadata!.get("grpc-status-details-bin")[0] as Buffer);
    const init = ErrorResourceInitFailed.deserializeBinary(status.getDetailsList()[0].getValue_asU8());
    expect(init.getProperties()!.toJavaScript()).to.deep.equal({ token: "t" });
  });

  it("answers Cancel with nothing to stop", async () => {
    expect(await call(service.cancel, new Empty())).to.be.instanceOf(Empty);
  });

  describe("Configure, CheckConfig and DiffConfig", () => {
    it("accepts secrets, supports no preview, resources or outputs, and hands every kind the plugin's values", async () => {
      const request = new ConfigureRequest();
      request.setArgs(
        struct({ tokenKey: "key-1", tokenSecret: secret("s3cret"), throttle: 5, apiUrl: null }),
      );
      request.getVariablesMap().set("clickhouse-cloud:apiUrl", "http://127.0.0.1:9/");
      request.getVariablesMap().set("clickhouse-cloud:tokenKey", "ignored");
      const response = await call(service.configure, request);
      expect(response.getAcceptsecrets()).to.equal(true);
      expect(response.getSupportspreview()).to.equal(false);
      expect(response.getAcceptresources()).to.equal(false);
      expect(response.getAcceptoutputs()).to.equal(false);
      expect(fake.calls).to.have.length(1);
      const config = fake.calls[0][1] as { get(key: string): string | undefined };
      expect(config.get("clickhouse:tokenKey")).to.equal("key-1");
      expect(config.get("clickhouse:tokenSecret")).to.equal("s3cret");
      expect(config.get("clickhouse:throttle")).to.equal("5");
      expect(config.get("clickhouse:apiUrl")).to.equal("http://127.0.0.1:9/");
      expect(config.get("clickhouse:organizationId")).to.equal(undefined);
      expect(config.get("clickhouse-cloud:tokenKey")).to.equal(undefined);
    });

    it("reports a set URL that is not one and a throttle that does not parse, and echoes the inputs", async () => {
      const request = new CheckRequest();
      request.setNews(
        struct({
          apiUrl: "not a url",
          observabilityApiUrl: " ",
          throttle: "fast",
          observabilityThrottle: "off",
          tokenSecret: secret("x"),
        }),
      );
      const response = await call(service.checkConfig, request);
      expect(
        response.getFailuresList().map((failure) => [failure.getProperty(), failure.getReason()]),
      ).to.deep.equal([
        ["apiUrl", 'clickhouse-cloud:apiUrl is not a valid URL: "not a url"'],
        [
          "throttle",
          'clickhouse-cloud:throttle: must be "off" or <requests>/<seconds>s with both numbers above 0, e.g. "10/10s"; got "fast"',
        ],
      ]);
      expect(response.getInputs()!.toJavaScript()).to.deep.equal({
        apiUrl: "not a url",
        observabilityApiUrl: " ",
        throttle: "fast",
        observabilityThrottle: "off",
        tokenSecret: secret("x"),
      });
    });

    it("reports the observability URL and throttle under their own names, and nothing for good values", async () => {
      const request = new CheckRequest();
      request.setNews(
        struct({
          observabilityApiUrl: "nope",
          observabilityThrottle: "0/1s",
          apiUrl: "http://127.0.0.1:1/",
          throttle: "10/10s",
        }),
      );
      const response = await call(service.checkConfig, request);
      expect(
        response.getFailuresList().map((failure) => [failure.getProperty(), failure.getReason()]),
      ).to.deep.equal([
        ["observabilityApiUrl", 'clickhouse-cloud:observabilityApiUrl is not a valid URL: "nope"'],
        [
          "observabilityThrottle",
          'clickhouse-cloud:observabilityThrottle: must be "off" or <requests>/<seconds>s with both numbers above 0, e.g. "10/10s"; got "0/1s"',
        ],
      ]);
    });

    it("diffs settings in place: the changed names, or none", async () => {
      const request = new DiffRequest();
      request.setOlds(struct({ apiUrl: "http://a/", tokenKey: "k" }));
      request.setNews(struct({ apiUrl: "http://b/", tokenKey: "k", throttle: "off" }));
      const changed = await call(service.diffConfig, request);
      expect(changed.getChanges()).to.equal(DiffResponse.DiffChanges.DIFF_SOME);
      expect(changed.getDiffsList()).to.deep.equal(["apiUrl", "throttle"]);
      expect(changed.getReplacesList()).to.deep.equal([]);

      request.setOldInputs(struct({ apiUrl: "http://b/", tokenKey: "k", throttle: "off" }));
      const same = await call(service.diffConfig, request);
      expect(same.getChanges()).to.equal(DiffResponse.DiffChanges.DIFF_NONE);
      expect(same.getDiffsList()).to.deep.equal([]);
    });
  });

  describe("resource operations", () => {
    it("finds the kind by the request's type, else by its URN's type, and names a type it does not serve", async () => {
      fake.answers.check = { inputs: { name: "a" }, failures: [] };
      const byUrn = new CheckRequest();
      byUrn.setUrn(`urn:pulumi:dev::proj::parent$${token}::res`);
      byUrn.setNews(struct({ name: "a" }));
      expect((await call(service.check, byUrn)).getInputs()!.toJavaScript()).to.deep.equal({ name: "a" });

      const unknown = new CheckRequest();
      unknown.setType("clickhouse-cloud:index:Nope");
      unknown.setUrn(`urn:pulumi:dev::proj::${token}::res`);
      expect(await failureOf(call(service.check, unknown))).to.include({
        code: grpc.status.UNKNOWN,
        details: "clickhouse-cloud serves no resource type clickhouse-cloud:index:Nope",
      });
      const noType = new CheckRequest();
      noType.setUrn("urn:pulumi:dev::proj");
      expect((await failureOf(call(service.check, noType))).details).to.equal(
        "clickhouse-cloud serves no resource type ",
      );
    });

    it("Check: hands the news to the kind, and returns its inputs, secrets marked, and its failures", async () => {
      fake.answers.check = {
        inputs: { name: secret("n"), password: secret("p"), extra: { inner: secret(1) } },
        failures: [{ property: "name", reason: "name is too short" }],
      };
      const request = new CheckRequest();
      request.setType(token);
      request.setOlds(struct({ name: "old" }));
      request.setNews(struct({ name: secret("n") }));
      const response = await call(service.check, request);
      expect(fake.calls[0]).to.deep.equal(["check", { name: secret("n") }]);
      expect(response.getInputs()!.toJavaScript()).to.deep.equal({
        name: secret("n"),
        password: secret("p"),
        extra: { inner: secret(1) },
      });
      expect(
        response.getFailuresList().map((failure) => [failure.getProperty(), failure.getReason()]),
      ).to.deep.equal([["name", "name is too short"]]);
    });

    it("Check: no failures are an empty list", async () => {
      fake.answers.check = { inputs: { name: "n" }, failures: [] };
      const request = new CheckRequest();
      request.setType(token);
      request.setNews(struct({ name: "n" }));
      const response = await call(service.check, request);
      expect(response.getInputs()!.toJavaScript()).to.deep.equal({ name: "n" });
      expect(response.getFailuresList()).to.deep.equal([]);
    });

    it("Diff: maps the kind's verdict to changes and replaces", async () => {
      const request = new DiffRequest();
      request.setType(token);
      request.setId("id-1");
      request.setOlds(struct({ name: "a" }));
      request.setNews(struct({ name: "b" }));
      fake.answers.diff = { changes: true, replaces: ["name"] };
      const some = await call(service.diff, request);
      expect(fake.calls[0]).to.deep.equal(["diff", { name: "a" }, { name: "b" }, "id-1"]);
      expect(some.getChanges()).to.equal(DiffResponse.DiffChanges.DIFF_SOME);
      expect(some.getReplacesList()).to.deep.equal(["name"]);
      expect(some.getDeletebeforereplace()).to.equal(false);

      fake.answers.diff = { changes: false, replaces: [] };
      const none = await call(service.diff, request);
      expect(none.getChanges()).to.equal(DiffResponse.DiffChanges.DIFF_NONE);
      expect(none.getReplacesList()).to.deep.equal([]);
    });

    it("Diff: a replacement the kind wants deleted first is deleted before it is replaced", async () => {
      const request = new DiffRequest();
      request.setType(token);
      request.setId("id-1");
      request.setOlds(struct({ name: "a" }));
      request.setNews(struct({ name: "b" }));
      fake.answers.diff = { changes: true, replaces: ["name"], deleteBeforeReplace: true };
      const first = await call(service.diff, request);
      expect(first.getReplacesList()).to.deep.equal(["name"]);
      expect(first.getDeletebeforereplace()).to.equal(true);

      fake.answers.diff = { changes: true, replaces: ["name"], deleteBeforeReplace: false };
      const after = await call(service.diff, request);
      expect(after.getDeletebeforereplace()).to.equal(false);
    });

    it("Diff of a resource not created yet hands the kind no id", async () => {
      const request = new DiffRequest();
      request.setType(token);
      request.setNews(struct({ name: "b" }));
      fake.answers.diff = { changes: true, replaces: [] };
      await call(service.diff, request);
      expect(fake.calls[0]).to.deep.equal(["diff", {}, { name: "b" }, undefined]);
    });

    it("Create: returns the kind's id and outputs, their secrets marked", async () => {
      fake.answers.create = {
        id: "new-1",
        outs: { token: secret("t"), password: secret("p"), keyId: secret("k"), name: secret("n") },
      };
      const request = new CreateRequest();
      request.setType(token);
      request.setProperties(struct({ name: secret("n"), keyId: "mine", password: "p" }));
      const response = await call(service.create, request);
      expect(fake.calls[0]).to.deep.equal(["create", { name: secret("n"), keyId: "mine", password: "p" }]);
      expect(response.getId()).to.equal("new-1");
      expect(response.getProperties()!.toJavaScript()).to.deep.equal({
        token: secret("t"),
        password: secret("p"),
        keyId: secret("k"),
        name: secret("n"),
      });
    });

    it("Create and Update in preview echo the inputs without calling the kind", async () => {
      const create = new CreateRequest();
      create.setType(token);
      create.setPreview(true);
      create.setProperties(struct({ name: "n" }));
      expect((await call(service.create, create)).getProperties()!.toJavaScript()).to.deep.equal({
        name: "n",
      });
      const update = new UpdateRequest();
      update.setType(token);
      update.setPreview(true);
      update.setNews(struct({ name: "m" }));
      expect((await call(service.update, update)).getProperties()!.toJavaScript()).to.deep.equal({
        name: "m",
      });
      expect(fake.calls).to.deep.equal([]);
    });

    it("a partial create travels as resource initialization failed, with its id, outputs and reasons", async () => {
      fake.answers.create = Object.assign(new Error("the key was created but its state was not set"), {
        id: "half-1",
        properties: { token: secret("t"), name: "n" },
        reasons: ["first reason"],
      });
      const request = new CreateRequest();
      request.setType(token);
      request.setUrn(`urn:pulumi:dev::proj::${token}::res`);
      request.setProperties(struct({ name: "n" }));
      const failure = await failureOf(call(service.create, request));
      expect(failure.code).to.equal(grpc.status.UNKNOWN);
      expect(failure.details).to.equal("the key was created but its state was not set");
      const [trailer] = failure.metadata!.get("grpc-status-details-bin") as Buffer[];
      const status = Status.deserializeBinary(trailer);
      expect(status.getCode()).to.equal(grpc.status.UNKNOWN);
      expect(status.getMessage()).to.equal("the key was created but its state was not set");
      const [detail] = status.getDetailsList();
      expect(detail.getTypeUrl()).to.equal("type.googleapis.com/pulumirpc.ErrorResourceInitFailed");
      const init = ErrorResourceInitFailed.deserializeBinary(detail.getValue_asU8());
      expect(init.getId()).to.equal("half-1");
      expect(init.getProperties()!.toJavaScript()).to.deep.equal({ token: secret("t"), name: "n" });
      expect(init.getReasonsList()).to.deep.equal(["first reason"]);
    });

    it("a partial create without outputs or reasons gives its message as the reason", async () => {
      fake.answers.create = Object.assign(new Error("lost"), { id: "half-2" });
      const request = new CreateRequest();
      request.setType(token);
      const failure = await failureOf(call(service.create, request));
      const status = Status.deserializeBinary(failure.metadata!.get("grpc-status-details-bin")[0] as Buffer);
      const init = ErrorResourceInitFailed.deserializeBinary(status.getDetailsList()[0].getValue_asU8());
      expect(init.getProperties()!.toJavaScript()).to.deep.equal({});
      expect(init.getReasonsList()).to.deep.equal(["lost"]);
    });

    it("a failure with an empty id, or no id, or not an Error, carries no resource detail", async () => {
      const request = new CreateRequest();
      request.setType(token);
      for (const [thrown, message] of [
        [Object.assign(new Error("nothing created"), { id: "" }), "nothing created"],
        [new Error("plain"), "plain"],
        [Object.assign(new Error("number id"), { id: 5 }), "number id"],
      ] as const) {
        fake.answers.create = thrown;
        const failure = await failureOf(call(service.create, request));
        expect(failure.details).to.equal(message);
        expect(failure.metadata!.get("grpc-status-details-bin")).to.deep.equal([]);
      }
      fake.answers.create = () => {
        throw "a string";
      };
      expect((await failureOf(call(service.create, request))).details).to.equal("a string");
    });

    it("a configuration error names the plugin's keys, and says the plugin reads only its own", async () => {
      fake.answers.create = new ConfigurationError("management", [
        {
          key: "clickhouse:tokenKey",
          envVar: "CLICKHOUSE_TOKEN_KEY",
          problem: "clickhouse:tokenKey is not set",
        },
      ]);
      const request = new CreateRequest();
      request.setType(token);
      const { details } = await failureOf(call(service.create, request));
      expect(details).to.include("clickhouse-cloud:tokenKey");
      expect(details).to.not.include("clickhouse:tokenKey");
      expect(details).to.include("The plugin reads only clickhouse-cloud:* keys");
    });

    it("Update: hands id, olds and news to the kind and returns its outputs", async () => {
      fake.answers.update = { name: "n", other: secret("o"), keyId: "k", token: secret("t") };
      const request = new UpdateRequest();
      request.setType(token);
      request.setId("id-3");
      request.setOlds(struct({ other: secret("x"), name: "n" }));
      request.setNews(struct({ name: "n" }));
      const response = await call(service.update, request);
      expect(fake.calls[0]).to.deep.equal([
        "update",
        "id-3",
        { other: secret("x"), name: "n" },
        { name: "n" },
      ]);
      expect(response.getProperties()!.toJavaScript()).to.deep.equal({
        name: "n",
        other: secret("o"),
        keyId: "k",
        token: secret("t"),
      });
    });

    it("Read: hands the properties and inputs to the kind and returns its id, outputs and inputs; none: gone", async () => {
      fake.answers.read = {
        id: "id-4",
        outs: { name: secret("n"), other: secret("o"), keyId: "k" },
        inputs: { name: secret("n"), password: secret("p") },
      };
      const request = new ReadRequest();
      request.setType(token);
      request.setId("id-4");
      request.setProperties(struct({ other: secret("x") }));
      request.setInputs(struct({ name: secret("n") }));
      const response = await call(service.read, request);
      expect(fake.calls[0]).to.deep.equal([
        "read",
        "id-4",
        { other: secret("x") },
        { name: secret("n") },
        "refresh",
      ]);
      expect(response.getId()).to.equal("id-4");
      expect(response.getProperties()!.toJavaScript()).to.deep.equal({
        name: secret("n"),
        other: secret("o"),
        keyId: "k",
      });
      expect(response.getInputs()!.toJavaScript()).to.deep.equal({
        name: secret("n"),
        password: secret("p"),
      });

      fake.answers.read = undefined;
      const gone = await call(service.read, request);
      expect(gone.getId()).to.equal("");
      expect(gone.getProperties()).to.equal(undefined);
    });

    it("Read with an id alone (an import) reads what the kind's import derives from the id", async () => {
      fake.answers.read = undefined;
      const request = new ReadRequest();
      request.setType(token);
      request.setId("x");
      await call(service.read, request);
      expect(fake.calls[0]).to.deep.equal(["read", "imported-x", { from: "x" }, {}, "import"]);
    });

    it("Read with an id alone of a kind without import adaptation reads by the id", async () => {
      delete (fake.resource as { importProperties?: unknown }).importProperties;
      service = providerService(catalog(), async () => undefined);
      fake.answers.read = undefined;
      const request = new ReadRequest();
      request.setType(token);
      request.setId("x");
      await call(service.read, request);
      expect(fake.calls[0]).to.deep.equal(["read", "x", {}, {}, "import"]);
    });

    it("Delete hands the id and properties to the kind", async () => {
      const request = new DeleteRequest();
      request.setType(token);
      request.setId("id-6");
      request.setProperties(struct({ name: "n" }));
      await call(service.delete, request);
      expect(fake.calls).to.deep.equal([["delete", "id-6", { name: "n" }]]);
    });

    it("a resource an alias moved from the dynamic classes: its state's serialized provider never reaches the kind", async () => {
      const state = { name: "n", __provider: "exports.handler = ..." };
      fake.answers.diff = { changes: false, replaces: [] };
      fake.answers.update = { name: "n" };
      fake.answers.read = undefined;
      const diff = new DiffRequest();
      diff.setType(token);
      diff.setOlds(struct(state));
      diff.setNews(struct({ name: "n" }));
      await call(service.diff, diff);
      const update = new UpdateRequest();
      update.setType(token);
      update.setId("id-7");
      update.setOlds(struct(state));
      update.setNews(struct({ name: "n" }));
      await call(service.update, update);
      const read = new ReadRequest();
      read.setType(token);
      read.setId("id-7");
      read.setProperties(struct(state));
      read.setInputs(struct(state));
      await call(service.read, read);
      const remove = new DeleteRequest();
      remove.setType(token);
      remove.setId("id-7");
      remove.setProperties(struct(state));
      await call(service.delete, remove);
      expect(fake.calls).to.deep.equal([
        ["diff", { name: "n" }, { name: "n" }, undefined],
        ["update", "id-7", { name: "n" }, { name: "n" }],
        ["read", "id-7", { name: "n" }, { name: "n" }, "refresh"],
        ["delete", "id-7", { name: "n" }],
      ]);
    });

    it("sends an operation's progress lines to the engine under its URN before it answers", async () => {
      const progress = progressToEngine(async (entry) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        lines.push(entry);
      });
      fake.answers.delete = async () => {
        progress("ApiKey", "waiting for the key");
        progress("ApiKey", "warning: the key was already gone");
      };
      const request = new DeleteRequest();
      request.setType(token);
      request.setUrn(`urn:pulumi:dev::proj::${token}::res`);
      await call(service.delete, request);
      expect(lines).to.deep.equal([
        {
          severity: "info",
          message: "[ApiKey] waiting for the key",
          urn: `urn:pulumi:dev::proj::${token}::res`,
        },
        {
          severity: "warning",
          message: "the key was already gone",
          urn: `urn:pulumi:dev::proj::${token}::res`,
        },
      ]);
      lines.length = 0;
      progress("Alert", "outside any operation");
      await new Promise((resolve) => setTimeout(resolve, 40));
      expect(lines).to.deep.equal([
        { severity: "info", message: "[Alert] outside any operation", urn: undefined },
      ]);
    });
  });

  describe("getSeries invoke against the emulator", function () {
    this.timeout(30_000);
    let emulator: RunningEmulator;
    const saved = { url: process.env.OBSERVABILITY_API_URL, token: process.env.OBSERVABILITY_API_TOKEN };
    const startTime = Date.UTC(2025, 0, 6, 0, 0, 0);

    before(async () => {
      emulator = await sharedEmulator();
      delete process.env.OBSERVABILITY_API_URL;
      delete process.env.OBSERVABILITY_API_TOKEN;
    });
    after(() => {
      for (const [name, value] of [
        ["OBSERVABILITY_API_URL", saved.url],
        ["OBSERVABILITY_API_TOKEN", saved.token],
      ] as const)
        if (value !== undefined) process.env[name] = value;
    });

    function invokeRequest(tok: string, args: Record<string, unknown>): InvokeRequest {
      const request = new InvokeRequest();
      request.setTok(tok);
      request.setArgs(struct(args));
      return request;
    }

    const args = (aggFn: string): Record<string, unknown> => ({
      series: [{ sourceId: emulator.fixture.sources[0].id, aggFn, field: "Duration" }],
      startTime,
      endTime: startTime + 3_600_000,
      granularity: "1h",
    });

    it("names a function it does not serve", async () => {
      const failure = await failureOf(
        call(service.invoke, invokeRequest("clickhouse-cloud:index:getOther", {})),
      );
      expect(failure.details).to.equal("clickhouse-cloud serves no function clickhouse-cloud:index:getOther");
    });

    it("says which plugin key is missing when the observability settings are not configured", async () => {
      const failure = await failureOf(
        call(service.invoke, invokeRequest("clickhouse-cloud:index:getSeries", args("avg"))),
      );
      expect(failure.details).to.include("clickhouse-cloud:observabilityApiUrl");
      expect(failure.details).to.not.include("observability:apiUrl");
    });

    it("returns argument problems as failures, sending nothing", async () => {
      const response = await call(
        service.invoke,
        invokeRequest("clickhouse-cloud:index:getSeries", {
          ...args("p95"),
          series: [{ sourceId: emulator.fixture.sources[0].id, aggFn: "p95", field: "Duration", level: 0.5 }],
        }),
      );
      expect(response.getFailuresList().map((failure) => failure.getProperty())).to.include(
        "series[0].level",
      );
      expect(response.getReturn()).to.equal(undefined);
    });

    it("queries with the configured settings, and warns of a deprecated aggregate before answering", async () => {
      const configure = new ConfigureRequest();
      configure.setArgs(
        struct({
          observabilityApiUrl: emulator.fixture.observabilityUrl,
          observabilityApiToken: secret(emulator.fixture.observabilityToken),
          observabilityThrottle: "off",
        }),
      );
      await call(service.configure, configure);
      const response = await call(
        service.invoke,
        invokeRequest("clickhouse-cloud:index:getSeries", args("p95")),
      );
      expect(response.getFailuresList()).to.deep.equal([]);
      const result = response.getReturn()!.toJavaScript() as { series: unknown[] };
      expect(result.series).to.have.length(1);
      expect(lines).to.deep.equal([
        {
          severity: "warning",
          message:
            'series[0].aggFn "p95" is deprecated: the observability API has no such function; it is sent as aggFn "quantile" with level 0.95. Write that instead.',
        },
      ]);
    });
  });
});

describe("native plugin catalog", () => {
  it("serves the package's version, its checked-in schema and a type token per kind", async () => {
    const catalog = pluginCatalog();
    expect(catalog.version).to.equal("0.1.0");
    const schema = JSON.parse(catalog.schema) as { name: string; version: string };
    expect([schema.name, schema.version]).to.deep.equal(["clickhouse-cloud", "0.1.0"]);
    expect(
      catalog.resources.map((resource) => [resource.token, resource.importProperties !== undefined]),
    ).to.deep.equal([
      ["clickhouse-cloud:index:Alert", true],
      ["clickhouse-cloud:index:ApiKey", true],
      ["clickhouse-cloud:index:ClickPipe", true],
      ["clickhouse-cloud:index:ClickPipesCdcScaling", true],
      ["clickhouse-cloud:index:Dashboard", true],
      ["clickhouse-cloud:index:Invitation", true],
      ["clickhouse-cloud:index:Member", true],
      ["clickhouse-cloud:index:OrganizationSettings", true],
      ["clickhouse-cloud:index:PrivateEndpoint", true],
      ["clickhouse-cloud:index:ReplicaScaling", true],
      ["clickhouse-cloud:index:ReversePrivateEndpoint", true],
      ["clickhouse-cloud:index:Role", true],
      ["clickhouse-cloud:index:RoleAssignment", true],
      ["clickhouse-cloud:index:SavedSearch", true],
      ["clickhouse-cloud:index:ScalingSchedule", true],
      ["clickhouse-cloud:index:Service", true],
      ["clickhouse-cloud:index:ServiceClickHouseSettings", true],
      ["clickhouse-cloud:index:ServiceQueryEndpoint", true],
      ["clickhouse-cloud:index:Source", true],
      ["clickhouse-cloud:index:UpgradeWindow", true],
      ["clickhouse-cloud:index:Webhook", true],
    ]);
  });
});

describe("native plugin service: the real catalog against the emulator", function () {
  this.timeout(30_000);
  let emulator: RunningEmulator;
  let service: IResourceProviderServer;

  before(async () => {
    emulator = await sharedEmulator();
    service = providerService(pluginCatalog(), async () => undefined);
    const { fixture } = emulator;
    const configure = new ConfigureRequest();
    configure.setArgs(
      struct({
        apiUrl: fixture.managementUrl,
        organizationId: fixture.organizationId,
        tokenKey: fixture.tokenKey,
        tokenSecret: secret(fixture.tokenSecret),
        throttle: "off",
      }),
    );
    await call(service.configure, configure);
  });

  it("creates, reads and deletes an API key, its secret marked", async () => {
    const { fixture } = emulator;
    const keyToken = "clickhouse-cloud:index:ApiKey";
    const check = new CheckRequest();
    check.setType(keyToken);
    check.setNews(struct({ name: "inprocess-key", roles: ["developer"] }));
    const checked = await call(service.check, check);
    expect(checked.getFailuresList()).to.deep.equal([]);

    const create = new CreateRequest();
    create.setType(keyToken);
    create.setProperties(checked.getInputs());
    const created = await call(service.create, create);
    const id = created.getId();
    const outputs = created.getProperties()!.toJavaScript() as Record<string, unknown>;
    expect(outputs.name).to.equal("inprocess-key");
    expect(outputs.keySecret).to.include({ [sigKey]: sig });
    // The program gave no keyId: the one the API issued is the key's public id, not a secret.
    expect(outputs.keyId).to.be.a("string").and.match(/\S/);
    const keyUrl = `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/keys/${id}`;
    const auth = { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) };
    const stored = await send(keyUrl, "GET", { headers: auth });
    expect(stored.status).to.equal(200);
    expect((stored.body as { result: { name: string } }).result.name).to.equal("inprocess-key");

    const read = new ReadRequest();
    read.setType(keyToken);
    read.setId(id);
    read.setProperties(created.getProperties());
    read.setInputs(checked.getInputs());
    const readBack = await call(service.read, read);
    expect(readBack.getId()).to.equal(id);
    expect((readBack.getProperties()!.toJavaScript() as Record<string, unknown>).keySecret).to.include({
      [sigKey]: sig,
    });

    const remove = new DeleteRequest();
    remove.setType(keyToken);
    remove.setId(id);
    remove.setProperties(created.getProperties());
    await call(service.delete, remove);
    expect((await send(keyUrl, "GET", { headers: auth })).status).to.equal(404);
  });

  it("fails a check of a key without its required name", async () => {
    const check = new CheckRequest();
    check.setType("clickhouse-cloud:index:ApiKey");
    check.setNews(struct({ roles: ["developer"] }));
    const checked = await call(service.check, check);
    expect(checked.getFailuresList().map((failure) => failure.getProperty())).to.deep.equal(["name"]);
  });

  it("Check hands the previous inputs to the kind: a filter the search had may stay, a second one of that shape may not", async () => {
    const sql = (condition: string) => ({ type: "sql", condition });
    const had = { name: "slow", sourceId: "0123456789abcdef01234567", filters: [sql("Duration > 100")] };
    const check = (olds: Record<string, unknown>, news: Record<string, unknown>) => {
      const request = new CheckRequest();
      request.setType("clickhouse-cloud:index:SavedSearch");
      request.setOlds(struct(olds));
      request.setNews(struct(news));
      return call(service.check, request);
    };
    const reasons = async (olds: Record<string, unknown>, news: Record<string, unknown>) =>
      (await check(olds, news)).getFailuresList().map((failure) => failure.getReason());
    expect(await reasons(had, had)).to.deep.equal([]);
    const added = await reasons(had, { ...had, filters: [sql("Duration > 100"), sql("Status >= 500")] });
    expect(added).to.have.length(1);
    expect(added[0]).to.match(/^filters\[1\] must be an SQL condition on one column/);
    expect(await reasons({}, had), "new: the filter is not one the search had").to.have.length(1);
  });
});
