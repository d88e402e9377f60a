/**
 * An OrganizationSettings through the real engine, on both wires and through both front ends: up adopts the
 * organization and sets its name and crash reports setting, a refresh and a preview find nothing to change, a change
 * renames it, turns crash reports on and registers a private endpoint in place, and destroy leaves the organization
 * as the last `up` changed it, sending no request. What the organization holds is read through the management API
 * after each step; each describe block gives the shared emulator's organization back as it found it.
 */
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import type { ManagementClient, Organization } from "../../../provider/rest";
import type { LocalStack } from "../../../scripts/lib/localStack";
import { forEachDialect, sharedEmulator } from "../../support/emulator";
import { managementClientFor } from "../../support/clients";
import { frontEnds, oneKindStack, type OneKindStack } from "../../support/kindThroughTheEngine";

/** Nothing but unchanged resources in an engine summary. */
function unchanged(summary: Record<string, number>): void {
  const { same: _same, ...changes } = summary;
  expect(changes, JSON.stringify(summary)).to.deep.equal({});
}

forEachDialect((dialect) => {
  for (const frontEnd of frontEnds) {
    describe(`OrganizationSettings through the real engine (${frontEnd} front end, ${dialect} wire)`, function () {
      this.timeout(300_000);
      let emulator: RunningEmulator;
      let client: ManagementClient;
      let found: Organization;
      let made: OneKindStack | undefined;
      let stack: LocalStack;
      const run = `${frontEnd} ${dialect} ${process.pid}`;
      const endpointId = `vpce-e2e${frontEnd === "native" ? "1" : "2"}${dialect === "spec" ? "a" : "b"}`;
      const endpoint = { id: endpointId, description: "e2e VPC", cloudProvider: "aws", region: "us-east-1" };
      const created = { name: `Analytics ${run}`, enableCoreDumps: false };
      const changed = {
        name: `Analytics renamed ${run}`,
        enableCoreDumps: true,
        privateEndpoints: [endpoint],
      };
      const patches = "PATCH /v1/organizations/:organizationId";

      const held = () => client.organizations.get(emulator.fixture.organizationId);
      const withInputs = (values: Record<string, unknown>) =>
        stack.stack.setConfig("e2e:inputs", { value: JSON.stringify(values) });
      const subject = async (): Promise<string> => {
        const resource = (await stack.resources()).find((candidate) => candidate.urn.endsWith("::subject"));
        expect(resource, "the stack's resource").to.not.equal(undefined);
        return String(resource!.id);
      };

      before(async () => {
        emulator = await sharedEmulator(dialect);
        client = managementClientFor(emulator.fixture, { throttle: "off" });
        found = await held();
        made = await oneKindStack("OrganizationSettings", frontEnd, dialect, {
          "e2e:inputs": { value: JSON.stringify(created) },
        });
        stack = made.stack;
      });

      after(async () => {
        await stack?.destroy().catch(() => undefined);
        await made?.dispose();
        const registered = ((await held()).privateEndpoints ?? []).some((shown) => shown.id === endpointId);
        await client.organizations.update(emulator.fixture.organizationId, {
          name: found.name ?? "Emulated organization",
          enableCoreDumps: found.enableCoreDumps ?? true,
          ...(registered ? { privateEndpoints: { remove: [{ id: endpointId }] } } : {}),
        });
      });

      it("up adopts the organization and sets what the program sets; a preview shows no change", async () => {
        const outputs = (await stack.up()).subject?.value as Record<string, unknown>;
        expect(await subject()).to.equal(emulator.fixture.organizationId);
        expect(await held()).to.include(created);
        expect(outputs).to.include({ ...created, organizationId: emulator.fixture.organizationId });
        expect(outputs.privateEndpoints).to.equal(undefined);
        unchanged(await stack.preview());
      });

      it("a refresh and a preview find nothing changed", async () => {
        unchanged(await stack.refresh());
        unchanged(await stack.preview());
      });

      it("a change renames it, turns crash reports on and registers an endpoint, in place", async () => {
        await withInputs(changed);
        const outputs = (await stack.up()).subject?.value as Record<string, unknown>;
        expect(await subject(), "updated in place, not replaced").to.equal(emulator.fixture.organizationId);
        const organization = await held();
        expect(organization).to.include({ name: changed.name, enableCoreDumps: true });
        expect(organization.privateEndpoints).to.deep.include(endpoint);
        expect(outputs).to.deep.include(changed);
        unchanged(await stack.refresh());
        unchanged(await stack.preview());
      });

      it("destroy leaves the organization as the last up changed it, sending nothing to it", async () => {
        await emulator.control.clearRequests();
        await stack.destroy();
        const sent = (await emulator.control.requests()).filter((request) => request.route === patches);
        expect(sent).to.deep.equal([]);
        const organization = await held();
        expect(organization).to.include({ name: changed.name, enableCoreDumps: true });
        expect(organization.privateEndpoints).to.deep.include(endpoint);
      });
    });
  }
});
