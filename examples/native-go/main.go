// An API key and an alert on a dashboard tile, with the Go SDK generated for the clickhouse-cloud provider plugin.
package main

import (
	"github.com/pulumi-clickhouse-cloud/pulumi-clickhouse-cloud/sdk/go/clickhousecloud"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		conf := config.New(ctx, "")
		deployer, err := clickhousecloud.NewApiKey(ctx, "deployer", &clickhousecloud.ApiKeyArgs{
			Name:  pulumi.String("deployer"),
			Roles: clickhousecloud.ApiKeyRoleArray{clickhousecloud.ApiKeyRoleDeveloper},
		})
		if err != nil {
			return err
		}
		errorRate, err := clickhousecloud.NewAlert(ctx, "error-rate", &clickhousecloud.AlertArgs{
			Name:          pulumi.String("Error rate above 5%"),
			Source:        clickhousecloud.AlertSourceTile,
			DashboardId:   pulumi.String(conf.Require("dashboardId")),
			TileId:        pulumi.String(conf.Require("tileId")),
			Threshold:     pulumi.Float64(5),
			Interval:      pulumi.String("5m"),
			ThresholdType: clickhousecloud.AlertThresholdTypeAbove,
			Channel: clickhousecloud.AlertChannelArgs{
				Type:      clickhousecloud.AlertChannelTypeWebhook,
				WebhookId: pulumi.String(conf.Require("webhookId")),
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("keyId", deployer.KeyId)
		ctx.Export("keySecret", deployer.KeySecret)
		ctx.Export("alertId", errorRate.ID())
		return nil
	})
}
