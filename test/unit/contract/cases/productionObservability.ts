/**
 * The observability API's production wire (the emulator's `--dialect production`): HyperDX's external API v2 where
 * it differs from the specification. Sources in hyperdxio/hyperdx (commit b52a6fa8): `packages/api/src/utils/zod.ts`
 * (alertSchema), `packages/common-utils/src/types.ts` (its refinements), `packages/api/src/utils/externalApi.ts`
 * (the alert shown), `packages/api/src/routers/external-api/v2/alerts.ts` and `packages/api/src/utils/pagination.ts`
 * (the paged list), `packages/api/src/models/alert.ts` (the state of a new alert).
 */
import type { Fixture } from "../../../../emulator";
import type { EmulatorHarness } from "../../../support/httpRequests";
import { searchAlertBody, tileAlertBody } from "../../../support/alertBodies";
import { ANY_OBJECT_ID, like, type CaseIds, type ContractCase, type Template } from "../contract";
import { shownProductionTileAlert } from "./alerts";

const zod = "HyperDX packages/api/src/utils/zod.ts";
const refinements = "HyperDX packages/common-utils/src/types.ts";

const tile = (ids: Fixture) => tileAlertBody(ids);
const savedSearch = (ids: Fixture) => ({ ...searchAlertBody(ids), source: "saved_search" });
const post = (body: (ids: CaseIds) => unknown) => ({
  method: "POST" as const,
  path: () => "/api/v2/alerts",
  body,
});
const refused = (pattern: RegExp, example: string) => ({
  status: 400,
  body: { message: like(pattern, example) },
});
const channel = (webhookId: Template): Template => ({ type: "webhook", webhookId });

export const cases: ContractCase[] = [
  {
    behaviour:
      "a saved-search alert is created with source saved_search; a new alert is OK, with teamId and savedSearchId",
    source: `${zod}:734 (source); HyperDX packages/api/src/models/alert.ts:175 (default state OK); packages/api/src/utils/externalApi.ts:359-370`,
    api: "observability",
    dialect: "production",
    request: post(savedSearch),
    response: {
      status: 200,
      body: {
        data: {
          id: ANY_OBJECT_ID,
          threshold: 1,
          source: "saved_search",
          state: "OK",
          teamId: ANY_OBJECT_ID,
          savedSearchId: ANY_OBJECT_ID,
          interval: "1h",
        },
      },
    },
    client: { outcome: "ok", resultSchema: "alert" },
  },
  {
    behaviour: "the specification's source word `search` is refused",
    source: `${zod}:734 (z.nativeEnum(AlertSource): saved_search, tile)`,
    api: "observability",
    dialect: "production",
    request: post((ids) => searchAlertBody(ids)),
    response: refused(
      /^Body validation failed: source: Invalid enum value\. Expected 'saved_search' \| 'tile', received 'search'/,
      "Body validation failed: source: Invalid enum value. Expected 'saved_search' | 'tile', received 'search'",
    ),
    client: { outcome: "error", message: /source/ },
  },
  {
    behaviour: "an interval outside 1m, 5m, 15m, 30m, 1h, 6h, 12h, 1d is refused",
    source: `${zod}:728`,
    api: "observability",
    dialect: "production",
    request: post((ids) => ({ ...tile(ids), interval: "2m" })),
    response: refused(
      /^Body validation failed: interval: Invalid enum value\. .*received '2m'$/,
      "Body validation failed: interval: Invalid enum value. Expected '1m' | '5m', received '2m'",
    ),
    client: { outcome: "error", message: /interval/ },
  },
  {
    behaviour: "between without thresholdMax is refused",
    source: `${refinements}:853-872 (validateAlertThresholdMax)`,
    api: "observability",
    dialect: "production",
    request: post((ids) => ({ ...tile(ids), thresholdType: "between" })),
    response: refused(
      /^Body validation failed: thresholdMax: thresholdMax is required for between\/not_between threshold types$/,
      "Body validation failed: thresholdMax: thresholdMax is required for between/not_between threshold types",
    ),
    client: { outcome: "error", message: /thresholdMax/ },
  },
  {
    behaviour: "a schedule offset not below the interval is refused",
    source: `${refinements}:824-851 (validateAlertScheduleOffsetMinutes)`,
    api: "observability",
    dialect: "production",
    request: post((ids) => ({ ...tile(ids), scheduleOffsetMinutes: 5 })),
    response: refused(
      /^Body validation failed: scheduleOffsetMinutes: scheduleOffsetMinutes must be less than 5 minutes$/,
      "Body validation failed: scheduleOffsetMinutes: scheduleOffsetMinutes must be less than 5 minutes",
    ),
    client: { outcome: "error", message: /scheduleOffsetMinutes/ },
  },
  {
    behaviour:
      "a range, a note, consecutive windows and two channels are kept and shown, the first channel as `channel`",
    source: `${zod}:726-740; ${refinements}:706-712 (zAlertChannels), :903 (note); HyperDX packages/api/src/utils/externalApi.ts:349-366`,
    api: "observability",
    dialect: "production",
    request: post((ids) => ({
      ...tile(ids),
      thresholdType: "between",
      threshold: 2,
      thresholdMax: 9,
      note: "runbook: restart checkout",
      numConsecutiveWindows: 3,
      channel: undefined,
      channels: [channel(ids.webhooks[0].id), channel(ids.webhooks[1].id)],
    })),
    response: {
      status: 200,
      body: {
        data: {
          ...shownProductionTileAlert,
          thresholdType: "between",
          threshold: 2,
          thresholdMax: 9,
          note: "runbook: restart checkout",
          numConsecutiveWindows: 3,
          channels: [channel(ANY_OBJECT_ID), channel(ANY_OBJECT_ID)],
        },
      },
    },
    client: { outcome: "ok", resultSchema: "alert" },
  },
  {
    behaviour: "the alert list is paged: limit, offset, meta {total, limit, offset} and X-Total-Count",
    source:
      "HyperDX packages/api/src/routers/external-api/v2/alerts.ts:481-508; packages/api/src/utils/pagination.ts:26-35, 45-62",
    api: "observability",
    dialect: "production",
    arrange: async (harness: EmulatorHarness) => {
      for (let made = 0; made < 3; made += 1) {
        await harness.observability("POST", "/api/v2/alerts", { body: tileAlertBody(harness.fixture) });
      }
      return {};
    },
    request: { method: "GET", path: () => "/api/v2/alerts?limit=2&offset=1" },
    response: {
      status: 200,
      body: {
        data: [shownProductionTileAlert, shownProductionTileAlert],
        meta: { total: 3, limit: 2, offset: 1 },
      },
      headers: { "x-total-count": { pattern: /^3$/, example: "3" } },
    },
    client: { outcome: "ok", resultSchema: "alert", many: true },
  },
  {
    behaviour: "a page larger than 1000 is refused",
    source: "HyperDX packages/api/src/utils/pagination.ts:20-35; packages/api/src/utils/enhancedErrors.ts:51",
    api: "observability",
    dialect: "production",
    request: { method: "GET", path: () => "/api/v2/alerts?limit=1001" },
    response: refused(
      /^Query validation failed: limit: Number must be less than or equal to 1000$/,
      "Query validation failed: limit: Number must be less than or equal to 1000",
    ),
    client: { outcome: "error", message: /limit/ },
  },
];
