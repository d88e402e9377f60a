/**
 * Service states and reverse private endpoint statuses: what the API answers while a service is idle, how a
 * service is woken, and the statuses an endpoint may report.
 */
import { ANY_STRING, ANY_UUID, like, type CaseIds, type ContractCase } from "../contract";
import type { EmulatorHarness } from "../../../support/httpRequests";

const service = (ids: CaseIds) =>
  `/v1/organizations/${ids.organizationId}/services/${ids.services.production}`;
const endpoints = (ids: CaseIds) => `${service(ids)}/dataPipesReversePrivateEndpoints`;
const terraformIdle =
  "terraform-provider-clickhouse internal/api/clickpipe.go (doClickPipeRequest) and errors.go (IsServiceIdle): " +
  "a 424 FAILED_DEPENDENCY whose error ends 'Current state: idle' is answered by waking the service";

function serviceIn(state: "idle" | "stopped") {
  return async (harness: EmulatorHarness): Promise<Record<string, string>> => {
    await harness.emulator.control.setServiceState(harness.fixture.services.production, state);
    return {};
  };
}

/** Creates an endpoint through the API and gives it `status` through the control path. */
function endpointWithStatus(status: "PendingAcceptance" | "Rejected") {
  return async (harness: EmulatorHarness): Promise<Record<string, string>> => {
    const created = await harness.management(
      "POST",
      `${harness.servicePath()}/dataPipesReversePrivateEndpoints`,
      {
        body: {
          type: "VPC_ENDPOINT_SERVICE",
          vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0a",
        },
      },
    );
    const id = (created.body as { result: { id: string } }).result.id;
    await harness.emulator.control.setReversePrivateEndpointStatus(id, status);
    return { endpointId: id };
  };
}

export const cases: ContractCase[] = [
  {
    behaviour:
      "listing reverse private endpoints of an idle service is a 424 FAILED_DEPENDENCY naming the state",
    source: terraformIdle,
    api: "management",
    arrange: serviceIn("idle"),
    request: { method: "GET", path: endpoints },
    response: {
      status: 424,
      body: {
        status: 424,
        error: like(
          /^FAILED_DEPENDENCY: .* Current state: idle$/,
          "FAILED_DEPENDENCY: ClickPipe creation is allowed only when the ClickHouse service is running. Current state: idle",
        ),
        requestId: ANY_UUID,
      },
    },
    client: { outcome: "error", message: /Current state: idle/ },
  },
  {
    behaviour: "creating a reverse private endpoint on a stopped service is a 424 naming the state stopped",
    source: "terraform-provider-clickhouse internal/api/errors.go: a 424 for a stopped service is not woken",
    api: "management",
    arrange: serviceIn("stopped"),
    request: {
      method: "POST",
      path: endpoints,
      body: {
        type: "VPC_ENDPOINT_SERVICE",
        vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0b",
      },
    },
    response: {
      status: 424,
      body: {
        status: 424,
        error: like(
          /^FAILED_DEPENDENCY: .* Current state: stopped$/,
          "FAILED_DEPENDENCY: x. Current state: stopped",
        ),
        requestId: ANY_UUID,
      },
    },
    client: { outcome: "error", message: /Current state: stopped/ },
  },
  {
    behaviour: 'PATCH .../state {"command":"awake"} wakes an idle service and answers it awaking',
    source:
      "ClickHouse OpenAPI spec: PATCH /v1/organizations/{organizationId}/services/{serviceId}/state " +
      "(instanceStateUpdate: start, stop, awake); terraform-provider-clickhouse internal/api/service.go (wakeService)",
    api: "management",
    arrange: serviceIn("idle"),
    request: { method: "PATCH", path: (ids) => `${service(ids)}/state`, body: { command: "awake" } },
    response: {
      status: 200,
      body: {
        status: 200,
        requestId: ANY_UUID,
        result: { id: ANY_UUID, name: ANY_STRING, state: "awaking", idleScaling: true, byocId: null },
      },
    },
    client: { outcome: "ok", resultSchema: "service" },
  },
  {
    behaviour: "the awake command does not start a stopped service",
    source:
      "ClickHouse API reference, Update service state: awake applies to an idle service, not a stopped one",
    api: "management",
    arrange: serviceIn("stopped"),
    request: { method: "PATCH", path: (ids) => `${service(ids)}/state`, body: { command: "awake" } },
    response: {
      status: 409,
      body: {
        status: 409,
        error: like(/^CONFLICT: .*stopped/, "CONFLICT: service is stopped"),
        requestId: ANY_UUID,
      },
    },
    client: { outcome: "error", message: /stopped/ },
  },
  {
    behaviour: "a service reports its state, running unless idle scaling or a stop changed it",
    source:
      "ClickHouse OpenAPI spec: Service.state (starting, stopping, awaking, running, stopped, idle, ...)",
    api: "management",
    request: { method: "GET", path: service },
    response: {
      status: 200,
      body: {
        status: 200,
        requestId: ANY_UUID,
        result: { id: ANY_UUID, state: "running", encryptionKey: null },
      },
    },
    client: { outcome: "ok", resultSchema: "service" },
  },
  {
    behaviour: "an endpoint that awaits the other side's acceptance reports PendingAcceptance",
    source: "terraform-provider-clickhouse internal/api/clickpipe_reverse_private_endpoint.go (statuses)",
    api: "management",
    arrange: endpointWithStatus("PendingAcceptance"),
    request: { method: "GET", path: (ids) => `${endpoints(ids)}/${ids.made.endpointId}` },
    response: {
      status: 200,
      body: {
        status: 200,
        requestId: ANY_UUID,
        result: { id: ANY_UUID, status: "PendingAcceptance", vpcResourceShareArn: null, mskClusterArn: null },
      },
    },
    client: { outcome: "ok", resultSchema: "reversePrivateEndpoint" },
  },
  {
    behaviour: "an endpoint whose connection was rejected lists as Rejected",
    source: "terraform-provider-clickhouse internal/api/clickpipe_reverse_private_endpoint.go (statuses)",
    api: "management",
    arrange: endpointWithStatus("Rejected"),
    request: { method: "GET", path: endpoints },
    response: {
      status: 200,
      body: {
        status: 200,
        requestId: ANY_UUID,
        result: [{ id: ANY_UUID, status: "Rejected", dnsNames: [ANY_STRING] }],
      },
    },
    client: { outcome: "ok", resultSchema: "reversePrivateEndpoint", many: true },
  },
];
