import { expect } from "chai";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { ConfigureRequest, InvokeRequest, type InvokeResponse } from "@pulumi/pulumi/proto/provider_pb";
import type { RunningEmulator } from "../../../emulator";
import { readMembers } from "../../../provider/functions/memberLookup";
import { pluginCatalog } from "../../../provider/native/catalog";
import { providerService } from "../../../provider/native/service";
import { dedicatedEmulator } from "../../support/emulator";
import { call } from "./unaryCall";

const getMembersToken = "clickhouse-cloud:index:getMembers";
const struct = (bag: Record<string, unknown>): Struct => Struct.fromJavaScript(bag as never);

interface PropertySpec {
  description?: string;
  type?: string;
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

describe("native plugin: the getMembers invoke", function () {
  this.timeout(30_000);
  let emulator: RunningEmulator;
  const plugin = providerService(pluginCatalog(), async () => undefined);
  const schema = JSON.parse(pluginCatalog().schema) as Schema;

  before(async () => {
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

  const invoke = (args: Record<string, unknown>): Promise<InvokeResponse> => {
    const request = new InvokeRequest();
    request.setTok(getMembersToken);
    request.setArgs(struct(args));
    return call(plugin.invoke, request);
  };

  it("takes organizationId and answers a list of MemberInfo, whose fields are a Member's outputs", () => {
    const { inputs, outputs } = schema.functions[getMembersToken];
    expect(Object.keys(inputs.properties)).to.deep.equal(["organizationId"]);
    expect(outputs.required).to.deep.equal(["organizationId", "members"]);
    expect(outputs.properties.members.items).to.deep.equal({
      $ref: "#/types/clickhouse-cloud:index:MemberInfo",
    });
    const item = schema.types["clickhouse-cloud:index:MemberInfo"];
    expect(Object.keys(item.properties)).to.deep.equal([
      "userId",
      "name",
      "email",
      "role",
      "assignedRoles",
      "joinedAt",
    ]);
    const member = schema.resources["clickhouse-cloud:index:Member"];
    expect(item.properties.assignedRoles).to.deep.equal(member.properties.assignedRoles);
    expect(item.properties.email).to.deep.equal(member.properties.email);
    expect(item.properties.userId.description).to.not.include("resource id");
    expect(item.required).to.deep.equal(["userId", "assignedRoles"]);
  });

  it("answers the organization's members as the program-side reader does", async () => {
    const response = await invoke({});
    expect(response.getFailuresList()).to.deep.equal([]);
    const answered = response.getReturn()!.toJavaScript() as {
      organizationId: string;
      members: { userId: string; email: string }[];
    };
    const { organizationId, managementUrl, tokenKey, tokenSecret, members } = emulator.fixture;
    const settings: Record<string, string> = {
      "clickhouse:apiUrl": managementUrl,
      "clickhouse:organizationId": organizationId,
      "clickhouse:tokenKey": tokenKey,
      "clickhouse:tokenSecret": tokenSecret,
      "clickhouse:throttle": "off",
    };
    const direct = await readMembers({}, { lookup: { source: { get: (key) => settings[key] }, env: {} } });
    expect(answered).to.deep.equal(JSON.parse(JSON.stringify(direct)));
    expect(answered.organizationId).to.equal(organizationId);
    expect(answered.members.map((member) => [member.userId, member.email])).to.deep.equal([
      [members.admin, "admin@example.com"],
      [members.developer, "developer@example.com"],
    ]);
  });

  it("returns an organization id that is not a uuid as a failure naming the field, sending nothing", async () => {
    await emulator.control.clearRequests();
    const failures = (await invoke({ organizationId: "acme" }))
      .getFailuresList()
      .map((failure) => `${failure.getProperty()}: ${failure.getReason()}`);
    expect(failures).to.have.length(1);
    expect(failures[0]).to.match(/^organizationId: organizationId must be a uuid .*; got "acme"$/);
    expect(await emulator.control.requests()).to.deep.equal([]);
  });
});
