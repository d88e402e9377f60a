/**
 * `pulumi import` reads a resource by the id the user gives and nothing else. Most kinds' reads need nothing more;
 * an endpoint lives under its service, so its import id names both, as `<serviceId>/<endpointId>`; replica scaling
 * manages the settings its outputs list, so an import takes them all.
 */
import type { ResourceDefinition } from "../resources/definition";
import { horizontalModeInputs } from "../resources/replicaScaling/rules";
import type { PropertyBag } from "./wire";

export type ImportProperties = (id: string) => { id: string; properties: PropertyBag };

function serviceAndEndpoint(kind: string, id: string): [string, string] {
  const separator = id.indexOf("/");
  if (separator <= 0 || separator === id.length - 1) {
    throw new Error(`a ${kind} is imported by "<serviceId>/<endpointId>"; got "${id}"`);
  }
  return [id.slice(0, separator), id.slice(separator + 1)];
}

const importers: Readonly<Record<string, (definition: ResourceDefinition) => ImportProperties>> = {
  // The resource id is already `<serviceId>/<endpointId>`.
  PrivateEndpoint: (definition) => (id) => {
    const [serviceId, endpointId] = serviceAndEndpoint(definition.kind, id);
    return { id, properties: { serviceId, endpointId } };
  },
  // The resource id is the endpoint's own id; the service is needed to find it.
  ReversePrivateEndpoint: (definition) => (id) => {
    const [serviceId, endpointId] = serviceAndEndpoint(definition.kind, id);
    return { id: endpointId, properties: { serviceId } };
  },
  // The resource id is the service's id. Every setting of both wires' body becomes managed: the imported inputs
  // then hold the service's values, and a program that sets fewer leaves the others alone. The horizontal mode's
  // band is left unmanaged: it excludes numReplicas, and the specification's wire has none.
  ReplicaScaling: (definition) => (id) => ({
    id,
    properties: {
      managedFields: Object.keys(definition.inputs).filter(
        (name) =>
          !definition.inputs[name].outsideBody && !(horizontalModeInputs as readonly string[]).includes(name),
      ),
    },
  }),
};

/** The import adaptation of a kind, or undefined when its read needs only the id. */
export function importPropertiesFor(definition: ResourceDefinition): ImportProperties | undefined {
  return importers[definition.kind]?.(definition);
}
