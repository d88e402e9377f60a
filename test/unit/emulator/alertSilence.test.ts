import { expect } from "chai";
import { EmulatorHarness } from "../../support/httpRequests";

describe("emulator: silencing an alert through the control API (production wire: a silence is an object)", () => {
  const harness = new EmulatorHarness({ dialect: "production" }).install();
  const userId = "65f5e4a3b9e77c001a234567";
  const until = "2099-03-20T08:00:00.000Z";

  const createAlert = (): Promise<{ id: string; updatedAt: string }> => harness.createTileAlert();
  const get = async (id: string) => (await harness.observability("GET", `/api/v2/alerts/${id}`)).body.data;

  it("shows a silence as the API does: an object {by, at, until}, and moves updatedAt", async () => {
    const alert = await createAlert();
    const silenced = await harness.control("POST", `/alerts/${alert.id}/silence`, {
      body: { until: "2099-03-20T08:00:00Z", by: userId },
    });
    expect(silenced.status, silenced.text).to.equal(200);
    expect(silenced.body.silenced).to.include({ by: userId, until });

    const read = await get(alert.id);
    expect(Object.keys(read.silenced).sort()).to.deep.equal(["at", "by", "until"]);
    expect(read.silenced).to.include({ by: userId, until });
    expect(Date.parse(read.silenced.at)).to.be.at.least(Date.parse(alert.updatedAt));
    expect(read.updatedAt).to.equal(read.silenced.at);
    const listed = (await harness.observability("GET", "/api/v2/alerts")).body.data;
    expect(listed[0].silenced).to.deep.equal(read.silenced);
  });

  it("leaves `by` out when no user is given, keeps the silence across a PUT, and lifts it on DELETE", async () => {
    const alert = await createAlert();
    await harness.control("POST", `/alerts/${alert.id}/silence`, { body: { until } });
    expect(Object.keys((await get(alert.id)).silenced).sort()).to.deep.equal(["at", "until"]);

    const dashboard = harness.fixture.dashboards[0];
    const replaced = await harness.observability("PUT", `/api/v2/alerts/${alert.id}`, {
      body: {
        threshold: 9,
        interval: "5m",
        source: "tile",
        thresholdType: "above",
        channel: { type: "webhook", webhookId: harness.fixture.webhooks[0].id },
        dashboardId: dashboard.id,
        tileId: dashboard.tileIds[0],
      },
    });
    expect(replaced.body.data.silenced).to.include({ until });

    expect((await harness.control("DELETE", `/alerts/${alert.id}/silence`)).status).to.equal(204);
    expect(await get(alert.id)).not.to.have.property("silenced");
  });

  it("keeps a silence whose end has passed, as the API does", async () => {
    const alert = await createAlert();
    await harness.control("POST", `/alerts/${alert.id}/silence`, { body: { until: "2001-01-01T00:00:00Z" } });
    expect((await get(alert.id)).silenced).to.include({ until: "2001-01-01T00:00:00.000Z" });
  });

  it("refuses a malformed until or user, and an unknown alert", async () => {
    const alert = await createAlert();
    const badUntil = await harness.control("POST", `/alerts/${alert.id}/silence`, {
      body: { until: "tomorrow" },
    });
    expect(badUntil.status).to.equal(400);
    expect(badUntil.body.error).to.match(/until/);
    const badUser = await harness.control("POST", `/alerts/${alert.id}/silence`, {
      body: { until, by: "me" },
    });
    expect(badUser.status).to.equal(400);
    expect(badUser.body.error).to.match(/by/);
    const unknown = await harness.control("POST", `/alerts/${"0".repeat(24)}/silence`, { body: { until } });
    expect(unknown.status).to.equal(404);
    expect((await harness.control("DELETE", `/alerts/${"0".repeat(24)}/silence`)).status).to.equal(404);
  });

  it("is offered in-process too", async () => {
    const alert = await createAlert();
    const set = await harness.emulator.control.silenceAlert(alert.id, until, userId);
    expect(set).to.include({ by: userId, until });
    expect((await get(alert.id)).silenced).to.deep.equal(set);
    await harness.emulator.control.unsilenceAlert(alert.id);
    expect(await get(alert.id)).not.to.have.property("silenced");
  });
});

describe("emulator: a silence on the specification's wire", () => {
  const harness = new EmulatorHarness().install();
  const get = async (id: string) => (await harness.observability("GET", `/api/v2/alerts/${id}`)).body.data;

  it("is the boolean `silenced` the specification shows: true while in force, false before and after", async () => {
    const alert = await harness.createTileAlert();
    expect(alert.silenced).to.equal(false);
    await harness.emulator.control.silenceAlert(alert.id, "2099-03-20T08:00:00Z");
    expect((await get(alert.id)).silenced).to.equal(true);
    const listed = (await harness.observability("GET", "/api/v2/alerts")).body.data;
    expect(listed[0].silenced).to.equal(true);
    await harness.emulator.control.silenceAlert(alert.id, "2001-01-01T00:00:00Z");
    expect((await get(alert.id)).silenced).to.equal(false);
    await harness.emulator.control.unsilenceAlert(alert.id);
    expect((await get(alert.id)).silenced).to.equal(false);
  });
});
