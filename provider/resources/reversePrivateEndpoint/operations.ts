/** Creates, reads and deletes reverse private endpoints, in the provider process. */
import type {
  ReversePrivateEndpoint as RemoteEndpoint,
  ReversePrivateEndpointCreateRequest,
} from "../../rest";
import type { PropertyBag, ResourceOperations } from "../definition";
import { providerContext } from "../context";
import { createWithReconcile } from "../support/createWithReconcile";
import { PartialCreateError } from "../support/errors";
import { deleteIfPresent, progress, readOrGone } from "../support/lifecycle";
import { pick, unwrapSecrets } from "../support/properties";
import { requestBodyOf } from "../support/requestBody";
import { waitUntil } from "../support/waitUntil";
import { definition } from "./definition";
import { untilDeleted } from "./deletion";
import { endpointOutputs, hasRequestedFields, requestFields } from "./remote";
import { acceptanceWarning, isUnsettled, isUnusable, unsettledNote, unusableMessage } from "./statuses";

/** How long create waits while an endpoint is Provisioning, unless `readyTimeoutSeconds` says otherwise. */
const DEFAULT_READY_TIMEOUT_SECONDS = 600;
const POLL_INTERVAL_MS = 1_000;

export const operations: ResourceOperations = {
  refineDiff(verdict, olds) {
    const status = unwrapSecrets(olds).status;
    // An endpoint that can never become usable cannot be repaired in place: the next `up` replaces it.
    if (isUnusable(status)) return { changes: true, replaces: [...verdict.replaces, "status"] };
    // One awaiting acceptance (or still Provisioning, or in a status we don't know) is read again by `update`.
    if (!verdict.changes && isUnsettled(status)) return { changes: true, replaces: [] };
    return verdict;
  },

  async create(news) {
    const inputs = unwrapSecrets(news);
    const { client, settings } = providerContext.management(inputs.organizationId);
    const organizationId = settings.organizationId;
    const serviceId = String(inputs.serviceId);
    const api = client.reversePrivateEndpoints;
    const request = requestBodyOf(
      definition,
      pick(inputs, requestFields),
    ) as unknown as ReversePrivateEndpointCreateRequest;

    const endpoint =
      typeof inputs.adoptId === "string"
        ? await api.get(organizationId, serviceId, inputs.adoptId)
        : await createExactlyOne(organizationId, serviceId, request);
    const settled = await settle(organizationId, serviceId, endpoint, inputs, news);
    return { id: settled.id, outs: endpointOutputs(inputs, organizationId, settled) };
  },

  async read(id, props) {
    const olds = unwrapSecrets(props);
    const { client, settings } = providerContext.management(olds.organizationId);
    return readOrGone(async () => {
      const endpoint = await client.reversePrivateEndpoints.get(
        settings.organizationId,
        String(olds.serviceId),
        id,
      );
      return { id, props: endpointOutputs(olds, settings.organizationId, endpoint) };
    });
  },

  /**
   * Reached for an endpoint recorded before it was Ready (still Provisioning, or awaiting acceptance): reads it
   * again, waits while it is Provisioning, and records what it has become.
   */
  async update(id, olds, news) {
    const inputs = unwrapSecrets(news);
    const { client, settings } = providerContext.management(olds.organizationId);
    const serviceId = String(olds.serviceId);
    const endpoint = await client.reversePrivateEndpoints.get(settings.organizationId, serviceId, id);
    const settled = await settle(settings.organizationId, serviceId, endpoint, inputs, news);
    return { outs: endpointOutputs(inputs, settings.organizationId, settled) };
  },

  async delete(id, props) {
    const olds = unwrapSecrets(props);
    const { client, settings } = providerContext.management(olds.organizationId);
    const serviceId = String(olds.serviceId);
    const api = client.reversePrivateEndpoints;
    await deleteIfPresent(() => api.delete(settings.organizationId, serviceId, id));
    await untilDeleted(api, settings.organizationId, serviceId, id);
  },
};

/**
 * POSTs the endpoint so that exactly one exists afterwards. The API dates no endpoint, so the endpoints are listed
 * before the create: when the reply is lost, an endpoint not in that list and with exactly the requested fields is
 * the one it made (an older twin, such as the Failed endpoint this one replaces, is never taken); with none, the
 * create is sent again.
 */
async function createExactlyOne(
  organizationId: string,
  serviceId: string,
  request: ReversePrivateEndpointCreateRequest,
): Promise<RemoteEndpoint> {
  const api = providerContext.management(organizationId).client.reversePrivateEndpoints;
  return createWithReconcile<RemoteEndpoint, RemoteEndpoint>({
    kind: "ReversePrivateEndpoint",
    what: `a reverse private endpoint of service ${serviceId}`,
    send: () => api.create(organizationId, serviceId, request),
    list: () => api.list(organizationId, serviceId),
    hasSentFields: (endpoint) => hasRequestedFields(endpoint, request as unknown as PropertyBag),
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
  organizationId: string,
  serviceId: string,
  initial: RemoteEndpoint,
  inputs: PropertyBag,
  news: PropertyBag,
): Promise<RemoteEndpoint> {
  const api = providerContext.management(organizationId).client.reversePrivateEndpoints;
  const timeoutSeconds = Number(inputs.readyTimeoutSeconds ?? DEFAULT_READY_TIMEOUT_SECONDS);
  const endpoint = await waitUntil({
    initial,
    poll: () => api.get(organizationId, serviceId, initial.id),
    done: (current) => current.status !== "Provisioning",
    timeoutSeconds,
    pollIntervalMs: POLL_INTERVAL_MS,
    onWait: (current, waited) =>
      progress(
        "ReversePrivateEndpoint",
        `${current.id}: status Provisioning after ${waited} s, waiting for it to finish`,
      ),
    onTimeout: (current) =>
      new PartialCreateError(
        current.id,
        `reverse private endpoint ${current.id} was not Ready after ${timeoutSeconds} s (status Provisioning); ` +
          "the next `pulumi up` waits for it again",
        endpointOutputs(inputs, organizationId, current),
        news,
      ),
  });
  if (endpoint.status === "Ready") return endpoint;
  const outs = endpointOutputs(inputs, organizationId, endpoint);
  if (isUnusable(endpoint.status)) {
    throw new PartialCreateError(
      endpoint.id,
      unusableMessage(endpoint.id, endpoint.status, outs),
      outs,
      news,
    );
  }
  progress(
    "ReversePrivateEndpoint",
    endpoint.status === "PendingAcceptance"
      ? acceptanceWarning(endpoint.id, outs)
      : unsettledNote(endpoint.id, endpoint.status),
  );
  return endpoint;
}
