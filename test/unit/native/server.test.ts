import * as grpc from "@grpc/grpc-js";
import { expect } from "chai";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { EngineService } from "@pulumi/pulumi/proto/engine_grpc_pb";
import { LogSeverity, type LogRequest } from "@pulumi/pulumi/proto/engine_pb";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { CheckRequest, GetSchemaRequest } from "@pulumi/pulumi/proto/provider_pb";
import type { PluginInfo } from "@pulumi/pulumi/proto/plugin_pb";
import { engineLog, stderrLog } from "../../../provider/native/engineLog";
import { startPluginServer } from "../../../provider/native/server";
import {
  configValues,
  nativeConfigSource,
  nativeKey,
  setValueProblems,
} from "../../../provider/native/configuration";
import { nativeTypeToken } from "../../../provider/resources/typeTokens";

/** Captures what console.error writes while `run` runs. */
async function stderrOf(run: () => Promise<void>): Promise<string[]> {
  const written: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void written.push(args.join(" "));
  try {
    await run();
  } finally {
    console.error = original;
  }
  return written;
}

describe("native plugin server over gRPC in process", () => {
  it("serves GetPluginInfo and GetSchema to a gRPC client on its port, and closes", async () => {
    const plugin = await startPluginServer({
      version: "4.5.6",
      schema: "{}",
      resources: [],
      configure: () => undefined,
    });
    const client = new ResourceProviderClient(`127.0.0.1:${plugin.port}`, grpc.credentials.createInsecure());
    try {
      expect(plugin.port).to.be.greaterThan(0);
      const info = await new Promise<PluginInfo>((resolve, reject) =>
        client.getPluginInfo(new Empty(), (error, response) => (error ? reject(error) : resolve(response))),
      );
      expect(info.getVersion()).to.equal("4.5.6");
      const schema = await new Promise<string>((resolve, reject) =>
        client.getSchema(new GetSchemaRequest(), (error, response) =>
          error ? reject(error) : resolve(response.getSchema()),
        ),
      );
      expect(schema).to.equal("{}");
    } finally {
      client.close();
      await plugin.close();
    }
  });

  it("no longer answers once closed", async () => {
    const plugin = await startPluginServer({
      version: "1",
      schema: "{}",
      resources: [],
      configure: () => undefined,
    });
    await plugin.close();
    const client = new ResourceProviderClient(`127.0.0.1:${plugin.port}`, grpc.credentials.createInsecure());
    try {
      const error = await new Promise<grpc.ServiceError | null>((resolve) =>
        client.getPluginInfo(new Empty(), new grpc.Metadata(), { deadline: Date.now() + 5_000 }, (failure) =>
          resolve(failure),
        ),
      );
      expect(error?.code).to.equal(grpc.status.UNAVAILABLE);
    } finally {
      client.close();
    }
  });

  it("takes a request bigger than gRPC's 4 MB default, as a big state is", async () => {
    const big = "x".repeat(5 * 1024 * 1024);
    const plugin = await startPluginServer({
      version: "1",
      schema: "{}",
      resources: [],
      configure: () => undefined,
    });
    const client = new ResourceProviderClient(`127.0.0.1:${plugin.port}`, grpc.credentials.createInsecure(), {
      "grpc.max_receive_message_length": -1,
    });
    try {
      const request = new CheckRequest();
      request.setNews(Struct.fromJavaScript({ tokenKey: big }));
      const inputs = await new Promise<Record<string, unknown>>((resolve, reject) =>
        client.checkConfig(request, (error, response) =>
          error ? reject(error) : resolve(response.getInputs()!.toJavaScript()),
        ),
      );
      expect((inputs.tokenKey as string).length).to.equal(5 * 1024 * 1024);
    } finally {
      client.close();
      await plugin.close();
    }
  });
});

