/**
 * ReversePrivateEndpoint against the emulator: every status of the real API, an idle service woken up, and 404s
 * that are not the API's own.
 */
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { providerOf } from "../../support/providers";
import { PartialCreateError } from "../../../provider/resources/lifecycle/partialCreate";
import { ApiError } from "../../../provider/rest";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { quickSleeps } from "../../support/quickSleeps";

const vpcServiceName = "com.amazonaws.vpce.eu-west-1.vpce-svc-0states";
const vpcService = { type: "VPC_ENDPOINT_SERVICE", vpcEndpointServiceName: vpcServiceName };
const mskClusterArn = "arn:aws:kafka:eu-west-1:123456789012:cluster/orders/1a2b";
const mskCluster = { type: "MSK_MULTI_VPC", mskClusterArn, mskAuthentication: "SASL_IAM" };
const endpointRoute =
  "/v1/organizations/:organizationId/services/:serviceId/dataPipesReversePrivateEndpoints/:reversePrivateEndpointId";

/** Runs `action` and returns what it settled to and every progress line it printed (they go to stderr). */
async function withProgressLines<T>(
  action: () => Promise<T>,
): Promise<{ outcome: T | Error; lines: string[] }> {
  const lines: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => lines.push(args.map(String).join(" "));
  try {
    return { outcome: await action(), lines };
  } catch (error) {
    return { outcome: error as Error, lines };
  } finally {
    console.error = original;
  }
}

