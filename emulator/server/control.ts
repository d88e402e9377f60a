/**
 * The control API: not part of the real APIs, no auth, under /__emulator. The same actions are offered
 * in-process as `EmulatorControl`.
 *   GET    /__emulator/requests                              request log
 *   DELETE /__emulator/requests                              clear it
 *   POST   /__emulator/reset                                 store back to the fixture, rate-limit counters forgotten
 *   PUT    /__emulator/faults      (FaultPlan)               replace the fault plan
 *   DELETE /__emulator/faults                                no more faults
 *   GET    /__emulator/settings, PUT (partial settings)      rateLimits, provisioningDelayMs,
 *                                                            reversePrivateEndpointOutcome, awakeningDelayMs,
 *                                                            clockOffsetMs, scheduledUpgrades
 *   GET    /__emulator/fixture                               the fixture, as printed by the CLI
 *   PUT    /__emulator/reverse-private-endpoints/:id/status  {"status": ...}: the endpoint's status, at once
 *   POST   /__emulator/reverse-private-endpoints/:id/fail    the same with status Failed
 *   POST   /__emulator/clickpipes/:id/fail                   the pipe is Failed, at once *   GET    /__emulator/clickpipes/:id/credentials-sent       how many requests carried the pipe's credentials
 *   PUT    /__emulator/stream-samples/:family/:name [msgs]   a Kafka topic's or Kinesis stream's messages, for
 *                                                            schema discovery
 *   PUT    /__emulator/services/:id/state                    {"state": "idle"|"running"|"stopped"}, at once
 *   GET    /__emulator/services/:id/password-hashes          the hashes the service keeps of its password
 *   DELETE /__emulator/dashboards/:id                        deletes a dashboard and its alerts
 *   DELETE /__emulator/saved-searches/:id                    deletes a saved search and its alerts
 *   POST   /__emulator/alerts/:id/silence {until, by?}       silences an alert until `until`
 *   DELETE /__emulator/alerts/:id/silence                    lifts the silence
 *   POST   /__emulator/invitations/:id/accept {name?}        the invited user joins as a member: {userId}
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "./context";
import { ApiError, controlPrefix, notFound } from "./errors";
import type { FaultInjector } from "./faults";
import { objectIdOf, silence, unsilence } from "../model/alerts";
import type { RateLimitCounters } from "./rateLimits";
import type { RequestLog } from "./requestLog";
import type {
  AlertRecord,
  ClickPipeRecord,
  EmulatorControl,
  EmulatorSettings,
  Fixture,
  FaultPlan,
} from "../state/types";
import { assignableStatuses, assignStatus, settledStatuses } from "../model/reversePrivateEndpoints";
import type { AssignableStatus } from "../model/reversePrivateEndpoints";
import { assignableServiceStates, assignState, type AssignableServiceState } from "../model/serviceStates";
import { findService } from "../routes/management/common";
import { move } from "../model/clickPipes";
import { faultKinds } from "../state/types";
import { acceptInvitation, findInvitation } from "../model/invitations";
import { secureBytes } from "../state/random";

export interface ControlParts {
  context: EmulatorContext;
  log: RequestLog;
  faults: FaultInjector;
  counters: RateLimitCounters;
}

export function createControl({ context, log, faults, counters }: ControlParts): EmulatorControl {
  const { store } = context;
  return {
    requests: async () => log.list(),
    clearRequests: async () => log.clear(),
    reset: async () => {
      store.reset();
      counters.reset();
    },
    setFaults: async (plan) => faults.set(plan),
    clearFaults: async () => faults.clear(),
    updateSettings: async (settings) => {
      const defined = Object.entries(settings).filter(([, value]) => value !== undefined);
      Object.assign(context.settings, Object.fromEntries(defined));
      return { ...context.settings };
    },
    setReversePrivateEndpointStatus: async (id, status) => {
      const current = assignStatus(store.state, id, status, context.now().getTime());
      store.changed();
      return current;
    },
    failReversePrivateEndpoint: async (id) => {
      assignStatus(store.state, id, "Failed", context.now().getTime());
      store.changed();
    },
    failClickPipe: async (id) => {
      move(clickPipeById(id), [], "Failed", context.now().getTime(), 0);
      store.changed();
    },
    clickPipeCredentialsSent: async (id) => clickPipeById(id).credentialsSent,
    setStreamSample: async (family, name, messages) => {
      const samples = (store.state.streamSamples ?? []).filter(
        (sample) => !(sample.family === family && sample.name === name),
      );
      store.state.streamSamples = [...samples, { family, name, messages }];
      store.changed();
    },
    setServiceState: async (id, state) => {
      assignState(findService(context, id), state);
      store.changed();
    },
    servicePasswordHashes: async (id) => ({ ...findService(context, id).password }),
    deleteDashboard: async (id) => {
      const state = store.state;
      if (!state.dashboards.some((dashboard) => dashboard.id === id))
        throw notFound(`Dashboard ${id} not found`);
      state.dashboards = state.dashboards.filter((dashboard) => dashboard.id !== id);
      state.alerts = state.alerts.filter((alert) => alert.dashboard !== id);
      store.changed();
    },
    deleteSavedSearch: async (id) => {
      const state = store.state;
      if (!state.savedSearches.some((search) => search.id === id))
        throw notFound(`Saved search ${id} not found`);
      state.savedSearches = state.savedSearches.filter((search) => search.id !== id);
      state.alerts = state.alerts.filter((alert) => alert.savedSearch !== id);
      store.changed();
    },
    silenceAlert: async (id, until, by) => {
      const endsAt = new Date(until);
      if (Number.isNaN(endsAt.getTime()))
        throw new ApiError(400, `until must be an ISO 8601 date-time; got ${until}`);
      if (by !== undefined && objectIdOf(by) === undefined) {
        throw new ApiError(400, `by must be a user's object id (24 hex digits); got ${by}`);
      }
      const set = silence(
        alertById(id),
        endsAt,
        by === undefined ? undefined : objectIdOf(by),
        context.now(),
      );
      store.changed();
      return set;
    },
    unsilenceAlert: async (id) => {
      unsilence(alertById(id), context.now());
      store.changed();
    },
    acceptInvitation: async (id, name) => {
      const invitation = findInvitation(store.state, id.toLowerCase());
      const displayName = name ?? invitation.email.split("@")[0] ?? invitation.email;
      const member = acceptInvitation(store.state, invitation, displayName, secureBytes, context.now());
      store.changed();
      return member.userId;
    },
  };

  function alertById(id: string): AlertRecord {
    const alert = store.state.alerts.find((candidate) => candidate.id === objectIdOf(id));
    if (!alert) throw notFound(`Alert ${id} not found`);
    return alert;
  }

  function clickPipeById(id: string): ClickPipeRecord {
    const pipe = (store.state.clickPipes ?? []).find((candidate) => candidate.id === id);
    if (!pipe) throw notFound(`ClickPipe ${id} not found`);
    return pipe;
  }
}

const faultKindSchema = { type: "string", enum: [...faultKinds] } as const;
const streamSampleParams = {
  type: "object",
  properties: { family: { type: "string", enum: ["kafka", "kinesis"] }, name: { type: "string" } },
} as const;

const faultPlanSchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    probability: { type: "number", minimum: 0, maximum: 1 },
    kinds: { type: "array", items: faultKindSchema },
    seed: { type: "integer" },
    routes: { type: "array", items: { type: "string" } },
    script: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["route", "kinds"],
        properties: { route: { type: "string" }, kinds: { type: "array", items: faultKindSchema } },
      },
    },
    slowMs: { type: "integer", minimum: 0, maximum: 60_000 },
    retryAfterSeconds: { type: "integer", minimum: 0, maximum: 3600 },
  },
} as const;

const silenceSchema = {
  type: "object",
  additionalProperties: false,
  required: ["until"],
  properties: {
    until: { type: "string", format: "date-time" },
    by: { type: "string", pattern: "^[0-9a-fA-F]{24}$" },
  },
} as const;

const settingsSchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    rateLimits: { type: "boolean" },
    provisioningDelayMs: { type: "integer", minimum: 0 },
    reversePrivateEndpointOutcome: { type: "string", enum: [...settledStatuses] },
    awakeningDelayMs: { type: "integer", minimum: 0 },
    clockOffsetMs: { type: "integer" },
    scheduledUpgrades: { type: "boolean" },
  },
} as const;

const endpointStatusSchema = {
  type: "object",
  additionalProperties: false,
  required: ["status"],
  properties: { status: { type: "string", enum: [...assignableStatuses] } },
} as const;

const serviceStateSchema = {
  type: "object",
  additionalProperties: false,
  required: ["state"],
  properties: { state: { type: "string", enum: [...assignableServiceStates] } },
} as const;

export function controlRoutes(
  app: FastifyInstance,
  control: EmulatorControl,
  context: EmulatorContext,
  fixture: () => Fixture,
): void {
  const base = controlPrefix;
  app.get(`${base}/requests`, async () => control.requests());
  app.delete(`${base}/requests`, async (_request, reply) => {
    await control.clearRequests();
    return reply.code(204).send();
  });
  app.post(`${base}/reset`, async (_request, reply) => {
    await control.reset();
    return reply.code(204).send();
  });
  app.put<{ Body: FaultPlan }>(`${base}/faults`, { schema: { body: faultPlanSchema } }, async (request) => {
    await control.setFaults(request.body);
    return request.body;
  });
  app.delete(`${base}/faults`, async (_request, reply) => {
    await control.clearFaults();
    return reply.code(204).send();
  });
  app.get(`${base}/settings`, async () => ({ ...context.settings }));
  app.put<{ Body: Partial<EmulatorSettings> }>(
    `${base}/settings`,
    { schema: { body: settingsSchema } },
    async (request) => control.updateSettings(request.body),
  );
  app.get(`${base}/fixture`, async () => fixture());
  app.put<{ Params: { id: string }; Body: { status: AssignableStatus } }>(
    `${base}/reverse-private-endpoints/:id/status`,
    { schema: { body: endpointStatusSchema } },
    async (request) => {
      const { id } = request.params;
      return { id, status: await control.setReversePrivateEndpointStatus(id, request.body.status) };
    },
  );
  app.post<{ Params: { id: string } }>(`${base}/reverse-private-endpoints/:id/fail`, async (request) => {
    await control.failReversePrivateEndpoint(request.params.id);
    return { id: request.params.id, status: "Failed" };
  });
  app.post<{ Params: { id: string } }>(`${base}/clickpipes/:id/fail`, async (request) => {
    await control.failClickPipe(request.params.id);
    return { id: request.params.id, state: "Failed" };
  });
  app.put<{ Params: { family: "kafka" | "kinesis"; name: string }; Body: Record<string, unknown>[] }>(
    `${base}/stream-samples/:family/:name`,
    { schema: { params: streamSampleParams, body: { type: "array", items: { type: "object" } } } },
    async (request) => {
      await control.setStreamSample(request.params.family, request.params.name, request.body);
      return { family: request.params.family, name: request.params.name, messages: request.body.length };
    },
  );
  app.get<{ Params: { id: string } }>(`${base}/clickpipes/:id/credentials-sent`, async (request) => ({
    id: request.params.id,
    credentialsSent: await control.clickPipeCredentialsSent(request.params.id),
  }));
  app.put<{ Params: { id: string }; Body: { state: AssignableServiceState } }>(
    `${base}/services/:id/state`,
    { schema: { body: serviceStateSchema } },
    async (request) => {
      await control.setServiceState(request.params.id, request.body.state);
      return { id: request.params.id, state: request.body.state };
    },
  );
  app.get<{ Params: { id: string } }>(`${base}/services/:id/password-hashes`, async (request) =>
    control.servicePasswordHashes(request.params.id),
  );
  app.delete<{ Params: { id: string } }>(`${base}/dashboards/:id`, async (request, reply) => {
    await control.deleteDashboard(request.params.id);
    return reply.code(204).send();
  });
  app.delete<{ Params: { id: string } }>(`${base}/saved-searches/:id`, async (request, reply) => {
    await control.deleteSavedSearch(request.params.id);
    return reply.code(204).send();
  });
  app.post<{ Params: { id: string }; Body: { until: string; by?: string } }>(
    `${base}/alerts/:id/silence`,
    { schema: { body: silenceSchema } },
    async (request) => ({
      id: request.params.id,
      silenced: await control.silenceAlert(request.params.id, request.body.until, request.body.by),
    }),
  );
  app.delete<{ Params: { id: string } }>(`${base}/alerts/:id/silence`, async (request, reply) => {
    await control.unsilenceAlert(request.params.id);
    return reply.code(204).send();
  });
  // The body is optional, which a fastify body schema cannot say: its one field is checked here.
  app.post<{ Params: { id: string }; Body: { name?: unknown } | undefined }>(
    `${base}/invitations/:id/accept`,
    async (request) => {
      const name = request.body?.name;
      if (name !== undefined && (typeof name !== "string" || name === "")) {
        throw new ApiError(400, "name must be a non-empty string");
      }
      return { userId: await control.acceptInvitation(request.params.id, name) };
    },
  );
}
