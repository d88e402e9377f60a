/**
 * The endpoint's request, and reading an endpoint as the API returns it, tolerantly: only `id` and `status` are
 * sure to be there. Every other field is taken when it has the expected shape and otherwise left out, so a field
 * the API adds, drops or reports as null never fails a read and never shows as a change after a refresh.
 */
import type {
  ReversePrivateEndpoint as RemoteEndpoint,
  ReversePrivateEndpointCreateRequest,
} from "../../rest";
import { bodyInputNames } from "../derive/specs";
import { requestBodyFor } from "../derive/requestBody";
import { fieldsOf, pick, type PropertyBag } from "../../propertyBags";
import { definition } from "./definition";
import type { ReversePrivateEndpointInputs, ReversePrivateEndpointOutputs } from "./shapes";

/** The create request's fields; each is also an input and an output. */
const requestFields = bodyInputNames(definition);

/** Inputs that are not fields of the API's object; echoed in the outputs so that `read` can rebuild the inputs. */
const nonApiInputs = ["adoptId", "readyTimeoutSeconds"] as const;

/** The create request for the inputs. */
export const requestOf: (inputs: ReversePrivateEndpointInputs) => ReversePrivateEndpointCreateRequest =
  requestBodyFor(definition);

/**
 * Outputs: the inputs that are not API fields, the requested fields as the API reports them (the requested
 * value where the API leaves one out or reports null), and the endpoint's own fields. `inputs` are the create's
 * inputs, or the previous outputs on a read.
 */
export function endpointOutputs(
  inputs: ReversePrivateEndpointInputs | ReversePrivateEndpointOutputs,
  organizationId: string,
  endpoint: RemoteEndpoint,
): ReversePrivateEndpointOutputs {
  const remote = fieldsOf(endpoint);
  const outputs: PropertyBag = {
    ...pick(inputs, nonApiInputs),
    ...pick(inputs, requestFields),
    ...strings(remote, [...requestFields, "endpointId"]),
    dnsNames: stringList(remote.dnsNames),
    privateDnsNames: stringList(remote.privateDnsNames),
    status: endpoint.status,
    organizationId,
    serviceId: typeof remote.serviceId === "string" ? remote.serviceId : inputs.serviceId,
  };
  // The API's answer was validated against its schema, which requires what the outputs always carry.
  return outputs as ReversePrivateEndpointOutputs;
}

/**
 * Whether `endpoint` has the requested fields: each field the API reports must equal the request's ("" and
 * null counting as absent); a field the API leaves out cannot tell and does not count against it.
 */
export function hasRequestedFields(
  endpoint: RemoteEndpoint,
  request: ReversePrivateEndpointCreateRequest,
): boolean {
  const remote = fieldsOf(endpoint);
  const requested = fieldsOf(request);
  return requestFields.every((field) => {
    const reported = present(remote[field]);
    return reported === undefined || reported === present(requested[field]);
  });
}

function strings(bag: PropertyBag, fields: readonly string[]): PropertyBag {
  return Object.fromEntries(
    fields.flatMap((field) => (typeof bag[field] === "string" ? [[field, bag[field]]] : [])),
  );
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

function present(value: unknown): unknown {
  return value === null || value === "" ? undefined : value;
}
