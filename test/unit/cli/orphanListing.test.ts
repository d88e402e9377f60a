/**
 * The orphan finder's work in this process: the settings it takes from the stacks, what it lists from the APIs,
 * the table it prints and what it deletes (the command's own tests run it as a child process with the real CLI).
 */
import { expect } from "chai";
import { configSource, type StackData } from "../../../provider/cli/stackReader";
import { connect } from "../../../provider/cli/connect";
import { orphanTable } from "../../../provider/cli/format";
import {
  deleteObject,
  listOrganizationObjects,
  selectForDeletion,
  type OrganizationAccess,
  type OrganizationObject,
} from "../../../provider/cli/orphans";
import { UsageError } from "../../../provider/cli/usageError";
import type { Fixture } from "../../../emulator";
import { tileAlertBody } from "../../support/alertBodies";
import { useEmulator } from "../../support/emulator";
import { CannedServer } from "../../support/cannedServer";
import { failureOf } from "../../support/failureOf";

/** A stack as `pulumi config --json` and `pulumi stack export` would give it. */
function stack(name: string, config: Record<string, string>): StackData {
  const json = Object.fromEntries(
    Object.entries(config).map(([key, value]) => [key, { value, secret: false }]),
  );
  return { name, exported: {}, config: configSource(json) };
}

function dynamicConfig(fixture: Fixture, observability = true): Record<string, string> {
  return {
    "clickhouse:apiUrl": fixture.managementUrl,
    "clickhouse:organizationId": fixture.organizationId,
    "clickhouse:tokenKey": fixture.tokenKey,
    "clickhouse:tokenSecret": fixture.tokenSecret,
    "clickhouse:throttle": "off",
    ...(observability
      ? {
          "observability:apiUrl": fixture.observabilityUrl,
          "observability:apiToken": fixture.observabilityToken,
          "observability:throttle": "off",
        }
      : {}),
  };
}

