/** Creates, reads and deletes reverse private endpoints. */
import type { ReversePrivateEndpoint as RemoteEndpoint, ReversePrivateEndpointsApi } from "../../rest";
import type { OperationContext, ResourceOperations } from "../operations";
import { createWithReconcile } from "../lifecycle/createWithReconcile";
import { PartialCreateError } from "../lifecycle/partialCreate";
import { deleteIfPresent, readOrGone } from "../lifecycle/readOrGone";
import { waitUntil } from "../lifecycle/waitUntil";
import { untilDeleted } from "./deletion";
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

function placeOf(
  bag: { organizationId?: string | null; serviceId: string },
  context: OperationContext,
): EndpointPlace {
  const { client, organizationId } = context.management(bag.organizationId ?? undefined);
  return { api: client.reversePrivateEndpoints, organizationId, serviceId: bag.serviceId };
}

export const operations: ResourceOperations<Inputs, Outputs> = {
  refineDiff(verdict, olds) {
    // An endpoint that can never become usable cannot be repaired in place: the next `up` replaces it.
    if (isUnusable(olds.status)) return { changes: true, replaces: [...verdict.replaces, "status"] };
    // One awaiting acceptance (or still Provisioning, or in a status we don't know) is read again by `update`.
    if (!verdict.changes && isUnsettled(olds.status)) return { changes: true, replaces: [] };
    return verdict;
  },

  async create(inputs, context) {
    const place = placeOf(inputs, context);
    const endpoint =
      typeof inputs.adoptId === "string"
        ? await place.api.get(place.organizationId, place.serviceId, inputs.adoptId)
        : await createExactlyOne(place, requestOf(inputs), context);
    const settled = await settle(place, endpoint, inputs, context);
    return { id: settled.id, outs: endpointOutputs(inputs, place.organizationId, settled) };
  },

  async read(id, olds, context) {
    const place = placeOf(olds, context);
    return readOrGone(async () => {
      const endpoint = await place.api.get(place.organizationId, place.serviceId, id);
      return { id, outs: endpointOutputs(olds, place.organizationId, endpoint) };
    });
  },

  /**
   * Reached for an endpoint recorded before it was Ready (still Provisioning, or awaiting acceptance): reads it
   * again, waits while it is Provisioning, and records what it has become.
   */
  async update(id, olds, news, context) {
    const place = placeOf(olds, context);
    const endpoint = await place.api.get(place.organizationId, place.serviceId, id);
    const settled = await settle(place, endpoint, news, context);
    return endpointOutputs(news, place.organizationId, settled);
  },

  async delete(id, olds, context) {
    const place = placeOf(olds, context);
    await deleteIfPresent(() => place.api.delete(place.organizationId, place.serviceId, id));
    await untilDeleted(place.api, place.organizationId, place.serviceId, id, context.clock);
  },
};

/**
 * POSTs the endpoint so that exactly one exists afterwards. The API dates no endpoint, so the endpoints are listed
 * before the create: when the reply is lost, an endpoint not in that list and with exactly the requested fields is
 * the one it made (an older twin, such as the Failed endpoint this one replaces, is never taken); with none, the
 * create is sent again.
 */
async function createExactlyOne(
  { api, organizationId, serviceId }: EndpointPlace,
  request: ReturnType<typeof requestOf>,
  context: OperationContext,
): Promise<RemoteEndpoint> {
  return createWithReconcile<RemoteEndpoint, RemoteEndpoint>(context, {
    what: `a reverse private endpoint of service ${serviceId}`,
    send: () => api.create(organizationId, serviceId, request),
    list: () => api.list(organizationId, serviceId),
    hasSentFields: (endpoint) => hasRequestedFields(endpoint, request),
    newness: { listedBefore: true },
    whenFound: { adopt: (endpoint) => endpoint },
  });
}

/**
 * Waits while the endpoint is Provisioning, then acts on the status it reached: Ready is done; an endpoint that
 * can never become usable (Failed, Rejected, Expired) is recorded with its id and the `up` fails, so the next `up`
 * replaces it; any other status (PendingAcceptance above all) ends the wait with a line saying what it awaits.
 */
async function settle(
  { api, organizationId, serviceId }: EndpointPlace,
  initial: RemoteEndpoint,
  inputs: Inputs,
  context: OperationContext,
): Promise<RemoteEndpoint> {
  const timeoutSeconds = inputs.readyTimeoutSeconds;
  const endpoint = await waitUntil(context.clock, {
    initial,
    poll: () => api.get(organizationId, serviceId, initial.id),
    done: (current) => current.status !== "Provisioning",
    timeoutSeconds,
    pollIntervalMs: POLL_INTERVAL_MS,
    onWait: (current, waited) =>
      context.progress(`${current.id}: status Provisioning after ${waited} s, waiting for it to finish`),
    onTimeout: (current) =>
      new PartialCreateError(
        current.id,
        `reverse private endpoint ${current.id} was not Ready after ${timeoutSeconds} s (status Provisioning); ` +
          "the next `pulumi up` waits for it again",
        endpointOutputs(inputs, organizationId, current),
      ),
  });
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
