/** Shared pieces of the management routes: the envelope, path checks and lookups that 404. */
import type { FastifyRequest } from "fastify";
import type { EmulatorContext } from "../../server/context";
import { ApiError, notFound } from "../../server/errors";
import { quotedParam, uuidPattern } from "../../model/ids";
import type { ServiceRecord } from "../../state/types";
import { isGone } from "../../model/serviceStates";

export interface ManagementEnvelope<T> {
  status: 200;
  requestId: string;
  result: T;
}

export function envelope<T>(request: FastifyRequest, result: T): ManagementEnvelope<T> {
  return { status: 200, requestId: request.id, result };
}

/** Path ids of the management API are uuids; anything else is a 400 naming the parameter. */
export function assertUuidParams(params: Record<string, string>): void {
  const problems = Object.entries(params)
    .filter(([, value]) => !uuidPattern.test(value))
    .map(([name, value]) => ({
      property: name,
      message: `must be a UUID; got ${quotedParam(value)}`,
    }));
  if (problems.length > 0) throw ApiError.invalid(problems, "Params");
}

/**
 * The organization's services, once those whose deletion has finished are dropped from the store: a deleted
 * service answers as terminating until it is gone, and 404 after.
 */
export function liveServices(context: EmulatorContext): ServiceRecord[] {
  const state = context.store.state;
  const nowMs = context.now().getTime();
  if (state.services.some((service) => isGone(service, nowMs))) {
    state.services = state.services.filter((service) => !isGone(service, nowMs));
    context.store.changed();
  }
  return state.services;
}

export function findService(context: EmulatorContext, serviceId: string): ServiceRecord {
  const service = liveServices(context).find((candidate) => candidate.id === serviceId);
  if (!service) throw notFound(`Service ${serviceId} not found in the organization`);
  return service;
}

export interface OrganizationParams {
  organizationId: string;
}

export interface ServiceParams extends OrganizationParams {
  serviceId: string;
}

export const organizationPath = "/v1/organizations/:organizationId";
export const servicePath = `${organizationPath}/services/:serviceId`;
