/**
 * Writes touch only what they name: a key's PATCH changes only the fields it carries (expireAt included), and an
 * alert's PUT or DELETE changes only that alert.
 */
import { expect } from "chai";
import { tileAlertBody } from "../../support/alertBodies";
import { EmulatorHarness, expectManagementSuccess } from "../../support/httpRequests";

describe("emulator: writes touch only what they name", () => {
  const harness = new EmulatorHarness().install();
  const keys = () => `${harness.orgPath}/keys`;
  const alerts = "/api/v2/alerts";
  const tileAlert = (name: string) => ({ name, ...tileAlertBody(harness.fixture) });

  it("a key's PATCH of its name keeps its expireAt", async () => {
    const created = expectManagementSuccess(
      await harness.management("POST", keys(), {
        body: { name: "dated", roles: ["developer"], expireAt: "2031-05-01T00:00:00.000Z" },
      }),
    );
    const patched = expectManagementSuccess(
      await harness.management("PATCH", `${keys()}/${created.key.id}`, { body: { name: "renamed" } }),
    );
    expect(patched).to.include({ name: "renamed", expireAt: "2031-05-01T00:00:00.000Z" });
  });

  it("a key's PATCH without a body is a 400, not a server error", async () => {
    const created = expectManagementSuccess(
      await harness.management("POST", keys(), { body: { name: "no-body", roles: ["developer"] } }),
    );
    const response = await harness.management("PATCH", `${keys()}/${created.key.id}`);
    expect(response.status, response.text).to.equal(400);
  });

  it("an alert's PUT and DELETE leave the other alerts as they were", async () => {
    const first = (await harness.observability("POST", alerts, { body: tileAlert("first") })).body.data;
    const second = (await harness.observability("POST", alerts, { body: tileAlert("second") })).body.data;
    const put = await harness.observability("PUT", `${alerts}/${first.id}`, {
      body: { ...tileAlert("first, replaced"), threshold: 9 },
    });
    expect(put.status, put.text).to.equal(200);
    const secondAfterPut = await harness.observability("GET", `${alerts}/${second.id}`);
    expect(secondAfterPut.body.data).to.include({ id: second.id, name: "second", threshold: 5 });
    const deleted = await harness.observability("DELETE", `${alerts}/${first.id}`);
    expect(deleted.status).to.equal(200);
    const secondAfterDelete = await harness.observability("GET", `${alerts}/${second.id}`);
    expect(secondAfterDelete.status, secondAfterDelete.text).to.equal(200);
    expect(secondAfterDelete.body.data).to.include({ id: second.id, name: "second" });
  });

  it("a PUT with a malformed id is refused for the id alone, before its body's references are looked up", async () => {
    const refusal = "Params validation failed: id: Invalid ObjectId";
    const valid = await harness.observability("PUT", `${alerts}/123`, { body: tileAlert("valid body") });
    expect([valid.status, valid.body]).to.deep.equal([400, { message: refusal }]);
    const missingTile = await harness.observability("PUT", `${alerts}/123`, {
      body: { ...tileAlert("missing tile"), tileId: "nope" },
    });
    expect([missingTile.status, missingTile.body]).to.deep.equal([400, { message: refusal }]);
  });
});