describe("orphans: listing, printing and deleting an organization's objects", () => {
  const setup = useEmulator({ provisioningDelayMs: 0 });
  const fixture = () => setup.emulator.fixture;
  const access = (observability = true, serviceIds = [fixture().services.production]) =>
    connect([stack("dev", dynamicConfig(fixture(), observability))], serviceIds, () => undefined);

  it("lists every key (marking the one in use), the custom roles, the pending invitations, the given services' endpoints and the alerts, as the API says", async () => {
    const organization = access();
    const { organizationId, services } = fixture();
    const key = await organization.management.keys.create(organizationId, {
      name: "ci",
      roles: ["developer"],
    });
    const endpoint = await organization.management.reversePrivateEndpoints.create(
      organizationId,
      services.production,
      {
        description: "to the queue",
        type: "VPC_ENDPOINT_SERVICE",
        vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0orphan",
      },
    );
    const alert = await organization.observability!.alerts.create({
      ...tileAlertBody(fixture()),
      name: "errors",
    });
    const role = await organization.management.roles.create(organizationId, {
      name: "deployers",
      actors: [],
      policies: [],
    });
    const invitation = await organization.management.invitations.create(organizationId, {
      email: "Analyst@example.com",
    });

    const { objects, notListed } = await listOrganizationObjects(organization);
    expect(notListed).to.deep.equal([]);
    const keys = objects.filter((object) => object.kind === "ApiKey");
    const inUse = keys.filter((object) => object.inUse === true);
    expect(
      inUse.map((object) => object.id),
      "the key of the fixture's credentials",
    ).to.have.length(1);
    expect(keys.find((object) => object.id === key.key.id)).to.deep.equal({
      kind: "ApiKey",
      id: key.key.id,
      name: "ci",
      createdAt: key.key.createdAt,
      state: "enabled",
    });
    // The system roles come with the organization: no run made them, and none can be deleted.
    expect(objects.filter((object) => object.kind === "Role")).to.deep.equal([
      { kind: "Role", id: role.id, name: "deployers", createdAt: role.createdAt },
    ]);
    // A pending invitation is what an `up` killed before its checkpoint leaves; members never are.
    expect(objects.filter((object) => object.kind === "Invitation")).to.deep.equal([
      { kind: "Invitation", id: invitation.id, name: "analyst@example.com", createdAt: invitation.createdAt },
    ]);
    expect(objects.filter((object) => object.kind === "Member")).to.deep.equal([]);
    expect(objects.filter((object) => object.kind === "ReversePrivateEndpoint")).to.deep.equal([
      {
        kind: "ReversePrivateEndpoint",
        id: endpoint.id,
        name: "to the queue",
        state: endpoint.status,
        serviceId: services.production,
      },
    ]);
    expect(objects.filter((object) => object.kind === "Alert")).to.deep.equal([
      {
        kind: "Alert",
        id: alert.id,
        name: "errors",
        createdAt: alert.createdAt,
        state: alert.state,
      },
    ]);
  });

  it("says what it could not list: a stopped service's endpoints, and alerts without an observability API", async () => {
    const { services } = fixture();
    await setup.emulator.control.setServiceState(services.development, "stopped");
    const { objects, notListed } = await listOrganizationObjects(
      access(false, [services.development, services.production]),
    );
    expect(notListed).to.deep.equal([
      "alerts: no observability API is configured (observability:apiUrl and observability:apiToken, " +
        "or OBSERVABILITY_API_URL and OBSERVABILITY_API_TOKEN)",
      `ClickPipes of service ${services.development}: the service is stopped`,
      `reverse private endpoints of service ${services.development}: the service is stopped`,
    ]);
    expect(objects.every((object) => object.kind === "ApiKey")).to.equal(true);
  });

  it("fails on any other refusal of a service's endpoints (a service id that is no UUID)", async () => {
    const error = await failureOf(() => listOrganizationObjects(access(true, ["no-such-service"])));
    expect(error.message).to.include('serviceId: must be a UUID; got "no-such-service" (400 BAD_REQUEST');
  });

  it("deletes exactly the object named, through its own API, and waits until an endpoint is gone", async () => {
    const organization = access();
    const { organizationId, services } = fixture();
    const key = await organization.management.keys.create(organizationId, {
      name: "gone",
      roles: ["developer"],
    });
    const endpoint = await organization.management.reversePrivateEndpoints.create(
      organizationId,
      services.production,
      {
        type: "VPC_ENDPOINT_SERVICE",
        vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0gone",
      },
    );
    const alert = await organization.observability!.alerts.create({
      ...tileAlertBody(fixture()),
      name: "errors",
    });
    const role = await organization.management.roles.create(organizationId, {
      name: "gone",
      actors: [],
      policies: [],
    });
    const invitation = await organization.management.invitations.create(organizationId, {
      email: "gone@example.com",
    });
    const before = (await listOrganizationObjects(organization)).objects;
    for (const id of [key.key.id, endpoint.id, alert.id, role.id, invitation.id]) {
      await deleteObject(
        organization,
        before.find((object) => object.id === id)!,
      );
    }
    const after = (await listOrganizationObjects(organization)).objects.map((object) => object.id);
    expect(after).to.not.include.members([key.key.id]);
    expect(after).to.not.include(endpoint.id);
    expect(after).to.not.include(alert.id);
    expect(after).to.not.include(role.id);
    expect(after).to.not.include(invitation.id);
    expect(await organization.management.invitations.list(organizationId)).to.deep.equal([]);
    expect(after).to.have.length(before.length - 5);
  });

  it("refuses to delete an alert when no observability API is configured", async () => {
    const error = await failureOf(() =>
      deleteObject(access(false), { kind: "Alert", id: "64b7f0c2a1b2c3d4e5f60718", name: "a" }),
    );
    expect(error.message).to.equal("no observability API is configured");
  });

  it("sends to the observability API at the pace its stack's throttle setting allows", async () => {
    const config = { ...dynamicConfig(fixture()), "observability:throttle": "1/2s" };
    const organization = connect([stack("paced", config)], [], () => undefined);
    const started = Date.now();
    await organization.observability?.alerts.list();
    await organization.observability?.alerts.list();
    // One request per 2 s: the second waits for the first's window (the API's own default would send both at once).
    expect(Date.now() - started).to.be.at.least(1_900);
  });
});

