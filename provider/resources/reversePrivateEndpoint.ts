import type * as pulumi from "@pulumi/pulumi";
import type { ReversePrivateEndpoint as RemoteEndpoint, ReversePrivateEndpointCreateRequest } from "../rest";
import type { MskAuthentication, ReversePrivateEndpointType } from "../../schemas";
import { providerContext } from "./context";
import { PackageResource } from "./base";
import { checkInputs, optionalStrings, requestBody, requiredStrings, type CheckSpec } from "./support/check";
import { diffInputs, type DiffSpec } from "./support/diff";
import { PartialCreateError } from "./support/errors";
import { deleteIfPresent, progress, readOrGone, sleep } from "./support/lifecycle";
import { createWithReconcile } from "./support/createWithReconcile";
import { pick, unwrapSecrets, type PropertyBag } from "./support/properties";
import {
  apiOutputFields,
  endpointOutputs,
  hasRequestedFields,
  nonApiInputs,
  requestFields,
} from "./reversePrivateEndpoint/remote";
import {
  acceptanceWarning,
  isUnsettled,
  isUnusable,
  unsettledNote,
  unusableMessage,
} from "./reversePrivateEndpoint/statuses";

/** Inputs of a {@link ReversePrivateEndpoint}. Every change replaces the endpoint: the API updates none of them. */
export interface ReversePrivateEndpointArgs {
  /** The service (uuid) that owns the endpoint. Changing it replaces the endpoint. */
  serviceId: pulumi.Input<string>;
  /** VPC_ENDPOINT_SERVICE, VPC_RESOURCE or MSK_MULTI_VPC. Changing it replaces the endpoint. */
  type: pulumi.Input<ReversePrivateEndpointType>;
  /** Free text, at most 255 characters. Changing it replaces the endpoint. */
  description?: pulumi.Input<string>;
  /** The VPC endpoint service to connect to; required when type is VPC_ENDPOINT_SERVICE. Replaces on change. */
  vpcEndpointServiceName?: pulumi.Input<string>;
  /** The VPC resource configuration; required when type is VPC_RESOURCE. Replaces on change. */
  vpcResourceConfigurationId?: pulumi.Input<string>;
  /** The resource share ARN; required when type is VPC_RESOURCE. Replaces on change. */
  vpcResourceShareArn?: pulumi.Input<string>;
  /** The MSK cluster ARN; required when type is MSK_MULTI_VPC. Replaces on change. */
  mskClusterArn?: pulumi.Input<string>;
  /** SASL_IAM or SASL_SCRAM; required when type is MSK_MULTI_VPC. Replaces on change. */
  mskAuthentication?: pulumi.Input<MskAuthentication>;
  /** The organization (uuid); defaults to `clickhouse:organizationId` or CLICKHOUSE_ORG_ID. Replaces on change. */
  organizationId?: pulumi.Input<string>;
  /**
   * Adopts the existing endpoint with this id instead of creating one (`pulumi import` cannot import dynamic
   * resources). Its inputs must describe the endpoint as it is; deleting the resource deletes the endpoint.
   */
  adoptId?: pulumi.Input<string>;
  /**
   * How long create waits while the endpoint is Provisioning, in seconds (default 600). Changing it changes nothing
   * remotely.
   */
  readyTimeoutSeconds?: pulumi.Input<number>;
}

const checkSpec: CheckSpec = {
  schema: "reversePrivateEndpointCreate",
  nonBodyInputs: ["serviceId", "organizationId", ...nonApiInputs],
  extraRules: [
    requiredStrings("serviceId"),
    optionalStrings("organizationId", "adoptId"),
    (inputs) => {
      const timeout = inputs.readyTimeoutSeconds;
      if (timeout === undefined || (typeof timeout === "number" && timeout > 0)) return [];
      return [
        {
          property: "readyTimeoutSeconds",
          reason: `readyTimeoutSeconds must be a positive number; got ${timeout}`,
        },
      ];
    },
  ],
};

const diffSpec: DiffSpec = {
  replaceOn: ["serviceId", "organizationId", "adoptId", ...requestFields],
  updateOn: [],
  onlyWhenSet: ["organizationId", "adoptId"],
};

const DEFAULT_READY_TIMEOUT_SECONDS = 600;
const POLL_INTERVAL_MS = 1_000;

/** Creates, reads and deletes reverse private endpoints; runs in the dynamic-provider process. */
export class ReversePrivateEndpointProvider implements Required<pulumi.dynamic.ResourceProvider> {
  async configure(request: pulumi.dynamic.ConfigureRequest): Promise<void> {
    providerContext.configure(request);
  }

