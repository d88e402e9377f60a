import { expect } from "chai";
import {
  acceptanceWarning,
  isUnsettled,
  isUnusable,
  unsettledNote,
  unusableMessage,
} from "../../../provider/resources/reversePrivateEndpoint/statuses";

// What a user reads for each status of a reverse private endpoint and each of its four types: who must accept
// the connection (the owner of the VPC endpoint service, of the resource share, of the MSK cluster, or of the GCP
// service attachment) and where. The create tests go through the emulator for one type per status; these cover the rest.
const vpcEndpointService = {
  type: "VPC_ENDPOINT_SERVICE",
  vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0a1b2c3d4e5f60718",
  endpointId: "vpce-0123456789abcdef0",
};
const vpcResource = {
  type: "VPC_RESOURCE",
  vpcResourceShareArn:
    "arn:aws:ram:us-east-1:123456789012:resource-share/7ab63972-b505-4a56-a7b5-5c3f9ea2b7d1",
  vpcResourceConfigurationId: "rcfg-0123456789abcdef0",
};
const mskMultiVpc = {
  type: "MSK_MULTI_VPC",
  mskClusterArn: "arn:aws:kafka:us-east-1:123456789012:cluster/orders/1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d-2",
};
const gcpServiceAttachment = {
  type: "GCP_PSC_SERVICE_ATTACHMENT",
  gcpServiceAttachment: "projects/analytics/regions/us-east1/serviceAttachments/orders-db",
};

describe("ReversePrivateEndpoint: what each status tells the user", () => {
  it("PendingAcceptance names who must accept, for each type, and how it becomes Ready", () => {
    expect(acceptanceWarning("rpe-1", vpcEndpointService)).to.equal(
      "warning: reverse private endpoint rpe-1 is PendingAcceptance: the owner of VPC endpoint service " +
        "com.amazonaws.vpce.us-east-1.vpce-svc-0a1b2c3d4e5f60718 must accept the connection request of VPC endpoint " +
        "vpce-0123456789abcdef0 (AWS console: VPC, Endpoint services, Endpoint connections; or " +
        "`aws ec2 accept-vpc-endpoint-connections`). It is recorded with that status; once it is accepted, " +
        "`pulumi refresh` or the next `pulumi up` shows it Ready.",
    );
    expect(acceptanceWarning("rpe-2", { ...vpcEndpointService, endpointId: undefined })).to.contain(
      "connection request of VPC endpoint (not reported yet) (AWS console",
    );
    expect(acceptanceWarning("rpe-3", vpcResource)).to.contain(
      "is PendingAcceptance: the owner of resource share " +
        "arn:aws:ram:us-east-1:123456789012:resource-share/7ab63972-b505-4a56-a7b5-5c3f9ea2b7d1 must accept the " +
        "connection to resource configuration rcfg-0123456789abcdef0 (AWS RAM and VPC Lattice, in the account " +
        "that owns the share). It is recorded",
    );
    expect(acceptanceWarning("rpe-4", mskMultiVpc)).to.contain(
      "is PendingAcceptance: the owner of MSK cluster " +
        "arn:aws:kafka:us-east-1:123456789012:cluster/orders/1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d-2 must accept the " +
        "multi-VPC connection (Amazon MSK console: the cluster's client VPC connections; its cluster policy must " +
        "allow the connection). It is recorded",
    );
    expect(acceptanceWarning("rpe-6", gcpServiceAttachment)).to.contain(
      "is PendingAcceptance: the owner of GCP service attachment " +
        "projects/analytics/regions/us-east1/serviceAttachments/orders-db must accept the connection (Google Cloud " +
        "console: Private Service Connect, Published services; or add ClickHouse Cloud's project to the " +
        "attachment's consumer accept list). It is recorded",
    );
    expect(acceptanceWarning("rpe-5", { type: "SOMETHING_NEW" })).to.contain(
      "is PendingAcceptance: the owner of the other side of the connection must accept the connection. It is",
    );
  });

  it("Failed, Rejected, Expired and Deleting are final and name the other side; the next up replaces them", () => {
    const replaced = "; the next `pulumi up` replaces it";
    expect(unusableMessage("rpe-1", "Failed", mskMultiVpc)).to.equal(
      `reverse private endpoint rpe-1 failed to provision (status Failed)${replaced}`,
    );
    expect(unusableMessage("rpe-1", "Deleting", vpcResource)).to.equal(
      `reverse private endpoint rpe-1 is being deleted (status Deleting)${replaced}`,
    );
    expect(unusableMessage("rpe-1", "Rejected", vpcResource)).to.equal(
      "reverse private endpoint rpe-1 was rejected by the owner of resource share " +
        `${vpcResource.vpcResourceShareArn} (status Rejected)${replaced}`,
    );
    expect(unusableMessage("rpe-1", "Expired", vpcEndpointService)).to.equal(
      "reverse private endpoint rpe-1 expired before the owner of VPC endpoint service " +
        `${vpcEndpointService.vpcEndpointServiceName} accepted the connection (status Expired)${replaced}`,
    );
    expect(unusableMessage("rpe-1", "Rejected", gcpServiceAttachment)).to.equal(
      "reverse private endpoint rpe-1 was rejected by the owner of GCP service attachment " +
        `${gcpServiceAttachment.gcpServiceAttachment} (status Rejected)${replaced}`,
    );
    expect(unusableMessage("rpe-1", "Rejected", { type: "SOMETHING_NEW" })).to.equal(
      `reverse private endpoint rpe-1 was rejected by the owner of the other side of the connection (status Rejected)${replaced}`,
    );
    expect(unusableMessage("rpe-1", "Gone", vpcResource)).to.equal(
      `reverse private endpoint rpe-1 has status Gone${replaced}`,
    );
  });

  it("sorts the API's eight statuses: Provisioning, PendingAcceptance and Unknown are read again, Ready is done", () => {
    const final = ["Failed", "Rejected", "Expired", "Deleting"];
    const readAgain = ["Unknown", "Provisioning", "PendingAcceptance", "SomethingNew"];
    for (const status of final)
      expect([status, isUnusable(status), isUnsettled(status)]).to.deep.equal([status, true, false]);
    for (const status of readAgain)
      expect([status, isUnusable(status), isUnsettled(status)]).to.deep.equal([status, false, true]);
    expect([isUnusable("Ready"), isUnsettled("Ready")]).to.deep.equal([false, false]);
    expect([isUnusable(undefined), isUnsettled(undefined), isUnusable("toString")]).to.deep.equal([
      false,
      false,
      false,
    ]);
    expect(unsettledNote("rpe-1", "Provisioning")).to.equal(
      "reverse private endpoint rpe-1 reports status Provisioning; it is recorded as it is, and the next `pulumi up` reads it again",
    );
  });
});
