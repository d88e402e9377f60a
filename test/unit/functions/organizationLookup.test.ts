/**
 * getOrganization and getRoles, the program-side functions, against a fresh emulator of each wire: what they answer
 * is what the management API shows (read here with plain HTTP requests), and bad arguments are refused before any
 * request.
 */
import { randomUUID } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";
import { expect } from "chai";
import { getOrganization, getOrganizationOutput, getRoles, getRolesOutput } from "../../../provider";
import { readOrganization, readRoles } from "../../../provider/functions/organizationLookup";
import type { LookupConnection } from "../../../provider/functions/serviceLookup";
import { RequestValidationError } from "../../../provider/validation/validate";
import { CannedServer } from "../../support/cannedServer";
import { failureOf } from "../../support/failureOf";
import { forEachDialect, useEmulator } from "../../support/emulator";
import { basicAuth, send, type Json } from "../../support/httpRequests";
import { stackConfigFor } from "../../support/stackConfig";

forEachDialect((dialect) => {
  describe(`getOrganization and getRoles on the ${dialect} wire`, function () {
    this.timeout(60_000);
    const use = useEmulator({ dialect });
    let savedConfig: Record<string, string>;

    const api = async (method: string, path: string, body?: Json): Promise<Json> => {
      const { tokenKey, tokenSecret, organizationId } = use.emulator.fixture;
      const response = await send(`${use.emulator.url}/v1/organizations/${organizationId}${path}`, method, {
        headers: { authorization: basicAuth(tokenKey, tokenSecret) },
        body,
      });
      expect(response.status, response.text).to.equal(200);
      return response.body.result;
    };
    const sent = async () => (await use.emulator.control.requests()).map((entry) => entry.route);

    beforeEach(() => {
      // The functions read the stack config from the Pulumi SDK's process-wide store, as in a program.
      savedConfig = pulumi.runtime.allConfig();
      const config = stackConfigFor(use.emulator);
      pulumi.runtime.setAllConfig(
        Object.fromEntries(Object.entries(config).map(([key, entry]) => [key, entry.value])),
      );
    });
    afterEach(() => pulumi.runtime.setAllConfig(savedConfig));

    it("getOrganization answers the organization as the API shows it, its endpoints included", async () => {
      await api("PATCH", "", {
        name: "Analytics team",
        enableCoreDumps: false,
        privateEndpoints: {
          add: [
            {
              id: "vpce-0123456789abcdef0",
              description: "app VPC",
              cloudProvider: "aws",
              region: "us-east-1",
            },
          ],
        },
      });
      const shown = await api("GET", "");
      const found = await getOrganization();
      expect(found).to.deep.equal({
        id: use.emulator.fixture.organizationId,
        name: "Analytics team",
        createdAt: shown.createdAt,
        enableCoreDumps: false,
        privateEndpoints: [
          { id: "vpce-0123456789abcdef0", description: "app VPC", cloudProvider: "aws", region: "us-east-1" },
        ],
        byocConfig: [],
      });
      expect(found.createdAt).to.be.a("string");
      const output = getOrganizationOutput({
        organizationId: pulumi.output(use.emulator.fixture.organizationId),
      });
      expect(await valueOf(output)).to.deep.equal(found);
    });

    it("getRoles answers every role, system and custom, with actors and policies; name filters exactly", async () => {
      const made = await api("POST", "/roles", {
        name: "operators",
        actors: [],
        policies: [
          { allowDeny: "ALLOW", permissions: ["control-plane:service:view"], resources: ["instance/*"] },
        ],
      });
      const listed = (await api("GET", "/roles")) as Json[];
      const all = await getRoles();
      expect(all.organizationId).to.equal(use.emulator.fixture.organizationId);
      expect(all.roles.map((role) => role.id)).to.deep.equal(listed.map((role) => role.id));
      expect(all.roles.map((role) => [role.name, role.type])).to.deep.equal([
        ["Admin", "system"],
        ["Billing", "system"],
        ["Org API reader", "system"],
        ["Member", "system"],
        ["operators", "custom"],
      ]);
      expect(all.roles[0].actors).to.deep.equal(listed[0].actors);
      expect(all.roles[0].actors).to.include(`user/${use.emulator.fixture.members.admin}`);
      const { roles } = await getRoles({ name: "operators" });
      expect(roles).to.deep.equal([
        {
          id: made.id,
          name: "operators",
          type: "custom",
          actors: [],
          policies: [
            {
              id: made.policies[0].id,
              allowDeny: "ALLOW",
              permissions: ["control-plane:service:view"],
              resources: ["instance/*"],
            },
          ],
          createdAt: made.createdAt,
        },
      ]);
      expect((await getRoles({ name: "OPERATORS" })).roles).to.deep.equal([]);
      const output = getRolesOutput({ name: pulumi.output("Member") });
      expect((await valueOf(output)).roles.map((role) => role.name)).to.deep.equal(["Member"]);
    });

    it("refuses arguments that break a rule before any request, naming the field and the rule", async () => {
      await use.emulator.control.clearRequests();
      const organizationError = await failureOf(() => getOrganization({ organizationId: "acme" }));
      expect(organizationError).to.be.instanceOf(RequestValidationError);
      expect(organizationError.message).to.match(
        /^the getOrganization arguments is invalid: organizationId: organizationId must be a uuid .*; got "acme"$/,
      );
      const rolesError = await failureOf(() => getRoles({ name: " " }));
      expect(rolesError).to.be.instanceOf(RequestValidationError);
      expect(rolesError.message).to.equal(
        'the getRoles arguments is invalid: name: name must be a non-empty string; got " "',
      );
      expect(await sent()).to.deep.equal([]);
    });
  });
});

