/**
 * The plugin's getOrganization and getRoles invokes against a dedicated emulator: their schema entries, that they
 * answer what the program-side readers answer, and that bad arguments come back as failures with nothing sent.
 */
import { expect } from "chai";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { ConfigureRequest, InvokeRequest, type InvokeResponse } from "@pulumi/pulumi/proto/provider_pb";
import type { RunningEmulator } from "../../../emulator";
import { readOrganization, readRoles } from "../../../provider/functions/organizationLookup";
import type { LookupConnection } from "../../../provider/functions/serviceLookup";
import { pluginCatalog } from "../../../provider/native/catalog";
import { providerService } from "../../../provider/native/service";
import { basicAuth, send } from "../../support/httpRequests";
import { dedicatedEmulator } from "../../support/emulator";
import { call } from "./unaryCall";

const getOrganizationToken = "clickhouse-cloud:index:getOrganization";
const getRolesToken = "clickhouse-cloud:index:getRoles";
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
  functions: Record<string, { description: string; inputs: ObjectSpec; outputs: ObjectSpec }>;
  types: Record<string, ObjectSpec>;
}

describe("native plugin: the getOrganization and getRoles invokes", function () {
  this.timeout(30_000);
  let emulator: RunningEmulator;
  const plugin = providerService(pluginCatalog(), async () => undefined);
  const schema = JSON.parse(pluginCatalog().schema) as Schema;

  before(async () => {
    // The specification's wire (a loopback URL's default): both routes are served on either wire.
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
  const answerOf = async (token: string, args: Record<string, unknown>) => {
    const response = await invoke(token, args);
    expect(response.getFailuresList()).to.deep.equal([]);
    return response.getReturn()!.toJavaScript();
  };
  const connection = (): LookupConnection => {
    const { organizationId, managementUrl, tokenKey, tokenSecret } = emulator.fixture;
    const settings: Record<string, string> = {
      "clickhouse:apiUrl": managementUrl,
      "clickhouse:organizationId": organizationId,
      "clickhouse:tokenKey": tokenKey,
      "clickhouse:tokenSecret": tokenSecret,
      "clickhouse:throttle": "off",
    };
    return { lookup: { source: { get: (key) => settings[key] }, env: {} } };
  };

  describe("schema", () => {
    it("getOrganization takes organizationId and answers the organization, its endpoints and BYOC as named types", () => {
      const { inputs, outputs } = schema.functions[getOrganizationToken];
      expect(Object.keys(inputs.properties)).to.deep.equal(["organizationId"]);
      expect(Object.keys(outputs.properties)).to.deep.equal([
        "id",
        "name",
        "createdAt",
        "enableCoreDumps",
        "tier",
        "privateEndpoints",
        "byocConfig",
      ]);
      expect(outputs.required).to.deep.equal(["id", "privateEndpoints", "byocConfig"]);
      expect(outputs.properties.privateEndpoints.items).to.deep.equal({
        $ref: "#/types/clickhouse-cloud:index:OrganizationPrivateEndpointInfo",
      });
      expect(
        Object.keys(schema.types["clickhouse-cloud:index:OrganizationByocInfo"].properties),
      ).to.deep.equal(["id", "state", "accountName", "regionId", "cloudProvider", "displayName"]);
    });

    it("getRoles takes name and organizationId and answers a list of RoleInfo with their policies", () => {
      const { inputs, outputs } = schema.functions[getRolesToken];
      expect(Object.keys(inputs.properties)).to.deep.equal(["name", "organizationId"]);
      expect(inputs.required).to.equal(undefined);
      expect(outputs.required).to.deep.equal(["organizationId", "roles"]);
      const role = schema.types["clickhouse-cloud:index:RoleInfo"];
      expect(Object.keys(role.properties)).to.deep.equal([
        "id",
        "name",
        "type",
        "actors",
        "policies",
        "createdAt",
      ]);
      expect(role.properties.policies.items).to.deep.equal({
        $ref: "#/types/clickhouse-cloud:index:RolePolicyInfo",
      });
      for (const [name, property] of Object.entries(role.properties)) {
        expect(property.description, name).to.be.a("string").and.not.equal("");
      }
    });
  });

  it("getOrganization answers what the program-side reader answers", async () => {
    const answered = await answerOf(getOrganizationToken, {});
    const direct = await readOrganization({}, connection());
    expect(answered).to.deep.equal(JSON.parse(JSON.stringify(direct)));
    expect(answered).to.include({ id: emulator.fixture.organizationId, name: "Emulated organization" });
  });

  it("getRoles answers what the program-side reader answers, all or by name", async () => {
    const { organizationId, tokenKey, tokenSecret } = emulator.fixture;
    const response = await send(`${emulator.url}/v1/organizations/${organizationId}/roles`, "POST", {
      headers: { authorization: basicAuth(tokenKey, tokenSecret) },
      body: { name: "readers", actors: [], policies: [] },
    });
    expect(response.status, response.text).to.equal(200);
    const all = await answerOf(getRolesToken, {});
    expect(all).to.deep.equal(JSON.parse(JSON.stringify(await readRoles({}, connection()))));
    const named = (await answerOf(getRolesToken, { name: "readers" })) as { roles: { id: string }[] };
    expect(named.roles.map((role) => role.id)).to.deep.equal([response.body.result.id]);
  });

  it("returns bad arguments as failures naming the field and the rule, sending nothing", async () => {
    await emulator.control.clearRequests();
    const failuresOf = async (token: string, args: Record<string, unknown>) =>
      (await invoke(token, args))
        .getFailuresList()
        .map((failure) => `${failure.getProperty()}: ${failure.getReason()}`);
    expect(await failuresOf(getOrganizationToken, { organizationId: "acme" })).to.deep.equal([
      'organizationId: organizationId must be a uuid (8-4-4-4-12 hex digits, e.g. 0b3c2d4e-5f60-4718-8293-a4b5c6d7e8f9); got "acme"',
    ]);
    expect(await failuresOf(getRolesToken, { name: "" })).to.deep.equal([
      'name: name must be a non-empty string; got ""',
    ]);
    expect(await emulator.control.requests()).to.deep.equal([]);
  });
});
