/**
 * Sets a service's CDC ClickPipes compute: one object per service that the API makes with the service's first
 * database pipe and never removes, written by one PATCH of both values. A create is that PATCH; a delete sends
 * nothing.
 */
import { ApiError } from "../../rest";
import type { OperationContext, ResourceOperations } from "../operations";
import { readOrGone } from "../lifecycle/readOrGone";
import type { ClickPipesCdcScalingSchema } from "../../rest/schemaTypes";
import type { ClickPipesCdcScalingInputs, ClickPipesCdcScalingOutputs } from "./shapes";

type Inputs = ClickPipesCdcScalingInputs;
type Outputs = ClickPipesCdcScalingOutputs;

export const operations: ResourceOperations<Inputs, Outputs> = {
  async create(inputs, context) {
    return { id: inputs.serviceId, outs: await patch(inputs, context) };
  },

  async read(id, olds, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    return readOrGone(async () => ({
      id,
      outs: outputsOf(await client.clickPipes.cdcScaling(organizationId, id), id, organizationId),
    }));
  },

  async update(_id, _olds, news, context) {
    return patch(news, context);
  },

  async delete(id, _olds, context) {
    context.progress(
      `service ${id}: the API cannot remove the compute of its database ClickPipes; it is left as it is`,
    );
  },
};

async function patch(inputs: Inputs, context: OperationContext): Promise<Outputs> {
  const { client, organizationId } = context.management(inputs.organizationId ?? undefined);
  const { serviceId, replicaCpuMillicores, replicaMemoryGb } = inputs;
  try {
    const scaling = await client.clickPipes.updateCdcScaling(organizationId, serviceId, {
      replicaCpuMillicores,
      replicaMemoryGb,
    });
    return outputsOf(scaling, serviceId, organizationId);
  } catch (error) {
    throw noDatabasePipe(serviceId, error);
  }
}

/** The API's 400 for a service without a database pipe, said with what to do about it. */
function noDatabasePipe(serviceId: string, error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 400 || !/database ClickPipe/i.test(error.detail)) {
    return error;
  }
  return new Error(
    `service ${serviceId} has no CDC compute to scale yet: the API makes it with the service's first database ` +
      `ClickPipe (${error.detail}). Make this resource depend on a Postgres ClickPipe of the service ` +
      "(`dependsOn`), and run `pulumi up` again.",
    { cause: error },
  );
}

function outputsOf(scaling: ClickPipesCdcScalingSchema, serviceId: string, organizationId: string): Outputs {
  return {
    serviceId,
    organizationId,
    replicaCpuMillicores: scaling.replicaCpuMillicores,
    replicaMemoryGb: scaling.replicaMemoryGb,
  };
}
