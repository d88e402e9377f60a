/**
 * Observability objects that name the service whose managed ClickStack holds them (`clickstackServiceId`), through
 * the kinds' providers as the dynamic runtime serves them, against the production wire's emulator: the requests go
 * to that service's ClickStack routes with the management key and no observability URL or token; the named service
 * wins over `observability:clickstackServiceId`; refresh and delete go where the state says the object is, whatever
 * the config says later; state without the input (an older version's) leaves it to the config, as before; preview
 * checks the input's form and the production wire's rules; and a different service replaces the object.
 */
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { tileAlertBody } from "../../support/alertBodies";
import { dedicatedEmulator } from "../../support/emulator";
import { basicAuth, send } from "../../support/httpRequests";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { providerOf } from "../../support/providers";
import { configureRequestFrom } from "../../support/stackConfig";
import { UNKNOWN } from "../../../provider/propertyEncoding";

describe("observability objects on the managed ClickStack of the service they name", function () {
  this.timeout(30_000);
  let cloud: RunningEmulator;
  const alerts = providerOf("Alert");
  const webhooks = providerOf("Webhook");
  const services = () => cloud.fixture.services;

  /** The management settings alone: no observability URL, token, dialect or service. */
  const managementOnly = (extra: Record<string, string> = {}): Record<string, string> => ({
    "clickhouse:apiUrl": cloud.fixture.managementUrl,
    "clickhouse:organizationId": cloud.fixture.organizationId,
    "clickhouse:tokenKey": cloud.fixture.tokenKey,
    "clickhouse:tokenSecret": cloud.fixture.tokenSecret,
    "clickhouse:throttle": "off",
    ...extra,
  });
  const clickstackOf = (serviceId: string) =>
    `/v1/organizations/${cloud.fixture.organizationId}/services/${serviceId}/clickstack`;
  /** An object as the Cloud API shows it under a service's ClickStack, with the Cloud key. */
  const held = (serviceId: string, suffix: string) =>
    send(`${cloud.url}${clickstackOf(serviceId)}${suffix}`, "GET", {
      headers: { authorization: basicAuth(cloud.fixture.tokenKey, cloud.fixture.tokenSecret) },
    });
  /** The paths of the requests the emulator served since the last clear. */
  const paths = async () => (await cloud.control.requests()).map((entry) => `${entry.method} ${entry.path}`);

  before(async () => {
    cloud = await dedicatedEmulator({ dialect: "production" });
  });
  beforeEach(async () => {
    await cloud.control.reset();
    await cloud.control.clearRequests();
    await alerts.configure(configureRequestFrom(managementOnly()));
  });
  after(async () => {
    await alerts.configure(await emulatorConfigureRequest());
    await cloud.close();
  });

  it("sends a webhook's and an alert's whole life to that service's ClickStack, and records the service", async () => {
    const service = services().secondary;
    const webhook = await webhooks.create({
      name: "named service",
      service: "generic",
      url: "https://hooks.example.com/named",
      clickstackServiceId: service,
    });
    expect(webhook.outs).to.include({ name: "named service", clickstackServiceId: service });
    const listed = await held(service, "/webhooks");
    expect(listed.body.result.map((shown: { id: string }) => shown.id)).to.include(webhook.id);

    const inputs = {
      ...tileAlertBody(cloud.fixture),
      name: "on the named service",
      channel: { type: "webhook" as const, webhookId: webhook.id },
      clickstackServiceId: service,
    };
    const alert = await alerts.create(inputs);
    expect(alert.outs).to.include({ clickstackServiceId: service });
    expect((await held(service, `/alerts/${alert.id}`)).body.result).to.include({
      name: "on the named service",
    });

    const read = await alerts.read(alert.id, alert.outs);
    expect(read.inputs).to.deep.equal(inputs);
    const updated = await alerts.update(alert.id, alert.outs, { ...inputs, threshold: 9 });
    expect(updated.outs).to.include({ threshold: 9, clickstackServiceId: service });
    await alerts.delete(alert.id, updated.outs);
    await webhooks.delete(webhook.id, webhook.outs);
    expect((await held(service, `/alerts/${alert.id}`)).status).to.equal(404);

    const sent = await paths();
    expect(sent.filter((path) => path.includes("/api/v2/"))).to.deep.equal([]);
    const clickstack = sent.filter((path) => path.includes("/clickstack/"));
    // The webhook's create and delete, the alert's create, read, update (read and PUT) and delete, and the
    // test's own reads: every one on the named service.
    expect(clickstack.length).to.be.greaterThan(7);
    expect(clickstack.filter((path) => !path.includes(`${clickstackOf(service)}/`))).to.deep.equal([]);
  });

  it("wins over observability:clickstackServiceId, and refresh and delete follow the state when the config changes", async () => {
    const [named, configured] = [services().secondary, services().production];
    await alerts.configure(
      configureRequestFrom(managementOnly({ "observability:clickstackServiceId": configured })),
    );
    const alert = await alerts.create({ ...tileAlertBody(cloud.fixture), clickstackServiceId: named });
    expect((await held(named, `/alerts/${alert.id}`)).status).to.equal(200);

    await alerts.configure(
      configureRequestFrom(managementOnly({ "observability:clickstackServiceId": services().trial })),
    );
    expect((await alerts.read(alert.id, alert.outs)).id).to.equal(alert.id);
    await alerts.delete(alert.id, alert.outs);
    expect((await held(named, `/alerts/${alert.id}`)).status).to.equal(404);
    const clickstack = (await paths()).filter((path) => path.includes("/clickstack/"));
    expect(clickstack.filter((path) => !path.includes(`/services/${named}/`))).to.deep.equal([]);
  });

  it("without the input, in the inputs or in the state an older version wrote, the config's service holds the object", async () => {
    const configured = services().production;
    await alerts.configure(
      configureRequestFrom(managementOnly({ "observability:clickstackServiceId": configured })),
    );
    const alert = await alerts.create(tileAlertBody(cloud.fixture));
    expect(alert.outs).to.not.have.property("clickstackServiceId");
    const { clickstackServiceId: _none, ...olderState } = alert.outs;
    const read = await alerts.read(alert.id, olderState);
    expect(read.id).to.equal(alert.id);
    expect(read.inputs).to.not.have.property("clickstackServiceId");
    await alerts.delete(alert.id, olderState);
    const clickstack = (await paths()).filter((path) => path.includes("/clickstack/"));
    expect(clickstack.length).to.equal(3);
    expect(clickstack.filter((path) => !path.includes(`/services/${configured}/`))).to.deep.equal([]);
  });

  it("reaches two services' ClickStacks with one Cloud key through two clients: each alert lands under its own service", async () => {
    const [first, second] = [services().secondary, services().production];
    const alertOn = (service: string) =>
      alerts.create({ ...tileAlertBody(cloud.fixture), name: `on ${service}`, clickstackServiceId: service });
    const one = await alertOn(first);
    const other = await alertOn(second);
    const posts = (await paths()).filter(
      (path) => path.startsWith("POST ") && path.endsWith("/clickstack/alerts"),
    );
    expect(posts).to.deep.equal([
      `POST ${clickstackOf(first)}/alerts`,
      `POST ${clickstackOf(second)}/alerts`,
    ]);
    await alerts.delete(one.id, one.outs);
    await alerts.delete(other.id, other.outs);
    const deletes = (await paths()).filter((path) => path.startsWith("DELETE "));
    expect(deletes).to.deep.equal([
      `DELETE ${clickstackOf(first)}/alerts/${one.id}`,
      `DELETE ${clickstackOf(second)}/alerts/${other.id}`,
    ]);
  });

  it("fails at preview on a clickstackServiceId that is no uuid, naming the field and the rule", async () => {
    const { failures } = await webhooks.check(
      {},
      { name: "w", service: "generic", url: "https://hooks.example.com/x", clickstackServiceId: "../other" },
    );
    expect(failures).to.deep.equal([
      {
        property: "clickstackServiceId",
        reason:
          'clickstackServiceId must be a uuid (8-4-4-4-12 hex digits, e.g. 0b3c2d4e-5f60-4718-8293-a4b5c6d7e8f9); got "../other"',
      },
    ]);
    expect(await paths()).to.deep.equal([]);
  });

  it("checks the production wire's rules at preview when the config's observability API speaks the spec's", async () => {
    await alerts.configure(
      configureRequestFrom(
        managementOnly({
          "observability:apiUrl": cloud.fixture.observabilityUrl,
          "observability:apiToken": cloud.fixture.observabilityToken,
          "observability:apiDialect": "spec",
        }),
      ),
    );
    const twoMinutes = { ...tileAlertBody(cloud.fixture), interval: "2m" };
    expect((await alerts.check({}, twoMinutes)).failures ?? []).to.deep.equal([]);
    const named = (await alerts.check({}, { ...twoMinutes, clickstackServiceId: services().secondary }))
      .failures;
    expect((named ?? []).map((failure) => failure.property)).to.deep.equal(["interval"]);
  });

  it("refuses channels at preview on an alert for a managed ClickStack, named by the resource or the config, and sends nothing", async () => {
    const webhook = { type: "webhook" as const, webhookId: "65f1a2b3c4d5e6f708192a3b" };
    const oneChannel = { ...tileAlertBody(cloud.fixture), channel: webhook };
    const several = { ...oneChannel, channels: [webhook] };
    const refusal = [
      {
        property: "channels",
        reason:
          "channels is not taken by an alert on a managed ClickStack (clickstackServiceId, of the resource or " +
          "observability:clickstackServiceId): the ClickHouse Cloud API's ClickStack alert has one channel; set " +
          "channel only",
      },
    ];
    const failuresOf = async (inputs: Record<string, unknown>) =>
      (await alerts.check({}, inputs)).failures ?? [];
    await cloud.control.clearRequests();
    const service = services().secondary;
    expect(await failuresOf({ ...several, clickstackServiceId: service })).to.deep.equal(refusal);
    expect(await failuresOf({ ...several, clickstackServiceId: UNKNOWN })).to.deep.equal(refusal);
    expect(await failuresOf({ ...oneChannel, clickstackServiceId: service })).to.deep.equal([]);

    await alerts.configure(
      configureRequestFrom(managementOnly({ "observability:clickstackServiceId": service })),
    );
    expect(await failuresOf(several)).to.deep.equal(refusal);
    expect(await failuresOf(oneChannel)).to.deep.equal([]);
    expect(await paths()).to.deep.equal([]);
  });

  it("replaces the object when the service changes, is added or is removed, and not when it stays", async () => {
    const given = { name: "w", service: "generic", url: "https://hooks.example.com/x" };
    const [a, b] = [services().secondary, services().production];
    const olds = { ...given, clickstackServiceId: a };
    const diff = (before: Record<string, unknown>, after: Record<string, unknown>) =>
      webhooks.diff("65f1a2b3c4d5e6f708192a3b", before, after);
    expect(await diff(olds, { ...given, clickstackServiceId: b })).to.deep.include({
      changes: true,
      replaces: ["clickstackServiceId"],
    });
    expect(await diff(given, { ...given, clickstackServiceId: a })).to.deep.include({
      replaces: ["clickstackServiceId"],
    });
    expect(await diff(olds, given)).to.deep.include({ replaces: ["clickstackServiceId"] });
    expect(await diff(olds, { ...given, clickstackServiceId: a })).to.deep.include({ changes: false });
    expect(await diff(given, given)).to.deep.include({ changes: false });
  });
});
