/**
 * ClickStack managed by ClickHouse Cloud (`observability:clickstackServiceId`): alerts through the Cloud API's
 * routes of the service, with the management URL and key and no observability URL or token; no chart series; a
 * gateway's HTML 404 page is an error, never "deleted".
 */
import * as pulumi from "@pulumi/pulumi";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { getSeries } from "../../../provider/functions";
import { ManagedClickStackUnsupportedError } from "../../../provider/rest/observability/managedClickStack";
import { tileAlertBody } from "../../support/alertBodies";
import { dedicatedEmulator } from "../../support/emulator";
import { failureOf } from "../../support/failureOf";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { providerOf } from "../../support/providers";
import { configureRequestFrom } from "../../support/stackConfig";
import { basicAuth, send } from "../../support/httpRequests";

const alertsRoute = "/v1/organizations/:organizationId/services/:serviceId/clickstack/alerts";

describe("Alert on ClickStack managed by ClickHouse Cloud", function () {
  this.timeout(30_000);
  let cloud: RunningEmulator;
  const provider = providerOf("Alert");

  /** The management settings and the service: no observability URL, token or dialect. */
  const managedConfig = (): Record<string, string> => ({
    "clickhouse:apiUrl": cloud.fixture.managementUrl,
    "clickhouse:organizationId": cloud.fixture.organizationId,
    "clickhouse:tokenKey": cloud.fixture.tokenKey,
    "clickhouse:tokenSecret": cloud.fixture.tokenSecret,
    "clickhouse:throttle": "off",
    "observability:clickstackServiceId": cloud.fixture.services.production,
  });
  const cloudAlert = (id: string) =>
    send(
      `${cloud.url}/v1/organizations/${cloud.fixture.organizationId}/services/${cloud.fixture.services.production}/clickstack/alerts/${id}`,
      "GET",
      { headers: { authorization: basicAuth(cloud.fixture.tokenKey, cloud.fixture.tokenSecret) } },
    );

  before(async () => {
    cloud = await dedicatedEmulator({ dialect: "production" });
  });
  beforeEach(async () => {
    await cloud.control.reset();
    await cloud.control.clearFaults();
    await cloud.control.clearRequests();
    await provider.configure(configureRequestFrom(managedConfig()));
  });
  after(async () => {
    await provider.configure(await emulatorConfigureRequest());
    await cloud.close();
  });

  it("creates, reads, updates and deletes an alert through the service's clickstack routes, with the Cloud key", async () => {
    const inputs = { ...tileAlertBody(cloud.fixture), name: "managed" };
    const created = await provider.create(inputs);
    expect(created.outs).to.include({ name: "managed", state: "OK" });
    const stored = await cloudAlert(created.id);
    expect(stored.status).to.equal(200);
    expect(Object.keys(stored.body).sort()).to.deep.equal(["requestId", "result", "status"]);
    expect(stored.body.result).to.include({ name: "managed", threshold: 5 });

    const read = await provider.read(created.id, created.outs);
    expect(read.inputs).to.deep.equal(inputs);
    await provider.update(created.id, created.outs, { ...inputs, threshold: 7 });
    expect((await cloudAlert(created.id)).body.result.threshold).to.equal(7);
    await provider.delete(created.id, created.outs);
    expect((await cloudAlert(created.id)).status).to.equal(404);

    const routes = (await cloud.control.requests()).map((entry) => entry.route);
    expect(routes.filter((route) => route?.includes("/api/v2/"))).to.deep.equal([]);
    expect(routes).to.include.members([
      `POST ${alertsRoute}`,
      `PUT ${alertsRoute}/:id`,
      `DELETE ${alertsRoute}/:id`,
    ]);
  });

  it("checks the production wire's rules at preview", async () => {
    const failures =
      (await provider.check({}, { ...tileAlertBody(cloud.fixture), interval: "2m" })).failures ?? [];
    expect(failures.map((failure) => failure.property)).to.deep.equal(["interval"]);
  });

  it("drops an alert the Cloud API says is gone, on refresh", async () => {
    const created = await provider.create(tileAlertBody(cloud.fixture));
    await provider.delete(created.id, created.outs);
    expect((await provider.read(created.id, created.outs)).id).to.equal("");
  });

  it("keeps an alert when the gateway answers its HTML 404 page: an error naming the URL, never 'deleted'", async () => {
    const created = await provider.create(tileAlertBody(cloud.fixture));
    await cloud.control.setFaults({ script: [{ route: `GET ${alertsRoute}/:id`, kinds: ["404html"] }] });
    const error = await failureOf(() => provider.read(created.id, created.outs));
    expect(error.message)
      .to.match(/answered 404/)
      .and.match(/clickstack\/alerts/);
    await cloud.control.setFaults({ script: [{ route: `DELETE ${alertsRoute}/:id`, kinds: ["404html"] }] });
    expect((await failureOf(() => provider.delete(created.id, created.outs))).message).to.match(
      /answered 404/,
    );
    expect((await cloudAlert(created.id)).status).to.equal(200);
  });

  it("getSeries fails with one sentence before any request: managed ClickStack serves no series", async () => {
    const saved = pulumi.runtime.allConfig();
    pulumi.runtime.setAllConfig(managedConfig());
    try {
      const error = await failureOf(() =>
        getSeries({
          series: [{ sourceId: cloud.fixture.sources[0].id, aggFn: "count" }],
          startTime: Date.UTC(2025, 0, 6),
          endTime: Date.UTC(2025, 0, 6, 6),
        }),
      );
      expect(error).to.be.instanceOf(ManagedClickStackUnsupportedError);
      expect(error.message).to.match(
        /^getSeries cannot run with observability:clickstackServiceId: [^.]*series[^.]*, so/,
      );
      expect(await cloud.control.requests()).to.deep.equal([]);
    } finally {
      pulumi.runtime.setAllConfig(saved);
    }
  });
});
