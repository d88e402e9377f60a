/**
 * `export` and the managed ClickStacks of ClickHouse Cloud services, against the in-process emulator's production
 * wire (the only one that serves managed ClickStack): the observability objects of a ClickStack that
 * `--clickstack-service` names, or that a stack's resources name in `clickstackServiceId`, are exported as
 * `<serviceId>/<objectId>`; what a stack tracks there is left out, by service; the configured observability API's own
 * ClickStack is read once.
 */
import { expect } from "chai";
import { connect } from "../../../provider/cli/connect";
import { exportUntracked } from "../../../provider/cli/export";
import { servicesToRead } from "../../../provider/cli/exportCommand";
import type { ImportFile } from "../../../provider/cli/importFile";
import { configSource, type StackData } from "../../../provider/cli/stackReader";
import { addTrackedObjects, emptyTracked, type TrackedObjects } from "../../../provider/cli/trackedObjects";
import { resources, type ResourceKind } from "../../../provider/resources/registry";
import { typeTokensOf } from "../../../provider/resources/typeTokens";
import type { Fixture } from "../../../emulator";
import { tileAlertBody } from "../../support/alertBodies";
import { clickStackClientFor } from "../../support/clients";
import { useEmulator } from "../../support/emulator";
import { fixtureObjectImports } from "../../support/existingSetup";
import { nativeStackConfig } from "../../support/nativeProject";

const observabilityKinds = new Set<string>(["Alert", "Dashboard", "SavedSearch", "Source", "Webhook"]);

/** A native-plugin stack with the emulator's management settings, `extra` config, and `stateResources` in its state. */
function stack(
  fixture: Fixture,
  extra: Record<string, string> = {},
  stateResources: unknown[] = [],
): StackData {
  const managementOnly = Object.entries(nativeStackConfig(fixture)).filter(
    ([key]) => !key.startsWith("clickhouse-cloud:observability"),
  );
  const config = Object.fromEntries([
    ...managementOnly.map(([key, { value }]) => [key, { value }]),
    ...Object.entries(extra).map(([key, value]) => [key, { value }]),
  ]);
  return {
    name: "dev",
    exported: { version: 3, deployment: { resources: stateResources } },
    config: configSource(config),
  };
}

/** A resource of the native plugin as its state records it; `clickstackServiceId` in its inputs and outputs. */
function nativeResource(kind: ResourceKind, name: string, id: string, clickstackServiceId?: string) {
  const type = typeTokensOf(resources[kind].definition)[1];
  const recorded = clickstackServiceId === undefined ? {} : { clickstackServiceId };
  return { urn: `urn:pulumi:dev::app::${type}::${name}`, type, id, inputs: recorded, outputs: recorded };
}

/** A resource of the dynamic classes: the state keeps its inputs, and outputs that need not repeat them. */
function dynamicResource(kind: ResourceKind, name: string, id: string, clickstackServiceId: string) {
  const type = typeTokensOf(resources[kind].definition)[0];
  return {
    urn: `urn:pulumi:dev::app::${type}::${name}`,
    type,
    id,
    inputs: { clickstackServiceId },
    outputs: { __provider: "exports.handler = __f0; ..." },
  };
}

function trackedBy(stateResources: unknown[]): TrackedObjects {
  const tracked = emptyTracked();
  addTrackedObjects(tracked, { deployment: { resources: stateResources } });
  return tracked;
}

/** The file's entries of the observability kinds, in the file's order. */
function observabilityEntries(file: ImportFile) {
  return file.resources.filter(({ type }) => observabilityKinds.has(type.split(":")[2]));
}

