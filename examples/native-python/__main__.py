"""An API key and an alert on a dashboard tile, with the SDK generated for the clickhouse-cloud provider plugin."""

import pulumi
import pulumi_clickhouse_cloud as clickhousecloud

config = pulumi.Config()

deployer = clickhousecloud.ApiKey("deployer", name="deployer", roles=["developer"])

error_rate = clickhousecloud.Alert(
    "error-rate",
    name="Error rate above 5%",
    source="tile",
    dashboard_id=config.require("dashboardId"),
    tile_id=config.require("tileId"),
    threshold=5,
    interval="5m",
    threshold_type="above",
    channel=clickhousecloud.AlertChannelArgs(type="webhook", webhook_id=config.require("webhookId")),
)

pulumi.export("keyId", deployer.key_id)
pulumi.export("keySecret", deployer.key_secret)
pulumi.export("alertId", error_rate.id)
