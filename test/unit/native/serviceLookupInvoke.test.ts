import { expect } from "chai";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { ConfigureRequest, InvokeRequest, type InvokeResponse } from "@pulumi/pulumi/proto/provider_pb";
import type { RunningEmulator } from "../../../emulator";
import { readService } from "../../../provider/functions/serviceLookup";
import { pluginCatalog } from "../../../provider/native/catalog";
import { providerService } from "../../../provider/native/service";
import { basicAuth, send } from "../../support/httpRequests";
import { dedicatedEmulator } from "../../support/emulator";
import { call } from "./unaryCall";

const getServiceToken = "clickhouse-cloud:index:getService";
const getServicesToken = "clickhouse-cloud:index:getServices";
const struct = (bag: Record<string, unknown>): Struct => Struct.fromJavaScript(bag as never);

interface PropertySpec {
  description?: string;
  type?: string;
  $ref?: string;
  items?: { $ref?: string };
}
interface ObjectSpec {
  properties: Record<string, PropertySpec>;
  required?: string[];
}
interface Schema {
  resources: Record<string, ObjectSpec>;
  functions: Record<string, { inputs: ObjectSpec; outputs: ObjectSpec }>;
  types: Record<string, ObjectSpec>;
}

/** The gRPC status an invoke failed with: its `details` is the message the CLI shows. */
async function statusOf(operation: Promise<unknown>): Promise<{ code?: number; details?: string }> {
  const outcome = await operation.then(
    () => undefined,
    (error: { code?: number; details?: string }) => error,
  );
  expect(outcome, "the invoke should fail").to.not.equal(undefined);
  return outcome!;
}

