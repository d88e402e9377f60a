/**
 * ClickPipes of a service, as the published OpenAPI has them on both wires: list, create, get, update and delete a
 * pipe, its scaling, its state commands and its settings, and the service's database pipes' CDC scaling. Pipe states
 * follow model/clickPipes. Every operation needs the service running: on an idle one the API answers 424, naming the
 * service's state (the create's words are the real API's).
 */
import type { FastifyInstance } from "fastify";
import type { ClickPipeStateCommand } from "../../../schemas/enums";
import type { EmulatorContext } from "../../server/context";
import { ApiError, notFound } from "../../server/errors";
import {
  applyCommand,
  changedTableMappings,
  discoveredFields,
  familyOf,
  isDatabasePipe,
  isStopped,
  move,
  shownSource,
  startingPhases,
  stateOf,
} from "../../model/clickPipes";
import { assertRunning } from "../../model/serviceStates";
import { secureBytes, uuidV4 } from "../../state/random";
import type { ClickPipeRecord, ClickPipesCdcScalingRecord, ServiceRecord } from "../../state/types";
import type { ServiceParams } from "./common";
import { envelope, findService, servicePath } from "./common";
import { validBody } from "../validBody";
import type { Problem } from "../../model/problems";

interface PipeParams extends ServiceParams {
  clickPipeId: string;
}

type Fields = Record<string, unknown>;

interface ClickPipeCreate {
  name: string;
  source: Fields;
  destination: Fields;
  fieldMappings?: ClickPipeRecord["fieldMappings"];
  scaling?: Partial<NonNullable<ClickPipeRecord["scaling"]>>;
  settings?: ClickPipeRecord["settings"];
}

interface ClickPipeUpdate {
  name?: string;
  source?: Fields;
  destination?: { columns: unknown[] };
  fieldMappings?: ClickPipeRecord["fieldMappings"];
  settings?: ClickPipeRecord["settings"];
}

/** The families by the names the API's messages give them. */
const familyNames: Readonly<Record<string, string>> = {
  postgres: "Postgres",
  mysql: "MySQL",
  mongodb: "MongoDB",
  bigquery: "BigQuery",
};

/** A streaming pipe's replicas when the create names none: one replica of the smallest size. */
const defaultScaling = { replicas: 1, replicaCpuMillicores: 125, replicaMemoryGb: 0.5 };
/** A service's database pipes' compute until a PATCH changes it: one compute unit, 2 CPUs and 8 GiB. */
const defaultCdcScaling = { replicaCpuMillicores: 2000, replicaMemoryGb: 8 };

function view(pipe: ClickPipeRecord, nowMs: number) {
  return {
    id: pipe.id,
    serviceId: pipe.serviceId,
    name: pipe.name,
    state: stateOf(pipe, nowMs),
    scaling: pipe.scaling,
    source: { [pipe.family]: pipe.source },
    destination: pipe.destination,
    fieldMappings: pipe.fieldMappings,
    settings: pipe.settings,
    createdAt: pipe.createdAt,
    updatedAt: pipe.updatedAt,
  };
}

