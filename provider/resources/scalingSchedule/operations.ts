/**
 * Manages a service's scaling schedule: one per service, created and replaced by one POST of every entry, read by
 * a GET (404: no schedule), deleted by a DELETE. It has no id of its own and no asynchronous status, so neither
 * lifecycle template (`resources/lifecycle/`) applies. The POST replaces whatever schedule the service has, so a
 * create first reads it: a schedule with the same entries is the program's (a create whose reply was lost), any
 * other is left alone and the create fails.
 */
import { isNotFound, type ScalingSchedule } from "../../rest";
import type { OperationContext, ResourceOperations } from "../operations";
import { deleteIfPresent } from "../lifecycle/readOrGone";
import { requestBodyFor } from "../derive/requestBody";
import { pick } from "../../propertyBags";
import { baseConfigOf, comparableEntries, entriesAsInputs, sameEntries, scheduledEntries } from "./entries";
import type { ScalingScheduleEntry } from "./entries";
import { definition } from "./definition";
import type { ScalingScheduleInputs, ScalingScheduleOutputs } from "./shapes";

const scheduleRequest = requestBodyFor(definition);

export const operations: ResourceOperations<ScalingScheduleInputs, ScalingScheduleOutputs> = {
  /** Entries compare as a set of contents: their order, their ids and how a fixed count is written do not count. */
  comparable(olds, news) {
    const known = news.known;
    return {
      olds: { ...olds, entries: comparableEntries(olds.entries) },
      news: known.entries === undefined ? known : { ...known, entries: comparableEntries(known.entries) },
    };
  },

  /** The computed outputs are not inputs: a read reports the entries and the service. */
  inputsFromOutputs(outs) {
    return pick(outs, ["serviceId", "organizationId", "entries"]);
  },

  async create(inputs, context) {
    const { client, organizationId } = context.management(inputs.organizationId ?? undefined);
    const serviceId = inputs.serviceId;
    const existing = await currentSchedule(context, organizationId, serviceId);
    if (existing !== undefined && existing.entries.length > 0) {
      if (!sameEntries(existing.entries, inputs.entries)) throw scheduleExists(serviceId, existing);
      context.progress(`service ${serviceId} already has a scaling schedule with these entries: adopted`);
      return { id: serviceId, outs: outputsOf(existing, serviceId, organizationId, inputs.entries) };
    }
    const schedule = await client.scalingSchedules.replace(
      organizationId,
      serviceId,
      scheduleRequest(inputs),
    );
    return { id: serviceId, outs: outputsOf(schedule, serviceId, organizationId, inputs.entries) };
  },

  /** An import has no entries recorded: every entry is reported as the API gives it. */
  async read(id, olds, context) {
    const { organizationId } = context.management(olds.organizationId);
    const schedule = await currentSchedule(context, organizationId, id);
    // A schedule without entries (as the POST that clears one answers) is no schedule either.
    if (schedule === undefined || schedule.entries.length === 0) return undefined;
    return { id, outs: outputsOf(schedule, id, organizationId, olds.entries) };
  },

  async update(id, _olds, news, context) {
    const { client, organizationId } = context.management(news.organizationId ?? undefined);
    const schedule = await client.scalingSchedules.replace(organizationId, id, scheduleRequest(news));
    return outputsOf(schedule, id, organizationId, news.entries);
  },

  async delete(id, olds, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    await deleteIfPresent(() => client.scalingSchedules.delete(organizationId, id));
  },
};

/**
 * The service's schedule, or undefined when the API answers its own 404: the service has no schedule, or is gone.
 * Any other failure, a proxy's 404 included, is thrown (see `readOrGone`).
 */
async function currentSchedule(
  context: OperationContext,
  organizationId: string,
  serviceId: string,
): Promise<ScalingSchedule | undefined> {
  try {
    return await context.management(organizationId).client.scalingSchedules.get(organizationId, serviceId);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

function scheduleExists(serviceId: string, existing: ScalingSchedule): Error {
  const names = existing.entries.map((entry) => JSON.stringify(entry.name)).join(", ");
  return new Error(
    `service ${serviceId} already has a scaling schedule with other entries (${names}), which a create would ` +
      "replace: import it (`pulumi import clickhouse-cloud:index:ScalingSchedule <name> " +
      `${serviceId}\`, then set its entries in the program) or delete it first`,
  );
}

function outputsOf(
  schedule: ScalingSchedule,
  serviceId: string,
  organizationId: string,
  recorded: readonly ScalingScheduleEntry[] | undefined,
): ScalingScheduleOutputs {
  return {
    serviceId,
    organizationId,
    entries: entriesAsInputs(schedule.entries, recorded),
    scheduledEntries: scheduledEntries(schedule.entries),
    baseConfig: baseConfigOf(schedule.baseConfig),
    ...(schedule.activeEntryId === undefined ? {} : { activeEntryId: schedule.activeEntryId }),
  };
}
