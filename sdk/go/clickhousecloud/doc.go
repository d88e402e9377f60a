// ClickHouse Cloud services' private endpoints, replica scaling and API keys, and observability alerts, with a chart series query.
package clickhousecloud