/** The value of an Output, or the error its apply threw. `promise()` is the SDK's own accessor. */
function valueOf<T>(output: pulumi.Output<T>): Promise<T> {
  return (output as unknown as { promise(): Promise<T> }).promise();
}

describe("getOrganization and getRoles: answers of other shapes", () => {
  const organizationId = "0b3c2d4e-5f60-4718-8293-a4b5c6d7e8f9";
  const answers: Record<string, unknown> = {
    [`/v1/organizations/${organizationId}`]: {
      id: organizationId,
      name: null,
      createdAt: 20240101,
      tier: "SCALE",
      privateEndpoints: [{ id: "vpce-1", description: null, cloudProvider: "aws", region: 1 }],
      byocConfig: [
        { id: "byoc-1", state: "infra-ready", regionId: "us-east-1", cloudProvider: "aws", extra: true },
        null,
      ],
    },
    [`/v1/organizations/${organizationId}/roles`]: [
      { id: "9a8b7c6d-5e4f-4321-9abc-def012345678", name: "Admin", actors: null, policies: null },
      {
        id: "1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
        type: "custom",
        policies: [
          { id: "p-1", allowDeny: "ALLOW", permissions: ["control-plane:service:view"], tags: null },
        ],
      },
    ],
  };
  let server: CannedServer;
  const connection = (): LookupConnection => {
    const settings: Record<string, string> = {
      "clickhouse:apiUrl": server.url,
      "clickhouse:organizationId": organizationId,
      "clickhouse:tokenKey": "key-id-1",
      "clickhouse:tokenSecret": "secret-1",
      "clickhouse:throttle": "off",
    };
    return { lookup: { source: { get: (key) => settings[key] }, env: {} } };
  };

  before(async () => {
    server = await new CannedServer((_index, request) => ({
      status: 200,
      body: JSON.stringify({ status: 200, result: answers[request.url ?? ""], requestId: randomUUID() }),
    })).start();
  });
  after(() => server.stop());

  it("leave out what the API leaves out or answers in another type, and show tier and BYOC when it has them", async () => {
    expect(await readOrganization({}, connection())).to.deep.equal({
      id: organizationId,
      tier: "SCALE",
      privateEndpoints: [{ id: "vpce-1", cloudProvider: "aws" }],
      byocConfig: [{ id: "byoc-1", state: "infra-ready", regionId: "us-east-1", cloudProvider: "aws" }],
    });
    expect(await readRoles({}, connection())).to.deep.equal({
      organizationId,
      roles: [
        { id: "9a8b7c6d-5e4f-4321-9abc-def012345678", name: "Admin", actors: [], policies: [] },
        {
          id: "1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
          type: "custom",
          actors: [],
          policies: [
            { id: "p-1", allowDeny: "ALLOW", permissions: ["control-plane:service:view"], resources: [] },
          ],
        },
      ],
    });
  });
});
