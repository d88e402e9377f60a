/**
 * Reading a reverse private endpoint as the API returns it, tolerantly: only `id` and `status` are sure to be
 * there. Every other field is taken when it has the expected shape and otherwise left out, so a field the API
 * adds, drops or reports as null never fails a read and never shows as a change after a refresh.
 */
import type { ReversePrivateEndpoint as RemoteEndpoint } from "../../rest";
import { bodyInputNames } from "../support/derive";
import { pick, type PropertyBag } from "../support/properties";
import { definition } from "./definition";

/** The create request's fields; each is also an input and an output. */
export const requestFields = bodyInputNames(definition);

/** Inputs that are not fields of the API's object; echoed in the outputs so that `read` can rebuild the inputs. */
const nonApiInputs = ["adoptId", "readyTimeoutSeconds"] as const;

/**
 * Outputs: the inputs that are not API fields, the requested fields as the API reports them (the requested
 * value where the API leaves one out or reports null), and the endpoint's own fields. `inputs` are the create's
 * inputs, or the previous outputs on a read.
 */
export function endpointOutputs(
  inputs: PropertyBag,
  organizationId: string,
  endpoint: RemoteEndpoint,
): PropertyBag {
  const remote = endpoint as unknown as PropertyBag;
  return {
    ...pick(inputs, nonApiInputs),
    ...pick(inputs, requestFields),
    ...strings(remote, [...requestFields, "endpointId"]),
    dnsNames: stringList(remote.dnsNames),
    privateDnsNames: stringList(remote.privateDnsNames),
    status: endpoint.status,
    organizationId,
    serviceId: typeof remote.serviceId === "string" ? remote.serviceId : inputs.serviceId,
  };
}

/**
 * Whether `endpoint` has the requested fields: each field the API reports must equal the request's ("" and
 * null counting as absent); a field the API leaves out cannot tell and does not count against it.
 */
export function hasRequestedFields(endpoint: RemoteEndpoint, request: PropertyBag): boolean {
  const remote = endpoint as unknown as PropertyBag;
  return requestFields.every((field) => {
    const reported = present(remote[field]);
    return reported === undefined || reported === present(request[field]);
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
