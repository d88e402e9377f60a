// Command go-program runs one step (up, preview, refresh or destroy) of a Go Automation API inline program built on
// the generated Go SDK, and prints what the step reports as one JSON line. The e2e test builds and runs it.
//
// Environment: CHC_PLUGIN_DIR (the built plugin, loaded as a project plugin), CHC_CONFIG (the stack config as a
// JSON object of key to {"value", "secret"}), CHC_WORK_DIR (the project directory), plus the backend's variables.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/pulumi-clickhouse-cloud/pulumi-clickhouse-cloud/sdk/go/clickhousecloud"
	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

// program: an API key, the hourly event counts of a source (getSeries, an invoke of the plugin), and an alert on a
// dashboard tile whose threshold is the highest of those counts.
func program(ctx *pulumi.Context) error {
	conf := config.New(ctx, "e2e")
	key, err := clickhousecloud.NewApiKey(ctx, "key", &clickhousecloud.ApiKeyArgs{
		Name:  pulumi.String(conf.Require("keyName")),
		Roles: clickhousecloud.ApiKeyRoleArray{clickhousecloud.ApiKeyRoleDeveloper},
	})
	if err != nil {
		return err
	}
	hourly := clickhousecloud.SeriesGranularityOneHour
	series, err := clickhousecloud.GetSeries(ctx, &clickhousecloud.GetSeriesArgs{
		Series:      []clickhousecloud.SeriesDefinition{{SourceId: conf.Require("sourceId"), AggFn: clickhousecloud.SeriesDefinitionAggFnCount}},
		StartTime:   conf.RequireInt("startTime"),
		EndTime:     conf.RequireInt("endTime"),
		Granularity: &hourly,
	})
	if err != nil {
		return err
	}
	peak := 0.0
	for _, point := range series.Series[0] {
		if point.Value > peak {
			peak = point.Value
		}
	}
	alert, err := clickhousecloud.NewAlert(ctx, "alert", &clickhousecloud.AlertArgs{
		Name:          pulumi.String(conf.Require("alertName")),
		Source:        clickhousecloud.AlertSourceTile,
		DashboardId:   pulumi.String(conf.Require("dashboardId")),
		TileId:        pulumi.String(conf.Require("tileId")),
		Threshold:     pulumi.Float64(peak),
		Interval:      pulumi.String("1h"),
		ThresholdType: clickhousecloud.AlertThresholdTypeAbove,
		Channel: clickhousecloud.AlertChannelArgs{
			Type:      clickhousecloud.AlertChannelTypeWebhook,
			WebhookId: pulumi.String(conf.Require("webhookId")),
		},
	})
	if err != nil {
		return err
	}
	ctx.Export("keyUuid", key.ID())
	ctx.Export("keySecret", key.KeySecret)
	ctx.Export("alertId", alert.ID())
	ctx.Export("alertThreshold", alert.Threshold)
	ctx.Export("seriesPoints", pulumi.Int(len(series.Series[0])))
	return nil
}

func report(step string, value any) {
	line, err := json.Marshal(map[string]any{"step": step, "result": value})
	if err != nil {
		fail(err)
	}
	fmt.Println(string(line))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

// main runs the one step its argument names (up, preview, refresh or destroy) on the stack, so the caller can look
// at the APIs between steps; destroy also removes the stack.
func main() {
	ctx := context.Background()
	if len(os.Args) != 2 {
		fail(fmt.Errorf("usage: go-program up|preview|refresh|destroy"))
	}
	project := workspace.Project{
		Name:    tokens.PackageName("chc-native-go"),
		Runtime: workspace.NewProjectRuntimeInfo("go", nil),
		Plugins: &workspace.Plugins{
			Providers: []workspace.PluginOptions{{Name: "clickhouse-cloud", Path: os.Getenv("CHC_PLUGIN_DIR")}},
		},
	}
	stack, err := auto.UpsertStackInlineSource(ctx, "go-e2e", "chc-native-go", program,
		auto.Project(project), auto.WorkDir(os.Getenv("CHC_WORK_DIR")))
	if err != nil {
		fail(err)
	}
	switch step := os.Args[1]; step {
	case "up":
		stackConfig := map[string]auto.ConfigValue{}
		if err := json.Unmarshal([]byte(os.Getenv("CHC_CONFIG")), &stackConfig); err != nil {
			fail(fmt.Errorf("CHC_CONFIG: %w", err))
		}
		if err := stack.SetAllConfig(ctx, stackConfig); err != nil {
			fail(err)
		}
		up, err := stack.Up(ctx)
		if err != nil {
			fail(err)
		}
		outputs := map[string]any{}
		for name, output := range up.Outputs {
			outputs[name] = map[string]any{"value": output.Value, "secret": output.Secret}
		}
		report(step, outputs)
	case "preview":
		preview, err := stack.Preview(ctx)
		if err != nil {
			fail(err)
		}
		report(step, preview.ChangeSummary)
	case "refresh":
		refresh, err := stack.Refresh(ctx)
		if err != nil {
			fail(err)
		}
		report(step, refresh.Summary.ResourceChanges)
	case "destroy":
		destroy, err := stack.Destroy(ctx)
		if err != nil {
			fail(err)
		}
		report(step, destroy.Summary.ResourceChanges)
		if err := stack.Workspace().RemoveStack(ctx, stack.Name()); err != nil {
			fail(err)
		}
	default:
		fail(fmt.Errorf("unknown step %q", step))
	}
}
