/**
 * What each status of a reverse private endpoint means for the resource. The API reports Unknown, Provisioning,
 * Deleting, Ready, Failed, PendingAcceptance, Rejected and Expired:
 * - Provisioning is the only status worth waiting through;
 * - Ready is the goal;
 * - PendingAcceptance waits for the owner of the other side to accept the connection, which may take days: the
 *   create ends at once with a warning saying who must accept it, and a later `up` or refresh reads it again;
 * - Failed, Rejected and Expired are final, and Deleting means it is going away: the endpoint is recorded and the
 *   next `up` replaces it;
 * - Unknown, or a status the API adds later, is recorded as it is and read again by the next `up`.
 */
import type { PropertyBag } from "../../propertyBags";

/** Statuses of an endpoint that can never become usable: the next `up` replaces it. */
const unusable: Record<string, (target: string) => string> = {
  Failed: () => "failed to provision (status Failed)",
  Rejected: (target) => `was rejected by the owner of ${target} (status Rejected)`,
  Expired: (target) => `expired before the owner of ${target} accepted the connection (status Expired)`,
  Deleting: () => "is being deleted (status Deleting)",
};

export function isUnusable(status: unknown): boolean {
  return typeof status === "string" && Object.hasOwn(unusable, status);
}

/** Statuses the resource reads again on the next `up` (an in-place update that only reads and waits). */
export function isUnsettled(status: unknown): boolean {
  return typeof status === "string" && status !== "Ready" && !isUnusable(status);
}

/** "reverse private endpoint <id> was rejected by the owner of ...; the next `pulumi up` replaces it" */
export function unusableMessage(id: string, status: string, fields: PropertyBag): string {
  const reason = isUnusable(status) ? unusable[status](targetOf(fields)) : `has status ${status}`;
  return `reverse private endpoint ${id} ${reason}; the next \`pulumi up\` replaces it`;
}

/** The warning for an endpoint that waits for the other side to accept it: who must accept it, and where. */
export function acceptanceWarning(id: string, fields: PropertyBag): string {
  return (
    `warning: reverse private endpoint ${id} is PendingAcceptance: ${whoAccepts(fields)}. It is recorded with ` +
    "that status; once it is accepted, `pulumi refresh` or the next `pulumi up` shows it Ready."
  );
}

/** The line for a status that is neither Ready nor known to be final (Unknown, or one the API adds later). */
export function unsettledNote(id: string, status: string): string {
  return (
    `reverse private endpoint ${id} reports status ${status}; it is recorded as it is, and the next ` +
    "`pulumi up` reads it again"
  );
}

function whoAccepts(fields: PropertyBag): string {
  switch (fields.type) {
    case "VPC_ENDPOINT_SERVICE":
      return (
        `the owner of VPC endpoint service ${String(fields.vpcEndpointServiceName)} must accept the connection ` +
        `request of VPC endpoint ${String(fields.endpointId ?? "(not reported yet)")} (AWS console: VPC, ` +
        "Endpoint services, Endpoint connections; or `aws ec2 accept-vpc-endpoint-connections`)"
      );
    case "VPC_RESOURCE":
      return (
        `the owner of resource share ${String(fields.vpcResourceShareArn)} must accept the connection to ` +
        `resource configuration ${String(fields.vpcResourceConfigurationId)} (AWS RAM and VPC Lattice, in the ` +
        "account that owns the share)"
      );
    case "MSK_MULTI_VPC":
      return (
        `the owner of MSK cluster ${String(fields.mskClusterArn)} must accept the multi-VPC connection ` +
        "(Amazon MSK console: the cluster's client VPC connections; its cluster policy must allow the connection)"
      );
    case "GCP_PSC_SERVICE_ATTACHMENT":
      return (
        `the owner of GCP service attachment ${String(fields.gcpServiceAttachment)} must accept the connection ` +
        "(Google Cloud console: Private Service Connect, Published services; or add ClickHouse Cloud's project " +
        "to the attachment's consumer accept list)"
      );
    default:
      return `the owner of ${targetOf(fields)} must accept the connection`;
  }
}

function targetOf(fields: PropertyBag): string {
  switch (fields.type) {
    case "VPC_ENDPOINT_SERVICE":
      return `VPC endpoint service ${String(fields.vpcEndpointServiceName)}`;
    case "VPC_RESOURCE":
      return `resource share ${String(fields.vpcResourceShareArn)}`;
    case "MSK_MULTI_VPC":
      return `MSK cluster ${String(fields.mskClusterArn)}`;
    case "GCP_PSC_SERVICE_ATTACHMENT":
      return `GCP service attachment ${String(fields.gcpServiceAttachment)}`;
    default:
      return "the other side of the connection";
  }
}
