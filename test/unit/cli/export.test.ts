/**
 * What `export` finds in an organization and writes for `pulumi import --file`, against the in-process emulator
 * on both wires: every kind, the ids in the form the native plugin's import takes, what the stacks track left out.
 */
import { expect } from "chai";
import { connect } from "../../../provider/cli/connect";
import { exportUntracked } from "../../../provider/cli/export";
import { configSource, type StackData } from "../../../provider/cli/stackReader";
import { addTrackedObjects, emptyTracked, everyTrackedObjectId } from "../../../provider/cli/trackedObjects";
import { resources } from "../../../provider/resources/registry";
import type { Fixture } from "../../../emulator";
import {
  fixtureObjectImports,
  fixtureObjects,
  handMadeEndpointId,
  handMadeImports,
  fixtureMembers,
  makeByHand,
} from "../../support/existingSetup";
import { forEachDialect, useEmulator } from "../../support/emulator";
import { nativeStackConfig } from "../../support/nativeProject";
import { managementClientFor, observabilityClientFor } from "../../support/clients";
import { tileAlertBody } from "../../support/alertBodies";

/** A native-plugin stack with the emulator's settings and the given resources in its state. */
function stack(fixture: Fixture, stateResources: unknown[] = []): StackData {
  const config = Object.fromEntries(
    Object.entries(nativeStackConfig(fixture)).map(([key, { value }]) => [key, { value }]),
  );
  return {
    name: "dev",
    exported: { version: 3, deployment: { resources: stateResources } },
    config: configSource(config),
  };
}

function stateResource(type: string, name: string, id: string, inputs: Record<string, unknown> = {}) {
  return { urn: `urn:pulumi:dev::app::${type}::${name}`, type, id, inputs, outputs: inputs };
}

