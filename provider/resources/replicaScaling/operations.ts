/**
 * Manages the replica scaling settings of an existing service. They are settings of the service, not an object
 * with a lifecycle of its own: nothing is created or deleted (a create and an update PATCH the service, a delete
 * leaves it as it is), so neither lifecycle template (`resources/lifecycle/`) applies.
 */
import { ApiError, type ReplicaScalingUpdateRequest, type ServiceObject } from "../../rest";
import type { OperationContext, ResourceOperations } from "../operations";
import { requestBodyFor } from "../derive/requestBody";
import { readOrGone } from "../lifecycle/readOrGone";
import { pick, sameValue } from "../../propertyBags";
import { flag, numeric, optional, setOrUndefined, taken, text } from "../fields/reportedValues";
import { definition } from "./definition";
import { scalingFields, type ScalingField } from "../fields/scalingFields";
import type { ReplicaScalingInputs, ReplicaScalingOutputs } from "./shapes";

const scalingRequest = requestBodyFor(definition);

export const operations: ResourceOperations<ReplicaScalingInputs, ReplicaScalingOutputs> = {
  refineDiff(verdict, olds, news) {
    // A setting not known yet is a change already: every setting updates in place.
    if (verdict.changes) return verdict;
    // A setting that starts or stops being managed with the remote value unchanged still updates `managedFields`,
    // which decides what refresh reports as drift.
    const managedBefore = recordedManagedFields(olds);
    return { changes: !sameValue(managedBefore, managedFieldsOf(news.known)), replaces: [] };
  },

  /** Only the managed settings become inputs: their remote values show drift, the others stay unmanaged. */
  inputsFromOutputs(outs) {
    return pick(outs, ["serviceId", "organizationId", ...recordedManagedFields(outs)]);
  },

  async create(inputs, context) {
    const outs = await apply(inputs, context);
    return { id: outs.serviceId, outs };
  },

  async read(id, olds, context) {
    const managed = recordedManagedFields(olds);
    const { client, organizationId } = context.management(olds.organizationId);
    return readOrGone(async () => {
      const service = await client.services.get(organizationId, id);
      return { id, outs: serviceOutputs(service, organizationId, managed) };
    });
  },

  async update(_id, _olds, news, context) {
    return apply(news, context);
  },

  /** The service and its settings stay as they are: scaling settings cannot be "removed", only changed. */
  async delete(id, _olds, context) {
    context.progress(`service ${id}: its scaling settings are left as they are; nothing is sent`);
  },
};

/** PATCHes exactly the settings the program sets (none: nothing is sent) and returns the outputs. */
async function apply(
  inputs: ReplicaScalingInputs,
  context: OperationContext,
): Promise<ReplicaScalingOutputs> {
  const { client, organizationId } = context.management(inputs.organizationId ?? undefined);
  const serviceId = inputs.serviceId;
  const request = scalingRequest(pick(inputs, scalingFields));
  const managed = managedFieldsOf(inputs);
  if (managed.length === 0) {
    context.progress(`service ${serviceId}: no scaling setting is set, so nothing is sent`);
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

/** The scaling settings a program sets, in a fixed order. */
function managedFieldsOf(inputs: Partial<ReplicaScalingInputs>): ScalingField[] {
  return scalingFields.filter((field) => inputs[field] !== undefined && inputs[field] !== null);
}

/** The settings recorded as managed by the last create or update (the `managedFields` output). */
function recordedManagedFields(outputs: ReplicaScalingOutputs): ScalingField[] {
  const recorded = outputs.managedFields;
  if (!Array.isArray(recorded)) return [];
  return scalingFields.filter((field) => recorded.includes(field));
}

/**
 * Outputs: the service's scaling settings and what explains their limits, its `id` as `serviceId`, the
 * organization and the managed settings. The service's schema checks only the scaling settings' types; its name,
 * total memory bounds and `isPrimary` are taken when they have their outputs' types. A service without a name is
 * refused: the API names every service, the `name` output is always set, and nothing else tells the name.
 */
function serviceOutputs(
  service: ServiceObject,
  organizationId: string,
  managed: ScalingField[],
): ReplicaScalingOutputs {
  const name = text(service.name);
  if (name === undefined) {
    throw new Error(
      `the API's answer for service ${service.id} has no name (\`name\` is ` +
        `${JSON.stringify(service.name) ?? "absent"}), so its scaling settings cannot be reported`,
    );
  }
  return {
    serviceId: service.id,
    organizationId,
    managedFields: managed,
    name,
    ...taken(["minTotalMemoryGb", "maxTotalMemoryGb"], service, numeric),
    ...optional("minReplicaMemoryGb", setOrUndefined(service.minReplicaMemoryGb)),
    ...optional("maxReplicaMemoryGb", setOrUndefined(service.maxReplicaMemoryGb)),
    ...optional("numReplicas", setOrUndefined(service.numReplicas)),
    ...optional("idleScaling", setOrUndefined(service.idleScaling)),
    ...optional("idleTimeoutMinutes", setOrUndefined(service.idleTimeoutMinutes)),
    ...optional("autoscalingMode", setOrUndefined(service.autoscalingMode)),
    ...optional("minReplicas", setOrUndefined(service.minReplicas)),
    ...optional("maxReplicas", setOrUndefined(service.maxReplicas)),
    ...optional("isPrimary", flag(service.isPrimary)),
  };
}
