/** Creates, reads, replaces (PUT) and deletes alerts. */
import type { Alert as RemoteAlert, AlertCreateRequest, ObservabilityClient } from "../../rest";
import type { OperationContext, ResourceOperations } from "../operations";
import { createWithReconcile } from "../lifecycle/createWithReconcile";
import { deleteIfPresent, readOrGone } from "../lifecycle/readOrGone";
import {
  alertOutputs,
  inputsFromAlertOutputs,
  keepingUnmanaged,
  matchesRequest,
  requestOf,
} from "./remoteAlert";
import type { AlertInputs, AlertOutputs } from "./shapes";

export const operations: ResourceOperations<AlertInputs, AlertOutputs> = {
  inputsFromOutputs: inputsFromAlertOutputs,

  async create(inputs, context) {
    const request = requestOf(inputs);
    const alert =
      typeof inputs.adoptId === "string"
        ? await adopt(inputs.adoptId, request, context)
        : await createExactlyOne(request, context);
    return { id: alert.id, outs: alertOutputs(inputs, alert, context.clock.now()) };
  },

  async read(id, olds, context) {
    // A 404 also happens when the alert's dashboard or saved search was deleted: the API deletes its alerts.
    return readOrGone(async () => {
      const alert = await context.observability().alerts.get(id);
      return { id, outs: alertOutputs(olds, alert, context.clock.now()) };
    });
  },

  async update(id, _olds, news, context) {
    const alert = await replaceKeepingUnmanaged(context.observability(), id, requestOf(news));
    return alertOutputs(news, alert, context.clock.now());
  },

  async delete(id, _olds, context) {
    const alerts = context.observability().alerts;
    await deleteIfPresent(() => alerts.delete(id));
  },
};

/** Takes over an existing alert and makes it match the program; only a differing alert is written. */
async function adopt(
  alertId: string,
  request: AlertCreateRequest,
  context: OperationContext,
): Promise<RemoteAlert> {
  const observability = context.observability();
  const existing = await observability.alerts.get(alertId);
  if (matchesRequest(existing, request)) return existing;
  context.progress(`adopted alert ${alertId} differs from the program's inputs; replacing its fields`);
  return observability.alerts.replace(alertId, withUnmanagedOf(observability, existing, request));
}

/**
 * A PUT replaces the whole alert. The specification's alert has no field beyond the program's; on the production
 * wire the alert is read first and the PUT carries back every field the program leaves out.
 */
async function replaceKeepingUnmanaged(
  observability: ObservabilityClient,
  alertId: string,
  request: AlertCreateRequest,
): Promise<RemoteAlert> {
  if (observability.dialect === "spec") return observability.alerts.replace(alertId, request);
  const existing = await observability.alerts.get(alertId);
  return observability.alerts.replace(alertId, keepingUnmanaged(request, existing));
}

function withUnmanagedOf(
  observability: ObservabilityClient,
  existing: RemoteAlert,
  request: AlertCreateRequest,
): AlertCreateRequest {
  return observability.dialect === "spec" ? request : keepingUnmanaged(request, existing);
}

/**
 * POSTs the alert so that exactly one exists afterwards. When the reply is lost, the alert may exist: an alert the
 * API dates no earlier than the create and that matches the request in every field is the one it made (an older
 * twin is never taken); with none, the create is sent again.
 */
async function createExactlyOne(
  request: AlertCreateRequest,
  context: OperationContext,
): Promise<RemoteAlert> {
  const alerts = context.observability().alerts;
  return createWithReconcile<RemoteAlert, RemoteAlert>(context, {
    what: request.name === undefined ? "an alert" : `alert "${request.name}"`,
    send: () => alerts.create(request),
    list: () => alerts.list(),
    hasSentFields: (alert) => matchesRequest(alert, request),
    newness: { createdAt: (alert) => alert.createdAt },
    whenFound: { adopt: (alert) => alert },
  });
}
