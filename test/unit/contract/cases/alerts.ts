/**
 * Alerts of the observability API: the alert as the API shows it (a silence included), what the API drops, and its
 * refusals in its own words. The real API's code: HyperDX `packages/api/src/routers/external-api/v2/alerts.ts` (the
 * routes and their order of checks), `packages/api/src/utils/zod.ts` (`alertSchema`, `objectIdSchema`),
 * `packages/api/src/utils/enhancedErrors.ts` (how zod's problems become the 400 message),
 * `packages/api/src/controllers/alerts.ts` (`validateAlertInput`: the referred objects) and
 * `packages/api/src/utils/externalApi.ts` (`translateAlertDocumentToExternalAlert`: the alert shown).
 */
import type { Fixture } from "../../../../emulator";
import type { EmulatorHarness } from "../../../support/httpRequests";
import { searchAlertBody, tileAlertBody } from "../../../support/alertBodies";
import {
  ANY_DATE_TIME,
  ANY_OBJECT_ID,
  ANY_STRING,
  like,
  type CaseIds,
  type ContractCase,
  type Template,
} from "../contract";

const routes = "HyperDX packages/api/src/routers/external-api/v2/alerts.ts";
const zodSchema = "HyperDX packages/api/src/utils/zod.ts alertSchema, worded by utils/enhancedErrors.ts";
const references = "HyperDX packages/api/src/controllers/alerts.ts validateAlertInput";
const shown = "HyperDX packages/api/src/utils/externalApi.ts translateAlertDocumentToExternalAlert";

const unknownObjectId = "65a1f0c2b3d4e5f607182931";
const userId = "65f5e4a3b9e77c001a234567";
const silencedUntil = "2099-03-20T08:00:00.000Z";

const tileAlert = (ids: Fixture) => tileAlertBody(ids);
const searchAlert = (ids: Fixture) => searchAlertBody(ids);

/** Creates a tile alert through the API; `made.alert` is its id. */
async function anAlert(harness: EmulatorHarness): Promise<Record<string, string>> {
  const created = await harness.observability("POST", "/api/v2/alerts", { body: tileAlert(harness.fixture) });
  return { alert: String(created.body.data.id) };
}

/** A tile alert as the API shows it (no name or message given: both null). */
const shownTileAlert: Record<string, Template> = {
  id: ANY_OBJECT_ID,
  name: null,
  message: null,
  threshold: 5,
  interval: "5m",
  thresholdType: "above",
  source: "tile",
  state: "inactive",
  channel: { type: "webhook", webhookId: ANY_OBJECT_ID },
  team: ANY_OBJECT_ID,
  tileId: ANY_STRING,
  dashboard: ANY_OBJECT_ID,
  silenced: false,
  createdAt: ANY_DATE_TIME,
  updatedAt: ANY_DATE_TIME,
};

/** The same alert as the production wire shows it (externalApi.ts:334-382). */
export const shownProductionTileAlert: Record<string, Template> = {
  id: ANY_OBJECT_ID,
  name: null,
  message: null,
  note: null,
  threshold: 5,
  interval: "5m",
  numConsecutiveWindows: null,
  thresholdType: "above",
  source: "tile",
  state: "OK",
  channel: { type: "webhook", webhookId: ANY_OBJECT_ID },
  channels: [{ type: "webhook", webhookId: ANY_OBJECT_ID }],
  teamId: ANY_OBJECT_ID,
  tileId: ANY_STRING,
  dashboardId: ANY_OBJECT_ID,
  createdAt: ANY_DATE_TIME,
  updatedAt: ANY_DATE_TIME,
};

const post = (body: (ids: CaseIds) => unknown) => ({
  method: "POST" as const,
  path: () => "/api/v2/alerts",
  body,
});
const refusal = (message: string) => ({ status: 400, body: { message } });

