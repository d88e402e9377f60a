/** The OrganizationSettings resource: the settings of an existing organization (name, crash reports, endpoints). */
import { organizationIdInput, outputOf, stringOutput } from "../fields/sharedFields";
import type { ResourceDefinition } from "../definition";
import { endpointSetTwice, oneSettingsPerOrganization } from "./owners";
import { eachEndpointOnce, regionOfItsCloud } from "./rules";

const entryType = {
  name: "OrganizationPrivateEndpointEntry",
  from: "resources/organizationSettings/endpoints",
};

export const definition: ResourceDefinition<"organizationSettingsInputs"> = {
  kind: "OrganizationSettings",
  module: "clickhouse",
  description:
    "The settings of an existing organization: its name, whether its services may collect crash reports, and " +
    "private endpoints registered with it. The organization is not made or deleted: create adopts it, sending " +
    "only the settings the program sets, and destroy leaves it as it is (and says so), sending nothing. An " +
    "organization has one such resource, named by the organization's id (its import id too); a second one for " +
    "the same organization in a program is refused at `pulumi preview`.\n\n" +
    "Each setting is managed only when set: left out, it is never sent nor compared, and the outputs show the " +
    "organization's value. A change sends only what changed, in one PATCH. `privateEndpoints` lists endpoints " +
    "this resource keeps registered with the organization, not the organization's whole list: endpoints " +
    "registered otherwise (the console, PrivateEndpoint resources) are left alone, and an endpoint is removed from " +
    "the organization (and so detached from every service) only when the list drops it. An endpoint listed here " +
    "and registered by a PrivateEndpoint resource of the same program is refused at `pulumi preview`: use " +
    "PrivateEndpoint for an endpoint attached to a service, and this list for one registered with the " +
    "organization alone (the API marks adding endpoints through the organization deprecated, in favour of the " +
    "services' endpoints). Refresh reads the organization.",
  notes:
    "one per organization, id the organization id; destroy leaves the organization as it is; settings left out " +
    "are not managed",
  id: "The organization's uuid: an organization has one OrganizationSettings.",
  requestSchema: "organizationSettingsInputs",
  inputs: {
    name: {
      description:
        "The organization's name: some character that is not a space. Changes in place; left out, the name is " +
        "not managed.",
      change: "update",
      unsetMeansUnmanaged: true,
    },
    enableCoreDumps: {
      description:
        "Whether the organization's services may collect crash reports (core dumps); when false, no service can " +
        "enable them. Changes in place; left out, the setting is not managed.",
      change: "update",
      unsetMeansUnmanaged: true,
    },
    privateEndpoints: {
      description:
        "Private endpoints this resource keeps registered with the organization, each with its cloud provider's " +
        "`id`, its `cloudProvider` (`aws`, `gcp`, `azure`), a `region` of that cloud and an optional " +
        "`description`; each id once, in any order. An endpoint missing or described otherwise is registered " +
        "again; one the list drops is removed from the organization, and so detached from every service. " +
        "Endpoints not listed are left alone. Changes in place; left out, no endpoint is managed (none is " +
        "removed).",
      type: entryType,
      change: "update",
      unsetMeansUnmanaged: true,
    },
    organizationId: organizationIdInput,
  },
  outputs: {
    organizationId: stringOutput("The organization (uuid): the resource id as well.", { alwaysSet: true }),
    name: stringOutput("The organization's name, as the API shows it."),
    enableCoreDumps: outputOf(
      "boolean",
      "Whether the organization's services may collect crash reports, as the API shows it.",
    ),
    privateEndpoints: {
      description:
        "The listed private endpoints the organization has registered, as it shows them, when `privateEndpoints` " +
        "is set; unset otherwise.",
      schema: { type: "array" },
      type: entryType,
    },
    createdAt: stringOutput("When the organization was made (ISO 8601), as the API says."),
  },
  rules: [
    regionOfItsCloud,
    eachEndpointOnce,
    oneSettingsPerOrganization,
    (inputs) => endpointSetTwice("OrganizationSettings", inputs),
  ],
};