export function clickPipeRoutes(scope: FastifyInstance, context: EmulatorContext): void {
  const collectionPath = `${servicePath}/clickpipes`;
  const pipePath = `${collectionPath}/:clickPipeId`;
  const cdcScalingPath = `${servicePath}/clickpipesCdcScaling`;
  const state = () => context.store.state;
  const delayMs = () => context.settings.provisioningDelayMs;

  function runningService(
    serviceId: string,
    nowMs: number,
    operations = "ClickPipe operations",
  ): ServiceRecord {
    const service = findService(context, serviceId);
    assertRunning(service, nowMs, operations);
    return service;
  }

  function findPipe(params: PipeParams, nowMs: number): ClickPipeRecord {
    runningService(params.serviceId, nowMs);
    const pipe = (state().clickPipes ?? []).find(
      (candidate) => candidate.id === params.clickPipeId && candidate.serviceId === params.serviceId,
    );
    if (!pipe) throw notFound(`ClickPipe ${params.clickPipeId} not found`);
    return pipe;
  }

  function changed(pipe: ClickPipeRecord, nowMs: number): void {
    pipe.updatedAt = new Date(nowMs).toISOString();
    context.store.changed();
  }

  scope.get<{ Params: ServiceParams }>(collectionPath, async (request) => {
    const nowMs = context.now().getTime();
    runningService(request.params.serviceId, nowMs);
    const pipes = (state().clickPipes ?? []).filter((pipe) => pipe.serviceId === request.params.serviceId);
    return envelope(
      request,
      pipes.map((pipe) => view(pipe, nowMs)),
    );
  });

  scope.post<{ Params: ServiceParams }>(collectionPath, async (request) => {
    const nowMs = context.now().getTime();
    const service = findService(context, request.params.serviceId);
    const body = validBody<ClickPipeCreate>("clickPipeCreate", request.body);
    // The real API's words on a create (the others' are ours: it documents none).
    assertRunning(service, nowMs, "ClickPipe creation", "is");
    const pipe = newPipe(service, body, nowMs);
    refuseDestination(pipe, body);
    const { states, settled } = startingPhases(pipe);
    move(pipe, states, settled, nowMs, delayMs());
    (state().clickPipes ??= []).push(pipe);
    if (isDatabasePipe(pipe)) provideCdcScaling(service.id);
    context.store.changed();
    return envelope(request, view(pipe, nowMs));
  });
  scope.post<{ Params: ServiceParams }>(`${collectionPath}/schemaDiscovery`, async (request) => {
    const nowMs = context.now().getTime();
    findService(context, request.params.serviceId);
    const body = validBody<{ source: { kafka?: Fields; kinesis?: Fields } }>(
      "clickPipeSchemaDiscovery",
      request.body,
    );
    runningService(request.params.serviceId, nowMs);
    const family = body.source.kafka !== undefined ? "kafka" : "kinesis";
    const source = (body.source.kafka ?? body.source.kinesis) as Fields;
    const name = String(family === "kafka" ? source.topics : source.streamName);
    const sample = (state().streamSamples ?? []).find(
      (candidate) => candidate.family === family && candidate.name === name,
    );
    // Our words (_guess_): the OpenAPI documents no refusal of a source without messages.
    if (sample === undefined || sample.messages.length === 0) {
      throw new ApiError(
        400,
        `No messages found to infer a schema from in ${family === "kafka" ? "topic" : "stream"} ${name}`,
      );
    }
    return envelope(request, { fields: discoveredFields(sample.messages), meta: null });
  });

  scope.get<{ Params: PipeParams }>(pipePath, async (request) => {
    const nowMs = context.now().getTime();
    return envelope(request, view(findPipe(request.params, nowMs), nowMs));
  });

  scope.patch<{ Params: PipeParams }>(pipePath, async (request) => {
    const nowMs = context.now().getTime();
    findService(context, request.params.serviceId);
    const body = validBody<ClickPipeUpdate>(
      "clickPipeUpdate",
      request.body,
      columnsWithMappings(request.body),
    );
    const pipe = findPipe(request.params, nowMs);
    update(pipe, body, nowMs);
    changed(pipe, nowMs);
    return envelope(request, view(pipe, nowMs));
  });

  scope.delete<{ Params: PipeParams }>(pipePath, async (request) => {
    const nowMs = context.now().getTime();
    const pipe = findPipe(request.params, nowMs);
    state().clickPipes = (state().clickPipes ?? []).filter((candidate) => candidate !== pipe);
    context.store.changed();
    return { status: 200, requestId: request.id };
  });

  scope.patch<{ Params: PipeParams }>(`${pipePath}/scaling`, async (request) => {
    const nowMs = context.now().getTime();
    findService(context, request.params.serviceId);
    const body = validBody<Partial<NonNullable<ClickPipeRecord["scaling"]>>>(
      "clickPipeScalingUpdate",
      request.body,
    );
    const pipe = findPipe(request.params, nowMs);
    if (pipe.scaling === null) {
      throw new ApiError(
        400,
        "Database ClickPipes scale through the service's clickpipesCdcScaling, not their own",
      );
    }
    pipe.scaling = { ...pipe.scaling, ...body };
    changed(pipe, nowMs);
    return envelope(request, view(pipe, nowMs));
  });

  scope.patch<{ Params: PipeParams }>(`${pipePath}/state`, async (request) => {
    const nowMs = context.now().getTime();
    findService(context, request.params.serviceId);
    const body = validBody<{ command: ClickPipeStateCommand }>("clickPipeStateUpdate", request.body);
    const pipe = findPipe(request.params, nowMs);
    applyCommand(pipe, body.command, nowMs, delayMs());
    changed(pipe, nowMs);
    return envelope(request, view(pipe, nowMs));
  });

  scope.get<{ Params: PipeParams }>(`${pipePath}/settings`, async (request) => {
    const nowMs = context.now().getTime();
    return envelope(request, findPipe(request.params, nowMs).settings);
  });

  scope.put<{ Params: PipeParams }>(`${pipePath}/settings`, async (request) => {
    const nowMs = context.now().getTime();
    findService(context, request.params.serviceId);
    const body = validBody<ClickPipeRecord["settings"]>("clickPipeSettingsUpdate", request.body);
    const pipe = findPipe(request.params, nowMs);
    // The keys sent replace their values; the keys left out keep theirs.
    pipe.settings = { ...pipe.settings, ...body };
    changed(pipe, nowMs);
    return envelope(request, pipe.settings);
  });

  scope.get<{ Params: ServiceParams }>(cdcScalingPath, async (request) => {
    const nowMs = context.now().getTime();
    runningService(request.params.serviceId, nowMs);
    return envelope(request, cdcScalingView(cdcScalingOf(request.params.serviceId)));
  });

  scope.patch<{ Params: ServiceParams }>(cdcScalingPath, async (request) => {
    const nowMs = context.now().getTime();
    findService(context, request.params.serviceId);
    const body = validBody<typeof defaultCdcScaling>("clickPipesCdcScalingUpdate", request.body);
    runningService(request.params.serviceId, nowMs);
    const scaling = cdcScalingOf(request.params.serviceId);
    if (body.replicaMemoryGb !== (body.replicaCpuMillicores / 1000) * 4) {
      throw ApiError.invalid([
        {
          property: "replicaMemoryGb",
          message: `must be 4 GiB per CPU core: ${(body.replicaCpuMillicores / 1000) * 4} for ${body.replicaCpuMillicores} millicores; got ${body.replicaMemoryGb}`,
        },
      ]);
    }
    Object.assign(scaling, body);
    context.store.changed();
    return envelope(request, cdcScalingView(scaling));
  });

  /** The service's CDC scaling, which exists once a database pipe was made. */
  function cdcScalingOf(serviceId: string): ClickPipesCdcScalingRecord {
    const scaling = (state().clickPipesCdcScaling ?? []).find(
      (candidate) => candidate.serviceId === serviceId,
    );
    if (!scaling) {
      throw new ApiError(
        400,
        `CDC scaling of service ${serviceId} is available once a database ClickPipe was provisioned`,
      );
    }
    return scaling;
  }

  function provideCdcScaling(serviceId: string): void {
    const all = (state().clickPipesCdcScaling ??= []);
    if (!all.some((scaling) => scaling.serviceId === serviceId))
      all.push({ serviceId, ...defaultCdcScaling });
  }

  function newPipe(service: ServiceRecord, body: ClickPipeCreate, nowMs: number): ClickPipeRecord {
    const family = familyOf(body.source);
    const id = uuidV4(secureBytes);
    const { shown, carriedCredentials } = shownSource(family, body.source[family] as Fields);
    if (family === "kafka") shown.consumerGroup ??= `clickpipes-${id}`; // The database flavours' defaults, as the OpenAPI states them.
    if (family === "postgres") shown.type ??= "postgres";
    if (family === "mysql") shown.type ??= "mysql";
    const { roles: _roles, ...destination } = body.destination;
    const createdAt = new Date(nowMs).toISOString();
    return {
      id,
      serviceId: service.id,
      name: body.name,
      family,
      source: shown,
      destination,
      fieldMappings: body.fieldMappings ?? [],
      scaling: isDatabasePipe({ family }) ? null : { ...defaultScaling, ...body.scaling },
      settings: body.settings ?? {},
      phases: [],
      settled: "Running",
      credentialsSent: carriedCredentials ? 1 : 0,
      createdAt,
      updatedAt: createdAt,
    };
  }

  function update(pipe: ClickPipeRecord, body: ClickPipeUpdate, nowMs: number): void {
    if (body.name !== undefined) pipe.name = body.name;
    if (body.settings !== undefined) pipe.settings = { ...pipe.settings, ...body.settings };
    if (body.destination !== undefined) {
      pipe.destination = { ...pipe.destination, columns: body.destination.columns };
      pipe.fieldMappings = body.fieldMappings ?? pipe.fieldMappings;
    }
    const patch = body.source?.[pipe.family] as Fields | undefined;
    if (body.source !== undefined && patch === undefined) {
      throw new ApiError(
        400,
        `source: this ClickPipe's source is ${pipe.family}; an update cannot change it`,
      );
    }
    if (patch === undefined) return;
    const { tableMappingsToAdd, tableMappingsToRemove, settings, ...fields } = patch;
    if (tableMappingsToAdd !== undefined || tableMappingsToRemove !== undefined) {
      // The real words for Postgres; the same for the other database families (_guess_).
      if (!isStopped(pipe, nowMs))
        throw new ApiError(400, `${familyNames[pipe.family]} ClickPipe must be paused to edit`);
      pipe.source.tableMappings = changedTableMappings(
        pipe.source.tableMappings as never[],
        (tableMappingsToRemove ?? []) as never[],
        (tableMappingsToAdd ?? []) as never[],
      );
    }
    if (settings !== undefined)
      pipe.source.settings = { ...(pipe.source.settings as Fields), ...(settings as Fields) };
    const { shown, carriedCredentials } = shownSource(pipe.family, fields);
    Object.assign(pipe.source, shown);
    if (carriedCredentials) pipe.credentialsSent += 1;
  }
}

