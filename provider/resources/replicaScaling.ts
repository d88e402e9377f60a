import type * as pulumi from "@pulumi/pulumi";
import {
  ApiError,
  type IpAccessListEntry,
  type ReplicaScalingUpdateRequest,
  type Service,
  type ServiceEndpoint,
} from "../rest";
import { validate, type ValidationProblem } from "../rest/validation";
import { providerContext } from "./context";
import { PackageResource } from "./base";
import { checkInputs, optionalStrings, requiredStrings, type CheckSpec } from "./support/check";
import { diffInputs, type DiffSpec } from "./support/diff";
import { progress, readOrGone } from "./support/lifecycle";
import { pick, sameValue, unwrapSecrets, type PropertyBag } from "./support/properties";

/**
 * Inputs of a {@link ReplicaScaling}. Each scaling setting is managed only when set: leaving one out leaves the
 * service's current value alone (and refresh never reports drift in it). Every scaling setting updates in place.
 */
export interface ReplicaScalingArgs {
  /** The service (uuid) whose scaling settings are managed; it must already exist. Changing it replaces the resource. */
  serviceId: pulumi.Input<string>;
  /**
   * Minimum auto-scaling memory of one replica, in GB: a multiple of 4 between 8 and 356, at most
   * maxReplicaMemoryGb. Production services only (the API refuses it for others). Updates in place.
   */
  minReplicaMemoryGb?: pulumi.Input<number>;
  /**
   * Maximum auto-scaling memory of one replica, in GB: a multiple of 4 between 8 and 356; the API allows at most
   * 120 for services that are not on a paid tier. Production services only. Updates in place.
   */
  maxReplicaMemoryGb?: pulumi.Input<number>;
  /**
   * Number of replicas, 1 to 20. The API requires 2 to 20 for the first service of a warehouse; services created in
   * an existing warehouse may have 1. Updates in place.
   */
  numReplicas?: pulumi.Input<number>;
  /** Whether the service may scale down to zero when idle (the API's default is true). Updates in place. */
  idleScaling?: pulumi.Input<boolean>;
  /** Minimum idle time before the service scales to zero, in whole minutes, at least 5. Updates in place. */
  idleTimeoutMinutes?: pulumi.Input<number>;
  /** The organization (uuid); defaults to `clickhouse:organizationId` or CLICKHOUSE_ORG_ID. Replaces on change. */
  organizationId?: pulumi.Input<string>;
}

/** The body fields of PATCH .../replicaScaling (seed 4.3), in the order `managedFields` lists them. */
export const scalingFields = [
  "minReplicaMemoryGb",
  "maxReplicaMemoryGb",
  "numReplicas",
  "idleScaling",
  "idleTimeoutMinutes",
] as const;
type ScalingField = (typeof scalingFields)[number];

/** Every field of the service object (seed 2.2) but `id`, which becomes the output `serviceId`. */
const serviceFields = [
  "name",
  "engineVersion",
  "endpoints",
  "minTotalMemoryGb",
  "maxTotalMemoryGb",
  ...scalingFields,
  "ipAccessList",
  "createdAt",
  "encryptionKey",
  "encryptionAssumedRoleIdentifier",
  "iamRole",
  "privateEndpointIds",
  "availablePrivateEndpointIds",
  "dataWarehouseId",
  "isPrimary",
  "isReadonly",
  "byocId",
  "hasTransparentDataEncryption",
  "transparentDataEncryptionKeyId",
  "encryptionRoleId",
] as const satisfies readonly (keyof Service)[];

const checkSpec: CheckSpec = {
  schema: "replicaScalingUpdate",
  nonBodyInputs: ["serviceId", "organizationId"],
  extraRules: [requiredStrings("serviceId"), optionalStrings("organizationId"), minNotAboveMax],
};

const diffSpec: DiffSpec = {
  replaceOn: ["serviceId", "organizationId"],
  updateOn: [...scalingFields],
  onlyWhenSet: ["organizationId", ...scalingFields],
};

/** Manages the replica scaling settings of an existing service; runs in the dynamic-provider process. */
export class ReplicaScalingProvider implements Required<pulumi.dynamic.ResourceProvider> {
  async configure(request: pulumi.dynamic.ConfigureRequest): Promise<void> {
    providerContext.configure(request);
  }

