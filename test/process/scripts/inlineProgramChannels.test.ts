import * as grpc from "@grpc/grpc-js";
import { expect } from "chai";
import { ResourceMonitorClient, ResourceMonitorService } from "@pulumi/pulumi/proto/resource_grpc_pb";
import { SupportsFeatureRequest, SupportsFeatureResponse } from "@pulumi/pulumi/proto/resource_pb";
import { LocalStack } from "../../../scripts/lib/localStack";
import { testProgram } from "../../support/programs";

/** The client options the Node SDK gives the resource-monitor client of every program it runs. */
function sdkClientOptions(): grpc.ClientOptions {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require("@pulumi/pulumi/runtime/settings") as { grpcClientOptions: grpc.ClientOptions })
    .grpcClientOptions;
}

/** A resource monitor that answers only `supportsFeature`, like an engine's, on the given port (0: any). */
async function monitorOn(port: number): Promise<{ server: grpc.Server; port: number }> {
  const server = new grpc.Server();
  server.addService(ResourceMonitorService, {
    supportsFeature: (
      _call: grpc.ServerUnaryCall<SupportsFeatureRequest, SupportsFeatureResponse>,
      answer: grpc.sendUnaryData<SupportsFeatureResponse>,
    ) => answer(null, new SupportsFeatureResponse().setHassupport(true)),
  } as unknown as grpc.UntypedServiceImplementation);
  const bound = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), (error, actual) =>
      error ? reject(error) : resolve(actual),
    ),
  );
  return { server, port: bound };
}

/** What a program's first call to a monitor gets: "ok", or the gRPC error's code and text. */
function firstCall(client: ResourceMonitorClient): Promise<string> {
  return new Promise((resolve) =>
    client.supportsFeature(new SupportsFeatureRequest().setId("secrets"), (error) =>
      resolve(error ? `${error.code} ${error.details}` : "ok"),
    ),
  );
}

describe("inline programs' connections to the engine", () => {
  it("a program reaches a new engine on a port where an earlier program's engine had gone", async () => {
    const { projectDir, programModule } = testProgram("reliability", "bad-input");
    const stack = await LocalStack.create({ projectDir, programModule });
    await stack.dispose();

    // An earlier operation: its program's client is never closed, and calls its engine after the engine ended.
    const earlier = await monitorOn(0);
    const address = `127.0.0.1:${earlier.port}`;
    const earlierProgram = new ResourceMonitorClient(
      address,
      grpc.credentials.createInsecure(),
      sdkClientOptions(),
    );
    expect(await firstCall(earlierProgram)).to.equal("ok");
    earlier.server.forceShutdown();
    expect(await firstCall(earlierProgram)).to.match(/^14 .*ECONNREFUSED/);

    // A later operation's engine listens on the same port; its program's client must get through.
    const later = await monitorOn(earlier.port);
    const laterProgram = new ResourceMonitorClient(
      address,
      grpc.credentials.createInsecure(),
      sdkClientOptions(),
    );
    try {
      expect(await firstCall(laterProgram)).to.equal("ok");
    } finally {
      earlierProgram.close();
      laterProgram.close();
      later.server.forceShutdown();
    }
  });
});
