/**
 * Rules of an OrganizationSettings' private endpoints beyond the inputs' schema, which checks each entry's form:
 * an endpoint is in a region of its cloud (the organization's PATCH refuses another), and the list names each
 * endpoint once (the organization keeps one registration per id).
 */
import { regionsOfCloudProvider, type ServiceCloudProvider } from "../../../schemas";
import type { ValidationProblem } from "../../validation/validate";
import type { PropertyBag } from "../../propertyBags";

function entriesOf(inputs: PropertyBag): Array<{ id?: unknown; cloudProvider?: unknown; region?: unknown }> {
  const entries = Array.isArray(inputs.privateEndpoints) ? (inputs.privateEndpoints as unknown[]) : [];
  return entries.map((entry) => (typeof entry === "object" && entry !== null ? entry : {}));
}

/** Each endpoint in a region of its cloud, named by its place in the list. */
export function regionOfItsCloud(inputs: PropertyBag): ValidationProblem[] {
  return entriesOf(inputs).flatMap((entry, index) => {
    const { cloudProvider, region } = entry;
    // A cloud or region of no known name is the schema's to report.
    if (typeof cloudProvider !== "string" || !Object.hasOwn(regionsOfCloudProvider, cloudProvider)) return [];
    const regions: readonly string[] = regionsOfCloudProvider[cloudProvider as ServiceCloudProvider];
    if (typeof region !== "string" || regions.includes(region)) return [];
    const property = `privateEndpoints[${index}].region`;
    return [
      {
        property,
        reason: `${property} must be a region of ${cloudProvider} (${regions.join(", ")}); got ${JSON.stringify(region)}`,
      },
    ];
  });
}

/** Each endpoint id once. */
export function eachEndpointOnce(inputs: PropertyBag): ValidationProblem[] {
  const first = new Map<string, number>();
  return entriesOf(inputs).flatMap((entry, index) => {
    if (typeof entry.id !== "string") return [];
    const earlier = first.get(entry.id);
    if (earlier === undefined) {
      first.set(entry.id, index);
      return [];
    }
    const property = `privateEndpoints[${index}].id`;
    return [
      {
        property,
        reason:
          `${property} ${JSON.stringify(entry.id)} is listed already (privateEndpoints[${earlier}]): the ` +
          "organization keeps one registration per endpoint, so list each once",
      },
    ];
  });
}
