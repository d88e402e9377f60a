/**
 * `pulumi import` reads a resource by the id the user gives and nothing else. Most kinds' reads need nothing more;
 * an object that lives under a service is imported as `<serviceId>/<objectId>`. Every part of an import id is
 * checked by its form before anything is read, so no import id can address another object.
 */
import type { PropertyBag } from "../../propertyBags";
import { validate, type ValidationProblem } from "../../validation/validate";
import { idFormProblems, type IdForm } from "../fields/idForms";

/** The resource id a read of an imported object takes, and the properties it needs besides it. */
export interface ImportedRead {
  readonly id: string;
  readonly properties: PropertyBag;
}

/** Turns the id a user gives `pulumi import` into the read's id and properties; throws ImportIdError. */
export type ImportIdReader = (id: string) => ImportedRead;

/** Raised when an import id does not have its kind's form; the message shows the form. */
export class ImportIdError extends Error {
  override readonly name = "ImportIdError";
}

/** "a PrivateEndpoint", "an ApiKey". */
function aKind(kind: string): string {
  return `${/^[AEIOU]/.test(kind) ? "an" : "a"} ${kind}`;
}

function checkForm(kind: string, form: string, part: string, problems: readonly ValidationProblem[]): void {
  if (problems.length > 0) {
    const reason = problems[0].reason.replace(/^\S+ /, `${part} `);
    throw new ImportIdError(`${aKind(kind)} is imported by "${form}": ${reason}`);
  }
}

/** The id itself, checked to be of `form`. */
export function idOfForm(kind: string, id: string, form: IdForm): string {
  checkForm(kind, "<id>", "the id", idFormProblems("id", form, id));
  return id;
}

/** A kind imported by its own id alone. */
export function importedById(kind: string, form: IdForm): ImportIdReader {
  return (id) => ({ id: idOfForm(kind, id, form), properties: {} });
}

/**
 * An observability object: by its id, or `<serviceId>/<objectId>` for one on the managed ClickStack of a ClickHouse
 * Cloud service, whose read then goes to that service (its `clickstackServiceId`); each part checked by its form.
 */
export function importedOnClickStack(kind: string): ImportIdReader {
  const form = "<objectId> or <serviceId>/<objectId>";
  return (id) => {
    const separator = id.indexOf("/");
    if (separator < 0) {
      checkForm(kind, form, "the id", idFormProblems("id", "objectId", id));
      return { id, properties: {} };
    }
    const [serviceId, objectId] = [id.slice(0, separator), id.slice(separator + 1)];
    checkForm(kind, form, "serviceId", idFormProblems("serviceId", "uuid", serviceId));
    checkForm(kind, form, "objectId", idFormProblems("objectId", "objectId", objectId));
    return { id: objectId, properties: { clickstackServiceId: serviceId } };
  };
}

/**
 * How the part after the service is checked: an id form, or the management API's create schema of a private
 * endpoint (a cloud provider's endpoint id).
 */
export type EndpointIdCheck = IdForm | "privateEndpointId";

/**
 * `<serviceId>/<endpointId>` (or another name for the object under the service, such as `clickPipeId`), each part
 * checked; throws ImportIdError naming the form.
 */
export function serviceAndEndpoint(
  kind: string,
  id: string,
  endpoint: EndpointIdCheck,
  objectName = "endpointId",
): [string, string] {
  const form = `<serviceId>/<${objectName}>`;
  const separator = id.indexOf("/");
  if (separator <= 0 || separator === id.length - 1) {
    throw new ImportIdError(`${aKind(kind)} is imported by "${form}"; got ${JSON.stringify(id)}`);
  }
  const [serviceId, endpointId] = [id.slice(0, separator), id.slice(separator + 1)];
  checkForm(kind, form, "serviceId", idFormProblems("serviceId", "uuid", serviceId));
  const endpointProblems =
    endpoint === "privateEndpointId"
      ? validate("privateEndpointCreate", { id: endpointId })
      : idFormProblems(objectName, endpoint, endpointId);
  checkForm(kind, form, objectName, endpointProblems);
  return [serviceId, endpointId];
}
