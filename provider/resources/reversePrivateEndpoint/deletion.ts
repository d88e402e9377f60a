/** The end of a reverse private endpoint's deletion, which the API finishes after answering the DELETE. */
import type { Clock } from "../../clock";
import type { ReversePrivateEndpointsApi } from "../../rest";
import { untilGone } from "../lifecycle/untilGone";

/** Waits until the endpoint is gone: the API keeps it listed with status Deleting for a while. */
export function untilDeleted(
  api: ReversePrivateEndpointsApi,
  organizationId: string,
  serviceId: string,
  id: string,
  clock: Clock,
): Promise<void> {
  return untilGone(clock, `reverse private endpoint ${id}`, () => api.get(organizationId, serviceId, id));
}