  async check(_olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.CheckResult> {
    return checkInputs(checkSpec, news);
  }

  async diff(_id: string, olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.DiffResult> {
    const result = diffInputs(diffSpec, olds, news);
    if (result.changes) return result;
    // A setting that starts or stops being managed with the remote value unchanged still updates `managedFields`,
    // which decides what refresh reports as drift.
    const managedBefore = recordedManagedFields(unwrapSecrets(olds));
    return { changes: !sameValue(managedBefore, managedFieldsOf(news)), replaces: [] };
  }

  async create(news: PropertyBag): Promise<pulumi.dynamic.CreateResult> {
    const inputs = unwrapSecrets(news);
    const outs = await this.apply(inputs);
    return { id: String(outs.serviceId), outs };
  }

  async read(id: string, props: PropertyBag): Promise<pulumi.dynamic.ReadResult> {
    const olds = unwrapSecrets(props);
    const managed = recordedManagedFields(olds);
    const { client, settings } = providerContext.management(olds.organizationId);
    return readOrGone(async () => {
      const service = await client.services.get(settings.organizationId, id);
      const outs = serviceOutputs(service, settings.organizationId, managed);
      // Only the managed settings become inputs: their remote values show drift, the others stay unmanaged.
      return { id, props: outs, inputs: pick(outs, ["serviceId", "organizationId", ...managed]) };
    });
  }

  async update(_id: string, _olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.UpdateResult> {
    return { outs: await this.apply(unwrapSecrets(news)) };
  }

  /** The service and its settings stay as they are: scaling settings cannot be "removed", only changed. */
  async delete(id: string): Promise<void> {
    progress("ReplicaScaling", `service ${id}: its scaling settings are left as they are; nothing is sent`);
  }

  /** PATCHes exactly the settings the program sets (none: nothing is sent) and returns the outputs. */
  private async apply(inputs: PropertyBag): Promise<PropertyBag> {
    const { client, settings } = providerContext.management(inputs.organizationId);
    const organizationId = settings.organizationId;
    const serviceId = String(inputs.serviceId);
    const request = pick(inputs, scalingFields) as ReplicaScalingUpdateRequest;
    const managed = managedFieldsOf(inputs);
    if (managed.length === 0) {
      progress("ReplicaScaling", `service ${serviceId}: no scaling setting is set, so nothing is sent`);
      return serviceOutputs(await client.services.get(organizationId, serviceId), organizationId, managed);
    }
    try {
      const service = await client.services.updateReplicaScaling(organizationId, serviceId, request);
      return serviceOutputs(service, organizationId, managed);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) throw scalingRefused(serviceId, request, error);
      throw error;
    }
  }
}

/**
 * The schema checks each memory bound alone; their order is checked here, once both are valid on their own, so
 * a property never gets two failures.
 */
function minNotAboveMax(inputs: PropertyBag): ValidationProblem[] {
  const { minReplicaMemoryGb: min, maxReplicaMemoryGb: max } = inputs;
  if (typeof min !== "number" || typeof max !== "number" || min <= max) return [];
  if (validate("replicaScalingUpdate", { minReplicaMemoryGb: min, maxReplicaMemoryGb: max }).length > 0)
    return [];
  return [
    {
      property: "maxReplicaMemoryGb",
      reason: `maxReplicaMemoryGb must be at least minReplicaMemoryGb (${min}); got ${max}`,
    },
  ];
}

/**
 * Rules that depend on the service (tier caps, the first service of a warehouse, memory only for production
 * services) are the API's; its refusal is reported with the settings that were sent.
 */
function scalingRefused(serviceId: string, request: ReplicaScalingUpdateRequest, error: ApiError): Error {
  const sent = Object.entries(request)
    .map(([field, value]) => `${field}=${JSON.stringify(value)}`)
    .join(", ");
  const requestId = error.requestId === undefined ? "" : ` (requestId ${error.requestId})`;
  return new Error(
    `the API refused the scaling settings of service ${serviceId} (${sent}): ${error.detail}${requestId}. ` +
      "Limits that depend on the service are checked by the API: maxReplicaMemoryGb at most 120 for services " +
      "not on a paid tier, numReplicas 2 to 20 for the first service of a warehouse, and memory bounds only on " +
      "production services.",
    { cause: error },
  );
}

/** The scaling settings a program sets, in a fixed order; a value unknown during preview counts as set. */
function managedFieldsOf(inputs: PropertyBag): ScalingField[] {
  return scalingFields.filter((field) => inputs[field] !== undefined && inputs[field] !== null);
}

/** The settings recorded as managed by the last create or update (the `managedFields` output). */
function recordedManagedFields(outputs: PropertyBag): ScalingField[] {
  const recorded = outputs.managedFields;
  if (!Array.isArray(recorded)) return [];
  return scalingFields.filter((field) => recorded.includes(field));
}

/** Outputs: the service object, its `id` as `serviceId`, the organization and the managed settings. */
function serviceOutputs(service: Service, organizationId: string, managed: ScalingField[]): PropertyBag {
  return {
    ...pick(service as unknown as PropertyBag, serviceFields),
    serviceId: service.id,
    organizationId,
    managedFields: managed,
  };
}

/**
 * The replica auto-scaling settings of an existing service (seed 4.3). The resource id is the service id, and its
 * outputs are the service object (seed 2.2) as the last PATCH or read returned it.
 *
 * Only the settings the program sets are sent and watched: `refresh` reports drift in them and the next `up`
 * restores them, while settings left out are never sent and never reported. A program that sets none sends
 * nothing and only reads the service. Creating the resource adopts the service's settings as they are, so no
 * import is needed. Deleting it sends nothing and leaves the service's settings as they are. Limits that depend on
 * the service (tier caps, the first service of a warehouse, memory only for production services) are checked by
 * the API during `up`; the error names the refused setting.
 */
export class ReplicaScaling extends PackageResource {
  /** The service (uuid): the resource id as well. */
  declare readonly serviceId: pulumi.Output<string>;
  /** The organization (uuid) that owns the service. */
  declare readonly organizationId: pulumi.Output<string>;
  /** The scaling settings this resource manages (those the program sets), in the order of the API's body. */
  declare readonly managedFields: pulumi.Output<string[]>;
  /** Name of the service. */
  declare readonly name: pulumi.Output<string>;
  /** ClickHouse version the service runs. */
  declare readonly engineVersion: pulumi.Output<string | undefined>;
  /** Endpoints to connect to the service: protocol, host, port and username. */
  declare readonly endpoints: pulumi.Output<ServiceEndpoint[] | undefined>;
  /** Minimum auto-scaling memory of the whole service, in GB. */
  declare readonly minTotalMemoryGb: pulumi.Output<number | undefined>;
  /** Maximum auto-scaling memory of the whole service, in GB. */
  declare readonly maxTotalMemoryGb: pulumi.Output<number | undefined>;
  /** Minimum auto-scaling memory of one replica, in GB, as the service reports it. */
  declare readonly minReplicaMemoryGb: pulumi.Output<number | undefined>;
  /** Maximum auto-scaling memory of one replica, in GB, as the service reports it. */
  declare readonly maxReplicaMemoryGb: pulumi.Output<number | undefined>;
  /** Number of replicas, as the service reports it. */
  declare readonly numReplicas: pulumi.Output<number | undefined>;
  /** Whether the service may scale down to zero when idle, as the service reports it. */
  declare readonly idleScaling: pulumi.Output<boolean | undefined>;
  /** Minimum idle time before scaling to zero, in minutes, as the service reports it. */
  declare readonly idleTimeoutMinutes: pulumi.Output<number | undefined>;
  /** Addresses allowed to connect to the service. */
  declare readonly ipAccessList: pulumi.Output<IpAccessListEntry[] | undefined>;
  /** When the service was created (ISO 8601). */
  declare readonly createdAt: pulumi.Output<string | undefined>;
  /** Customer-managed encryption key of the service, if any. */
  declare readonly encryptionKey: pulumi.Output<string | undefined>;
  /** Role assumed to use the customer-managed encryption key, if any. */
  declare readonly encryptionAssumedRoleIdentifier: pulumi.Output<string | undefined>;
  /** IAM role of the service, for access to the cloud provider's resources. */
  declare readonly iamRole: pulumi.Output<string | undefined>;
  /** Private endpoints attached to the service. */
  declare readonly privateEndpointIds: pulumi.Output<string[] | undefined>;
  /** Private endpoints registered with the organization that could be attached to the service. */
  declare readonly availablePrivateEndpointIds: pulumi.Output<string[] | undefined>;
  /** The warehouse the service belongs to. */
  declare readonly dataWarehouseId: pulumi.Output<string | undefined>;
  /** Whether the service is the primary (first) service of its warehouse. */
  declare readonly isPrimary: pulumi.Output<boolean | undefined>;
  /** Whether the service is read-only. */
  declare readonly isReadonly: pulumi.Output<boolean | undefined>;
  /** The bring-your-own-cloud deployment the service runs in, if any. */
  declare readonly byocId: pulumi.Output<string | undefined>;
  /** Whether transparent data encryption is enabled. */
  declare readonly hasTransparentDataEncryption: pulumi.Output<boolean | undefined>;
  /** Key used for transparent data encryption, if any. */
  declare readonly transparentDataEncryptionKeyId: pulumi.Output<string | undefined>;
  /** Role used for encryption, if any. */
  declare readonly encryptionRoleId: pulumi.Output<string | undefined>;

  constructor(name: string, args: ReplicaScalingArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "ReplicaScaling",
      name,
      [...serviceFields, "serviceId", "organizationId", "managedFields"],
      args,
      opts,
    );
  }
}
