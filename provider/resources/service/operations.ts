/**
 * Manages a ClickHouse Cloud service: a management object with a state that settles after the API answers, whose
 * update goes through up to four PATCHes (basic details, replica scaling, password, state) and whose delete must stop
 * it first. Neither lifecycle template (`resources/lifecycle/`) has these steps, so they are written here, each in
 * its own module: the requests (`requests.ts`), the waits (`waits.ts`), the delete (`deletion.ts`), the outputs
 * (`outputs.ts`) and the takeover of a create an interrupted run left (`takeover.ts`).
 */
import type { BackupConfiguration, ServiceDetails } from "../../rest";
import { backupChange, backupSettings, hasOwnBackups, readBackups } from "./backups";
import { pick, type PropertyBag } from "../../propertyBags";
import type { OperationContext, ResourceOperations } from "../operations";
import { readOrGone } from "../lifecycle/readOrGone";
import { forgetServiceScaling, recordServiceScaling } from "./scalingOwners";
import { defaultWaitMinutes } from "./definition";
import { deleteService } from "./deletion";
import { definedOnly, serviceOutputs, type CarriedOver } from "./outputs";
import { detailsPatch, passwordRequest, scalingSettings, scalingUpdate } from "./requests";
import { comparableIpAccessList } from "./settings";
import type { ServiceInputs, ServiceOutputs } from "./shapes";
import { createOrTakeOver } from "./takeover";
import { effectiveState, untilSettled, type ServicePlace } from "./waits";

/** States after which the API no longer serves the service: a read finds it gone. */
const goneStates = new Set(["terminated", "softdeleted"]);

export const operations: ResourceOperations<ServiceInputs, ServiceOutputs> = {
  /** The IP access list is a set of entries; an idle service is running; the tags are a map already. */
  comparable(olds, news) {
    return { olds: comparableBag(olds), news: comparableBag(news.known) };
  },

  /** A ReplicaScaling on this service must not set what this Service sets: its check reads what is noted here. */
  noteDiff(id, news) {
    recordServiceScaling(id, {
      ...news.known,
      ...Object.fromEntries([...news.unknown].map((name) => [name, true])),
    });
  },

  /**
   * What an import or refresh records as inputs: the settings the service has, none of its read-only facts nor
   * what was fixed at its create (a change of which would replace it). An import adds the backup settings, which a
   * program manages only when it sets them: the program an import writes sets them.
   */
  inputsFromOutputs(outs, purpose) {
    const state = effectiveState(outs.state);
    return {
      ...pick(outs, [
        "organizationId",
        "name",
        "provider",
        "region",
        "ipAccessList",
        "tags",
        "releaseChannel",
        "mysqlEndpoint",
        "enableCoreDumps",
        "isReadonly",
        "password",
        "passwordRotationTrigger",
        "backupId",
        ...scalingSettings.filter((setting) => !horizontalOnly(outs, setting)),
      ]),
      ...(outs.isPrimary === false ? pick(outs, ["dataWarehouseId"]) : {}),
      ...(purpose === "import" ? importedBackups(outs) : {}),
      ...(state === "running" || state === "stopped" ? { state } : {}),
    };
  },

  async create(inputs, context) {
    const place = placeOf(inputs, context);
    const made = await createOrTakeOver(place, inputs, context);
    let service = await untilSettled(place, made.service, timeoutOf(inputs), context);
    const password = await initialPassword(place, service.id, inputs, made.password);
    const patch = detailsPatch(service, inputs);
    if (patch !== undefined)
      service = await place.client.services.update(place.organizationId, service.id, patch);
    const backups = await applyBackups(place, service, inputs);
    service = await applyState(place, service, inputs, context);
    recordServiceScaling(service.id, inputs);
    return {
      id: service.id,
      outs: serviceOutputs(service, place.organizationId, carried(inputs, password), backups),
    };
  },

  /** A terminated or soft-deleted service reads as gone, as a 404 does: the next `up` makes a new one. */
  async read(id, olds, context) {
    const place = placeOf(olds, context);
    const found = await readOrGone(async () => ({
      id,
      outs: await place.client.services.details(place.organizationId, id),
    }));
    if (found === undefined || goneStates.has(found.outs.state ?? "")) return undefined;
    const backups = await readBackups(place, found.outs);
    return { id, outs: serviceOutputs(found.outs, place.organizationId, carriedFromOutputs(olds), backups) };
  },

  async update(id, olds, news, context) {
    const place = placeOf(olds, context);
    const { client, organizationId } = place;
    let service = await untilSettled(
      place,
      await client.services.details(organizationId, id),
      timeoutOf(news),
      context,
    );
    const patch = detailsPatch(service, news);
    if (patch !== undefined) service = await client.services.update(organizationId, id, patch);
    const scaling = scalingUpdate(service, news);
    if (scaling !== undefined) await client.services.updateReplicaScaling(organizationId, id, scaling);
    const password = await changedPassword(place, id, olds, news);
    const backups = await applyBackups(place, service, news);
    service = await applyState(place, await client.services.details(organizationId, id), news, context);
    recordServiceScaling(id, news);
    return serviceOutputs(service, organizationId, carried(news, password), backups);
  },

  async delete(id, olds, context) {
    await deleteService(placeOf(olds, context), id, olds.waitTimeoutMinutes ?? defaultWaitMinutes, context);
    forgetServiceScaling(id);
  },
};

