/**
 * Making a service exactly once. A `pulumi up` killed while its create waits leaves a provisioning service the
 * engine has no record of; the next `up` creates the resource again. So a create first looks for a service that
 * such a run made: the same name, provider and region, every other field the create sends, not being deleted, and
 * made within the wait timeout before now. One is taken over (a warning names it); two or more fail the create,
 * naming them, rather than guess; none: the create is sent, and a reply lost on the way is reconciled by listing,
 * as every create is (`createWithReconcile`).
 */
import type { ServiceCreateRequest, ServiceDetails } from "../../rest";
import { sameValue } from "../../propertyBags";
import type { OperationContext } from "../operations";
import { createWithReconcile } from "../lifecycle/createWithReconcile";
import { createRequest, hasMysqlEndpoint, scalingSettings } from "./requests";
import { comparableIpAccessList, tagMap } from "./settings";
import type { ServiceInputs } from "./shapes";
import type { ServicePlace } from "./waits";

export interface MadeService {
  readonly service: ServiceDetails;
  /** The password the API generated; absent for a service taken over, whose create's reply is gone. */
  readonly password?: string;
}

/** States of a service on its way out, never taken for one a create made. */
const leavingStates = new Set(["terminating", "terminated", "softdeleting", "softdeleted"]);

/** Settings the service reports as the create sent them. */
const echoedFields = [
  "tier",
  "releaseChannel",
  "isReadonly",
  "dataWarehouseId",
  "enableCoreDumps",
  ...scalingSettings,
] as const;

export async function createOrTakeOver(
  place: ServicePlace,
  inputs: ServiceInputs,
  context: OperationContext,
): Promise<MadeService> {
  const { client, organizationId } = place;
  const request = createRequest(inputs);
  const since = context.clock.now() - inputs.waitTimeoutMinutes * 60_000;
  const leftBehind = (await client.services.list(organizationId)).filter(
    (service) => isMadeFrom(service, request) && madeSince(service, since),
  );
  if (leftBehind.length > 1) {
    const ids = leftBehind.map(
      (service) => `${service.id} (made ${service.createdAt ?? "at an unknown time"})`,
    );
    throw new Error(
      `several services named ${JSON.stringify(request.name)} with these settings were made in the last ` +
        `${inputs.waitTimeoutMinutes} minutes (${ids.join(", ")}); one may be what an interrupted run made, but ` +
        "which cannot be told. Import the right one (`pulumi import`), or delete the others, and run `pulumi up` again",
    );
  }
  const [earlier] = leftBehind;
  if (earlier !== undefined) {
    context.progress(
      `warning: taking over service ${earlier.id} ("${request.name}", ${earlier.state ?? "no state"}, made ` +
        `${earlier.createdAt ?? "at an unknown time"}): an earlier run's create made it and was interrupted before ` +
        "it was recorded",
    );
    return { service: earlier };
  }
  return createWithReconcile<MadeService, ServiceDetails>(context, {
    what: `service ${JSON.stringify(request.name)}`,
    send: async () => {
      const result = await client.services.create(organizationId, request);
      return { service: result.service, password: result.password };
    },
    list: () => client.services.list(organizationId),
    hasSentFields: (listed) => isMadeFrom(listed, request),
    newness: { createdAt: (listed) => listed.createdAt },
    whenFound: { adopt: (listed) => ({ service: listed }) },
  });
}

function madeSince(service: ServiceDetails, sinceMs: number): boolean {
  const made = Date.parse(service.createdAt ?? "");
  return Number.isFinite(made) && made >= sinceMs;
}

/** Whether a listed service carries every field the create sends, and is not on its way out. */
function isMadeFrom(service: ServiceDetails, request: ServiceCreateRequest): boolean {
  if (leavingStates.has(service.state ?? "")) return false;
  if (
    service.name !== request.name ||
    service.provider !== request.provider ||
    service.region !== request.region
  ) {
    return false;
  }
  const echoed = echoedFields.every(
    (field) => request[field] === undefined || sameValue(request[field], service[field] ?? undefined),
  );
  const ipListed =
    request.ipAccessList === undefined ||
    sameValue(comparableIpAccessList(request.ipAccessList), comparableIpAccessList(service.ipAccessList));
  const tagged = request.tags === undefined || sameValue(tagMap(request.tags), tagMap(service.tags));
  const mysql = request.endpoints?.find((endpoint) => endpoint.protocol === "mysql");
  return echoed && ipListed && tagged && (mysql === undefined || mysql.enabled === hasMysqlEndpoint(service));
}