describe("native plugin engine log", () => {
  it("sends info and warning lines with their URN to the engine's Log RPC", async () => {
    const received: { severity: number; message: string; urn: string }[] = [];
    const server = new grpc.Server();
    server.addService(EngineService, {
      log: (call: grpc.ServerUnaryCall<LogRequest, Empty>, callback: grpc.sendUnaryData<Empty>) => {
        received.push({
          severity: call.request.getSeverity(),
          message: call.request.getMessage(),
          urn: call.request.getUrn(),
        });
        callback(null, new Empty());
      },
    } as unknown as grpc.UntypedServiceImplementation);
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
        error ? reject(error) : resolve(bound),
      ),
    );
    try {
      const log = engineLog(`127.0.0.1:${port}`);
      const written = await stderrOf(async () => {
        await log({ severity: "info", message: "[ApiKey] waiting", urn: "urn:pulumi:s::p::t::n" });
        await log({ severity: "warning", message: "careful" });
      });
      expect(received).to.deep.equal([
        { severity: LogSeverity.INFO, message: "[ApiKey] waiting", urn: "urn:pulumi:s::p::t::n" },
        { severity: LogSeverity.WARNING, message: "careful", urn: "" },
      ]);
      expect(written).to.deep.equal([]);
    } finally {
      await new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
    }
  });

  it("writes a line the engine does not take to stderr, a warning with its prefix", async function () {
    this.timeout(20_000);
    const log = engineLog("127.0.0.1:1");
    const written = await stderrOf(async () => {
      await log({ severity: "warning", message: "lost?" });
      await log({ severity: "info", message: "plain" });
    });
    expect(written).to.deep.equal(["warning: lost?", "plain"]);
  });

  it("writes to stderr when started without an engine", async () => {
    const written = await stderrOf(async () => {
      await stderrLog({ severity: "warning", message: "w" });
      await stderrLog({ severity: "info", message: "i" });
    });
    expect(written).to.deep.equal(["warning: w", "i"]);
  });
});

describe("native plugin configuration keys", () => {
  it("names each setting in the clickhouse-cloud namespace, and each type in its index module", () => {
    expect(nativeKey("tokenKey")).to.equal("clickhouse-cloud:tokenKey");
    expect(nativeKey("observabilityThrottle")).to.equal("clickhouse-cloud:observabilityThrottle");
    expect(nativeTypeToken("ApiKey")).to.equal("clickhouse-cloud:index:ApiKey");
  });

  it("answers the shared resolution's keys with the plugin's values, and nothing for other keys", () => {
    const source = nativeConfigSource({ tokenKey: "k", observabilityApiToken: "t" });
    expect(source.get("clickhouse:tokenKey")).to.equal("k");
    expect(source.get("observability:apiToken")).to.equal("t");
    expect(source.get("clickhouse:tokenSecret")).to.equal(undefined);
    expect(source.get("tokenKey")).to.equal(undefined);
  });

  it("takes typed args as strings, falls back to variables for unset or null args, and ignores unknown names", () => {
    expect(
      configValues(
        { throttle: 3, tokenKey: null, other: "x", apiUrl: false },
        new Map([
          ["clickhouse-cloud:tokenKey", "from-variables"],
          ["clickhouse-cloud:organizationId", "org"],
        ]),
      ),
    ).to.deep.equal({ organizationId: "org", tokenKey: "from-variables", apiUrl: "false", throttle: "3" });
  });

  it("finds no problem in unset or blank values, and trims before checking", () => {
    expect(setValueProblems({})).to.deep.equal([]);
    expect(setValueProblems({ throttle: "   ", observabilityThrottle: "\t" })).to.deep.equal([]);
    expect(
      setValueProblems({ apiUrl: "  ", throttle: " off ", observabilityApiUrl: " http://127.0.0.1:5/ " }),
    ).to.deep.equal([]);
  });

  it("takes spec and production as dialects and names the plugin's key of any other word", () => {
    expect(setValueProblems({ apiDialect: " production ", observabilityApiDialect: "spec" })).to.deep.equal(
      [],
    );
    expect(setValueProblems({ apiDialect: "prod", observabilityApiDialect: "v2" })).to.deep.equal([
      {
        property: "apiDialect",
        reason: 'clickhouse-cloud:apiDialect must be `spec` or `production`; got "prod"',
      },
      {
        property: "observabilityApiDialect",
        reason: 'clickhouse-cloud:observabilityApiDialect must be `spec` or `production`; got "v2"',
      },
    ]);
  });
});