/** A database pipe writes into tables named by its table mappings; the others into one table with its columns. */
function refuseDestination(pipe: ClickPipeRecord, body: ClickPipeCreate): void {
  const tableFields = ["table", "managedTable", "tableDefinition", "columns"].filter(
    (field) => body.destination[field] !== undefined,
  );
  if (isDatabasePipe(pipe)) {
    const problems = [
      ...tableFields.map((field) => ({
        property: `destination.${field}`,
        message: `is not taken by a ${pipe.family} ClickPipe, whose table mappings name its tables`,
      })),
      ...["fieldMappings", "scaling"]
        .filter((field) => body[field as keyof ClickPipeCreate] !== undefined)
        .map((field) => ({ property: field, message: `is not taken by a ${pipe.family} ClickPipe` })),
    ];
    if (problems.length > 0) throw ApiError.invalid(problems);
    return;
  }
  const missing = ["table", "columns"].filter((field) => body.destination[field] === undefined);
  if (missing.length > 0) {
    throw ApiError.invalid(
      missing.map((field) => ({
        property: `destination.${field}`,
        message: `is required for a ${pipe.family} ClickPipe`,
      })),
    );
  }
}

/** The real API's refusal of field mappings sent without the columns they map to. */
function columnsWithMappings(body: unknown): Problem[] {
  const fields = (body ?? {}) as Fields;
  return fields.fieldMappings !== undefined && fields.destination === undefined
    ? [{ property: "destination", message: "Columns are required if field mappings are provided" }]
    : [];
}

function cdcScalingView({ replicaCpuMillicores, replicaMemoryGb }: ClickPipesCdcScalingRecord) {
  return { replicaCpuMillicores, replicaMemoryGb };
}
