/**
 * An OrganizationSettings through the real engine, on both wires and through both front ends: up adopts the
 * organization and sets its name and crash reports setting, a refresh and a preview find nothing to change, a change
 * renames it, turns crash reports on and registers a private endpoint in place, a preview refuses a second
 * OrganizationSettings and a PrivateEndpoint of the listed endpoint, sending nothing, and destroy leaves the
 * organization as the last `up` changed it, sending no request. What the organization holds is read through the
 * management API after each step; each describe block gives the shared emulator's organization back as it found it.
 */
import * as fs from "node:fs";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import type { ManagementClient, Organization } from "../../../provider/rest";
import { LocalStack } from "../../../scripts/lib/localStack";
import { emulatorStackConfig, forEachDialect, sharedEmulator } from "../../support/emulator";
import { managementClientFor } from "../../support/clients";
import { nativeProjectDir, nativeStackConfig } from "../../support/nativeProject";
import { testProgram } from "../../support/programs";
import { frontEnds } from "../../support/kindThroughTheEngine";

const { projectDir, programModule } = testProgram("e2e", "organization-settings");

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
      let stack: LocalStack;
      let dir: string | undefined;
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
        stack.stack.setConfig("e2e:settings", { value: JSON.stringify(values) });
      const failedPreview = () =>
        stack.preview().then(
          (summary) => `previewed ${JSON.stringify(summary)}`,
          (error: Error) => error.message,
        );
      const subject = async (): Promise<string> => {
        const resource = (await stack.resources()).find((candidate) => candidate.urn.endsWith("::settings"));
        expect(resource, "the stack's resource").to.not.equal(undefined);
        return String(resource!.id);
      };

      before(async () => {
        emulator = await sharedEmulator(dialect);
        client = managementClientFor(emulator.fixture, { throttle: "off" });
        found = await held();
        const native = frontEnd === "native";
        dir = native ? nativeProjectDir("chc-organization-settings") : undefined;
        stack = await LocalStack.create({
          projectDir: dir ?? projectDir,
          programModule,
          config: {
            ...(native ? nativeStackConfig(emulator.fixture) : await emulatorStackConfig(dialect)),
            "e2e:frontEnd": { value: frontEnd },
            "e2e:settings": { value: JSON.stringify(created) },
          },
        });
      });

      after(async () => {
        await stack?.destroy().catch(() => undefined);
        await stack?.dispose();
        if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
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

      it("a preview refuses a second OrganizationSettings and a PrivateEndpoint of a listed endpoint", async () => {
        await emulator.control.clearRequests();
        await stack.stack.setConfig("e2e:second", { value: JSON.stringify({ enableCoreDumps: false }) });
        expect(await failedPreview()).to.include(
          "another OrganizationSettings of this program already manages the provider's organization",
        );
        await stack.stack.removeConfig("e2e:second");
        const attached = { serviceId: emulator.fixture.services.production, endpointId };
        await stack.stack.setConfig("e2e:attached", { value: JSON.stringify(attached) });
        // Whichever of the two the engine checks second is refused: the order of the checks is the engine's.
        const twice = await failedPreview();
        expect(twice).to.match(
          new RegExp(
            `private endpoint ${endpointId} is (listed in|registered by) .*: an endpoint has one owner`,
          ),
        );
        await stack.stack.removeConfig("e2e:attached");
        const sent = (await emulator.control.requests()).filter((request) => request.method !== "GET");
        expect(sent).to.deep.equal([]);
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
