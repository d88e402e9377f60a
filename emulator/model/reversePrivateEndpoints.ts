/**
 * The life of a reverse private endpoint. A new endpoint is Provisioning until its provisioning delay has passed,
 * then it settles in its outcome: Ready unless the emulator's settings say otherwise (Failed, PendingAcceptance,
 * Rejected, Expired or Unknown, as the real API reports them). After DELETE it is Deleting until the delay has
 * passed again, then it is gone. The status is computed from timestamps whenever it is read.
 */
import type { ReversePrivateEndpointStatus } from "../../schemas/enums";
import { ApiError, notFound } from "../server/errors";
import type { EmulatorState, ReversePrivateEndpointRecord } from "../state/types";

/** Statuses an endpoint may settle in once provisioning is over (all but the two transitional ones). */
export const settledStatuses = [
  "Ready",
  "Failed",
  "PendingAcceptance",
  "Rejected",
  "Expired",
  "Unknown",
] as const satisfies readonly ReversePrivateEndpointStatus[];

/** Statuses the control path may give an endpoint: a settled one, or Provisioning (until set again). */
export const assignableStatuses = ["Provisioning", ...settledStatuses] as const;
export type AssignableStatus = (typeof assignableStatuses)[number];

/** readyAt of an endpoint held in Provisioning by the control path; JSON keeps it, unlike Infinity. */
const provisioningUntilChanged = Number.MAX_SAFE_INTEGER;

export function statusOf(
  endpoint: ReversePrivateEndpointRecord,
  nowMs: number,
): ReversePrivateEndpointStatus {
  if (endpoint.goneAt !== undefined) return "Deleting";
  // State files written before endpoints had an outcome hold endpoints that settle Ready.
  return nowMs >= endpoint.readyAt ? (endpoint.outcome ?? "Ready") : "Provisioning";
}

/** Drops deleted endpoints whose Deleting phase is over; returns whether anything changed. */
export function purgeGoneEndpoints(state: EmulatorState, nowMs: number): boolean {
  const before = state.reversePrivateEndpoints.length;
  state.reversePrivateEndpoints = state.reversePrivateEndpoints.filter(
    (endpoint) => endpoint.goneAt === undefined || nowMs < endpoint.goneAt,
  );
  return state.reversePrivateEndpoints.length !== before;
}

/**
 * Gives an endpoint a status at once, as the cloud does when the owner of the other side accepts or rejects the
 * connection, or when provisioning fails. An endpoint being deleted keeps its Deleting status.
 */
export function assignStatus(
  state: EmulatorState,
  id: string,
  status: AssignableStatus,
  nowMs: number,
): ReversePrivateEndpointStatus {
  purgeGoneEndpoints(state, nowMs);
  const endpoint = state.reversePrivateEndpoints.find((candidate) => candidate.id === id);
  if (!endpoint) throw notFound(`Reverse private endpoint ${id} not found`);
  if (endpoint.goneAt !== undefined) {
    throw new ApiError(409, `Reverse private endpoint ${id} is being deleted; its status stays Deleting`);
  }
  if (status === "Provisioning") {
    endpoint.readyAt = provisioningUntilChanged;
  } else {
    endpoint.outcome = status;
    endpoint.readyAt = Math.min(endpoint.readyAt, nowMs);
  }
  return statusOf(endpoint, nowMs);
}