forEachDialect((dialect) =>
  describe(`export: the untracked objects of an organization (${dialect} wire)`, () => {
    const setup = useEmulator({ provisioningDelayMs: 0, dialect });
    const fixture = () => setup.emulator.fixture;

    it("lists every kind the package manages, each with the id its import takes", async () => {
      const made = await makeByHand(fixture());
      const { services } = fixture();
      const access = connect([stack(fixture())], [services.production], () => undefined);
      const { file, notListed } = await exportUntracked(access, emptyTracked());
      expect(file.resources).to.deep.equal(handMadeImports(fixture(), made));
      // The key the settings authenticate with is left out, said by its id, never with its secret.
      expect(notListed).to.have.lengthOf(1);
      expect(notListed[0]).to.match(
        /^API key [0-9a-f-]{36} \(emulator admin key\): the key these settings authenticate with/,
      );
      expect(notListed.join("\n")).to.not.include(fixture().tokenSecret);
    });

    it("writes ids the native plugin's import accepts, naming the object each stack state records", async () => {
      const made = await makeByHand(fixture());
      const { services } = fixture();
      const access = connect([stack(fixture())], [services.production], () => undefined);
      const { file } = await exportUntracked(access, emptyTracked());
      const stateIds: Record<string, string> = {
        ApiKey: made.key,
        Alert: made.alert,
        ClickPipe: made.clickPipe,
        Invitation: made.invitation,
        OrganizationSettings: fixture().organizationId,
        ReversePrivateEndpoint: made.reverse,
        PrivateEndpoint: `${services.production}/${handMadeEndpointId}`,
        ReplicaScaling: services.production,
        Role: made.role,
        RoleAssignment: `${made.role}/apiKey/${made.key}`,
        ScalingSchedule: services.production,
        Service: services.production,
        ServiceClickHouseSettings: services.production,
        ServiceQueryEndpoint: services.production,
        UpgradeWindow: services.production,
      };
      // The observability objects and the members are each imported by their own id.
      const ownIds = new Set(
        [...fixtureObjectImports(fixture()), ...fixtureMembers(fixture())].map((entry) => entry.id),
      );
      for (const { type, id } of file.resources) {
        const kind = type.split(":")[2] as keyof typeof resources;
        const expected = ownIds.has(id) ? id : stateIds[kind];
        expect(resources[kind].importId(id).id, kind).to.equal(expected);
      }
    });

    it("leaves out what a stack tracks, on either path, and avoids the names it uses", async () => {
      const made = await makeByHand(fixture());
      const { services } = fixture();
      const access = connect([stack(fixture())], [services.production], () => undefined);
      const tracked = emptyTracked();
      addTrackedObjects(tracked, {
        deployment: {
          resources: [
            stateResource("clickhouse-cloud:index:ApiKey", "errorRateAbove5", made.key),
            stateResource("pulumi-nodejs:dynamic/clickhouse:ReversePrivateEndpoint", "queue", made.reverse, {
              serviceId: services.production,
            }),
            stateResource("pulumi-nodejs:dynamic/clickhouse:ClickPipe", "events", made.clickPipe, {
              serviceId: services.production,
            }),
            stateResource(
              "clickhouse-cloud:index:PrivateEndpoint",
              "vpn",
              `${services.production}/${handMadeEndpointId}`,
            ),
            stateResource("clickhouse-cloud:index:ReplicaScaling", "scaling", services.production),
            stateResource("pulumi-nodejs:dynamic/clickhouse:UpgradeWindow", "window", services.production),
            stateResource(
              "pulumi-nodejs:dynamic/clickhouse:RoleAssignment",
              "deployer",
              `${made.role}/apiKey/${made.key}`,
            ),
          ],
        },
      });
      const { file } = await exportUntracked(access, tracked);
      const objects = fixtureObjects(fixture());
      expect(file.resources).to.deep.equal([
        { type: "clickhouse-cloud:index:Alert", name: "errorRateAbove52", id: made.alert },
        ...objects.dashboards,
        { type: "clickhouse-cloud:index:Invitation", name: "analystExampleCom", id: made.invitation },
        ...fixtureMembers(fixture()),
        {
          type: "clickhouse-cloud:index:OrganizationSettings",
          name: "emulatedOrganizationSettings",
          id: fixture().organizationId,
        },
        // The key's assignment to the role is tracked, the role itself is not.
        { type: "clickhouse-cloud:index:Role", name: "deployers", id: made.role },
        ...objects.savedSearches,
        {
          type: "clickhouse-cloud:index:ScalingSchedule",
          name: "analyticsProdScalingSchedule",
          id: services.production,
        },
        // The service is not tracked, only its scaling settings and upgrade window are.
        { type: "clickhouse-cloud:index:Service", name: "analyticsProd", id: services.production },
        {
          type: "clickhouse-cloud:index:ServiceClickHouseSettings",
          name: "analyticsProdClickhouseSettings",
          id: services.production,
        },
        {
          type: "clickhouse-cloud:index:ServiceQueryEndpoint",
          name: "analyticsProdQueryEndpoint",
          id: services.production,
        },
        ...objects.sources,
        ...objects.webhooks,
      ]);
    });

    it("reads no service's endpoints or scaling when neither the stacks nor --service name one", async () => {
      const made = await makeByHand(fixture());
      const access = connect([stack(fixture())], [], () => undefined);
      const { file } = await exportUntracked(access, emptyTracked());
      const objects = fixtureObjects(fixture());
      expect(file.resources.map((resource) => resource.id)).to.deep.equal(
        [
          { id: made.alert },
          { id: made.key },
          ...objects.dashboards,
          { id: made.invitation },
          ...fixtureMembers(fixture()),
          // The organization's settings need no service.
          { id: fixture().organizationId },
          { id: made.role },
          { id: `${made.role}/apiKey/${made.key}` },
          ...objects.savedSearches,
          ...objects.sources,
          ...objects.webhooks,
        ].map((entry) => entry.id),
      );
    });

    it("names an object that has no name after its kind", async () => {
      const observability = observabilityClientFor(fixture(), { throttle: "off" });
      const nameless = await observability.alerts.create(tileAlertBody(fixture()));
      const access = connect([stack(fixture())], [], () => undefined);
      const { file } = await exportUntracked(access, emptyTracked());
      expect(file.resources.filter(({ type }) => type === "clickhouse-cloud:index:Alert")).to.deep.equal([
        { type: "clickhouse-cloud:index:Alert", name: "alert", id: nameless.id },
      ]);
    });

    it("orders objects of one name by id, the later ones' names numbered, whatever order the API lists them in", async () => {
      const { organizationId, services } = fixture();
      const management = managementClientFor(fixture(), { throttle: "off" });
      // Made, and so listed, in the opposite order of their ids.
      for (const id of ["vpce-0ffffffffffffffff", "vpce-0aaaaaaaaaaaaaaaa"]) {
        await management.privateEndpoints.create(organizationId, services.production, {
          id,
          description: "Office VPN",
        });
      }
      const access = connect([stack(fixture())], [services.production], () => undefined);
      const { file } = await exportUntracked(access, emptyTracked());
      expect(
        file.resources.filter(({ type }) => type === "clickhouse-cloud:index:PrivateEndpoint"),
      ).to.deep.equal([
        {
          type: "clickhouse-cloud:index:PrivateEndpoint",
          name: "officeVpn",
          id: `${services.production}/vpce-0aaaaaaaaaaaaaaaa`,
        },
        {
          type: "clickhouse-cloud:index:PrivateEndpoint",
          name: "officeVpn2",
          id: `${services.production}/vpce-0ffffffffffffffff`,
        },
      ]);
    });

    if (dialect === "production") {
      it("lists no assignment of a key that holds its roles by id only: its import carries them", async () => {
        const made = await makeByHand(fixture());
        const { organizationId } = fixture();
        const management = managementClientFor(fixture(), { throttle: "off" });
        const byId = await management.keys.create(organizationId, {
          name: "by id",
          assignedRoleIds: [made.role],
        });
        const access = connect([stack(fixture())], [], () => undefined);
        const { file, notListed } = await exportUntracked(access, emptyTracked());
        const ids = file.resources.map((resource) => resource.id);
        expect(ids).to.include.members([byId.key.id, `${made.role}/apiKey/${made.key}`]);
        expect(ids).to.not.include(`${made.role}/apiKey/${byId.key.id}`);
        expect(notListed).to.include(
          `role assignment ${made.role}/apiKey/${byId.key.id}: the key holds its roles by id only, which its ` +
            "ApiKey's assignedRoleIds import carries",
        );
      });
    }
  }),
);

