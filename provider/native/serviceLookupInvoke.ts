/**
 * getService and getServices served as the plugin's functions `clickhouse-cloud:index:getService` and
 * `clickhouse-cloud:index:getServices`: the same checks and results as the program-side functions, connected with
 * the plugin's configuration. Their results are a managed service's outputs, so their schema entries take those
 * outputs' descriptions and types from the resource's own entry, less the ones a read never has.
 */
import { progressOf } from "../host/progress";
import type { ConfigSource } from "../settings/sources";
import { checkGetServiceArgs, checkGetServicesArgs } from "../functions/serviceArguments";
import {
  readService,
  readServices,
  type LookupConnection,
  type ServiceInfo,
  type ServicesResult,
} from "../functions/serviceLookup";
import { definition as reportedKind } from "../resources/service/definition";
import { carriedOverOutputs, separatelyReadOutputs } from "../resources/service/outputs";
import { nativeTypeToken } from "../resources/typeTokens";
import type { ValidationProblem } from "../validation/validate";
import type { FunctionSpec, PropertySpec, TypeRegistry } from "./schemaTypes";

export const getServiceToken = nativeTypeToken("getService");
export const getServicesToken = nativeTypeToken("getServices");
/** The resource whose outputs the two functions report: its schema entry describes their fields. */
export const reportedResourceToken = nativeTypeToken(reportedKind.kind);

export type LookupOutcome<Result> =
  { readonly result: Result } | { readonly problems: readonly ValidationProblem[] };

function connectionOf(config: ConfigSource, label: string): LookupConnection {
  return { lookup: { source: config }, warn: (line) => progressOf(label)(`warning: ${line}`) };
}

/** Checks the arguments (nothing is sent when they are invalid), then reads the one service. */
export async function invokeGetService(
  args: unknown,
  config: ConfigSource,
): Promise<LookupOutcome<ServiceInfo>> {
  const checked = checkGetServiceArgs(args);
  if ("problems" in checked) return { problems: checked.problems };
  return { result: await readService(checked.args, connectionOf(config, "getService")) };
}

/** Checks the arguments (nothing is sent when they are invalid), then reads the matching services. */
export async function invokeGetServices(
  args: unknown,
  config: ConfigSource,
): Promise<LookupOutcome<ServicesResult>> {
  const checked = checkGetServicesArgs(args);
  if ("problems" in checked) return { problems: checked.problems };
  return { result: await readServices(checked.args, connectionOf(config, "getServices")) };
}

/** The part of the resource's schema entry the functions' results are made of. */
export interface ResourceOutputsSpec {
  readonly properties: Record<string, PropertySpec>;
  readonly required: readonly string[];
}

const text = (description: string) => ({ type: "string", description }) as const;

const organizationInput = text("The organization (uuid); `clickhouse-cloud:organizationId` when left out.");

/** The fields of one service in a result: its id, then the resource's outputs that a read of the API gives. */
function serviceFields(resource: ResourceOutputsSpec): {
  properties: Record<string, PropertySpec>;
  required: string[];
} {
  const carried = new Set<string>([...carriedOverOutputs, ...separatelyReadOutputs]);
  const reported = Object.entries(resource.properties)
    .filter(([name]) => !carried.has(name))
    // The resource's description of state speaks of diffs, which a function has none of.
    .map(([name, spec]): [string, PropertySpec] =>
      name === "state"
        ? [
            name,
            {
              ...spec,
              description:
                "The state the API reports: `running`, `idle`, `stopped`, `provisioning`, ... (14 in all).",
            },
          ]
        : [name, spec],
    );
  return {
    properties: { id: text("The service's uuid."), ...Object.fromEntries(reported) },
    required: ["id", ...resource.required.filter((name) => !carried.has(name))],
  };
}

/** getService's entry in the package schema. */
export function getServiceSpec(resource: ResourceOutputsSpec): FunctionSpec {
  return {
    description:
      "A service of the organization made elsewhere (another stack, the console), by `id` or by `name`: exactly " +
      "one of the two, checked before anything is sent. The result is the service's fields as a managed " +
      "service's outputs report them, with its `id`, and never a password. A name no service has fails naming " +
      "it; a name several services have fails naming their ids. Served on both wires.",
    inputs: {
      properties: {
        id: text("The service's uuid. Give this or `name`, not both."),
        name: text(
          "The service's name, matched exactly; one service of the organization must have it. Give this or " +
            "`id`, not both.",
        ),
        organizationId: organizationInput,
      },
    },
    outputs: serviceFields(resource),
  };
}

/** getServices' entry in the package schema; its list items are the named type `ServiceInfo`. */
export function getServicesSpec(resource: ResourceOutputsSpec, registry: TypeRegistry): FunctionSpec {
  const item = registry.objectTypeOf("ServiceInfo", {
    description: "A service as getService reports it.",
    ...serviceFields(resource),
  });
  return {
    description:
      "The organization's services, in the API's order, each as getService reports one; filtered by `name` and " +
      "by `tags` when given. No match is an empty list. Served on both wires.",
    inputs: {
      properties: {
        name: text("Only the services of exactly this name."),
        tags: {
          type: "object",
          additionalProperties: { type: "string" },
          description:
            'Only the services that have every one of these tags with its value, key to value; `""` asks for a ' +
            "tag without a value, as the `tags` output shows one.",
        },
        organizationId: organizationInput,
      },
    },
    outputs: {
      properties: {
        organizationId: text("The organization (uuid) whose services these are."),
        services: {
          type: "array",
          items: item,
          description: "The matching services, in the API's order.",
        },
      },
      required: ["organizationId", "services"],
    },
  };
}
