/**
 * `pulumi import` reads a resource by the id the user gives and nothing else. Most kinds' reads need nothing
 * more; an endpoint lives under its service, so its import id names both, as `<serviceId>/<endpointId>`.
 */
import type { PropertyBag } from "./wire";

type ImportProperties = (id: string) => { id: string; properties: PropertyBag };

function serviceAndEndpoint(kind: string, id: string): [string, string] {
  const separator = id.indexOf("/");
  if (separator <= 0 || separator === id.length - 1) {
    throw new Error(`a ${kind} is imported by "<serviceId>/<endpointId>"; got "${id}"`);
  }
  return [id.slice(0, separator), id.slice(separator + 1)];
}

const importers: Readonly<Record<string, ImportProperties>> = {
  // The resource id is already `<serviceId>/<endpointId>`.
  PrivateEndpoint: (id) => {
    const [serviceId, endpointId] = serviceAndEndpoint("PrivateEndpoint", id);
    return { id, properties: { serviceId, endpointId } };
  },
  // The resource id is the endpoint's own id; the service is needed to find it.
  ReversePrivateEndpoint: (id) => {
    const [serviceId, endpointId] = serviceAndEndpoint("ReversePrivateEndpoint", id);
    return { id: endpointId, properties: { serviceId } };
  },
};

/** The import adaptation of a kind, or undefined when its read needs only the id. */
export function importPropertiesFor(kind: string): ImportProperties | undefined {
  return importers[kind];
}