export const cases: ContractCase[] = [
  {
    behaviour: "a silenced alert shows `silenced` as an object {by, at, until}",
    source: `${shown} (externalApi.ts:309-319, transformSilencedToExternalSilenced); the specification's wire shows the boolean its alert table names`,
    api: "observability",
    dialect: "production",
    arrange: async (harness) => {
      const made = await anAlert(harness);
      await harness.control("POST", `/alerts/${made.alert}/silence`, {
        body: { until: silencedUntil, by: userId },
      });
      return made;
    },
    request: { method: "GET", path: (ids) => `/api/v2/alerts/${ids.made.alert}` },
    response: {
      status: 200,
      body: {
        data: {
          ...shownProductionTileAlert,
          silenced: { by: userId, at: ANY_DATE_TIME, until: silencedUntil },
        },
      },
    },
    client: { outcome: "ok", resultSchema: "alert" },
  },
  {
    behaviour: "an alert created without name and message shows both as null, and `silenced` false",
    source: `${shown}; controllers/alerts.ts stores a missing name or message as null`,
    api: "observability",
    request: post(tileAlert),
    response: { status: 200, body: { data: shownTileAlert } },
    client: { outcome: "ok", resultSchema: "alert" },
  },
  {
    behaviour: "an unknown field is dropped, not refused",
    source: `${zodSchema}: zod objects strip unknown keys`,
    api: "observability",
    request: post((ids) => ({ ...tileAlert(ids), severity: "high" })),
    response: { status: 200, body: { data: shownTileAlert } },
  },
  {
    behaviour: "groupBy on a tile alert is dropped, not refused",
    source: `${zodSchema}: only the saved-search object of the union declares groupBy`,
    api: "observability",
    request: post((ids) => ({ ...tileAlert(ids), groupBy: "service" })),
    response: { status: 200, body: { data: shownTileAlert } },
  },
  {
    behaviour: "a name over 512 characters is a 400 in zod's words",
    source: zodSchema,
    api: "observability",
    request: post((ids) => ({ ...tileAlert(ids), name: "n".repeat(513) })),
    response: refusal("Body validation failed: name: String must contain at most 512 character(s)"),
  },
  {
    behaviour: "a message over 4096 characters is a 400 in zod's words",
    source: zodSchema,
    api: "observability",
    request: post((ids) => ({ ...tileAlert(ids), message: "m".repeat(4097) })),
    response: refusal("Body validation failed: message: String must contain at most 4096 character(s)"),
  },
  {
    behaviour: "an empty name is a 400 in zod's words",
    source: zodSchema,
    api: "observability",
    request: post((ids) => ({ ...tileAlert(ids), name: "" })),
    response: refusal("Body validation failed: name: String must contain at least 1 character(s)"),
  },
  {
    behaviour: "a tile alert without tileId fits no source object: `Invalid input`, without a field",
    source: `${zodSchema}: a failed union is one issue without a path`,
    api: "observability",
    request: post((ids) => ({ ...tileAlert(ids), tileId: undefined })),
    response: refusal("Body validation failed: Invalid input"),
  },
  {
    behaviour: "an empty tileId is a 400 naming it",
    source: `${zodSchema}: a union member that failed only on a length reports its own issue`,
    api: "observability",
    request: post((ids) => ({ ...tileAlert(ids), tileId: "" })),
    response: refusal("Body validation failed: tileId: String must contain at least 1 character(s)"),
  },
  {
    behaviour: "a webhook that does not exist is a 400 `Webhook not found`",
    source: references,
    api: "observability",
    request: post((ids) => ({ ...tileAlert(ids), channel: { type: "webhook", webhookId: unknownObjectId } })),
    response: refusal("Webhook not found"),
    client: { outcome: "error", message: /Webhook not found/ },
  },
  {
    behaviour: "a webhook id that is no object id is a 400 `Invalid webhook ID`",
    source: references,
    api: "observability",
    request: post((ids) => ({ ...tileAlert(ids), channel: { type: "webhook", webhookId: "on-call" } })),
    response: refusal("Invalid webhook ID"),
    client: { outcome: "error", message: /Invalid webhook ID/ },
  },
  {
    behaviour: "a dashboard that does not exist is a 400 `Dashboard not found`",
    source: references,
    api: "observability",
    request: post((ids) => ({ ...tileAlert(ids), dashboardId: unknownObjectId })),
    response: refusal("Dashboard not found"),
    client: { outcome: "error", message: /Dashboard not found/ },
  },
  {
    behaviour: "a tile that is not on the dashboard is a 400 `Tile not found`",
    source: references,
    api: "observability",
    request: post((ids) => ({ ...tileAlert(ids), tileId: ids.dashboards[1].tileIds[0] })),
    response: refusal("Tile not found"),
    client: { outcome: "error", message: /Tile not found/ },
  },
  {
    behaviour: "a saved search that does not exist is a 400 `Saved search not found`",
    source: references,
    api: "observability",
    request: post((ids) => ({ ...searchAlert(ids), savedSearchId: unknownObjectId })),
    response: refusal("Saved search not found"),
    client: { outcome: "error", message: /Saved search not found/ },
  },
  {
    behaviour: "a path id that is no object id is a 400 naming the parameter",
    source: `${routes}; utils/zod.ts objectIdSchema`,
    api: "observability",
    request: { method: "GET", path: () => "/api/v2/alerts/not-an-id" },
    response: refusal("Params validation failed: id: Invalid ObjectId"),
    client: { outcome: "error", message: /Invalid ObjectId/ },
  },
  {
    behaviour: "an alert id in upper case is the same alert, shown in lower case",
    source: `${routes}: object ids are cast, hex digits in either case`,
    api: "observability",
    arrange: anAlert,
    request: { method: "GET", path: (ids) => `/api/v2/alerts/${ids.made.alert.toUpperCase()}` },
    response: {
      status: 200,
      body: { data: { ...shownTileAlert, id: like(/^[0-9a-f]{24}$/, "65a1f0c2b3d4e5f60718293a") } },
    },
    client: { outcome: "ok", resultSchema: "alert" },
  },
  {
    behaviour: "a PUT checks the body before it looks the alert up",
    source: routes,
    api: "observability",
    request: { method: "PUT", path: () => `/api/v2/alerts/${unknownObjectId}`, body: { threshold: 1 } },
    response: refusal(
      "Body validation failed: channel: Required; interval: Required; thresholdType: Required; Invalid input",
    ),
  },
  {
    behaviour: "a PUT of an alert that does not exist is a 404 `Alert not found`",
    source: routes,
    api: "observability",
    request: { method: "PUT", path: () => `/api/v2/alerts/${unknownObjectId}`, body: tileAlert },
    response: { status: 404, body: { message: "Alert not found" } },
    client: { outcome: "gone" },
  },
  {
    behaviour: "DELETE answers {}",
    source: routes,
    api: "observability",
    arrange: anAlert,
    request: { method: "DELETE", path: (ids) => `/api/v2/alerts/${ids.made.alert}` },
    response: { status: 200, body: {} },
    client: { outcome: "ok" },
  },
  {
    behaviour: "DELETE of an alert that does not exist is a 404 `Alert not found`",
    source: routes,
    api: "observability",
    request: { method: "DELETE", path: () => `/api/v2/alerts/${unknownObjectId}` },
    response: { status: 404, body: { message: "Alert not found" } },
    client: { outcome: "gone" },
  },
];
