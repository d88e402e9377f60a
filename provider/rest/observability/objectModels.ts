/**
 * Request and response models of the objects alerts refer to: webhooks, saved searches, dashboards and sources,
 * with the API's field names. Each is the type of its JSON Schema in `schemas/observabilityObjects.ts` or
 * `schemas/dashboards.ts` (`../schemaTypes.ts`, generated from them), under the name the clients use. The request
 * types are the bodies of POST and PUT; the shown types what a GET or a list answers: what their schema checks, and
 * any other field `unknown`.
 */
import type {
  DashboardCreateSchema,
  DashboardSchema,
  DashboardUpdateSchema,
  SavedSearchCreateSchema,
  SavedSearchSchema,
  SourceCreateSchema,
  SourceSchema,
  WebhookCreateSchema,
  WebhookSchema,
} from "../schemaTypes";

// ---- webhooks: /api/v2/webhooks ----

/**
 * `headers` and `queryParams` are write-only: the API never shows them. Left out of a PUT, the webhook keeps its own
 * (unless url or service change). `body` is the request body template (generic and incidentio services).
 */
export type WebhookRequest = WebhookCreateSchema;

/** `body` is shown for the generic service only. */
export type Webhook = WebhookSchema;

// ---- saved searches: /api/v2/saved-searches ----

/** A PUT resets every optional field it leaves out to its default ('', lucene, []). */
export type SavedSearchRequest = SavedSearchCreateSchema;

export type SavedSearch = SavedSearchSchema;

// ---- dashboards: /api/v2/dashboards ----

/** A dashboard as a create sends it (filters without ids) or a PUT (each filter with its id). */
export type DashboardRequest = DashboardCreateSchema | DashboardUpdateSchema;

/** On a create the API gives every tile a new id; on a PUT a tile keeps an id the dashboard already has. */
export type DashboardTile = DashboardRequest["tiles"][number];

/** A filter's id is refused on a create and needed on a PUT. */
export type DashboardFilter = NonNullable<DashboardRequest["filters"]>[number];

export type Dashboard = DashboardSchema;

// ---- sources: /api/v2/sources ----

/** Where a source's data lives and how to read it; each kind has required expressions of its own. */
export type SourceRequest = SourceCreateSchema;

export type Source = SourceSchema;
