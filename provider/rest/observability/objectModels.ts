/**
 * Request and response models of the objects alerts refer to: webhooks, saved searches, dashboards and sources,
 * with the API's field names. The request types are the bodies of POST and PUT; the shown types what a GET or a
 * list answers (fields may be absent or null).
 */
import type { SavedSearchWhereLanguage, SourceKind, WebhookService } from "../../../schemas";

// ---- webhooks: /api/v2/webhooks ----

export interface WebhookRequest {
  name: string;
  service: WebhookService;
  url: string;
  description?: string;
  /** Write-only: the API never shows them. Left out of a PUT, the webhook keeps its own (unless url or service change). */
  headers?: Record<string, string>;
  queryParams?: Record<string, string>;
  /** The request body template (generic and incidentio services). */
  body?: string;
}

export interface Webhook {
  id: string;
  name: string;
  service: string;
  url?: string | null;
  description?: string | null;
  /** Shown for the generic service only. */
  body?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
}

// ---- saved searches: /api/v2/saved-searches ----

export type SavedSearchFilter =
  | { type?: "sql" | "lucene"; condition: string }
  | { type: "sql_ast"; operator: "=" | "<" | ">" | "!=" | "<=" | ">="; left: string; right: string };

/** A PUT resets every optional field it leaves out to its default ('', lucene, []). */
export interface SavedSearchRequest {
  name: string;
  sourceId: string;
  select?: string;
  where?: string;
  whereLanguage?: SavedSearchWhereLanguage;
  orderBy?: string;
  tags?: string[];
  filters?: SavedSearchFilter[];
}

export interface SavedSearch {
  id: string;
  name: string;
  sourceId?: string | null;
  select?: string | null;
  where?: string | null;
  whereLanguage?: string | null;
  orderBy?: string | null;
  tags?: string[] | null;
  filters?: Array<Record<string, unknown>> | null;
  teamId?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
}

// ---- dashboards: /api/v2/dashboards ----

/** One series of a builder chart. */
export interface TileSelectItem {
  aggFn: string;
  valueExpression?: string;
  alias?: string;
  level?: 0.5 | 0.9 | 0.95 | 0.99;
  where?: string;
  whereLanguage?: "lucene" | "sql" | "promql";
  numberFormat?: Record<string, unknown>;
  metricType?: string;
  metricName?: string;
  periodAggFn?: "delta";
}

/** A tile's config: `displayType` chooses its fields (schemas/dashboards.ts types the common ones). */
export interface TileConfig {
  displayType: string;
  sourceId?: string;
  select?: TileSelectItem[] | string;
  [field: string]: unknown;
}

export interface DashboardTile {
  /** On a create the API gives every tile a new id; on a PUT a tile keeps an id the dashboard already has. */
  id?: string;
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
  config: TileConfig;
  containerId?: string;
  tabId?: string;
}

export interface DashboardFilter {
  /** Refused on a create; needed on a PUT. */
  id?: string;
  type: "QUERY_EXPRESSION";
  name: string;
  expression: string;
  sourceId: string;
  [field: string]: unknown;
}

export interface DashboardRequest {
  name: string;
  tiles: DashboardTile[];
  tags?: string[];
  filters?: DashboardFilter[];
  savedQuery?: string | null;
  savedQueryLanguage?: "sql" | "lucene" | "promql" | null;
  savedFilterValues?: Array<{ type?: "sql"; condition: string }>;
  containers?: Array<Record<string, unknown>>;
}

export interface Dashboard {
  id: string;
  name: string;
  tiles: Array<DashboardTile & { id: string }>;
  tags?: string[] | null;
  filters?: DashboardFilter[] | null;
  savedQuery?: string | null;
  savedQueryLanguage?: string | null;
  savedFilterValues?: Array<{ type?: "sql"; condition: string }> | null;
  containers?: Array<Record<string, unknown>> | null;
}

// ---- sources: /api/v2/sources ----

/** Where a source's data lives and how to read it; each kind has required expressions of its own. */
export interface SourceRequest {
  name: string;
  kind: SourceKind;
  /** The id of the connection (ClickHouse server) the table is on. */
  connection: string;
  from: { databaseName: string; tableName: string };
  timestampValueExpression: string;
  [field: string]: unknown;
}

export interface Source {
  id: string;
  name: string;
  kind: string;
  connection?: string | null;
  from?: { databaseName?: string | null; tableName?: string | null } | null;
  timestampValueExpression?: string | null;
  [field: string]: unknown;
}
