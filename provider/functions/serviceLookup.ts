/**
 * Services made elsewhere, read for a program (`GET .../services/{id}` or `GET .../services`): what getService and
 * getServices answer. Shared by the program-side functions and the plugin's invokes; it loads no Pulumi SDK. Both
 * wires serve these routes, so neither function depends on the dialect.
 */
import { resolveManagementSettings } from "../settings/resolve";
import type { SettingsLookup } from "../settings/sources";
import { managementClient, type ManagementClient, type ServiceDetails } from "../rest";
import { reportedServiceOutputs, type ReportedServiceOutputs } from "../resources/service/outputs";
import { tagMap } from "../resources/service/settings";
import type { GetServiceArgs, GetServicesArgs } from "./serviceArguments";

/**
 * A service as getService and getServices report it: its id, and every output a managed service reports that the
 * API knows. A read never has the password (the API answers one only when it makes one), nor what a resource keeps
 * from its program (backupId, passwordRotationTrigger, waitTimeoutMinutes).
 */
export interface ServiceInfo extends ReportedServiceOutputs {
  /** The service's uuid. */
  readonly id: string;
}

export interface ServicesResult {
  /** The organization (uuid) whose services these are. */
  readonly organizationId: string;
  /** The matching services, in the API's order. */
  readonly services: ServiceInfo[];
}

/** No service of the organization has the name getService was given. */
export class ServiceNotFoundError extends Error {
  override readonly name = "ServiceNotFoundError";

  constructor(
    readonly serviceName: string,
    readonly organizationId: string,
    namesFound: readonly string[],
  ) {
    super(
      `getService found no service named ${JSON.stringify(serviceName)} in organization ${organizationId}; ` +
        `${namesOf(namesFound)}. Names must match exactly (case too); or look the service up by id.`,
    );
  }
}

/** More than one service of the organization has the name getService was given. */
export class AmbiguousServiceNameError extends Error {
  override readonly name = "AmbiguousServiceNameError";

  constructor(
    readonly serviceName: string,
    readonly organizationId: string,
    readonly serviceIds: readonly string[],
  ) {
    super(
      `getService found ${serviceIds.length} services named ${JSON.stringify(serviceName)} in organization ` +
        `${organizationId}: ${serviceIds.join(", ")}. Look the one you mean up by id instead.`,
    );
  }
}

/** Names beyond this many are counted rather than listed, so that the message stays readable. */
const namesListed = 10;

function namesOf(names: readonly string[]): string {
  if (names.length === 0) return "it has no services";
  const shown = names.slice(0, namesListed).map((name) => JSON.stringify(name));
  const more = names.length > namesListed ? ` and ${names.length - namesListed} more` : "";
  return `its services are named ${shown.join(", ")}${more}`;
}

/** Where the functions connect, and how the client's warnings (rate-limit waits) reach the user. */
export interface LookupConnection {
  readonly lookup: SettingsLookup;
  readonly warn?: (line: string) => void;
}

export function connect(
  connection: LookupConnection,
  organizationId: string | undefined,
): { client: ManagementClient; organizationId: string } {
  const settings = resolveManagementSettings(connection.lookup, { organizationId });
  const client = managementClient(settings, {
    throttle: settings.throttle,
    sharedBudget: settings.sharedBudget,
    ...(connection.warn === undefined ? {} : { warn: connection.warn }),
  });
  return { client, organizationId: settings.organizationId };
}

function infoOf(service: ServiceDetails, organizationId: string): ServiceInfo {
  return { id: service.id, ...reportedServiceOutputs(service, organizationId) };
}

/** Reads the one service of the id or name; the arguments must have passed getServiceProblems. */
export async function readService(args: GetServiceArgs, connection: LookupConnection): Promise<ServiceInfo> {
  const { client, organizationId } = connect(connection, args.organizationId);
  if (typeof args.id === "string") {
    return infoOf(await client.services.details(organizationId, args.id), organizationId);
  }
  const name = args.name ?? "";
  const all = await client.services.list(organizationId);
  const named = all.filter((service) => service.name === name);
  if (named.length === 0) {
    throw new ServiceNotFoundError(
      name,
      organizationId,
      all.map((service) => service.name ?? service.id),
    );
  }
  if (named.length > 1) {
    throw new AmbiguousServiceNameError(
      name,
      organizationId,
      named.map((service) => service.id),
    );
  }
  return infoOf(named[0], organizationId);
}

/** Reads the organization's services that match the filters; the arguments must have passed getServicesProblems. */
export async function readServices(
  args: GetServicesArgs,
  connection: LookupConnection,
): Promise<ServicesResult> {
  const { client, organizationId } = connect(connection, args.organizationId);
  const services = (await client.services.list(organizationId)).filter(
    (service) =>
      (args.name === undefined || service.name === args.name) && hasEveryTag(service, args.tags ?? {}),
  );
  return { organizationId, services: services.map((service) => infoOf(service, organizationId)) };
}

/**
 * True when the service has each wanted tag with its value. The tags read as a map, a tag without a value as "",
 * which is how a service's `tags` output and input write it: "" asks for a tag without a value.
 */
function hasEveryTag(service: ServiceDetails, wanted: Readonly<Record<string, string>>): boolean {
  const tags = new Map(Object.entries(tagMap(service.tags)));
  return Object.entries(wanted).every(([key, value]) => tags.get(key) === value);
}
