/**
 * Creates (or adopts by `adoptId`), reads, updates and deletes reverse private endpoints, on the lifecycle of a
 * management object with an asynchronous status: made, then Provisioning until Ready; deleted, then Deleting until
 * gone. The one thing the API changes in place is the custom private DNS names, with a PATCH of the whole list.
 */
import type {
  ReversePrivateEndpoint as RemoteEndpoint,
  ReversePrivateEndpointCreateRequest,
  ReversePrivateEndpointsApi,
} from "../../rest";
import type { OperationContext, ResourceOperations } from "../operations";
import { pick, type PropertyBag } from "../../propertyBags";
import { inputNames } from "../derive/specs";
import { definition } from "./definition";
import { asyncStatusObjectOperations } from "../lifecycle/asyncStatusObjectLifecycle";
import { PartialCreateError } from "../lifecycle/partialCreate";
import { untilDeleted } from "./deletion";
import { comparableNames, mappingsOf, sameNames } from "./dnsNames";
import { endpointOutputs, hasRequestedFields, requestOf } from "./remote";
import type { ReversePrivateEndpointInputs, ReversePrivateEndpointOutputs } from "./shapes";
import { acceptanceWarning, isUnsettled, isUnusable, unsettledNote, unusableMessage } from "./statuses";

const POLL_INTERVAL_MS = 1_000;

type Inputs = ReversePrivateEndpointInputs;
type Outputs = ReversePrivateEndpointOutputs;

/** Where an endpoint lives: the API's client for it, its organization and its service. */
interface EndpointPlace {
  readonly api: ReversePrivateEndpointsApi;
  readonly organizationId: string;
  readonly serviceId: string;
}

const lifecycle = asyncStatusObjectOperations<
  Inputs,
  Outputs,
  EndpointPlace,
  ReversePrivateEndpointCreateRequest,
  RemoteEndpoint
>({
  place(bag, context) {
    const { client, organizationId } = context.management(bag.organizationId ?? undefined);
    return { api: client.reversePrivateEndpoints, organizationId, serviceId: bag.serviceId };
  },
  what: ({ serviceId }) => `a reverse private endpoint of service ${serviceId}`,
  request: requestOf,
  create: ({ api, organizationId, serviceId }, request) => api.create(organizationId, serviceId, request),
  list: ({ api, organizationId, serviceId }) => api.list(organizationId, serviceId),
  get: ({ api, organizationId, serviceId }, id) => api.get(organizationId, serviceId, id),
  read: ({ api, organizationId, serviceId }, id) => api.read(organizationId, serviceId, id),
  delete: ({ api, organizationId, serviceId }, id) => api.delete(organizationId, serviceId, id),
  outputs: (recorded, { organizationId }, endpoint) => endpointOutputs(recorded, organizationId, endpoint),
  // The API dates no endpoint, so the endpoints are listed before the create: an older twin (such as the Failed
  // endpoint this one replaces, which has exactly the same fields) is never taken for the one a lost create made.
  newness: { listedBefore: true },
  hasSentFields: hasRequestedFields,
  adoptId: (inputs) => (typeof inputs.adoptId === "string" ? inputs.adoptId : undefined),
  status: {
    inProgress: (endpoint) => endpoint.status === "Provisioning",
    timeoutSeconds: (inputs) => inputs.readyTimeoutSeconds,
    pollIntervalMs: POLL_INTERVAL_MS,
    waitingLine: (endpoint, waited) =>
      `${endpoint.id}: status Provisioning after ${waited} s, waiting for it to finish`,
    timedOut: (endpoint, inputs, { organizationId }) =>
      new PartialCreateError(
        endpoint.id,
        `reverse private endpoint ${endpoint.id} was not Ready after ${inputs.readyTimeoutSeconds} s (status ` +
          "Provisioning); the next `pulumi up` waits for it again",
        endpointOutputs(inputs, organizationId, endpoint),
      ),
    reached: statusReached,
  },
  untilGone: ({ api, organizationId, serviceId }, id, context) =>
    untilDeleted(api, organizationId, serviceId, id, context.clock),
  // Names left out are not managed; names set are sent whole, and only when they differ as a set from the names
  // the endpoint had (an output written before this input existed counts as none).
  changeInPlace: ({ api, organizationId, serviceId }, id, current, inputs) => {
    const names = inputs.customPrivateDnsNames;
    if (names === undefined || names === null) return Promise.resolve(undefined);
    if (sameNames(current.customPrivateDnsNames ?? [], names)) return Promise.resolve(undefined);
    return api.update(organizationId, serviceId, id, { customPrivateDnsMappings: mappingsOf(names) });
  },
});

export const operations: ResourceOperations<Inputs, Outputs> = {
  ...lifecycle,
  /** The custom private DNS names as a set in lower case; an output written before they existed holds none. */
  comparable(olds, news) {
    return {
      olds: { ...olds, customPrivateDnsNames: comparableNames(olds.customPrivateDnsNames ?? []) },
      news: withComparableNames(news.known),
    };
  },
  /**
   * A read reports the inputs of the same names, but an endpoint without custom private DNS names leaves them out:
   * unmanaged, as a program that never named any. An imported program then has no `customPrivateDnsNames: []`,
   * which the specification's wire would refuse and which would claim names the program never managed.
   */
  inputsFromOutputs(outs) {
    const inputs = pick(outs, inputNames(definition));
    if ((outs.customPrivateDnsNames ?? []).length === 0) delete inputs.customPrivateDnsNames;
    return inputs;
  },
  refineDiff(verdict, olds) {
    // An endpoint that can never become usable cannot be repaired in place: the next `up` replaces it.
    if (isUnusable(olds.status)) return { changes: true, replaces: [...verdict.replaces, "status"] };
    // One awaiting acceptance (or still Provisioning, or in a status we don't know) is read again by `update`.
    if (!verdict.changes && isUnsettled(olds.status)) return { changes: true, replaces: [] };
    return verdict;
  },
};

/** The new inputs with their names as a set, when set: left out, they stay out (not managed). */
function withComparableNames(news: Partial<Inputs>): PropertyBag {
  const names = news.customPrivateDnsNames;
  return Array.isArray(names) ? { ...news, customPrivateDnsNames: comparableNames(names) } : { ...news };
}

/**
 * Acts on the status the endpoint reached: Ready is done; an endpoint that can never become usable (Failed,
 * Rejected, Expired) is recorded with its id and the `up` fails, so the next `up` replaces it; any other status
 * (PendingAcceptance above all) ends the wait with a line saying what it awaits.
 */
function statusReached(
  endpoint: RemoteEndpoint,
  inputs: Inputs,
  { organizationId }: EndpointPlace,
  context: OperationContext,
): RemoteEndpoint {
  if (endpoint.status === "Ready") return endpoint;
  const outs = endpointOutputs(inputs, organizationId, endpoint);
  if (isUnusable(endpoint.status)) {
    throw new PartialCreateError(endpoint.id, unusableMessage(endpoint.id, endpoint.status, outs), outs);
  }
  context.progress(
    endpoint.status === "PendingAcceptance"
      ? acceptanceWarning(endpoint.id, outs)
      : unsettledNote(endpoint.id, endpoint.status),
  );
  return endpoint;
}