describe("export: what a stack export tracks, for every kind", () => {
  it("records ids by the kind of either path's type token, and the name of every resource", () => {
    const tracked = emptyTracked();
    addTrackedObjects(tracked, {
      deployment: {
        resources: [
          { urn: "urn:pulumi:dev::app::pulumi:pulumi:Stack::app-dev", type: "pulumi:pulumi:Stack" },
          stateResource("clickhouse-cloud:index:Webhook", "pager", "65a1b2c3d4e5f60718293a4c"),
          stateResource("pulumi-nodejs:dynamic/observability:Alert", "errors", "75a1b2c3d4e5f60718293a4c"),
          stateResource("aws:s3/bucket:Bucket", "logs", "bucket-id"),
          stateResource("clickhouse-cloud:index:ApiKey", "unmade", ""),
        ],
        pending_operations: [
          { resource: stateResource("clickhouse-cloud:index:ApiKey", "pending", "b4d5c1a6") },
        ],
      },
    });
    expect(Object.fromEntries([...tracked.idsByKind].map(([kind, ids]) => [kind, [...ids]]))).to.deep.equal({
      Webhook: ["65a1b2c3d4e5f60718293a4c"],
      Alert: ["75a1b2c3d4e5f60718293a4c"],
      ApiKey: ["b4d5c1a6"],
    });
    expect([...tracked.names]).to.deep.equal(["app-dev", "pager", "errors", "logs", "unmade", "pending"]);
  });

  it("records an observability object on a named service's managed ClickStack as <serviceId>/<objectId>", () => {
    const [production, eu] = ["5a1ff2b4-6f0f-4b5b-9d53-0c7e3b3d1a11", "0b3c2d4e-5f60-4718-8293-a4b5c6d7e8f9"];
    const objectId = "65a1b2c3d4e5f60718293a4c";
    const tracked = emptyTracked();
    addTrackedObjects(tracked, {
      deployment: {
        resources: [
          // The native plugin records the service in the outputs, the dynamic classes in the inputs.
          stateResource("clickhouse-cloud:index:Webhook", "pager", objectId, {
            clickstackServiceId: production,
          }),
          {
            ...stateResource("pulumi-nodejs:dynamic/observability:Webhook", "pagerEu", objectId),
            inputs: { clickstackServiceId: eu },
          },
          stateResource("clickhouse-cloud:index:Source", "logs", "75a1b2c3d4e5f60718293a4c"),
          // A service's own objects name it in serviceId: that is no ClickStack.
          stateResource("clickhouse-cloud:index:UpgradeWindow", "window", production, {
            serviceId: production,
          }),
        ],
      },
    });
    expect(Object.fromEntries([...tracked.idsByKind].map(([kind, ids]) => [kind, [...ids]]))).to.deep.equal({
      Webhook: [`${production}/${objectId}`, `${eu}/${objectId}`],
      Source: ["75a1b2c3d4e5f60718293a4c"],
      UpgradeWindow: [production],
    });
    expect([...tracked.clickStackServiceIds]).to.deep.equal([production, eu]);
    expect([...tracked.serviceIds]).to.deep.equal([production]);
    // What `orphans --delete` refuses when another stack tracks it: the object, on whichever ClickStack.
    expect([...everyTrackedObjectId(tracked)]).to.deep.equal([
      objectId,
      "75a1b2c3d4e5f60718293a4c",
      production,
    ]);
  });
});
