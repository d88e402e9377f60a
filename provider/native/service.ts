/**
 * The ResourceProvider gRPC service of the plugin, on the Pulumi SDK's own generated stubs. One plugin process
 * serves one provider instance (the default provider, or one explicit `clickhouse-cloud` provider resource), so
 * the configuration Configure receives belongs to the whole process.
 */
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import type { IResourceProviderServer } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { PluginInfo } from "@pulumi/pulumi/proto/plugin_pb";
import {
  CheckFailure,
  CheckResponse,
  ConfigureResponse,
  DiffResponse,
  GetSchemaResponse,
  InvokeResponse,
  type CheckRequest,
  type ConfigureRequest,
  type DiffRequest,
  type InvokeRequest,
} from "@pulumi/pulumi/proto/provider_pb";
import { ConfigurationError } from "../settings/errors";
import type { ConfigSource } from "../settings/sources";
import { configValues, forPluginDeployment, nativeConfigSource, setValueProblems } from "./configuration";
import { serviceError } from "./errors";
import { ResourceOperations, type NativeResource } from "./resourceOperations";
import type { EngineLog } from "./engineLog";
import { withOperationLog } from "./operationLog";
import { getSeriesToken, invokeGetSeries } from "./seriesInvoke";
import { getPrivateEndpointConfigToken, invokeGetPrivateEndpointConfig } from "./privateEndpointConfigInvoke";
import {
  getServicesToken,
  getServiceToken,
  invokeGetService,
  invokeGetServices,
} from "./serviceLookupInvoke";
import { getMembersToken, invokeGetMembers } from "./memberLookupInvoke";
import {
  getOrganizationToken,
  getRolesToken,
  invokeGetOrganization,
  invokeGetRoles,
} from "./organizationLookupInvoke";
import { bagOf, structOf, type PropertyBag } from "./wire";
import { unwrapSecrets } from "../propertyEncoding";
import type { ValidationProblem } from "../validation/validate";

/** What the service serves: the package's version, its schema and its resource kinds. */
export interface PluginCatalog {
  readonly version: string;
  /** The package schema, as JSON text. */
  readonly schema: string;
  readonly resources: readonly NativeResource[];
  /** Takes the settings Configure received; operations resolve their settings from them when they run. */
  configure(config: ConfigSource): void;
}

/** The token a request names: its `type` field, or for older engines the type part of its URN. */
function tokenOf(request: { getType(): string; getUrn(): string }): string {
  const type = request.getType();
  if (type !== "") return type;
  const parts = request.getUrn().split("::");
  const qualifiedType = parts[2] ?? "";
  return qualifiedType.slice(qualifiedType.lastIndexOf("$") + 1);
}

function failure(property: string, reason: string): CheckFailure {
  const checkFailure = new CheckFailure();
  checkFailure.setProperty(property);
  checkFailure.setReason(reason);
  return checkFailure;
}

function unimplemented<Request, Response>(name: string): grpc.handleUnaryCall<Request, Response> {
  return (_call, callback) =>
    callback({ code: grpc.status.UNIMPLEMENTED, details: `${name} is not implemented by clickhouse-cloud` });
}

/** What a function of the plugin answers: its result and the warnings to show first, or the argument problems. */
type FunctionOutcome =
  | { readonly result: object; readonly deprecations: readonly string[] }
  | { readonly problems: readonly ValidationProblem[] };

type PluginFunction = (args: unknown, config: ConfigSource) => Promise<FunctionOutcome>;

/** A function whose arguments are never deprecated. */
function withoutDeprecations(
  run: (
    args: unknown,
    config: ConfigSource,
  ) => Promise<{ readonly result: object } | { readonly problems: readonly ValidationProblem[] }>,
): PluginFunction {
  return async (args, config) => {
    const outcome = await run(args, config);
    return "problems" in outcome ? outcome : { result: outcome.result, deprecations: [] };
  };
}

/** The functions the plugin serves, by token. */
const pluginFunctions = new Map<string, PluginFunction>([
  [getSeriesToken, invokeGetSeries],
  [getPrivateEndpointConfigToken, withoutDeprecations(invokeGetPrivateEndpointConfig)],
  [getServiceToken, withoutDeprecations(invokeGetService)],
  [getServicesToken, withoutDeprecations(invokeGetServices)],
  [getMembersToken, withoutDeprecations(invokeGetMembers)],
  [getOrganizationToken, withoutDeprecations(invokeGetOrganization)],
  [getRolesToken, withoutDeprecations(invokeGetRoles)],
]);