describe("orphans: what the API sends that the list does not need", () => {
  let server: CannedServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it("reads keys without a suffix, a date or a state (empty, or null as the real API answers what is unset), endpoints without a description and pipes without a name", async () => {
    const pipeId = "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f";
    const keys = [
      {
        id: "k-null-fields",
        name: "null fields",
        keySuffix: null,
        state: null,
        createdAt: null,
        roles: ["developer"],
      },
      {
        id: "k-empty-suffix",
        name: "no suffix",
        keySuffix: "",
        state: "",
        createdAt: "",
        roles: ["developer"],
      },
      { id: "k-other", name: "other", keySuffix: "zzzz", state: "disabled", roles: ["developer"] },
    ];
    server = new CannedServer((_, request) => ({
      status: 200,
      body: JSON.stringify({
        status: 200,
        requestId: "r",
        result: request.url?.includes("dataPipesReversePrivateEndpoints")
          ? [{ id: "ep-1", type: "VPC_ENDPOINT_SERVICE", vpcEndpointServiceName: "svc", status: "Ready" }]
          : request.url?.endsWith("/clickpipes")
            ? [{ id: pipeId, name: null, state: "Stopped", source: null, createdAt: null }]
            : request.url?.includes("/invitations")
              ? []
              : keys,
      }),
    }));
    await server.start();
    const organization: OrganizationAccess = connect(
      [
        stack("dev", {
          "clickhouse:apiUrl": server.url,
          "clickhouse:organizationId": "org-1",
          "clickhouse:tokenKey": "tokenkey-abcd",
          "clickhouse:tokenSecret": "secret",
          "clickhouse:throttle": "off",
        }),
      ],
      ["svc-1"],
      () => undefined,
    );
    const { objects } = await listOrganizationObjects(organization);
    expect(objects).to.deep.equal([
      { kind: "ApiKey", id: "k-null-fields", name: "null fields" },
      { kind: "ApiKey", id: "k-empty-suffix", name: "no suffix" },
      { kind: "ApiKey", id: "k-other", name: "other", state: "disabled" },
      { kind: "ClickPipe", id: pipeId, name: "", state: "Stopped", serviceId: "svc-1" },
      { kind: "ReversePrivateEndpoint", id: "ep-1", name: "", state: "Ready", serviceId: "svc-1" },
    ]);
  });
});

describe("orphans: the printed table", () => {
  const orphans: OrganizationObject[] = [
    {
      kind: "ApiKey",
      id: "k1",
      name: "ci",
      createdAt: "2026-11-23T10:00:00Z",
      state: "enabled",
      inUse: true,
    },
    { kind: "ReversePrivateEndpoint", id: "ep-123", name: "", state: "Ready", serviceId: "svc-1" },
    { kind: "Alert", id: "a1", name: "errors" },
  ];

  it("aligns the columns, marks the key in use and shows a dash where the API says nothing", () => {
    expect(orphanTable(orphans)).to.equal(
      [
        "KIND                    ID      NAME                             CREATED               STATE    SERVICE",
        "ApiKey                  k1      ci (the key these settings use)  2026-11-23T10:00:00Z  enabled  -",
        "ReversePrivateEndpoint  ep-123                                   -                     Ready    svc-1",
        "Alert                   a1      errors                           -                     -        -",
      ].join("\n"),
    );
  });

  it("prints only the heading when nothing is left", () => {
    expect(orphanTable([])).to.equal("KIND  ID  NAME  CREATED  STATE  SERVICE");
  });
});

describe("orphans: refusals before anything is deleted", () => {
  const orphans: OrganizationObject[] = [
    { kind: "ApiKey", id: "k1", name: "in use", inUse: true },
    { kind: "ApiKey", id: "k2", name: "also", inUse: true },
    { kind: "Alert", id: "a1", name: "free" },
  ];

  it("lists every id that is not an orphan, and says how to see the orphans", async () => {
    const error = await failureOf(() => selectForDeletion(orphans, ["x1", "a1", "x2"]));
    expect(error).to.be.instanceOf(UsageError);
    expect(error.name).to.equal("UsageError");
    expect(error.message).to.equal(
      "not in the orphan list: x1, x2. Only objects that no listed stack tracks can be deleted; run without --delete to see them.",
    );
  });

  it("refuses an id another stack of the project tracks, naming that stack, before anything else", async () => {
    const elsewhere = new Map([
      ["a1", "staging"],
      ["k9", "prod"],
    ]);
    const error = await failureOf(() => selectForDeletion(orphans, ["a1"], elsewhere));
    expect(error).to.be.instanceOf(UsageError);
    expect(error.message).to.equal(
      "tracked by another stack of this project: a1 (stack staging). Deleting it would take it from under that " +
        "stack; nothing was deleted. Destroy it through that stack, or name the stack with --stack to see its orphans.",
    );
    expect(selectForDeletion(orphans, ["a1"], new Map([["k9", "prod"]]))).to.deep.equal([orphans[2]]);
  });

  it("names every key the settings in use authenticate with", async () => {
    const error = await failureOf(() => selectForDeletion(orphans, ["k1", "k2"]));
    expect(error.message).to.equal(
      "API key k1, k2 looks like the key these settings authenticate with (same last characters of its key id); " +
        "delete it in the console if you mean to.",
    );
  });
});
