import type * as grpc from "@grpc/grpc-js";
import { expect } from "chai";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { ConfigureRequest, CreateRequest } from "@pulumi/pulumi/proto/provider_pb";
import type { RunningEmulator } from "../../../emulator";
import { pluginCatalog } from "../../../provider/native/catalog";
import { providerService } from "../../../provider/native/service";
import { tileAlertBody } from "../../support/alertBodies";
import { sharedEmulator } from "../../support/emulator";

const struct = (bag: Record<string, unknown>): Struct => Struct.fromJavaScript(bag as never);

/** The message of a unary handler's failure, called as grpc-js would. */
function failureMessage<Request, Response>(
  handler: grpc.handleUnaryCall<Request, Response>,
  request: Request,
): Promise<string> {
  return new Promise((resolve, reject) =>
    handler({ request } as grpc.ServerUnaryCall<Request, Response>, (error) =>
      error
        ? resolve(String((error as { details?: string }).details))
        : reject(new Error("the call succeeded")),
    ),
  );
}

/**
 * A rejected credential on the plugin's path: the hint names the keys a plugin stack sets (`clickhouse-cloud:*`),
 * never the dynamic classes' keys, which the plugin does not read.
 */
describe("native plugin: a 401 names the plugin's keys", function () {
  this.timeout(30_000);
  let emulator: RunningEmulator;

  before(async () => {
    emulator = await sharedEmulator();
  });

  async function rejectedCreate(kind: string, properties: Record<string, unknown>): Promise<string> {
    const { fixture } = emulator;
    const service = providerService(pluginCatalog(), async () => undefined);
    const configure = new ConfigureRequest();
    configure.setArgs(
      struct({
        apiUrl: fixture.managementUrl,
        organizationId: fixture.organizationId,
        tokenKey: fixture.tokenKey,
        tokenSecret: "not-the-secret",
        observabilityApiUrl: fixture.observabilityUrl,
        observabilityApiToken: "not-the-token",
        throttle: "off",
        observabilityThrottle: "off",
      }),
    );
    await new Promise((resolve) => service.configure({ request: configure } as never, resolve));
    const create = new CreateRequest();
    create.setType(`clickhouse-cloud:index:${kind}`);
    create.setProperties(struct(properties));
    return failureMessage(service.create, create);
  }

  it("management API: clickhouse-cloud:tokenKey and clickhouse-cloud:tokenSecret", async () => {
    const message = await rejectedCreate("ApiKey", { name: "hint-key", roles: ["developer"] });
    expect(message).to.include("rejected the credentials");
    expect(message).to.include("`pulumi config set --plaintext clickhouse-cloud:tokenKey <key-id>`");
    expect(message).to.include("`pulumi config set --secret clickhouse-cloud:tokenSecret <key-secret>`");
    expect(message).to.not.match(/clickhouse:|observability:/);
    expect(message).to.not.include("not-the-secret");
  });

  it("observability API: clickhouse-cloud:observabilityApiToken", async () => {
    const message = await rejectedCreate("Alert", { name: "hint-alert", ...tileAlertBody(emulator.fixture) });
    expect(message).to.include("rejected the credentials");
    expect(message).to.include("`pulumi config set --secret clickhouse-cloud:observabilityApiToken <token>`");
    expect(message).to.not.match(/clickhouse:|observability:/);
    expect(message).to.not.include("not-the-token");
  });
});
