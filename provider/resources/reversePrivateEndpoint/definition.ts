/**
 * The ReversePrivateEndpoint resource: a private connection from a service to a VPC, an MSK cluster or a GCP service
 * attachment.
 */
import {
  adoptIdInput,
  organizationIdInput,
  outputOf,
  readyTimeoutInput,
  serviceIdInput,
} from "../fields/sharedFields";
import type { InputField, OutputField, ResourceDefinition } from "../definition";
import { customPrivateDnsNamesRule, productionOnlyFields } from "./dnsNames";

const schemas = "../schemas";

/** A field of the create that no update changes: the API's one update (PATCH) takes the DNS names alone. */
function requestField(description: string, extra: Partial<InputField> = {}): InputField {
  return { description: `${description} Changing it replaces the endpoint.`, change: "replace", ...extra };
}

function reported(description: string, extra: Partial<OutputField> = {}): OutputField {
  return { description, schema: { type: "string" }, ...extra };
}

export const definition: ResourceDefinition<"reversePrivateEndpointCreateProduction"> = {
  kind: "ReversePrivateEndpoint",
  module: "clickhouse",
  description:
    "A reverse private endpoint of a service: a private connection from the service to a VPC endpoint service, a " +
    "VPC resource, an MSK cluster or (production wire) a GCP Private Service Connect service attachment. Create " +
    "waits while the endpoint is Provisioning: it ends Ready, or PendingAcceptance (with a warning naming who must " +
    "accept the connection; a later refresh or `up` reads it again); a Failed, Rejected or Expired endpoint is " +
    "recorded and replaced by the next `up`. Delete waits until it is gone. The custom private DNS names (customPrivateDnsNames, production wire) change in place, with one " +
    "PATCH of the whole list; the API updates nothing else of an endpoint, so any other input change replaces it. " +
    "While the service is idle the API refuses these operations: the service is woken up first, with a line saying so.",
  notes:
    "create waits while `Provisioning` (up to `readyTimeoutSeconds`); `PendingAcceptance` ends the create with a warning naming " +
    "who must accept the connection, and refresh or the next `up` reads it again in place; a `Failed`, `Rejected` " +
    "or `Expired` endpoint is recorded with its id and replaced by the next `up`; an idle service is woken first " +
    "(one line says so); delete waits until it is gone",
  id: "The endpoint's uuid, as the API reports it (the cloud provider's id is the `endpointId` output).",
  requestSchema: "reversePrivateEndpointCreateProduction",
  inputs: {
    serviceId: serviceIdInput(
      "The service (uuid) that owns the endpoint. Changing it replaces the endpoint.",
    ),
    type: requestField(
      "VPC_ENDPOINT_SERVICE, VPC_RESOURCE, MSK_MULTI_VPC or (production wire only) GCP_PSC_SERVICE_ATTACHMENT.",
      {
        type: { name: "ReversePrivateEndpointType", from: schemas },
        required: true,
      },
    ),
    description: requestField("Free text, at most 255 characters."),
    vpcEndpointServiceName: requestField(
      "The VPC endpoint service to connect to; required when type is VPC_ENDPOINT_SERVICE.",
    ),
    vpcResourceConfigurationId: requestField(
      "The VPC resource configuration; required when type is VPC_RESOURCE.",
    ),
    vpcResourceShareArn: requestField("The resource share ARN; required when type is VPC_RESOURCE."),
    mskClusterArn: requestField("The MSK cluster ARN; required when type is MSK_MULTI_VPC."),
    mskAuthentication: requestField("SASL_IAM or SASL_SCRAM; required when type is MSK_MULTI_VPC.", {
      type: { name: "MskAuthentication", from: schemas },
    }),
    gcpServiceAttachment: requestField(
      "The Google Private Service Connect service attachment to connect to, " +
        "`projects/{project}/regions/{region}/serviceAttachments/{name}`; required when type is " +
        "GCP_PSC_SERVICE_ATTACHMENT (production wire only).",
    ),
    customPrivateDnsNames: {
      description:
        "Private DNS names that resolve to the endpoint inside ClickHouse Cloud, for a ClickPipe to use as the " +
        "address of its source: exact names (`db.example.com`) or leading wildcards (`*.example.com`), each unique " +
        "across the service's endpoints and listed once; order and case don't matter. The whole list: a change " +
        "updates the endpoint in place, with one request that replaces its names. `[]` clears them; left out, " +
        "the endpoint's names are not managed (names set elsewhere stay). Not for MSK_MULTI_VPC endpoints. " +
        "Production wire only; on AWS the API offers them in private preview, to services ClickHouse support " +
        "enabled.",
      schema: { type: "array", items: { type: "string" } },
      outsideBody: true,
      change: "update",
      unsetMeansUnmanaged: true,
      rule: customPrivateDnsNamesRule,
    },
    organizationId: organizationIdInput,
    adoptId: adoptIdInput(
      "Adopts the existing endpoint with this id instead of creating one (the dynamic-provider classes cannot " +
        "be imported with `pulumi import`; with the native plugin, `pulumi import` works too). Its inputs must describe the endpoint as it is, but for customPrivateDnsNames, " +
        "which are given to it when set; deleting the resource deletes the endpoint.",
      "uuid",
    ),
    readyTimeoutSeconds: readyTimeoutInput(
      "How long create waits while the endpoint is Provisioning, in seconds.",
    ),
  },
  outputs: {
    endpointId: reported(
      "The cloud provider's id of the endpoint (e.g. a VPC endpoint id), when the API reports one; the API's own " +
        "uuid is the resource `id`.",
    ),
    serviceId: reported("The service (uuid) that owns the endpoint.", { alwaysSet: true }),
    organizationId: reported("The organization (uuid) of the service.", { alwaysSet: true }),
    type: reported("The endpoint's type.", {
      type: { name: "ReversePrivateEndpointType", from: schemas },
      alwaysSet: true,
    }),
    description: reported("The endpoint's description, when it has one."),
    vpcEndpointServiceName: reported("The VPC endpoint service it connects to (type VPC_ENDPOINT_SERVICE)."),
    vpcResourceConfigurationId: reported("The VPC resource configuration (type VPC_RESOURCE)."),
    vpcResourceShareArn: reported("The resource share ARN (type VPC_RESOURCE)."),
    mskClusterArn: reported("The MSK cluster ARN (type MSK_MULTI_VPC)."),
    mskAuthentication: reported("SASL_IAM or SASL_SCRAM (type MSK_MULTI_VPC).", {
      type: { name: "MskAuthentication", from: schemas },
    }),
    gcpServiceAttachment: reported(
      "The GCP service attachment it connects to (type GCP_PSC_SERVICE_ATTACHMENT).",
    ),
    customPrivateDnsNames: {
      description:
        "The endpoint's custom private DNS names, as the API reports them (empty when it has none, and on the " +
        "specification's wire).",
      schema: { type: "array", items: { type: "string" } },
      alwaysSet: true,
    },
    dnsNames: {
      description: "DNS names of the endpoint.",
      schema: { type: "array", items: { type: "string" } },
      alwaysSet: true,
    },
    privateDnsNames: {
      description: "Private DNS names of the endpoint.",
      schema: { type: "array", items: { type: "string" } },
      alwaysSet: true,
    },
    status: reported(
      "The API's status: Ready after a successful create, or PendingAcceptance when the owner of the other side " +
        "must still accept the connection (a later refresh or `up` reads it again). Failed, Rejected and Expired " +
        "endpoints are recorded and replaced by the next `up`; Unknown is recorded as it is.",
      { alwaysSet: true },
    ),
    adoptId: reported("The adopted endpoint's id, when the resource adopted one instead of creating it."),
    readyTimeoutSeconds: outputOf(
      "number",
      "How long create waited at most for Ready, in seconds, when set.",
    ),
  },
  dialectRules: { spec: [productionOnlyFields] },
};
