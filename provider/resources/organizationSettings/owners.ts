/**
 * What the OrganizationSettings and PrivateEndpoint resources of one program set on an organization, as this
 * provider process has seen them at check, so that two resources never set the same thing: a second
 * OrganizationSettings of one organization, and a private endpoint both listed by an OrganizationSettings and
 * registered by a PrivateEndpoint, are refused at `pulumi preview`, naming the input.
 *
 * A provider sees one resource at a time, never the program, and the engine checks each resource once in a run
 * (a preview, or an `up`), in one process per provider: so a check records what its resource sets, and a later
 * check of another resource finds it. Of two resources, the one the engine checks second is refused. An
 * OrganizationSettings is known apart from another by its inputs: the same inputs checked twice (or once with values
 * not known yet, then known) are taken for one resource; two with the very same inputs set the same values, and
 * are refused once they differ. A resource of another program, or of the other front end (its own process),
 * cannot be seen: the API then has the last word, and a refresh shows what the other changed.
 */
import type { ValidationProblem } from "../../validation/validate";
import { sameValue, type PropertyBag } from "../../propertyBags";

/** The inputs an OrganizationSettings was checked with: the known values, and the names given without one yet. */
interface CheckedSettings {
  readonly known: PropertyBag;
  readonly notKnown: ReadonlySet<string>;
}

/** The inputs each organization's OrganizationSettings was checked with, by organization ("" for the provider's). */
const settingsByOrganization = new Map<string, CheckedSettings>();
/** The endpoint ids each kind's resources set, by kind. */
const endpointsListed = { OrganizationSettings: new Set<string>(), PrivateEndpoint: new Set<string>() };

type EndpointOwner = keyof typeof endpointsListed;

/** The organization an OrganizationSettings names ("" for the provider's), or undefined while not known. */
function organizationKey(inputs: PropertyBag, notKnown: ReadonlySet<string>): string | undefined {
  if (notKnown.has("organizationId")) return undefined;
  const id = inputs.organizationId;
  return typeof id === "string" ? id.toLowerCase() : "";
}

/** The names of the inputs given, with a value or one not known yet. */
function givenNames({ known, notKnown }: CheckedSettings): string[] {
  const named = Object.keys(known).filter((name) => known[name] !== undefined && known[name] !== null);
  return [...new Set([...named, ...notKnown])].sort();
}

/**
 * Whether two checks may be of one resource: the same inputs given, and equal values where both know them (a
 * preview that did not know a value yet, then the `up` that does, if one process served both).
 */
function sameResource(a: CheckedSettings, b: CheckedSettings): boolean {
  const names = givenNames(a);
  if (!sameValue(names, givenNames(b))) return false;
  return names.every(
    (name) => a.notKnown.has(name) || b.notKnown.has(name) || sameValue(a.known[name], b.known[name]),
  );
}

/**
 * The rule that an organization has one OrganizationSettings in a program: the first checked records its inputs,
 * and another with other inputs for the same organization is refused.
 */
export function oneSettingsPerOrganization(
  inputs: PropertyBag,
  _previous?: PropertyBag,
  notKnown: ReadonlySet<string> = new Set(),
): ValidationProblem[] {
  const key = organizationKey(inputs, notKnown);
  if (key === undefined) return [];
  const seen = { known: inputs, notKnown };
  const first = settingsByOrganization.get(key);
  if (first === undefined || sameResource(first, seen)) {
    settingsByOrganization.set(key, seen);
    return [];
  }
  const which = key === "" ? "the provider's organization" : `organization ${key}`;
  return [
    {
      property: "",
      reason:
        `another OrganizationSettings of this program already manages ${which} (organizationId): an ` +
        "organization has one OrganizationSettings, so set every setting on that one",
    },
  ];
}

/** The endpoint ids of a bag's `privateEndpoints` list (OrganizationSettings). */
function listedIds(inputs: PropertyBag): string[] {
  const entries = Array.isArray(inputs.privateEndpoints) ? (inputs.privateEndpoints as unknown[]) : [];
  return entries.flatMap((entry) => {
    const id = (entry as { id?: unknown } | null)?.id;
    return typeof id === "string" ? [id] : [];
  });
}

/**
 * Records the endpoint ids `owner` sets and names each one the other kind set already: an endpoint registered by a
 * PrivateEndpoint (which also keeps its description) and listed by an OrganizationSettings (which removes it from
 * the organization, and so from every service, once the list drops it) would undo each other.
 */
export function endpointSetTwice(owner: EndpointOwner, inputs: PropertyBag): ValidationProblem[] {
  const ids =
    owner === "OrganizationSettings"
      ? listedIds(inputs)
      : typeof inputs.endpointId === "string"
        ? [inputs.endpointId]
        : [];
  const other: EndpointOwner = owner === "OrganizationSettings" ? "PrivateEndpoint" : "OrganizationSettings";
  for (const id of ids) endpointsListed[owner].add(id);
  return ids.flatMap((id, index) => {
    if (!endpointsListed[other].has(id)) return [];
    if (owner === "PrivateEndpoint") {
      return [
        {
          property: "endpointId",
          reason:
            `private endpoint ${id} is listed in the privateEndpoints of this program's ` +
            "OrganizationSettings: an endpoint has one owner, so take it out of that list (this resource " +
            "registers it and attaches it to the service) or remove this resource",
        },
      ];
    }
    const property = `privateEndpoints[${index}].id`;
    return [
      {
        property,
        reason:
          `${property}: private endpoint ${id} is registered by a PrivateEndpoint resource of this program: an ` +
          "endpoint has one owner, so take it out of this list (the PrivateEndpoint registers it and attaches it " +
          "to its service)",
      },
    ];
  });
}