describe("ReversePrivateEndpointProvider: statuses, idle services and foreign 404s", function () {
  quickSleeps();
  this.timeout(30_000);
  let emulator: RunningEmulator;
  let serviceId: string;
  const provider = providerOf("ReversePrivateEndpoint");

  before(async () => {
    emulator = await sharedEmulator();
    serviceId = emulator.fixture.services.secondary;
    await provider.configure(await emulatorConfigureRequest());
    // Endpoints settle (and disappear) at once, so these tests spend no time polling; one test provisions.
    await emulator.control.updateSettings({ provisioningDelayMs: 0 });
  });

  after(async () => {
    await emulator.control.updateSettings({ provisioningDelayMs: 200 });
  });

  afterEach(async () => {
    await emulator.control.clearFaults();
    await emulator.control.updateSettings({ reversePrivateEndpointOutcome: "Ready" });
    await emulator.control.setServiceState(serviceId, "running");
  });

  describe("statuses", () => {
    it("PendingAcceptance ends the create at once with a warning naming who must accept; update reads it again", async () => {
      await emulator.control.updateSettings({
        reversePrivateEndpointOutcome: "PendingAcceptance",
        provisioningDelayMs: 200,
      });
      const news = { serviceId, ...vpcService, description: "pending" };
      const { outcome, lines } = await withProgressLines(() => provider.create(news));
      await emulator.control.updateSettings({ provisioningDelayMs: 0 });
      if (outcome instanceof Error) throw outcome;
      expect(outcome.outs).to.include({ status: "PendingAcceptance", serviceId });
      // It waited through Provisioning, and stopped waiting at PendingAcceptance.
      expect(lines.filter((line) => line.includes("status Provisioning"))).to.have.length.greaterThan(0);
      const warnings = lines.filter((line) => line.includes("warning:"));
      expect(warnings).to.have.length(1);
      expect(warnings[0]).to.contain(
        `reverse private endpoint ${outcome.id} is PendingAcceptance: the owner of VPC endpoint service ` +
          `${vpcServiceName} must accept the connection request of VPC endpoint ${String(outcome.outs.endpointId)}`,
      );

      const diff = await provider.diff(outcome.id, outcome.outs, news);
      expect(diff).to.deep.equal({ changes: true, replaces: [] });
      await emulator.control.setReversePrivateEndpointStatus(outcome.id, "Ready");
      const updated = await provider.update(outcome.id, outcome.outs, news);
      expect(updated.outs).to.include({ status: "Ready" });
      expect((await provider.diff(outcome.id, updated.outs ?? {}, news)).changes).to.equal(false);
      await provider.delete(outcome.id, updated.outs ?? {});
    });

    it("a refresh of an accepted endpoint reads Ready", async () => {
      await emulator.control.updateSettings({ reversePrivateEndpointOutcome: "PendingAcceptance" });
      const created = await withProgressLines(() => provider.create({ serviceId, ...vpcService }));
      if (created.outcome instanceof Error) throw created.outcome;
      const { id, outs } = created.outcome;
      await emulator.control.setReversePrivateEndpointStatus(id, "Ready");
      const read = await provider.read(id, outs);
      expect(read.id).to.equal(id);
      expect(read.props).to.include({ status: "Ready" });
      await provider.delete(id, read.props ?? {});
    });

    const unusable: Array<[string, Record<string, unknown>, RegExp]> = [
      [
        "Rejected",
        vpcService,
        new RegExp(`was rejected by the owner of VPC endpoint service ${vpcServiceName}`),
      ],
      [
        "Expired",
        mskCluster,
        new RegExp(`expired before the owner of MSK cluster ${mskClusterArn} accepted`),
      ],
      ["Failed", mskCluster, /failed to provision \(status Failed\)/],
    ];
    for (const [status, fields, message] of unusable) {
      it(`${status} is recorded with its id and replaced by the next up`, async () => {
        await emulator.control.updateSettings({
          reversePrivateEndpointOutcome: status as "Rejected" | "Expired" | "Failed",
        });
        const news = { serviceId, ...fields };
        const { outcome } = await withProgressLines(() => provider.create(news));
        expect(outcome).to.be.instanceOf(PartialCreateError);
        const partial = outcome as PartialCreateError;
        expect(partial.message)
          .to.match(message)
          .and.match(/the next `pulumi up` replaces it$/);
        expect(partial.properties).to.include({ status, serviceId });
        const diff = await provider.diff(partial.id, partial.properties, news);
        expect(diff.changes).to.equal(true);
        expect(diff.replaces).to.include("status");
        await provider.delete(partial.id, partial.properties);
      });
    }

    it("Unknown is recorded as it is and read again by the next up", async () => {
      await emulator.control.updateSettings({ reversePrivateEndpointOutcome: "Unknown" });
      const news = { serviceId, ...vpcService };
      const { outcome, lines } = await withProgressLines(() => provider.create(news));
      if (outcome instanceof Error) throw outcome;
      expect(outcome.outs).to.include({ status: "Unknown" });
      expect(lines.join("\n")).to.contain(`reverse private endpoint ${outcome.id} reports status Unknown`);
      expect(await provider.diff(outcome.id, outcome.outs, news)).to.deep.equal({
        changes: true,
        replaces: [],
      });
      await provider.delete(outcome.id, outcome.outs);
    });
  });

  describe("an idle service", () => {
    it("is woken up for create, read and delete, with one line saying so each time", async () => {
      await emulator.control.setServiceState(serviceId, "idle");
      const created = await withProgressLines(() => provider.create({ serviceId, ...vpcService }));
      if (created.outcome instanceof Error) throw created.outcome;
      const { id, outs } = created.outcome;
      expect(outs).to.include({ status: "Ready" });
      const wakeLine = `service ${serviceId} is idle, and the API refuses reverse private endpoint operations`;
      expect(created.lines.filter((line) => line.includes(wakeLine))).to.have.length(1);

      await emulator.control.setServiceState(serviceId, "idle");
      const read = await withProgressLines(() => provider.read(id, outs));
      expect(read.outcome).to.include({ id });
      expect(read.lines.filter((line) => line.includes(wakeLine))).to.have.length(1);

      await emulator.control.setServiceState(serviceId, "idle");
      const deleted = await withProgressLines(() => provider.delete(id, outs));
      if (deleted.outcome instanceof Error) throw deleted.outcome;
      expect(deleted.lines.filter((line) => line.includes(wakeLine))).to.have.length(1);
      expect((await provider.read(id, outs)).id).to.equal("");
    });

    it("a stopped service is not started: create fails with the API's 424", async () => {
      await emulator.control.setServiceState(serviceId, "stopped");
      await emulator.control.clearRequests();
      const { outcome, lines } = await withProgressLines(() => provider.create({ serviceId, ...vpcService }));
      expect(outcome).to.be.instanceOf(ApiError);
      expect((outcome as ApiError).message).to.contain("Current state: stopped");
      expect(lines).to.deep.equal([]);
      const requests = await emulator.control.requests();
      expect(requests.filter((entry) => entry.path.endsWith("/state"))).to.deep.equal([]);
    });
  });

  describe("a 404 that is not the API's own", () => {
    it("fails a refresh and a delete instead of dropping the endpoint", async () => {
      const { id, outs } = await provider.create({ serviceId, ...vpcService });
      await emulator.control.setFaults({ script: [{ route: `GET ${endpointRoute}`, kinds: ["404html"] }] });
      const read = await provider.read(id, outs).then(
        () => expect.fail("the read succeeded"),
        (error: Error) => error,
      );
      expect(read.message).to.match(/^GET http:\S+ answered 404 \(an HTML page/);
      await emulator.control.setFaults({
        script: [{ route: `DELETE ${endpointRoute}`, kinds: ["404html"] }],
      });
      const removed = await provider.delete(id, outs).then(
        () => expect.fail("the delete succeeded"),
        (error: Error) => error,
      );
      expect(removed.message).to.match(/^DELETE http:\S+ answered 404/);
      expect((await provider.read(id, outs)).props).to.include({ status: "Ready" });
      // DELETE accepted, then the wait for it to be gone meets the proxy's page: that fails too.
      await emulator.control.setFaults({ script: [{ route: `GET ${endpointRoute}`, kinds: ["404html"] }] });
      const waited = await provider.delete(id, outs).then(
        () => expect.fail("the delete succeeded"),
        (error: Error) => error,
      );
      expect(waited.message).to.match(/^GET http:\S+ answered 404/);
      await emulator.control.clearFaults();
      await provider.delete(id, outs);
      expect((await provider.read(id, outs)).id).to.equal("");
    });
  });
});
