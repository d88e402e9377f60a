/**
 * The endpoint's request, and reading an endpoint as the API returns it, tolerantly: only `id` and `status` are
 * sure to be there. Every other field is taken when it has the expected shape and otherwise left out, so a field
 * the API adds, drops or reports as null never fails a read and never shows as a change after a refresh. The
 * custom private DNS names travel as mappings (`dnsNames.ts`).
 */
import type {
  ReversePrivateEndpoint as RemoteEndpoint,
  ReversePrivateEndpointCreateRequest,
} from "../../rest";
import { bodyInputNames } from "../derive/specs";
import { requestBodyFor } from "../derive/requestBody";
import { mskAuthentications, reversePrivateEndpointTypes } from "../../../schemas";
import { fieldsOf } from "../../propertyBags";
import { listed, setOrUndefined, stringList, text } from "../fields/reportedValues";
import { definition } from "./definition";
import { mappingsOf, namesShown } from "./dnsNames";
import type { ReversePrivateEndpointInputs, ReversePrivateEndpointOutputs } from "./shapes";

/** The create request's fields; each is also an input and an output. */
const requestFields = bodyInputNames(definition);

const bodyOf = requestBodyFor(definition);

/** The create request for the inputs: the body inputs, and the custom private DNS names when set. */
export function requestOf(inputs: ReversePrivateEndpointInputs): ReversePrivateEndpointCreateRequest {
  const names = inputs.customPrivateDnsNames;
  const body = bodyOf(inputs);
  return names === undefined || names === null
    ? body
    : { ...body, customPrivateDnsMappings: mappingsOf(names) };
}

/**
 * Outputs: the inputs that are not API fields, the requested fields as the API reports them (the requested
 * value where the API leaves one out, reports null, or reports a type or authentication the API does not list), and
 * the endpoint's own fields. `inputs` are the create's inputs, or the previous outputs on a read. The schema checks
 * only the endpoint's id and status, so each other field is read when it has the expected shape.
 */
export function endpointOutputs(
  inputs: ReversePrivateEndpointInputs | ReversePrivateEndpointOutputs,
  organizationId: string,
  endpoint: RemoteEndpoint,
): ReversePrivateEndpointOutputs {
  const adoptId = setOrUndefined(inputs.adoptId);
  const readyTimeoutSeconds = setOrUndefined(inputs.readyTimeoutSeconds);
  const description = text(endpoint.description) ?? setOrUndefined(inputs.description);
  const vpcEndpointServiceName =
    text(endpoint.vpcEndpointServiceName) ?? setOrUndefined(inputs.vpcEndpointServiceName);
  const vpcResourceConfigurationId =
    text(endpoint.vpcResourceConfigurationId) ?? setOrUndefined(inputs.vpcResourceConfigurationId);
  const vpcResourceShareArn =
    text(endpoint.vpcResourceShareArn) ?? setOrUndefined(inputs.vpcResourceShareArn);
  const mskClusterArn = text(endpoint.mskClusterArn) ?? setOrUndefined(inputs.mskClusterArn);
  const mskAuthentication =
    listed(mskAuthentications, endpoint.mskAuthentication) ?? setOrUndefined(inputs.mskAuthentication);
  const gcpServiceAttachment =
    text(endpoint.gcpServiceAttachment) ?? setOrUndefined(inputs.gcpServiceAttachment);
  const endpointId = text(endpoint.endpointId);
  return {
    ...(adoptId === undefined ? {} : { adoptId }),
    ...(readyTimeoutSeconds === undefined ? {} : { readyTimeoutSeconds }),
    type: listed(reversePrivateEndpointTypes, endpoint.type) ?? inputs.type,
    ...(description === undefined ? {} : { description }),
    ...(vpcEndpointServiceName === undefined ? {} : { vpcEndpointServiceName }),
    ...(vpcResourceConfigurationId === undefined ? {} : { vpcResourceConfigurationId }),
    ...(vpcResourceShareArn === undefined ? {} : { vpcResourceShareArn }),
    ...(mskClusterArn === undefined ? {} : { mskClusterArn }),
    ...(mskAuthentication === undefined ? {} : { mskAuthentication }),
    ...(gcpServiceAttachment === undefined ? {} : { gcpServiceAttachment }),
    ...(endpointId === undefined ? {} : { endpointId }),
    dnsNames: stringList(endpoint.dnsNames),
    privateDnsNames: stringList(endpoint.privateDnsNames),
    // The names the endpoint has, not those requested: a list left out or null is none, as it would be for an
    // endpoint whose names were cleared elsewhere.
    customPrivateDnsNames: namesShown(endpoint.customPrivateDnsMappings),
    status: endpoint.status,
    organizationId,
    serviceId: text(endpoint.serviceId) ?? inputs.serviceId,
  };
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

function present(value: unknown): unknown {
  return value === null || value === "" ? undefined : value;
}
