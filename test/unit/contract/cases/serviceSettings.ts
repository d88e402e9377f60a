/**
 * A service's ClickHouse settings and scaling schedule (beta operations of ClickHouse Cloud's published OpenAPI,
 * cited by line of the file clickhousectl vendors, `crates/clickhouse-cloud-api/clickhouse_cloud_openapi.json`; the
 * scaling schedule also as the official Terraform provider drives it, ClickHouse/terraform-provider-clickhouse
 * `internal/api/scheduled_scaling.go`, commit c320db99). The specification has neither: both wires serve them alike,
 * and these cases are on the production wire.
 */
import {
  ANY_STRING,
  ANY_UUID,
  like,
  type CaseIds,
  type ContractCase,
  type ContractResponse,
  type Template,
} from "../contract";

const openApi = "clickhousectl crates/clickhouse-cloud-api/clickhouse_cloud_openapi.json";
const terraform = "terraform-provider-clickhouse internal/api/scheduled_scaling.go";
const settings = (ids: CaseIds) =>
  `/v1/organizations/${ids.organizationId}/services/${ids.services.secondary}/clickhouseSettings`;
const schedule = (ids: CaseIds) =>
  `/v1/organizations/${ids.organizationId}/services/${ids.services.production}/scalingSchedule`;
const bare: ContractResponse = { status: 200, body: { status: 200, requestId: ANY_UUID } };
const envelope = (result: Template): ContractResponse => ({
  status: 200,
  body: { status: 200, requestId: ANY_UUID, result },
});
const notFound = (example: string): ContractResponse => ({
  status: 404,
  body: { status: 404, error: like(/^NOT_FOUND: /, example), requestId: ANY_UUID },
});
const entry = {
  name: "business hours",
  weekdays: [1, 2, 3, 4, 5],
  startHourUtc: 9,
  endHourUtc: 17,
  numReplicas: 3,
};

export const cases: ContractCase[] = [
  {
    behaviour:
      "a PATCH of ClickHouse settings takes a JSON object as a string, answers what it applied as a string, and warns of a disruptive setting",
    source: `${openApi}:3753 (serviceClickhouseSettingsUpdate), :32644 (ServiceClickhouseSettingsPatchRequest), :30448 (ServiceClickhouseSettingsPatchResponse)`,
    api: "management",
    dialect: "production",
    request: { method: "PATCH", path: settings, body: { settings: '{"compatibility":"24.8"}' } },
    response: envelope({
      settings: like(/"compatibility":\s*"24\.8"/, '{"compatibility":"24.8"}'),
      warnings: [{ name: "compatibility", message: ANY_STRING }],
    }),
    client: { outcome: "ok", resultSchema: "clickhouseSettingsPatchResult" },
  },
  {
    behaviour: "the list of ClickHouse settings holds those set explicitly, each value a string",
    source: `${openApi}:3638 (serviceClickhouseSettingsListGet), :30409 (ServiceClickhouseSetting.value "Returned as a string for all setting types")`,
    api: "management",
    dialect: "production",
    arrange: async (harness) => {
      await harness.management("PATCH", settings(harness.fixture as CaseIds), {
        body: { settings: '{"max_execution_time":"60"}' },
      });
      return {};
    },
    request: { method: "GET", path: settings },
    response: envelope({ settings: [{ name: "max_execution_time", value: "60" }] }),
    client: { outcome: "ok", resultSchema: "clickhouseSettingsList" },
  },
  {
    behaviour: "a DELETE of a ClickHouse setting never set is a no-op that answers 200 without result",
    source: `${openApi}:4120 (serviceClickhouseSettingDelete: "Deleting a setting that was never configured is a no-op (200 OK)")`,
    api: "management",
    dialect: "production",
    request: { method: "DELETE", path: (ids) => `${settings(ids)}/max_execution_time` },
    response: bare,
    client: { outcome: "ok" },
  },
  {
    behaviour:
      "a POST of a scaling schedule answers its entries with ids, a fixed count as an equal band, and the base config",
    source: `${openApi}:3065 (scalingScheduleUpsert), :18581 (ScalingSchedule), :18467 (ScalingScheduleEntry); ${terraform}`,
    api: "management",
    dialect: "production",
    request: { method: "POST", path: schedule, body: { entries: [entry] } },
    response: envelope({
      entries: [
        {
          id: ANY_UUID,
          name: "business hours",
          weekdays: [1, 2, 3, 4, 5],
          startHourUtc: 9,
          endHourUtc: 17,
          autoscalingMode: "vertical",
          minReplicas: 3,
          maxReplicas: 3,
          isActiveNow: false,
        },
      ],
      baseConfig: { autoscalingMode: "vertical" },
    }),
    // The emulator's clock is the machine's: fixed at a Sunday so that the weekday window is not active.
    arrange: async (harness) => {
      await harness.emulator.control.updateSettings({
        clockOffsetMs: Date.parse("2026-06-07T12:00:00Z") - Date.now(),
      });
      return {};
    },
    restore: async (harness) => {
      await harness.emulator.control.updateSettings({ clockOffsetMs: 0 });
    },
    client: { outcome: "ok", resultSchema: "scalingSchedule" },
  },
  {
    behaviour: "a POST of no entries clears the schedule and answers an empty base config",
    source: `${openApi}:3064 (scalingScheduleUpsert: "Pass an empty entries array to clear the schedule")`,
    api: "management",
    dialect: "production",
    request: { method: "POST", path: schedule, body: { entries: [] } },
    response: envelope({ entries: [], baseConfig: {} }),
    client: { outcome: "ok", resultSchema: "scalingSchedule" },
  },
  {
    behaviour: "a service without a scaling schedule answers 404 to its GET",
    source: `${openApi}:2950 (scalingScheduleGet: "Returns 404 if no schedule has been configured")`,
    api: "management",
    dialect: "production",
    request: { method: "GET", path: schedule },
    response: notFound("NOT_FOUND: no scaling schedule"),
    client: { outcome: "gone" },
  },
  {
    behaviour: "a DELETE of a scaling schedule that does not exist answers 404",
    source: `${openApi}:3189 (scalingScheduleDelete: "Returns 404 if no schedule exists")`,
    api: "management",
    dialect: "production",
    request: { method: "DELETE", path: schedule },
    response: notFound("NOT_FOUND: no scaling schedule"),
    client: { outcome: "gone" },
  },
  {
    behaviour: "a DELETE of a scaling schedule answers 200 without result",
    source: `${openApi}:3189 (scalingScheduleDelete's 200 schema has no result)`,
    api: "management",
    dialect: "production",
    arrange: async (harness) => {
      await harness.management("POST", schedule(harness.fixture as CaseIds), { body: { entries: [entry] } });
      return {};
    },
    request: { method: "DELETE", path: schedule },
    response: bare,
    client: { outcome: "ok" },
  },
];