  async check(_olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.CheckResult> {
    return checkInputs(checkSpec, news);
  }

  async diff(_id: string, olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.DiffResult> {
    const result = diffInputs(diffSpec, olds, news);
    const status = unwrapSecrets(olds).status;
    // An endpoint that can never become usable cannot be repaired in place: the next `up` replaces it.
    if (isUnusable(status)) return { changes: true, replaces: [...(result.replaces ?? []), "status"] };
    // One awaiting acceptance (or still Provisioning, or in a status we don't know) is read again by `update`.
    if (!result.changes && isUnsettled(status)) return { changes: true, replaces: [] };
    return result;
  }

  async create(news: PropertyBag): Promise<pulumi.dynamic.CreateResult> {
    const inputs = unwrapSecrets(news);
    const { client, settings } = providerContext.management(inputs.organizationId);
    const organizationId = settings.organizationId;
    const serviceId = String(inputs.serviceId);
    const api = client.reversePrivateEndpoints;
    const request = requestBody(
      checkSpec,
      pick(inputs, requestFields),
    ) as unknown as ReversePrivateEndpointCreateRequest;

    const endpoint =
      typeof inputs.adoptId === "string"
        ? await api.get(organizationId, serviceId, inputs.adoptId)
        : await this.createExactlyOne(organizationId, serviceId, request);
    const settled = await this.settle(organizationId, serviceId, endpoint, inputs, news);
    return { id: settled.id, outs: endpointOutputs(inputs, organizationId, settled) };
  }

  async read(id: string, props: PropertyBag): Promise<pulumi.dynamic.ReadResult> {
    const olds = unwrapSecrets(props);
    const { client, settings } = providerContext.management(olds.organizationId);
    return readOrGone(async () => {
      const endpoint = await client.reversePrivateEndpoints.get(
        settings.organizationId,
        String(olds.serviceId),
        id,
      );
      const outs = endpointOutputs(olds, settings.organizationId, endpoint);
      const inputs = pick(outs, [
        "serviceId",
        "organizationId",
        "adoptId",
        "readyTimeoutSeconds",
        ...requestFields,
      ]);
      return { id, props: outs, inputs };
    });
  }

  /**
   * Reached for an endpoint recorded before it was Ready (still Provisioning, or awaiting acceptance): reads it
   * again, waits while it is Provisioning, and records what it has become.
   */
  async update(id: string, olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.UpdateResult> {
    const inputs = unwrapSecrets(news);
    const { client, settings } = providerContext.management(olds.organizationId);
    const serviceId = String(olds.serviceId);
    const endpoint = await client.reversePrivateEndpoints.get(settings.organizationId, serviceId, id);
    const settled = await this.settle(settings.organizationId, serviceId, endpoint, inputs, news);
    return { outs: endpointOutputs(inputs, settings.organizationId, settled) };
  }

  async delete(id: string, props: PropertyBag): Promise<void> {
    const olds = unwrapSecrets(props);
    const { client, settings } = providerContext.management(olds.organizationId);
    const serviceId = String(olds.serviceId);
    const api = client.reversePrivateEndpoints;
    await deleteIfPresent(() => api.delete(settings.organizationId, serviceId, id));
    // Deletion is asynchronous (status Deleting); wait until it is gone so a replacement cannot collide with it.
    const deadline = Date.now() + DEFAULT_READY_TIMEOUT_SECONDS * 1000;
    while (Date.now() < deadline) {
      const gone = await readOrGone(async () => {
        await api.get(settings.organizationId, serviceId, id);
        return { id };
      });
      if (gone.id === "") return;
      await sleep(POLL_INTERVAL_MS);
    }
    throw new Error(
      `reverse private endpoint ${id} was still deleting after ${DEFAULT_READY_TIMEOUT_SECONDS} s`,
    );
  }

  /**
   * POSTs the endpoint so that exactly one exists afterwards. The API dates no endpoint, so the endpoints are listed
   * before the create: when the reply is lost, an endpoint not in that list and with exactly the requested fields is
   * the one it made (an older twin, such as the Failed endpoint this one replaces, is never taken); with none, the
   * create is sent again.
   */
  private async createExactlyOne(
    organizationId: string,
    serviceId: string,
    request: ReversePrivateEndpointCreateRequest,
  ): Promise<RemoteEndpoint> {
    const api = providerContext.management(organizationId).client.reversePrivateEndpoints;
    return createWithReconcile<RemoteEndpoint, RemoteEndpoint>({
      kind: "ReversePrivateEndpoint",
      what: `a reverse private endpoint of service ${serviceId}`,
      send: () => api.create(organizationId, serviceId, request),
      list: () => api.list(organizationId, serviceId),
      hasSentFields: (endpoint) => hasRequestedFields(endpoint, request as unknown as PropertyBag),
      newness: { listedBefore: true },
      whenFound: { adopt: (endpoint) => endpoint },
    });
  }

  /**
   * Waits while the endpoint is Provisioning, then acts on the status it reached: Ready is done; an endpoint that
   * can never become usable (Failed, Rejected, Expired) is recorded with its id and the `up` fails, so the next `up`
   * replaces it; any other status (PendingAcceptance above all) ends the wait with a line saying what it awaits.
   */
  private async settle(
    organizationId: string,
    serviceId: string,
    initial: RemoteEndpoint,
    inputs: PropertyBag,
    news: PropertyBag,
  ): Promise<RemoteEndpoint> {
    const endpoint = await this.waitWhileProvisioning(organizationId, serviceId, initial, inputs, news);
    if (endpoint.status === "Ready") return endpoint;
    const outs = endpointOutputs(inputs, organizationId, endpoint);
    if (isUnusable(endpoint.status)) {
      throw new PartialCreateError(
        endpoint.id,
        unusableMessage(endpoint.id, endpoint.status, outs),
        outs,
        news,
      );
    }
    progress(
      "ReversePrivateEndpoint",
      endpoint.status === "PendingAcceptance"
        ? acceptanceWarning(endpoint.id, outs)
        : unsettledNote(endpoint.id, endpoint.status),
    );
    return endpoint;
  }

  private async waitWhileProvisioning(
    organizationId: string,
    serviceId: string,
    initial: RemoteEndpoint,
    inputs: PropertyBag,
    news: PropertyBag,
  ): Promise<RemoteEndpoint> {
    const timeoutSeconds = Number(inputs.readyTimeoutSeconds ?? DEFAULT_READY_TIMEOUT_SECONDS);
    const started = Date.now();
    const api = providerContext.management(organizationId).client.reversePrivateEndpoints;
    let endpoint = initial;
    while (endpoint.status === "Provisioning") {
      const waited = Math.round((Date.now() - started) / 1000);
      if (waited >= timeoutSeconds) {
        throw new PartialCreateError(
          endpoint.id,
          `reverse private endpoint ${endpoint.id} was not Ready after ${timeoutSeconds} s (status Provisioning); ` +
            "the next `pulumi up` waits for it again",
          endpointOutputs(inputs, organizationId, endpoint),
          news,
        );
      }
      progress(
        "ReversePrivateEndpoint",
        `${endpoint.id}: status Provisioning after ${waited} s, waiting for it to finish`,
      );
      await sleep(POLL_INTERVAL_MS);
      endpoint = await api.get(organizationId, serviceId, endpoint.id);
    }
    return endpoint;
  }
}

/**
 * A reverse private endpoint of a service (seed 2.1): a private connection from the service to a VPC endpoint
 * service, a VPC resource or an MSK cluster. Create waits while the endpoint is Provisioning: it ends Ready, or
 * PendingAcceptance (with a warning naming who must accept the connection; a later refresh or `up` reads it
 * again); a Failed, Rejected or Expired endpoint is recorded and replaced by the next `up`. Delete waits until it
 * is gone. The API updates nothing in place, so every input change replaces the endpoint. While the service is
 * idle the API refuses these operations: the service is woken up first, with a line saying so.
 */
export class ReversePrivateEndpoint extends PackageResource {
  /** The cloud provider's id of the endpoint (e.g. a VPC endpoint id); the API's own uuid is the resource `id`. */
  declare readonly endpointId: pulumi.Output<string>;
  declare readonly serviceId: pulumi.Output<string>;
  declare readonly organizationId: pulumi.Output<string>;
  declare readonly type: pulumi.Output<ReversePrivateEndpointType>;
  declare readonly description: pulumi.Output<string | undefined>;
  declare readonly vpcEndpointServiceName: pulumi.Output<string | undefined>;
  declare readonly vpcResourceConfigurationId: pulumi.Output<string | undefined>;
  declare readonly vpcResourceShareArn: pulumi.Output<string | undefined>;
  declare readonly mskClusterArn: pulumi.Output<string | undefined>;
  declare readonly mskAuthentication: pulumi.Output<MskAuthentication | undefined>;
  /** DNS names of the endpoint. */
  declare readonly dnsNames: pulumi.Output<string[]>;
  /** Private DNS names of the endpoint. */
  declare readonly privateDnsNames: pulumi.Output<string[]>;
  /**
   * The API's status: Ready after a successful create, or PendingAcceptance when the owner of the other side must
   * still accept the connection (a later refresh or `up` reads it again). Failed, Rejected and Expired endpoints
   * are recorded and replaced by the next `up`; Unknown is recorded as it is.
   */
  declare readonly status: pulumi.Output<string>;
  /** The adopted endpoint's id, when the resource adopted one instead of creating it. */
  declare readonly adoptId: pulumi.Output<string | undefined>;
  /** How long create waited at most for Ready, in seconds, when set. */
  declare readonly readyTimeoutSeconds: pulumi.Output<number | undefined>;

  constructor(name: string, args: ReversePrivateEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "ReversePrivateEndpoint",
      name,
      [...requestFields, ...apiOutputFields, ...nonApiInputs, "organizationId"],
      args,
      opts,
    );
  }
}