describe("native plugin: the getService and getServices invokes", function () {
  this.timeout(30_000);
  let emulator: RunningEmulator;
  // What the plugin shows the user besides the answer (the warnings of deprecated arguments).
  const logged: unknown[] = [];
  const plugin = providerService(pluginCatalog(), async (entry) => {
    logged.push(entry);
  });
  const schema = JSON.parse(pluginCatalog().schema) as Schema;
  // What a Service's outputs hold besides a read of the service object: what the resource carries over, and its
  // backup configuration (a read of its own, which the functions do not make).
  const carriedOver = [
    "password",
    "passwordRotationTrigger",
    "backupId",
    "waitTimeoutMinutes",
    "backupPeriodInHours",
    "backupRetentionPeriodInHours",
    "backupStartTime",
  ];

  before(async () => {
    // The specification's wire (a loopback URL's default): the functions need no production route.
    emulator = await dedicatedEmulator();
    const configure = new ConfigureRequest();
    configure.setArgs(
      struct({
        apiUrl: emulator.fixture.managementUrl,
        organizationId: emulator.fixture.organizationId,
        tokenKey: emulator.fixture.tokenKey,
        tokenSecret: emulator.fixture.tokenSecret,
        throttle: "off",
      }),
    );
    await call(plugin.configure, configure);
  });
  after(() => emulator.close());

  const invoke = (token: string, args: Record<string, unknown>): Promise<InvokeResponse> => {
    const request = new InvokeRequest();
    request.setTok(token);
    request.setArgs(struct(args));
    return call(plugin.invoke, request);
  };
  const made = async (name: string, tags: { key: string; value?: string }[]): Promise<string> => {
    const { organizationId, tokenKey, tokenSecret } = emulator.fixture;
    const response = await send(`${emulator.url}/v1/organizations/${organizationId}/services`, "POST", {
      headers: { authorization: basicAuth(tokenKey, tokenSecret) },
      body: { name, provider: "gcp", region: "us-east1", tags },
    });
    return response.body.result.service.id;
  };

  describe("schema", () => {
    const resource = schema.resources["clickhouse-cloud:index:Service"];
    const reportedNames = Object.keys(resource.properties).filter((name) => !carriedOver.includes(name));

    it("getService takes id, name and organizationId, none required (exactly one of id and name is checked)", () => {
      const inputs = schema.functions[getServiceToken].inputs;
      expect(Object.keys(inputs.properties)).to.deep.equal(["id", "name", "organizationId"]);
      expect(inputs.required).to.equal(undefined);
      for (const [name, property] of Object.entries(inputs.properties)) {
        expect(property.description, name).to.be.a("string").and.not.equal("");
      }
    });

    it("getService answers id and a managed service's outputs a read has, with their descriptions and types", () => {
      const outputs = schema.functions[getServiceToken].outputs;
      expect(Object.keys(outputs.properties)).to.deep.equal(["id", ...reportedNames]);
      expect(outputs.properties).to.not.have.any.keys(...carriedOver);
      expect(outputs.properties.endpoints).to.deep.equal(resource.properties.endpoints);
      expect(outputs.properties.tags).to.deep.equal(resource.properties.tags);
      expect(outputs.properties.state.description).to.not.include("diff");
      expect(outputs.required).to.include.members(["id", "organizationId", "name", "state", "tags"]);
    });

    it("getServices takes name, a map of tags and organizationId, and answers a list of ServiceInfo", () => {
      const { inputs, outputs } = schema.functions[getServicesToken];
      expect(Object.keys(inputs.properties)).to.deep.equal(["name", "tags", "organizationId"]);
      expect(inputs.properties.tags).to.include({ type: "object" });
      expect(outputs.required).to.deep.equal(["organizationId", "services"]);
      expect(outputs.properties.services.items).to.deep.equal({
        $ref: "#/types/clickhouse-cloud:index:ServiceInfo",
      });
      const item = schema.types["clickhouse-cloud:index:ServiceInfo"];
      expect(item.properties).to.deep.equal(schema.functions[getServiceToken].outputs.properties);
    });
  });

  it("getService answers what the program-side reader answers, by name as by id, and warns of nothing", async () => {
    const id = emulator.fixture.services.development;
    const response = await invoke(getServiceToken, { name: "analytics-dev" });
    expect(response.getFailuresList()).to.deep.equal([]);
    const answered = response.getReturn()!.toJavaScript();
    const { organizationId, managementUrl, tokenKey, tokenSecret } = emulator.fixture;
    const settings: Record<string, string> = {
      "clickhouse:apiUrl": managementUrl,
      "clickhouse:organizationId": organizationId,
      "clickhouse:tokenKey": tokenKey,
      "clickhouse:tokenSecret": tokenSecret,
      "clickhouse:throttle": "off",
    };
    const direct = await readService(
      { id },
      { lookup: { source: { get: (key) => settings[key] }, env: {} } },
    );
    expect(answered).to.deep.equal(JSON.parse(JSON.stringify(direct)));
    expect(answered).to.include({ id, name: "analytics-dev", organizationId });
    expect(logged, "getService has no deprecated arguments to warn of").to.deep.equal([]);
  });

  it("getService of a name two services have fails naming both ids", async () => {
    const first = await made("twin", []);
    const second = await made("twin", []);
    const status = await statusOf(invoke(getServiceToken, { name: "twin" }));
    expect(status.details).to.equal(
      `getService found 2 services named "twin" in organization ${emulator.fixture.organizationId}: ` +
        `${first}, ${second}. Look the one you mean up by id instead.`,
    );
  });

  it("getServices filters by tags, an empty value asking for a tag without one", async () => {
    const tagged = await made("tagged", [{ key: "tier" }, { key: "team", value: "data" }]);
    await made("valued", [
      { key: "tier", value: "gold" },
      { key: "team", value: "data" },
    ]);
    const response = await invoke(getServicesToken, { tags: { tier: "", team: "data" } });
    expect(response.getFailuresList()).to.deep.equal([]);
    const answered = response.getReturn()!.toJavaScript() as {
      organizationId: string;
      services: { id: string; tags: Record<string, string> }[];
    };
    expect(answered.organizationId).to.equal(emulator.fixture.organizationId);
    expect(answered.services.map((service) => service.id)).to.deep.equal([tagged]);
    expect(answered.services[0].tags).to.deep.equal({ tier: "", team: "data" });
  });

  it("returns bad arguments as failures naming the field and the rule, sending nothing", async () => {
    await emulator.control.clearRequests();
    const failuresOf = async (token: string, args: Record<string, unknown>) =>
      (await invoke(token, args))
        .getFailuresList()
        .map((failure) => `${failure.getProperty()}: ${failure.getReason()}`);
    expect(await failuresOf(getServiceToken, {})).to.deep.equal([
      "id: exactly one of id (the service's uuid) and name (its name) must be given; got neither",
    ]);
    expect(
      await failuresOf(getServiceToken, { id: emulator.fixture.services.production, name: "analytics-prod" }),
    ).to.have.length(1);
    expect(await failuresOf(getServiceToken, { id: "not-a-uuid" })).to.deep.equal([
      'id: id must be a uuid (8-4-4-4-12 hex digits, e.g. 0b3c2d4e-5f60-4718-8293-a4b5c6d7e8f9); got "not-a-uuid"',
    ]);
    expect(await failuresOf(getServicesToken, { tags: ["team"] })).to.deep.equal([
      'tags: tags must be a map of tag key to value ("" for a tag without a value); got ["team"]',
    ]);
    expect(await emulator.control.requests()).to.deep.equal([]);
  });
});
