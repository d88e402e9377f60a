// ClickHouse Cloud services with their replica scaling, scaling schedules, ClickHouse settings, upgrade windows, query API endpoints, private and reverse private endpoints, organization settings, API keys, custom roles and role assignments, and ClickStack observability alerts, webhooks, saved searches, dashboards and sources, with a chart series query.
package clickhousecloud
