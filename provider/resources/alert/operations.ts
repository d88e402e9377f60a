/**
 * Creates (or adopts by `adoptId`), reads, updates and deletes alerts, on the lifecycle of an API object with a
 * list, a get and a PUT that replaces it. What a PUT must carry back on each wire is the alert client's concern
 * (`AlertsApi.update`); this kind says which fields are unmanaged (`keepingUnmanaged`). A read also finds an alert
 * gone when its dashboard or saved search was deleted: the API deletes their alerts.
 */
import type { Alert as RemoteAlert, AlertCreateRequest } from "../../rest";
import type { ResourceOperations } from "../operations";
import { apiObjectOperations } from "../lifecycle/apiObjectLifecycle";
import {
  alertOutputs,
  importedAlertRecord,
  inputsFromAlertOutputs,
  keepingUnmanaged,
  matchesRequest,
  requestOf,
} from "./remoteAlert";
import type { AlertInputs, AlertOutputs } from "./shapes";

const lifecycle = apiObjectOperations<AlertInputs, AlertOutputs, AlertCreateRequest, RemoteAlert>({
  what: (inputs) => (typeof inputs.name === "string" ? `alert "${inputs.name}"` : "an alert"),
  collection: (client) => client.alerts,
  request: requestOf,
  outputs: alertOutputs,
  // The API dates alerts: one dated no earlier than the create and matching the request in every field is the one
  // a lost create made (an older twin is never taken).
  newness: "createdAt",
  isMadeBy: matchesRequest,
  adoption: {
    idOf: (inputs) => (typeof inputs.adoptId === "string" ? inputs.adoptId : undefined),
    matches: matchesRequest,
    noun: "alert",
  },
  keepUnmanaged: keepingUnmanaged,
  importedRecord: importedAlertRecord,
});

export const operations: ResourceOperations<AlertInputs, AlertOutputs> = {
  ...lifecycle,
  inputsFromOutputs: inputsFromAlertOutputs,
};