describe("export: the observability objects of a service's managed ClickStack (production wire)", () => {
  const setup = useEmulator({ provisioningDelayMs: 0, dialect: "production" });
  const fixture = () => setup.emulator.fixture;
  const services = () => fixture().services;

  /** An alert made by hand on the managed ClickStack of `serviceId`, through the Cloud API. */
  async function alertOnClickStack(serviceId: string, name: string): Promise<string> {
    const client = clickStackClientFor(fixture(), serviceId, { throttle: "off" });
    return (await client.alerts.create({ ...tileAlertBody(fixture()), name })).id;
  }

  /** What the fixture's observability objects' entries are on the ClickStack of `serviceId`. */
  const onClickStack = (serviceId: string) =>
    fixtureObjectImports(fixture()).map((entry) => ({ ...entry, id: `${serviceId}/${entry.id}` }));

  it("exports every observability kind of a --clickstack-service's ClickStack as <serviceId>/<objectId>", async () => {
    const { production } = services();
    const alert = await alertOnClickStack(production, "Error rate on the ClickStack");
    const access = connect([stack(fixture())], [], () => undefined, [production]);
    const { file } = await exportUntracked(access, emptyTracked());
    expect(observabilityEntries(file)).to.deep.equal([
      {
        type: "clickhouse-cloud:index:Alert",
        name: "errorRateOnTheClickstack",
        id: `${production}/${alert}`,
      },
      ...onClickStack(production),
    ]);
    // Each id is one the native plugin's import reads from that service's ClickStack.
    for (const { type, id } of observabilityEntries(file)) {
      const kind = type.split(":")[2] as ResourceKind;
      expect(resources[kind].importId(id), id).to.deep.equal({
        id: id.slice(production.length + 1),
        properties: { clickstackServiceId: production },
      });
    }
  });

  it("reads no managed ClickStack when neither --clickstack-service nor the stacks name one", async () => {
    await alertOnClickStack(services().production, "Error rate on the ClickStack");
    const access = connect([stack(fixture())], [], () => undefined);
    const { file, notListed } = await exportUntracked(access, emptyTracked());
    expect(observabilityEntries(file)).to.deep.equal([]);
    expect(notListed).to.include(
      "alerts: no observability API is configured (observability:apiUrl and observability:apiToken, " +
        "or OBSERVABILITY_API_URL and OBSERVABILITY_API_TOKEN)",
    );
  });

  it("leaves out what a stack tracks on a ClickStack by the service it names, not by the object id alone", async () => {
    const { production, secondary } = services();
    const alert = await alertOnClickStack(production, "Error rate on the ClickStack");
    const [pager] = fixture().webhooks;
    const [health] = fixture().dashboards;
    // The emulator keeps one observability store, which every service's ClickStack serves: each object shows on
    // both ClickStacks with the same id, the case of one id on two ClickStacks.
    const tracked = trackedBy([
      nativeResource("Alert", "errorRate", alert, production),
      dynamicResource("Webhook", "pager", pager.id, production),
      // Leaves its ClickStack to the config (which sets none here): tracks the object on neither service's.
      nativeResource("Dashboard", "health", health.id),
    ]);
    const access = connect([stack(fixture())], [], () => undefined, [production, secondary]);
    const { file } = await exportUntracked(access, tracked);
    const everywhere = [alert, ...fixtureObjectImports(fixture()).map((entry) => entry.id)].flatMap((id) => [
      `${production}/${id}`,
      `${secondary}/${id}`,
    ]);
    const trackedOnProduction = [`${production}/${alert}`, `${production}/${pager.id}`];
    expect(
      observabilityEntries(file)
        .map((entry) => entry.id)
        .sort(),
    ).to.deep.equal(everywhere.filter((id) => !trackedOnProduction.includes(id)).sort());
    expect(observabilityEntries(file).map((entry) => entry.id)).to.include.members([
      `${production}/${health.id}`,
      `${secondary}/${health.id}`,
    ]);
  });

  it("orders objects of one name by id, then by import id, whichever order their ClickStacks are named in", async () => {
    const { production, secondary } = services();
    const [first, second] = [production, secondary].sort();
    const errorAlerts = [
      await alertOnClickStack(production, "Errors"),
      await alertOnClickStack(production, "Errors"),
    ].sort();
    // The emulator's ClickStacks share one store: each alert shows on both, with one id and two import ids.
    const [one, two] = errorAlerts;
    const expected = [
      { name: "errors", id: `${first}/${one}` },
      { name: "errors2", id: `${second}/${one}` },
      { name: "errors3", id: `${first}/${two}` },
      { name: "errors4", id: `${second}/${two}` },
    ].map((entry) => ({ type: "clickhouse-cloud:index:Alert", ...entry }));
    for (const named of [
      [first, second],
      [second, first],
    ]) {
      const access = connect([stack(fixture())], [], () => undefined, named);
      const { file } = await exportUntracked(access, emptyTracked());
      const alerts = file.resources.filter(({ type }) => type === "clickhouse-cloud:index:Alert");
      expect(alerts, `--clickstack-service ${named.join(" ")}`).to.deep.equal(expected);
    }
  });

  it("reads the ClickStacks a stack's resources name without --clickstack-service: a second export finds nothing there", async () => {
    const { production } = services();
    const alert = await alertOnClickStack(production, "Error rate on the ClickStack");
    const adoptedAlert = nativeResource("Alert", "errorRate", alert, production);
    const firstTracked = trackedBy([adoptedAlert]);
    const { clickStackServiceIds } = servicesToRead(firstTracked, { services: [] });
    expect(clickStackServiceIds).to.deep.equal([production]);

    const first = await exportUntracked(
      connect([stack(fixture())], [], () => undefined, clickStackServiceIds),
      firstTracked,
    );
    expect(observabilityEntries(first.file)).to.deep.equal(onClickStack(production));

    // The stack once it has imported those too, as `pulumi import` records them.
    const allTracked = trackedBy([
      adoptedAlert,
      ...observabilityEntries(first.file).map(({ type, name, id }) =>
        nativeResource(type.split(":")[2] as ResourceKind, name, id.slice(production.length + 1), production),
      ),
    ]);
    const again = servicesToRead(allTracked, { services: [] }).clickStackServiceIds;
    const second = await exportUntracked(
      connect([stack(fixture())], [], () => undefined, again),
      allTracked,
    );
    expect(observabilityEntries(second.file)).to.deep.equal([]);
  });

  it("reads the configured observability API's own ClickStack once, with ids alone, however its resources place them", async () => {
    const { production } = services();
    const alert = await alertOnClickStack(production, "Error rate on the ClickStack");
    const [pager] = fixture().webhooks;
    const configured = { "clickhouse-cloud:clickstackServiceId": production };
    const access = connect([stack(fixture(), configured)], [], () => undefined, [production]);
    expect(access.clickStacks).to.deep.equal([]);
    const tracked = trackedBy([
      // Names the service the config names too.
      nativeResource("Alert", "errorRate", alert, production),
      // Leaves it to the config.
      nativeResource("Webhook", "pager", pager.id),
    ]);
    const { file } = await exportUntracked(access, tracked);
    expect(observabilityEntries(file)).to.deep.equal(
      fixtureObjectImports(fixture()).filter((entry) => entry.id !== pager.id),
    );
  });
});

