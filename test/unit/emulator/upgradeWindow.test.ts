import { expect } from "chai";
import { validate } from "../../../provider/validation/validate";
import { apiDialects } from "../../../schemas/dialects";
import {
  EmulatorHarness,
  expectManagementError,
  expectManagementSuccess,
  type Json,
} from "../../support/httpRequests";

type ServiceName = "production" | "secondary" | "development";

for (const dialect of apiDialects) {
  describe(`emulator: a service's upgrade window (${dialect} wire)`, () => {
    const harness = new EmulatorHarness({ dialect }).install();
    const path = (service: ServiceName = "production") => `${harness.servicePath(service)}/upgradeWindow`;
    const put = (body: Json, service?: ServiceName) => harness.management("PUT", path(service), { body });
    const get = (service?: ServiceName) => harness.management("GET", path(service));

    it("none is configured until a PUT: GET and DELETE answer 404", async () => {
      expectManagementError(await get(), 404, "NOT_FOUND", "No upgrade window is configured");
      expectManagementError(await harness.management("DELETE", path()), 404, "NOT_FOUND");
    });

    it("PUT sets the window and answers it with its 6-hour duration; a second PUT replaces it", async () => {
      const set = expectManagementSuccess(await put({ weekday: 3, startHourUtc: 12 }));
      expect(set).to.deep.equal({ weekday: 3, startHourUtc: 12, duration: 6 });
      expect(validate("upgradeWindow", set)).to.deep.equal([]);
      expect(expectManagementSuccess(await put({ weekday: 0, startHourUtc: 18 }))).to.deep.equal({
        weekday: 0,
        startHourUtc: 18,
        duration: 6,
      });
      expect(expectManagementSuccess(await get())).to.deep.equal({
        weekday: 0,
        startHourUtc: 18,
        duration: 6,
      });
    });

    it("DELETE removes it and answers status and requestId without result", async () => {
      await put({ weekday: 1, startHourUtc: 0 });
      const removed = await harness.management("DELETE", path());
      expect(removed.status).to.equal(200);
      expect(Object.keys(removed.body).sort()).to.deep.equal(["requestId", "status"]);
      expectManagementError(await get(), 404, "NOT_FOUND");
    });

    it("refuses a weekday outside 0-6, another start hour and a duration, naming each", async () => {
      expectManagementError(
        await put({ weekday: 7, startHourUtc: 3 }),
        400,
        "BAD_REQUEST",
        "weekday",
        "startHourUtc",
      );
      expectManagementError(
        await put({ weekday: 1, startHourUtc: 6, duration: 6 }),
        400,
        "BAD_REQUEST",
        "duration",
      );
      expectManagementError(await put({ weekday: 1 }), 400, "BAD_REQUEST", "startHourUtc");
      expectManagementError(await get(), 404, "NOT_FOUND");
    });

    it("a secondary service answers its primary's window, and refuses its own with 400", async () => {
      expectManagementError(await get("secondary"), 404, "NOT_FOUND");
      await put({ weekday: 2, startHourUtc: 6 });
      expect(expectManagementSuccess(await get("secondary"))).to.deep.equal({
        weekday: 2,
        startHourUtc: 6,
        duration: 6,
      });
      expectManagementError(
        await put({ weekday: 4, startHourUtc: 0 }, "secondary"),
        400,
        "BAD_REQUEST",
        "cannot set upgrade window on a secondary service",
      );
      expectManagementError(
        await harness.management("DELETE", path("secondary")),
        400,
        "BAD_REQUEST",
        "secondary service",
      );
      expect(expectManagementSuccess(await get())).to.deep.include({ weekday: 2, startHourUtc: 6 });
      // A service of another warehouse has its own.
      expectManagementError(await get("development"), 404, "NOT_FOUND");
    });

    it("without the scheduled upgrades feature a PUT is refused with 403, and a DELETE still works", async () => {
      await put({ weekday: 5, startHourUtc: 0 });
      await harness.emulator.control.updateSettings({ scheduledUpgrades: false });
      try {
        expectManagementError(
          await put({ weekday: 6, startHourUtc: 0 }),
          403,
          "FORBIDDEN",
          "scheduled upgrades feature",
        );
        expect(expectManagementSuccess(await get())).to.deep.include({ weekday: 5 });
        expect((await harness.management("DELETE", path())).status).to.equal(200);
        expectManagementError(await get(), 404, "NOT_FOUND");
      } finally {
        await harness.emulator.control.updateSettings({ scheduledUpgrades: true });
      }
    });

    it("a service that does not exist answers 404 for every method", async () => {
      const missing = `${harness.orgPath}/services/00000000-0000-4000-8000-000000000000/upgradeWindow`;
      for (const method of ["GET", "PUT", "DELETE"]) {
        const options = method === "PUT" ? { body: { weekday: 1, startHourUtc: 6 } } : {};
        expectManagementError(
          await harness.management(method, missing, options),
          404,
          "NOT_FOUND",
          "not found",
        );
      }
    });
  });
}
