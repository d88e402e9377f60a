/**
 * The bad-input table: every documented limit of the APIs (description length, replica memory and count, idle timeout, key roles, series count), every enum and every conditional requirement, each as a
 * program input that `pulumi preview` must refuse (naming the field and the rule) and as the request body that the
 * API itself refuses with a 400 naming the field.
 */
import type { Fixture } from "../../../../emulator";

export type CaseKind =
  "ReversePrivateEndpoint" | "ReplicaScaling" | "ApiKey" | "PrivateEndpoint" | "Alert" | "Series";

export interface BadInputCase {
  title: string;
  kind: CaseKind;
  /** The program's arguments for the resource (or for getSeries). */
  args: Record<string, unknown>;
  /** The field the messages must name, as the program spells it. */
  field: string;
  /** The rule the preview's message must state. */
  rule: RegExp;
  /**
   * What the API's 400 must contain when it is not `field`: the field as the API spells it (a private endpoint's
   * endpointId is the API's id; series paths are dotted), or the API's own words for the rule.
   */
  apiField?: string;
  /**
   * What the API's refusal says when it names no field: the observability API reports an alert that fits neither
   * source as a whole, `Invalid input`.
   */
  apiMessage?: RegExp;
}

/** Where a case's body goes when it is sent straight to the API, and the body itself. */
export interface DirectRequest {
  api: "management" | "observability";
  method: "POST" | "PATCH";
  path: string;
  body: Record<string, unknown>;
}

const oneOf = (values: string) => new RegExp(`must be one of ${values}`);
const memoryRule = (got: number) => new RegExp(`must be a multiple of 4 between 8 and 356; got ${got}`);
const requiredWhen = (condition: string) => new RegExp(`is required when ${condition}`);

