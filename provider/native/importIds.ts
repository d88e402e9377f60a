/**
 * `pulumi import` reads a resource by the id the user gives and nothing else. Most kinds' reads need nothing more;
 * an endpoint lives under its service, so its import id names both, as `<serviceId>/<endpointId>`; replica scaling
 * manages the settings its outputs list, so an import takes them all. Every part of an import id is checked by its
 * form before anything is read, so no import id can address another object.
 */
import { validate } from "../validation/validate";
import type { ResourceDefinition } from "../resources/definition";
import { idFormProblems, type IdForm } from "../resources/fields/idForms";
import { horizontalModeInputs } from "../resources/replicaScaling/rules";
import type { PropertyBag } from "./wire";

export type ImportProperties = (id: string) => { id: string; properties: PropertyBag };

/** Raised when an import id does not have its kind's form; the message shows the form. */
export class ImportIdError extends Error {
  override readonly name = "ImportIdError";
}

/** "a PrivateEndpoint", "an ApiKey". */
function aKind(kind: string): string {
  return `${/^[AEIOU]/.test(kind) ? "an" : "a"} ${kind}`;
}

function checkForm(kind: string, form: string, part: string, problems: { reason: string }[]): void {
  if (problems.length > 0) {
    const reason = problems[0].reason.replace(/^\S+ /, `${part} `);
    throw new ImportIdError(`${aKind(kind)} is imported by "${form}": ${reason}`);
  }
}

function idOfForm(kind: string, id: string, form: IdForm): string {
  checkForm(kind, "<id>", "the id", idFormProblems("id", form, id));
  return id;
}

function serviceAndEndpoint(kind: string, id: string, endpointForm: IdForm | "cloud"): [string, string] {
  const form = "<serviceId>/<endpointId>";
  const separator = id.indexOf("/");
  if (separator <= 0 || separator === id.length - 1) {
    throw new ImportIdError(`${aKind(kind)} is imported by "${form}"; got ${JSON.stringify(id)}`);
  }
  const [serviceId, endpointId] = [id.slice(0, separator), id.slice(separator + 1)];
  checkForm(kind, form, "serviceId", idFormProblems("serviceId", "uuid", serviceId));
  const endpointProblems =
    endpointForm === "cloud"
      ? validate("privateEndpointCreate", { id: endpointId })
      : idFormProblems("endpointId", endpointForm, endpointId);
  checkForm(kind, form, "endpointId", endpointProblems);
  return [serviceId, endpointId];
}

const importers: Readonly<Record<string, (definition: ResourceDefinition) => ImportProperties>> = {
  // The resource id is already `<serviceId>/<endpointId>`.
  PrivateEndpoint: (definition) => (id) => {
    const [serviceId, endpointId] = serviceAndEndpoint(definition.kind, id, "cloud");
    return { id, properties: { serviceId, endpointId } };
  },
  // The resource id is the endpoint's own id; the service is needed to find it.
  ReversePrivateEndpoint: (definition) => (id) => {
    const [serviceId, endpointId] = serviceAndEndpoint(definition.kind, id, "uuid");
    return { id: endpointId, properties: { serviceId } };
  },
  // The resource id is the service's id. Every setting of both wires' body becomes managed: the imported inputs
  // then hold the service's values, and a program that sets fewer leaves the others alone. The horizontal mode's
  // band is left unmanaged: it excludes numReplicas, and the specification's wire has none.
  ReplicaScaling: (definition) => (id) => ({
    id: idOfForm(definition.kind, id, "uuid"),
    properties: {
      managedFields: Object.keys(definition.inputs).filter(
        (name) =>
          !definition.inputs[name].outsideBody && !(horizontalModeInputs as readonly string[]).includes(name),
      ),
    },
  }),
  ApiKey: (definition) => (id) => ({ id: idOfForm(definition.kind, id, "uuid"), properties: {} }),
  Alert: (definition) => (id) => ({ id: idOfForm(definition.kind, id, "objectId"), properties: {} }),
  Webhook: (definition) => (id) => ({ id: idOfForm(definition.kind, id, "objectId"), properties: {} }),
  SavedSearch: (definition) => (id) => ({ id: idOfForm(definition.kind, id, "objectId"), properties: {} }),
  Dashboard: (definition) => (id) => ({ id: idOfForm(definition.kind, id, "objectId"), properties: {} }),
  Source: (definition) => (id) => ({ id: idOfForm(definition.kind, id, "objectId"), properties: {} }),
};

/** The import adaptation of a kind: the id's check, and the properties its read needs besides the id. */
export function importPropertiesFor(definition: ResourceDefinition): ImportProperties | undefined {
  return importers[definition.kind]?.(definition);
}
