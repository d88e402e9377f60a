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
  describe(`emulator: a service's ClickHouse settings (${dialect} wire)`, () => {
    const harness = new EmulatorHarness({ dialect }).install();
    const path = (suffix = "") => `${harness.servicePath("secondary")}/clickhouseSettings${suffix}`;
    const patch = (settings: Json) =>
      harness.management("PATCH", path(), {
        body: { settings: typeof settings === "string" ? settings : JSON.stringify(settings) },
      });
    const listed = async () => expectManagementSuccess(await harness.management("GET", path())).settings;

    it("a new service has none set; the schema lists settings of several types, one enumerated", async () => {
      expect(await listed()).to.deep.equal([]);
      const schema = expectManagementSuccess(await harness.management("GET", path("/schema")));
      expect(validate("clickhouseSettingsCatalog", schema)).to.deep.equal([]);
      const types = new Set(schema.settings.map((entry: Json) => entry.type));
      expect([...types]).to.include.members(["String", "UInt64", "Int64", "Bool", "Seconds"]);
      const enumerated = schema.settings.filter((entry: Json) => entry.enum !== undefined);
      expect(enumerated.map((entry: Json) => [entry.name, entry.enum])).to.deep.equal([
        ["enable_parallel_replicas", [0, 1, 2]],
      ]);
    });

    it("PATCH sets the named settings, answers what it applied and the warnings, and leaves the others", async () => {
      expectManagementSuccess(await patch({ max_memory_usage: "10000000000" }));
      const answer = expectManagementSuccess(await patch({ compatibility: "24.8", join_use_nulls: 1 }));
      expect(validate("clickhouseSettingsPatchResult", answer)).to.deep.equal([]);
      expect(JSON.parse(answer.settings)).to.deep.equal({ compatibility: "24.8", join_use_nulls: "1" });
      expect(answer.warnings.map((warning: Json) => warning.name)).to.deep.equal(["compatibility"]);
      expect(answer.warnings[0].message).to.be.a("string").and.not.equal("");
      expect(await listed()).to.deep.equal([
        { name: "max_memory_usage", value: "10000000000" },
        { name: "compatibility", value: "24.8" },
        { name: "join_use_nulls", value: "1" },
      ]);
      const one = expectManagementSuccess(await harness.management("GET", path("/compatibility")));
      expect(one).to.deep.equal({ name: "compatibility", value: "24.8" });
    });

    it("refuses an unknown setting and values that do not fit, naming each, and sets nothing", async () => {
      const response = await patch({
        max_threadz: "8",
        max_memory_usage: "-1",
        join_use_nulls: "yes",
        enable_parallel_replicas: "3",
        distributed_ddl_task_timeout: "-1",
      });
      expectManagementError(
        response,
        400,
        "BAD_REQUEST",
        "settings.max_threadz: is not a setting",
        'settings.max_memory_usage: must be a whole number, 0 or more (its type is UInt64); got "-1"',
        "settings.join_use_nulls: must be 0, 1, true or false",
        'settings.enable_parallel_replicas: must be one of 0, 1, 2; got "3"',
      );
      expect(response.body.error).to.not.include("distributed_ddl_task_timeout");
      expect(await listed()).to.deep.equal([]);
      expectManagementError(await patch("not json"), 400, "BAD_REQUEST", "settings: must be a JSON object");
      expectManagementError(await patch("[1]"), 400, "BAD_REQUEST", "settings: must hold a JSON object");
      expectManagementError(await patch({}), 400, "BAD_REQUEST", "settings: must name at least one setting");
      expectManagementError(
        await harness.management("PATCH", path(), { body: { settings: { compatibility: "24.8" } } }),
        400,
        "BAD_REQUEST",
        "settings",
      );
    });

    it("DELETE resets one setting, is a no-op for one not set, and refuses an unknown name", async () => {
      expectManagementSuccess(await patch({ compatibility: "24.8", max_execution_time: "30" }));
      const reset = await harness.management("DELETE", path("/compatibility"));
      expect(reset.status, reset.text).to.equal(200);
      expect(Object.keys(reset.body).sort()).to.deep.equal(["requestId", "status"]);
      expect(await listed()).to.deep.equal([{ name: "max_execution_time", value: "30" }]);
      expect((await harness.management("DELETE", path("/compatibility"))).status).to.equal(200);
      expectManagementError(
        await harness.management("GET", path("/compatibility")),
        404,
        "NOT_FOUND",
        "compatibility",
      );
      expectManagementError(
        await harness.management("DELETE", path("/no_such_setting")),
        400,
        "BAD_REQUEST",
        "no_such_setting",
      );
    });

    it("a service that does not exist answers 404, as its other operations do", async () => {
      const missing = `${harness.orgPath}/services/00000000-0000-4000-8000-000000000000/clickhouseSettings`;
      expectManagementError(await harness.management("GET", missing), 404, "NOT_FOUND");
      expectManagementError(await harness.management("GET", `${missing}/schema`), 404, "NOT_FOUND");
      expectManagementError(
        await harness.management("PATCH", missing, { body: { settings: '{"compatibility":"24.8"}' } }),
        404,
        "NOT_FOUND",
      );
    });
  });
}