export function badInputCases(fixture: Fixture): BadInputCase[] {
  const serviceId = fixture.services.production;
  const endpoint = (fields: Record<string, unknown>) => ({ serviceId, ...fields });
  const msk = { type: "MSK_MULTI_VPC", mskClusterArn: "arn:aws:kafka:us-east-1:1:cluster/c/1" };
  const vpcResource = { type: "VPC_RESOURCE" };
  const scaling = (fields: Record<string, unknown>) => ({ serviceId, ...fields });
  const key = (fields: Record<string, unknown>) => ({ name: "bad-input", roles: ["developer"], ...fields });
  const dashboard = fixture.dashboards[0];
  const tileAlert = {
    threshold: 10,
    interval: "5m",
    source: "tile",
    thresholdType: "above",
    channel: { type: "webhook", webhookId: fixture.webhooks[0].id },
    dashboardId: dashboard.id,
    tileId: dashboard.tileIds[0],
  };
  const alert = (fields: Record<string, unknown>, without: string[] = []) => {
    const args: Record<string, unknown> = { ...tileAlert, ...fields };
    for (const field of without) delete args[field];
    return args;
  };
  const oneSeries = { sourceId: fixture.sources[0].id, aggFn: "count", where: "", groupBy: [] as string[] };
  const series = (fields: Record<string, unknown>) => ({
    series: [oneSeries],
    startTime: 1_767_225_600_000,
    endTime: 1_767_229_200_000,
    ...fields,
  });

  return [
    // Reverse private endpoint: the description limit, both enums, every "required when type is ...".
    {
      title: "reverse private endpoint description of 256 characters",
      kind: "ReversePrivateEndpoint",
      args: endpoint({
        type: "VPC_ENDPOINT_SERVICE",
        vpcEndpointServiceName: "svc",
        description: "d".repeat(256),
      }),
      field: "description",
      rule: /must be at most 255 characters; got 256/,
    },
    {
      title: "reverse private endpoint type outside the enum",
      kind: "ReversePrivateEndpoint",
      args: endpoint({ type: "VPC_PEERING" }),
      field: "type",
      rule: oneOf("VPC_ENDPOINT_SERVICE, VPC_RESOURCE, MSK_MULTI_VPC"),
    },
    {
      title: "mskAuthentication outside the enum",
      kind: "ReversePrivateEndpoint",
      args: endpoint({ ...msk, mskAuthentication: "PLAIN" }),
      field: "mskAuthentication",
      rule: oneOf("SASL_IAM, SASL_SCRAM"),
    },
    {
      title: "VPC_ENDPOINT_SERVICE without vpcEndpointServiceName",
      kind: "ReversePrivateEndpoint",
      args: endpoint({ type: "VPC_ENDPOINT_SERVICE" }),
      field: "vpcEndpointServiceName",
      rule: requiredWhen("type is VPC_ENDPOINT_SERVICE"),
    },
    {
      title: "VPC_RESOURCE without vpcResourceConfigurationId",
      kind: "ReversePrivateEndpoint",
      args: endpoint({ ...vpcResource, vpcResourceShareArn: "arn:aws:ram:us-east-1:1:resource-share/s" }),
      field: "vpcResourceConfigurationId",
      rule: requiredWhen("type is VPC_RESOURCE"),
    },
    {
      title: "VPC_RESOURCE without vpcResourceShareArn",
      kind: "ReversePrivateEndpoint",
      args: endpoint({ ...vpcResource, vpcResourceConfigurationId: "rcfg-1" }),
      field: "vpcResourceShareArn",
      rule: requiredWhen("type is VPC_RESOURCE"),
    },
    {
      title: "MSK_MULTI_VPC without mskClusterArn",
      kind: "ReversePrivateEndpoint",
      args: endpoint({ type: "MSK_MULTI_VPC", mskAuthentication: "SASL_IAM" }),
      field: "mskClusterArn",
      rule: requiredWhen("type is MSK_MULTI_VPC"),
    },
    {
      title: "MSK_MULTI_VPC without mskAuthentication",
      kind: "ReversePrivateEndpoint",
      args: endpoint(msk),
      field: "mskAuthentication",
      rule: requiredWhen("type is MSK_MULTI_VPC"),
    },
    // Replica scaling: each bound of each setting.
    ...(
      [
        ["minReplicaMemoryGb", 4, "below 8"],
        ["minReplicaMemoryGb", 360, "above 356"],
        ["minReplicaMemoryGb", 10, "not a multiple of 4"],
        ["maxReplicaMemoryGb", 4, "below 8"],
        ["maxReplicaMemoryGb", 400, "above 356"],
        ["maxReplicaMemoryGb", 18, "not a multiple of 4"],
      ] as const
    ).map(([field, value, what]): BadInputCase => ({
      title: `${field} ${value} (${what})`,
      kind: "ReplicaScaling",
      args: scaling({ [field]: value }),
      field,
      rule: memoryRule(value),
    })),
    {
      title: "minReplicaMemoryGb above maxReplicaMemoryGb",
      kind: "ReplicaScaling",
      args: scaling({ minReplicaMemoryGb: 64, maxReplicaMemoryGb: 32 }),
      field: "maxReplicaMemoryGb",
      rule: /must be at least minReplicaMemoryGb \(64\); got 32/,
    },
    ...[0, 21].map((value): BadInputCase => ({
      title: `numReplicas ${value}`,
      kind: "ReplicaScaling",
      args: scaling({ numReplicas: value }),
      field: "numReplicas",
      rule: new RegExp(`must be an integer between 1 and 20; got ${value}`),
    })),
    {
      title: "idleTimeoutMinutes 4",
      kind: "ReplicaScaling",
      args: scaling({ idleTimeoutMinutes: 4 }),
      field: "idleTimeoutMinutes",
      rule: /must be a whole number of minutes of at least 5; got 4/,
    },
    // API key: at least one role, both enums, the expiry format.
    {
      title: "key without roles",
      kind: "ApiKey",
      args: key({ roles: [] }),
      field: "roles",
      rule: /must contain at least 1 element; got 0/,
    },
    {
      title: "key role outside the enum",
      kind: "ApiKey",
      args: key({ roles: ["owner"] }),
      field: "roles[0]",
      apiField: "roles.0",
      rule: oneOf("admin, developer, query_endpoints"),
    },
    {
      title: "key state outside the enum",
      kind: "ApiKey",
      args: key({ state: "paused" }),
      field: "state",
      rule: oneOf("enabled, disabled"),
    },
    {
      title: "key expireAt not a date-time",
      kind: "ApiKey",
      args: key({ expireAt: "tomorrow" }),
      field: "expireAt",
      rule: /must be an ISO 8601 date-time/,
    },
    // Private endpoint: its id is required.
    {
      title: "private endpoint with an empty endpointId",
      kind: "PrivateEndpoint",
      args: { serviceId, endpointId: "", description: "bad" },
      field: "endpointId",
      apiField: "id",
      rule: /endpointId must be the cloud provider's endpoint id: 1 to 128 letters, digits/,
    },
    // Alert: every enum, the channel, what each source requires, the interval format.
    {
      title: "alert source outside the enum",
      kind: "Alert",
      args: alert({ source: "metric" }),
      field: "source",
      rule: oneOf("tile, search"),
    },
    {
      title: "alert thresholdType outside the enum",
      kind: "Alert",
      args: alert({ thresholdType: "over" }),
      field: "thresholdType",
      rule: oneOf("above, below, above_exclusive"),
    },
    {
      title: "alert channel type other than webhook",
      kind: "Alert",
      args: alert({ channel: { type: "email", webhookId: fixture.webhooks[0].id } }),
      field: "channel.type",
      rule: /must be webhook/,
    },
    {
      title: "alert channel without webhookId",
      kind: "Alert",
      args: alert({ channel: { type: "webhook" } }),
      field: "channel.webhookId",
      rule: /is required/,
    },
    {
      title: "tile alert without dashboardId",
      kind: "Alert",
      args: alert({}, ["dashboardId"]),
      field: "dashboardId",
      rule: requiredWhen("source is tile"),
      apiMessage: /^\{"message":"Body validation failed: Invalid input"\}$/,
    },
    {
      title: "tile alert without tileId",
      kind: "Alert",
      args: alert({}, ["tileId"]),
      field: "tileId",
      rule: requiredWhen("source is tile"),
      apiMessage: /^\{"message":"Body validation failed: Invalid input"\}$/,
    },
    {
      title: "search alert without savedSearchId",
      kind: "Alert",
      args: alert({ source: "search" }, ["dashboardId", "tileId"]),
      field: "savedSearchId",
      rule: requiredWhen("source is search"),
      apiMessage: /^\{"message":"Body validation failed: Invalid input"\}$/,
    },
    {
      title: "alert name of 513 characters",
      kind: "Alert",
      args: alert({ name: "n".repeat(513) }),
      field: "name",
      rule: /must be at most 512 characters; got 513/,
    },
    {
      title: "alert message of 4097 characters",
      kind: "Alert",
      args: alert({ message: "m".repeat(4097) }),
      field: "message",
      rule: /must be at most 4096 characters; got 4097/,
    },
    {
      title: "alert interval that is not a duration",
      kind: "Alert",
      args: alert({ interval: "15 minutes" }),
      field: "interval",
      rule: /must be a duration/,
    },
    // Series query: 1 to 5 series, every enum and bound of a series, the same groupBy, milliseconds.
    {
      title: "series query without series",
      kind: "Series",
      args: series({ series: [] }),
      field: "series",
      rule: /must contain at least 1 element; got 0/,
    },
    {
      title: "series query with 6 series",
      kind: "Series",
      args: series({ series: Array.from({ length: 6 }, () => oneSeries) }),
      field: "series",
      rule: /must contain at most 5 elements; got 6/,
    },
    {
      title: "series aggFn outside the enum",
      kind: "Series",
      args: series({ series: [{ ...oneSeries, aggFn: "median" }] }),
      field: "series[0].aggFn",
      rule: oneOf("avg, count, count_distinct, last_value, max, min, quantile, sum, any, none, increase"),
      apiField: "series.0.aggFn",
    },
    {
      title: "series quantile level above 1",
      kind: "Series",
      args: series({ series: [{ ...oneSeries, aggFn: "quantile", field: "Duration", level: 95 }] }),
      field: "series[0].level",
      rule: /must be at most 1; got 95/,
      apiField: "series.0.level",
    },
    {
      title: "series whereLanguage outside the enum",
      kind: "Series",
      args: series({ series: [{ ...oneSeries, whereLanguage: "kql" }] }),
      field: "series[0].whereLanguage",
      rule: oneOf("lucene, sql, promql"),
      apiField: "series.0.whereLanguage",
    },
    {
      title: "series metricDataType outside the enum",
      kind: "Series",
      args: series({ series: [{ ...oneSeries, metricName: "m", metricDataType: "counter" }] }),
      field: "series[0].metricDataType",
      rule: oneOf("gauge, histogram, sum, summary, exponential histogram"),
      apiField: "series.0.metricDataType",
    },
    {
      title: "series grouped by 11 fields",
      kind: "Series",
      args: series({ series: [{ ...oneSeries, groupBy: Array.from({ length: 11 }, (_, i) => `f${i}`) }] }),
      field: "series[0].groupBy",
      rule: /must contain at most 10 elements; got 11/,
      apiField: "series.0.groupBy",
    },
    {
      title: "series grouped differently",
      kind: "Series",
      args: series({ series: [oneSeries, { ...oneSeries, groupBy: ["ServiceName"] }] }),
      field: "series[1].groupBy",
      rule: /must be the same as series\[0\]\.groupBy/,
      apiField: "All series must have the same groupBy fields",
    },
    {
      title: "series granularity outside the enum",
      kind: "Series",
      args: series({ granularity: "3m" }),
      field: "granularity",
      rule: oneOf("30s, 1m, 5m, 10m, 15m, 30m, 1h, 2h, 6h, 12h, 1d, 2d, 7d, 30d, auto"),
    },
    {
      title: "seriesReturnType outside the enum",
      kind: "Series",
      args: series({ seriesReturnType: "table" }),
      field: "seriesReturnType",
      rule: oneOf("ratio, column"),
    },
    {
      title: "series startTime in seconds",
      kind: "Series",
      args: series({ startTime: 1_767_225_600 }),
      field: "startTime",
      rule: /must be a whole number of milliseconds since the epoch.*got 1767225600/,
      apiField: "startTime: Timestamp must be in milliseconds",
    },
  ];
}