/** Builds the service; `log` shows the user warnings (deprecated getSeries arguments) through the engine. */
export function providerService(catalog: PluginCatalog, log: EngineLog): IResourceProviderServer {
  const operations = new Map(
    catalog.resources.map((resource) => [resource.token, new ResourceOperations(resource)]),
  );
  let config: ConfigSource = nativeConfigSource({});

  function operationsFor(request: { getType(): string; getUrn(): string }): ResourceOperations {
    const token = tokenOf(request);
    const found = operations.get(token);
    if (found === undefined) throw new Error(`clickhouse-cloud serves no resource type ${token}`);
    return found;
  }

  /** A unary handler from an async function; a thrown error becomes the gRPC error the engine reports. */
  function unary<Request, Response>(
    handler: (request: Request) => Promise<Response>,
  ): grpc.handleUnaryCall<Request, Response> {
    return (call, callback) => {
      const request = call.request as { getUrn?: () => string };
      withOperationLog(request.getUrn?.() ?? "", () => handler(call.request)).then(
        (response) => callback(null, response),
        (error: unknown) => callback(serviceError(error)),
      );
    };
  }

  async function configure(request: ConfigureRequest): Promise<ConfigureResponse> {
    const variables = new Map<string, string>();
    request.getVariablesMap().forEach((value, key) => variables.set(key, value));
    const values = configValues(unwrapSecrets(bagOf(request.getArgs())) as PropertyBag, variables);
    config = nativeConfigSource(values);
    catalog.configure(config);
    const response = new ConfigureResponse();
    response.setAcceptsecrets(true);
    response.setSupportspreview(false);
    response.setAcceptresources(false);
    response.setAcceptoutputs(false);
    return response;
  }

  async function checkConfig(request: CheckRequest): Promise<CheckResponse> {
    const news = bagOf(request.getNews());
    const values = configValues(unwrapSecrets(news) as PropertyBag, new Map());
    const response = new CheckResponse();
    response.setInputs(structOf(news));
    response.setFailuresList(
      setValueProblems(values).map((problem) => failure(problem.property, problem.reason)),
    );
    return response;
  }

  /** Settings change in place: resources keep their ids, and operations use the new values from then on. */
  async function diffConfig(request: DiffRequest): Promise<DiffResponse> {
    const olds = configValues(
      unwrapSecrets(bagOf(request.getOldInputs() ?? request.getOlds())) as PropertyBag,
      new Map(),
    );
    const news = configValues(unwrapSecrets(bagOf(request.getNews())) as PropertyBag, new Map());
    const changed = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter(
      (name) => olds[name] !== news[name],
    );
    const response = new DiffResponse();
    response.setChanges(
      changed.length > 0 ? DiffResponse.DiffChanges.DIFF_SOME : DiffResponse.DiffChanges.DIFF_NONE,
    );
    response.setDiffsList(changed);
    return response;
  }

  async function invoke(request: InvokeRequest): Promise<InvokeResponse> {
    const token = request.getTok();
    const run = pluginFunctions.get(token);
    if (run === undefined) throw new Error(`clickhouse-cloud serves no function ${token}`);
    const response = new InvokeResponse();
    const args = unwrapSecrets(bagOf(request.getArgs()));
    try {
      const outcome = await run(args, config);
      if ("problems" in outcome) {
        response.setFailuresList(
          outcome.problems.map((problem) => failure(problem.property, problem.reason)),
        );
        return response;
      }
      // Delivered before the result, so the engine has them before the program (and the operation) can end.
      for (const deprecation of outcome.deprecations)
        await log({ severity: "warning", message: deprecation });
      response.setReturn(structOf(outcome.result as unknown as PropertyBag));
      return response;
    } catch (error) {
      throw error instanceof ConfigurationError ? forPluginDeployment(error) : error;
    }
  }

  return {
    getPluginInfo: unary(async () => new PluginInfo().setVersion(catalog.version)),
    getSchema: unary(async () => new GetSchemaResponse().setSchema(catalog.schema)),
    checkConfig: unary(checkConfig),
    diffConfig: unary(diffConfig),
    configure: unary(configure),
    invoke: unary(invoke),
    check: unary((request: CheckRequest) => operationsFor(request).check(request)),
    diff: unary((request: DiffRequest) => operationsFor(request).diff(request)),
    create: unary((request) => operationsFor(request).create(request)),
    read: unary((request) => operationsFor(request).read(request)),
    update: unary((request) => operationsFor(request).update(request)),
    delete: unary(async (request) => {
      await operationsFor(request).delete(request);
      return new Empty();
    }),
    // Operations run to completion or fail on their own timeouts; there is nothing to stop early.
    cancel: unary(async () => new Empty()),
    handshake: unimplemented("Handshake"),
    parameterize: unimplemented("Parameterize"),
    construct: unimplemented("Construct"),
    call: unimplemented("Call"),
    attach: unimplemented("Attach"),
    getMapping: unimplemented("GetMapping"),
    getMappings: unimplemented("GetMappings"),
    list: (call) =>
      call.emit("error", { code: grpc.status.UNIMPLEMENTED, details: "List is not implemented" }),
  };
}
