import { expect } from "chai";
import { validate } from "../../../provider/validation/validate";
import { apiDialects } from "../../../schemas/dialects";
import {
  EmulatorHarness,
  expectManagementError,
  expectManagementSuccess,
  type Json,
} from "../../support/httpRequests";

for (const dialect of apiDialects) {
  describe(`emulator: the organization's PATCH (${dialect} wire)`, () => {
    const harness = new EmulatorHarness({ dialect }).install();
    const patch = (body: Json) => harness.management("PATCH", harness.orgPath, { body });
    const read = async () => expectManagementSuccess(await harness.management("GET", harness.orgPath));

    it("shows the organization's name and that its services may collect crash reports", async () => {
      const organization = await read();
      expect(validate("organization", organization)).to.deep.equal([]);
      expect(organization).to.include({
        id: harness.fixture.organizationId,
        name: "Emulated organization",
        enableCoreDumps: true,
      });
    });

    it("changes the name and the crash reports setting, answering the organization as a GET then shows it", async () => {
      const patched = expectManagementSuccess(
        await patch({ name: "Analytics team", enableCoreDumps: false }),
      );
      expect(patched).to.include({ name: "Analytics team", enableCoreDumps: false });
      expect(await read()).to.deep.equal(patched);
      expect((expectManagementSuccess(await patch({ enableCoreDumps: true })) as Json).name).to.equal(
        "Analytics team",
      );
    });

    it("registers private endpoints with add and removes them, detaching them from services, with remove", async () => {
      const added = expectManagementSuccess(
        await patch({
          privateEndpoints: {
            add: [
              { id: "vpce-0aaa", description: "app VPC", cloudProvider: "aws", region: "us-east-1" },
              { id: "pe-gcp-1", cloudProvider: "gcp", region: "us-east1" },
            ],
          },
        }),
      );
      expect(added.privateEndpoints).to.deep.equal([
        { id: "vpce-0aaa", description: "app VPC", cloudProvider: "aws", region: "us-east-1" },
        { id: "pe-gcp-1", description: "", cloudProvider: "gcp", region: "us-east1" },
      ]);
      const service = harness.servicePath();
      expectManagementSuccess(
        await harness.management("PATCH", service, { body: { privateEndpointIds: { add: ["vpce-0aaa"] } } }),
      );
      const removed = expectManagementSuccess(
        await patch({ privateEndpoints: { remove: [{ id: "vpce-0aaa" }] } }),
      );
      expect(removed.privateEndpoints.map((endpoint: Json) => endpoint.id)).to.deep.equal(["pe-gcp-1"]);
      const detached = expectManagementSuccess(await harness.management("GET", service));
      expect(detached.privateEndpointIds).to.deep.equal([]);
    });

    it("refuses an endpoint in a region of another cloud, unknown fields, an empty body and an empty name", async () => {
      expectManagementError(
        await patch({
          privateEndpoints: { add: [{ id: "vpce-1", cloudProvider: "aws", region: "eastus" }] },
        }),
        400,
        "BAD_REQUEST",
        'privateEndpoints.add.0.region: "eastus" is not a region of aws',
      );
      expectManagementError(
        await patch({ privateEndpoints: { add: [{ id: "vpce-1" }] } }),
        400,
        "BAD_REQUEST",
        "privateEndpoints.add.0.cloudProvider: Required",
      );
      expectManagementError(
        await patch({ tier: "ENTERPRISE" }),
        400,
        "BAD_REQUEST",
        "tier: Unrecognized field",
      );
      expectManagementError(await patch({}), 400, "BAD_REQUEST", "name, privateEndpoints, enableCoreDumps");
      expectManagementError(await patch({ name: "" }), 400, "BAD_REQUEST", "name:");
      expect((await read()).name).to.equal("Emulated organization");
    });

    it("refuses a name too long and an endpoint id of a bad form, changing nothing", async () => {
      expectManagementError(await patch({ name: "n".repeat(256) }), 400, "BAD_REQUEST", "name:");
      expectManagementError(
        await patch({
          privateEndpoints: { add: [{ id: "vpce/../x", cloudProvider: "aws", region: "us-east-1" }] },
        }),
        400,
        "BAD_REQUEST",
        "privateEndpoints.add.0.id:",
      );
      expectManagementError(
        await patch({ privateEndpoints: { remove: [{ id: "" }] } }),
        400,
        "BAD_REQUEST",
        "privateEndpoints.remove.0.id:",
      );
      const organization = await read();
      expect(organization.name).to.equal("Emulated organization");
      expect(organization.privateEndpoints).to.deep.equal([]);
    });
  });
}