function placeOf(recorded: ServiceInputs | ServiceOutputs, context: OperationContext): ServicePlace {
  return context.management(recorded.organizationId ?? undefined);
}

function timeoutOf(inputs: ServiceInputs): number {
  return inputs.waitTimeoutMinutes;
}

/** The program's password, sent as hashes once the service exists; else the one the create answered. */
async function initialPassword(
  place: ServicePlace,
  serviceId: string,
  inputs: ServiceInputs,
  generated: string | undefined,
): Promise<string | undefined> {
  if (typeof inputs.password === "string") {
    await place.client.services.setPassword(
      place.organizationId,
      serviceId,
      passwordRequest(inputs.password),
    );
    return inputs.password;
  }
  if (generated !== undefined) return generated;
  // A create taken over from an interrupted run: the generated password was only in the reply that run lost.
  return (await place.client.services.setPassword(place.organizationId, serviceId, {})).password;
}

/**
 * A new `password` is sent as hashes; a new rotation trigger, without a `password`, has the API generate one;
 * otherwise the password stays the one the outputs hold.
 */
async function changedPassword(
  place: ServicePlace,
  serviceId: string,
  olds: ServiceOutputs,
  news: ServiceInputs,
): Promise<string | undefined> {
  const services = place.client.services;
  if (typeof news.password === "string") {
    if (news.password !== olds.password) {
      await services.setPassword(place.organizationId, serviceId, passwordRequest(news.password));
    }
    return news.password;
  }
  const trigger = news.passwordRotationTrigger ?? undefined;
  if (trigger !== undefined && trigger !== olds.passwordRotationTrigger) {
    return (await services.setPassword(place.organizationId, serviceId, {})).password;
  }
  return olds.password;
}

/**
 * Sends the managed backup settings that differ from the service's, and returns the configuration as it then is;
 * undefined for a service without backups of its own (its check refuses backup settings on no such service).
 */
async function applyBackups(
  place: ServicePlace,
  service: ServiceDetails,
  inputs: ServiceInputs,
): Promise<BackupConfiguration | undefined> {
  const managed = backupSettings.some((setting) => inputs[setting] !== undefined && inputs[setting] !== null);
  if (!managed && !hasOwnBackups(service)) return undefined;
  const current = await readBackups(place, service);
  const change = managed ? backupChange(current, inputs) : undefined;
  if (change === undefined) return current;
  return place.client.services.updateBackupConfiguration(place.organizationId, service.id, change);
}

/** Starts or stops the service when the program asks for a state it is not in, and waits until it gets there. */
async function applyState(
  place: ServicePlace,
  service: ServiceDetails,
  inputs: ServiceInputs,
  context: OperationContext,
): Promise<ServiceDetails> {
  const wanted = inputs.state ?? undefined;
  if (wanted === undefined || effectiveState(service.state) === wanted) return service;
  const command = wanted === "running" ? "start" : "stop";
  context.progress(`service ${service.id}: ${service.state ?? "no state"}, sending ${command}`);
  const changed = await place.client.services.changeState(place.organizationId, service.id, command);
  return untilSettled(
    place,
    { ...service, ...changed },
    timeoutOf(inputs),
    context,
    (state) => state === wanted,
  );
}

function carried(inputs: ServiceInputs, password: string | undefined): CarriedOver {
  return definedOnly({
    password,
    passwordRotationTrigger: inputs.passwordRotationTrigger ?? undefined,
    backupId: inputs.backupId ?? undefined,
    waitTimeoutMinutes: inputs.waitTimeoutMinutes,
  });
}

function carriedFromOutputs(olds: ServiceOutputs): CarriedOver {
  return definedOnly({
    password: olds.password,
    passwordRotationTrigger: olds.passwordRotationTrigger,
    backupId: olds.backupId,
    // An imported service has no outputs yet: the default the program's inputs get.
    waitTimeoutMinutes: olds.waitTimeoutMinutes ?? defaultWaitMinutes,
  });
}

/** A horizontal service has no fixed count, a vertical one no band: the other mode's settings are not inputs. */
function horizontalOnly(outs: ServiceOutputs, setting: (typeof scalingSettings)[number]): boolean {
  const horizontal = outs.autoscalingMode === "horizontal";
  if (setting === "numReplicas") return horizontal;
  if (setting === "minReplicas" || setting === "maxReplicas") return !horizontal;
  return false;
}

function comparableBag(bag: Partial<ServiceInputs> | ServiceOutputs): PropertyBag {
  return {
    ...bag,
    ...(bag.ipAccessList === undefined || bag.ipAccessList === null
      ? {}
      : { ipAccessList: comparableIpAccessList(bag.ipAccessList) }),
    ...(bag.state === undefined || bag.state === null ? {} : { state: effectiveState(bag.state) }),
  };
}

/** The backup settings an import adopts: the retention, and the start time of daily backups or else the period. */
function importedBackups(outs: ServiceOutputs): PropertyBag {
  const schedule = outs.backupStartTime === undefined ? "backupPeriodInHours" : "backupStartTime";
  return pick(outs, ["backupRetentionPeriodInHours", schedule]);
}