describe("export: which services it reads", () => {
  const named = "0b3c2d4e-5f60-4718-8293-a4b5c6d7e8f9";
  const given = "1c4d3e5f-6a71-4829-9304-b5c6d7e8f9a0";

  it("reads those the stacks' observability resources name and each --clickstack-service, once each", () => {
    const tracked = trackedBy([
      nativeResource("Source", "logs", "65a1b2c3d4e5f60718293a4c", named),
      dynamicResource("SavedSearch", "slow", "65a1b2c3d4e5f60718293a4d", named),
      nativeResource("Alert", "errors", "65a1b2c3d4e5f60718293a4e"),
    ]);
    expect(
      servicesToRead(tracked, { services: [], clickStackServiceIds: [given, named] }).clickStackServiceIds,
    ).to.deep.equal([named, given]);
    expect(servicesToRead(emptyTracked(), { services: [] }).clickStackServiceIds).to.deep.equal([]);
  });

  it("reads the endpoints and settings of the services the stacks' resources refer to and of each --service, once each", () => {
    const tracked = trackedBy([
      {
        ...nativeResource("UpgradeWindow", "window", named),
        inputs: { serviceId: named },
        outputs: { serviceId: named },
      },
    ]);
    expect(servicesToRead(tracked, { services: [given, named] }).serviceIds).to.deep.equal([named, given]);
    expect(servicesToRead(emptyTracked(), { services: [] }).serviceIds).to.deep.equal([]);
  });
});
