/**
 * Manages the upgrade window of an existing service. The window is one per service, written whole by one PUT that
 * creates or replaces it, so it fits neither lifecycle template (`resources/lifecycle/`): there is no collection
 * to list and no id to adopt, and the PUT is idempotent. A create first reads what the service has, so that a
 * window set out of band is never overwritten unseen, and so that a secondary service (which the API answers with
 * its primary's window) is refused in plain words.
 */
import {
  ApiError,
  isNotFound,
  type ManagementClient,
  type UpgradeWindowObject,
  type UpgradeWindowRequest,
} from "../../rest";
import type { OperationContext, ResourceOperations } from "../operations";
import { requestBodyFor } from "../derive/requestBody";
import { deleteIfPresent, readOrGone } from "../lifecycle/readOrGone";
import { pick } from "../../propertyBags";
import { definition } from "./definition";
import type { UpgradeWindowInputs, UpgradeWindowOutputs } from "./shapes";

const windowRequest = requestBodyFor(definition);

export const operations: ResourceOperations<UpgradeWindowInputs, UpgradeWindowOutputs> = {
  async create(inputs, context) {
    const { client, organizationId } = context.management(inputs.organizationId ?? undefined);
    const { serviceId } = inputs;
    const request = windowRequest(pick(inputs, ["weekday", "startHourUtc"]));
    const existing = await windowOf(client, organizationId, serviceId);
    if (existing !== undefined) {
      // A secondary service answers its primary's window: not one this resource may take or replace.
      const service = await client.services.get(organizationId, serviceId);
      if (service.isPrimary === false) throw secondaryService(serviceId);
      if (!matches(existing, request)) throw alreadyConfigured(serviceId, existing);
      context.progress(
        `service ${serviceId}: its upgrade window already matches the inputs; adopted as it is`,
      );
      return { id: serviceId, outs: windowOutputs(existing, serviceId, organizationId) };
    }
    return { id: serviceId, outs: await put(inputs, context) };
  },

  async read(id, olds, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    return readOrGone(async () => {
      const window = await client.upgradeWindows.get(organizationId, id);
      return { id, outs: windowOutputs(window, id, organizationId) };
    });
  },

  async update(_id, _olds, news, context) {
    return put(news, context);
  },

  async delete(id, olds, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    try {
      await deleteIfPresent(() => client.upgradeWindows.delete(organizationId, id));
    } catch (error) {
      if (isSecondaryRefusal(error)) throw secondaryService(id, error);
      throw error;
    }
  },
};

/** PUTs the window whole; the API's refusals are reported in the words of what each means. */
async function put(inputs: UpgradeWindowInputs, context: OperationContext): Promise<UpgradeWindowOutputs> {
  const { client, organizationId } = context.management(inputs.organizationId ?? undefined);
  const { serviceId } = inputs;
  const request = windowRequest(pick(inputs, ["weekday", "startHourUtc"]));
  try {
    return windowOutputs(
      await client.upgradeWindows.put(organizationId, serviceId, request),
      serviceId,
      organizationId,
    );
  } catch (error) {
    throw windowRefused(serviceId, request, error);
  }
}

/** The service's window; undefined when the API answers that none is configured. */
async function windowOf(
  client: ManagementClient,
  organizationId: string,
  serviceId: string,
): Promise<UpgradeWindowObject | undefined> {
  try {
    return await client.upgradeWindows.get(organizationId, serviceId);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

function matches(window: UpgradeWindowObject, request: UpgradeWindowRequest): boolean {
  return window.weekday === request.weekday && window.startHourUtc === request.startHourUtc;
}

/** The API words its refusal of a secondary service "... secondary service" (the Terraform provider matches it). */
function isSecondaryRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 400 && /secondary service/i.test(error.detail);
}

function secondaryService(serviceId: string, cause?: ApiError): Error {
  return new Error(
    `service ${serviceId} is a secondary service: it follows the upgrade window of its warehouse's primary ` +
      "service and cannot have one of its own. Set the window on the primary service (the one whose isPrimary is " +
      "true) instead.",
    { cause },
  );
}

function alreadyConfigured(serviceId: string, existing: UpgradeWindowObject): Error {
  return new Error(
    `service ${serviceId} already has an upgrade window with other settings (weekday ${existing.weekday}, ` +
      `startHourUtc ${existing.startHourUtc}); it was left as it is. To manage it, give the resource these settings ` +
      `(a create adopts a window that matches), import it (\`pulumi import ` +
      `clickhouse-cloud:index:UpgradeWindow <name> ${serviceId}\`), or delete it first.`,
  );
}

/** The 400 of a secondary service and the 403 of an organization without the feature, in plain words. */
function windowRefused(serviceId: string, request: UpgradeWindowRequest, error: unknown): unknown {
  if (isSecondaryRefusal(error)) return secondaryService(serviceId, error);
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 403)) return error;
  const requestId = error.requestId === undefined ? "" : ` (requestId ${error.requestId})`;
  const sent = `weekday ${request.weekday}, startHourUtc ${request.startHourUtc}`;
  const why =
    error.status === 403
      ? "Setting an upgrade window needs the organization's scheduled upgrades feature, which ClickHouse support " +
        "enables, and an API key allowed to manage the service."
      : "weekday must be 0 to 6 and startHourUtc one of 0, 6, 12 and 18.";
  return new Error(
    `the API refused the upgrade window of service ${serviceId} (${sent}): ${error.detail}${requestId}. ${why}`,
    { cause: error },
  );
}

/** Outputs: the window as answered, whose schema requires its three fields. */
function windowOutputs(
  window: UpgradeWindowObject,
  serviceId: string,
  organizationId: string,
): UpgradeWindowOutputs {
  return {
    serviceId,
    organizationId,
    weekday: window.weekday,
    startHourUtc: window.startHourUtc,
    duration: window.duration,
  };
}
