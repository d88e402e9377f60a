/**
 * Which scaling settings of a service a Service resource sets, as this provider process has seen them, so that a
 * ReplicaScaling resource on the same service is refused at check when it sets one of them too: two resources
 * setting one field would each undo the other's value on every `up`.
 *
 * A provider sees one resource at a time, never the program. What links the two is the service id: a Service's
 * diff (a preview or `up` of an existing stack), create and update record its settings under its id; a
 * ReplicaScaling's check reads them when its `serviceId` is known. The engine checks a ReplicaScaling only once the
 * Service it takes `serviceId` from has been diffed or created, so the record is there first. A ReplicaScaling
 * whose service is made by another stack, or whose `serviceId` is not known yet in a preview of a new service, is
 * checked again during `up`, before anything is sent.
 */
import type { ValidationProblem } from "../../validation/validate";
import type { PropertyBag } from "../../propertyBags";
import { scalingFields, type ScalingField } from "../fields/scalingFields";

const setByService = new Map<string, readonly ScalingField[]>();

/** Records the scaling settings the Service resource of `serviceId` sets (none: it leaves scaling alone). */
export function recordServiceScaling(serviceId: string, inputs: PropertyBag): void {
  const set = scalingFields.filter((field) => inputs[field] !== undefined && inputs[field] !== null);
  if (set.length === 0) setByService.delete(serviceId);
  else setByService.set(serviceId, set);
}

/** Forgets a deleted service. */
export function forgetServiceScaling(serviceId: string): void {
  setByService.delete(serviceId);
}

/** A ReplicaScaling's settings that the Service resource of the same service sets too. */
export function scalingSetTwice(inputs: PropertyBag): ValidationProblem[] {
  const serviceId = inputs.serviceId;
  if (typeof serviceId !== "string") return [];
  const taken = setByService.get(serviceId) ?? [];
  return taken
    .filter((field) => inputs[field] !== undefined && inputs[field] !== null)
    .map((field) => ({
      property: field,
      reason:
        `${field} is also set by the Service resource of service ${serviceId}: a scaling setting has one owner, ` +
        `so set ${field} on the Service or on this ReplicaScaling, not both`,
    }));
}
