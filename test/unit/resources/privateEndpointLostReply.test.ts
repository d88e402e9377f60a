import { randomBytes } from "node:crypto";
import axios from "axios";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import type { Organization, ServiceObject } from "../../../provider/rest";
import { providerOf } from "../../support/providers";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { withProgressLines } from "../../support/progressLines";
import { quickSleeps } from "../../support/quickSleeps";

const createRoute = "POST /v1/organizations/:organizationId/services/:serviceId/privateEndpoint";

// A POST that registers and attaches a private endpoint loses its reply: the provider reads the service and the
// organization to see whether it was processed, and sends it again unless the service has the endpoint attached
// with the requested description.
describe("PrivateEndpointProvider: what a lost reply is taken for", function () {
  quickSleeps();
  this.timeout(60_000);
  let emulator: RunningEmulator;
  let serviceId: string;
  const provider = providerOf("PrivateEndpoint");
  const newEndpointId = () => `vpce-${randomBytes(8).toString("hex")}`;

  before(async () => {
    emulator = await sharedEmulator();
    serviceId = emulator.fixture.services.development;
    await provider.configure(await emulatorConfigureRequest());
  });

  afterEach(async () => {
    await emulator.control.clearFaults();
  });

  async function posts(): Promise<string[]> {
    const log = await emulator.control.requests();
    return log.filter((entry) => entry.route === createRoute).map((entry) => entry.fault ?? "none");
  }

  it("a processed create without a description is found, and the progress line names the endpoint", async () => {
    const endpointId = newEndpointId();
    await emulator.control.setFaults({ script: [{ route: createRoute, kinds: ["dropAfterProcessing"] }] });
    await emulator.control.clearRequests();
    const { result: created, lines } = await withProgressLines(() =>
      provider.create({ serviceId, endpointId }),
    );
    expect(await posts()).to.deep.equal(["dropAfterProcessing"]);
    expect(lines.join("\n")).to.contain(
      `the reply to creating private endpoint ${endpointId} was lost; the API shows it was made (${endpointId})`,
    );
    await provider.delete(created.id, created.outs);
  });

  it("an update whose POST was not processed is sent again: the old description is not taken for the new", async () => {
    const endpointId = newEndpointId();
    const created = await provider.create({ serviceId, endpointId, description: "before" });
    await emulator.control.setFaults({ script: [{ route: createRoute, kinds: ["drop"] }] });
    await emulator.control.clearRequests();
    const news = { serviceId, endpointId, description: "after" };
    const updated = await provider.update(created.id, created.outs, news);
    expect(await posts()).to.deep.equal(["drop", "none"]);
    expect(updated.outs).to.include({ description: "after" });
    const organization: Organization = (await api().get("")).data.result;
    expect(organization.privateEndpoints?.find((endpoint) => endpoint.id === endpointId)).to.include({
      description: "after",
    });
    await provider.delete(created.id, updated.outs ?? {});
  });

  it("an endpoint registered for another service is not taken for this service's attachment", async () => {
    const endpointId = newEndpointId();
    const other = emulator.fixture.services.trial;
    const there = await provider.create({ serviceId: other, endpointId, description: "shared" });
    await emulator.control.setFaults({ script: [{ route: createRoute, kinds: ["drop"] }] });
    await emulator.control.clearRequests();
    const here = await provider.create({ serviceId, endpointId, description: "shared" });
    expect(await posts()).to.deep.equal(["drop", "none"]);
    const service: ServiceObject = (await api().get(`/services/${serviceId}`)).data.result;
    expect(service.privateEndpointIds ?? []).to.include(endpointId);
    await provider.delete(here.id, here.outs);
    await provider.delete(there.id, there.outs);
  });

  function api() {
    const { fixture } = emulator;
    return axios.create({
      baseURL: `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}`,
      auth: { username: fixture.tokenKey, password: fixture.tokenSecret },
    });
  }
});
