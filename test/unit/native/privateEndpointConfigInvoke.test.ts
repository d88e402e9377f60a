import { expect } from "chai";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { ConfigureRequest, InvokeRequest, type InvokeResponse } from "@pulumi/pulumi/proto/provider_pb";
import type { RunningEmulator } from "../../../emulator";
import { pluginCatalog } from "../../../provider/native/catalog";
import { providerService } from "../../../provider/native/service";
import { basicAuth, send } from "../../support/httpRequests";
import { dedicatedEmulator } from "../../support/emulator";
import { call } from "./unaryCall";

const token = "clickhouse-cloud:index:getPrivateEndpointConfig";
const struct = (bag: Record<string, unknown>): Struct => Struct.fromJavaScript(bag as never);

describe("native plugin: the getPrivateEndpointConfig invoke", function () {
  this.timeout(30_000);
  let emulator: RunningEmulator;
  const service = providerService(pluginCatalog(), async () => undefined);

  before(async () => {
    emulator = await dedicatedEmulator({ dialect: "production" });
  });
  after(() => emulator.close());

  const invoke = (args: Record<string, unknown>): Promise<InvokeResponse> => {
    const request = new InvokeRequest();
    request.setTok(token);
    request.setArgs(struct(args));
    return call(service.invoke, request);
  };

  it("is in the plugin's schema, with the service as its one required input", () => {
    const schema = JSON.parse(pluginCatalog().schema) as {
      functions: Record<string, { inputs: { required: string[] }; outputs: { required: string[] } }>;
    };
    expect(schema.functions[token].inputs.required).to.deep.equal(["serviceId"]);
    expect(schema.functions[token].outputs.required).to.include("endpointServiceId");
  });

  it("answers the service's configuration as the API reports it, the dialect following the API host unless set", async () => {
    const serviceId = emulator.fixture.services.production;
    // A loopback URL speaks the specification's wire unless configured: the plugin's dialect key says production.
    const configure = new ConfigureRequest();
    configure.setArgs(
      struct({
        apiUrl: emulator.fixture.managementUrl,
        apiDialect: "production",
        organizationId: emulator.fixture.organizationId,
        tokenKey: emulator.fixture.tokenKey,
        tokenSecret: emulator.fixture.tokenSecret,
        throttle: "off",
      }),
    );
    await call(service.configure, configure);
    const response = await invoke({ serviceId });
    expect(response.getFailuresList()).to.deep.equal([]);
    const direct = await send(
      `${emulator.url}/v1/organizations/${emulator.fixture.organizationId}/services/${serviceId}/privateEndpointConfig`,
      "GET",
      { headers: { authorization: basicAuth(emulator.fixture.tokenKey, emulator.fixture.tokenSecret) } },
    );
    expect(response.getReturn()!.toJavaScript()).to.deep.equal({
      serviceId,
      organizationId: emulator.fixture.organizationId,
      ...direct.body.result,
    });
  });

  it("returns a missing service as a failure naming serviceId, sending nothing", async () => {
    await emulator.control.clearRequests();
    const response = await invoke({});
    expect(response.getFailuresList().map((failure) => failure.getProperty())).to.deep.equal(["serviceId"]);
    expect(await emulator.control.requests()).to.deep.equal([]);
  });
});
