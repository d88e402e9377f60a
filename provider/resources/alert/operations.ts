/** Creates, reads, replaces (PUT) and deletes alerts, in the provider process. */
import type { Alert as RemoteAlert, AlertCreateRequest } from "../../rest";
import type { ResourceOperations } from "../definition";
import { providerContext } from "../context";
import { createWithReconcile } from "../support/createWithReconcile";
import { deleteIfPresent, progress, readOrGone } from "../support/lifecycle";
import { unwrapSecrets } from "../support/properties";
import {
  alertOutputs,
  inputsFromAlertOutputs,
  keepingUnmanaged,
  matchesRequest,
  requestOf,
} from "./remoteAlert";

export const operations: ResourceOperations = {
  inputsFromOutputs: inputsFromAlertOutputs,

  async create(news) {
    const inputs = unwrapSecrets(news);
    const request = requestOf(inputs);
    const alert =
      typeof inputs.adoptId === "string"
        ? await adopt(inputs.adoptId, request)
        : await createExactlyOne(request);
    return { id: alert.id, outs: alertOutputs(inputs, alert) };
  },

  async read(id, props) {
    const olds = unwrapSecrets(props);
    // A 404 also happens when the alert's dashboard or saved search was deleted: the API deletes its alerts.
    return readOrGone(async () => {
      const alert = await providerContext.observability().alerts.get(id);
      return { id, props: alertOutputs(olds, alert) };
    });
  },

  async update(id, _olds, news) {
    const inputs = unwrapSecrets(news);
    const alert = await replaceKeepingUnmanaged(id, requestOf(inputs));
    return { outs: alertOutputs(inputs, alert) };
  },

  async delete(id) {
    const alerts = providerContext.observability().alerts;
    await deleteIfPresent(() => alerts.delete(id));
  },
};

/** Takes over an existing alert and makes it match the program; only a differing alert is written. */
async function adopt(alertId: string, request: AlertCreateRequest): Promise<RemoteAlert> {
  const alerts = providerContext.observability().alerts;
  const existing = await alerts.get(alertId);
  if (matchesRequest(existing, request)) return existing;
  progress("Alert", `adopted alert ${alertId} differs from the program's inputs; replacing its fields`);
  return alerts.replace(alertId, withUnmanagedOf(existing, request));
}

/**
 * A PUT replaces the whole alert. The specification's alert has no field beyond the program's; on the production
 * wire the alert is read first and the PUT carries back every field the program leaves out.
 */
async function replaceKeepingUnmanaged(alertId: string, request: AlertCreateRequest): Promise<RemoteAlert> {
  const observability = providerContext.observability();
  if (observability.dialect === "spec") return observability.alerts.replace(alertId, request);
  const existing = await observability.alerts.get(alertId);
  return observability.alerts.replace(alertId, keepingUnmanaged(request, existing));
}

function withUnmanagedOf(existing: RemoteAlert, request: AlertCreateRequest): AlertCreateRequest {
  return providerContext.observability().dialect === "spec" ? request : keepingUnmanaged(request, existing);
}

/**
 * POSTs the alert so that exactly one exists afterwards. When the reply is lost, the alert may exist: an alert the
 * API dates no earlier than the create and that matches the request in every field is the one it made (an older
 * twin is never taken); with none, the create is sent again.
 */
async function createExactlyOne(request: AlertCreateRequest): Promise<RemoteAlert> {
  const alerts = providerContext.observability().alerts;
  return createWithReconcile<RemoteAlert, RemoteAlert>({
    kind: "Alert",
    what: request.name === undefined ? "an alert" : `alert "${request.name}"`,
    send: () => alerts.create(request),
    list: () => alerts.list(),
    hasSentFields: (alert) => matchesRequest(alert, request),
    newness: { createdAt: (alert) => alert.createdAt },
    whenFound: { adopt: (alert) => alert },
  });
}