/** The request the API would get for a case's arguments, had the provider sent them. */
export function directRequest(testCase: BadInputCase, fixture: Fixture): DirectRequest {
  const orgPath = `/v1/organizations/${fixture.organizationId}`;
  const { serviceId, ...rest } = testCase.args;
  switch (testCase.kind) {
    case "ReversePrivateEndpoint":
      return {
        api: "management",
        method: "POST",
        path: `${orgPath}/services/${String(serviceId)}/dataPipesReversePrivateEndpoints`,
        body: rest,
      };
    case "ReplicaScaling":
      return {
        api: "management",
        method: "PATCH",
        path: `${orgPath}/services/${String(serviceId)}/replicaScaling`,
        body: rest,
      };
    case "ApiKey":
      return { api: "management", method: "POST", path: `${orgPath}/keys`, body: rest };
    case "PrivateEndpoint": {
      const { endpointId, ...fields } = rest;
      return {
        api: "management",
        method: "POST",
        path: `${orgPath}/services/${String(serviceId)}/privateEndpoint`,
        body: { id: endpointId, ...fields },
      };
    }
    case "Alert":
      return { api: "observability", method: "POST", path: "/api/v2/alerts", body: rest };
    case "Series":
      return { api: "observability", method: "POST", path: "/api/v2/charts/series", body: rest };
  }
}
