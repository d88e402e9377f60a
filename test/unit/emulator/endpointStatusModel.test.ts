/** Reverse private endpoint statuses as the emulator computes them from timestamps, driven directly. */
import { expect } from "chai";
import { ApiError } from "../../../emulator/server/errors";
import { assignStatus, purgeGoneEndpoints, statusOf } from "../../../emulator/model/reversePrivateEndpoints";
import type { EmulatorState, ReversePrivateEndpointRecord } from "../../../emulator/state/types";

const now = 1_700_000_000_000;

function endpoint(fields: Partial<ReversePrivateEndpointRecord>): ReversePrivateEndpointRecord {
  return { id: "ep-1", readyAt: now, ...fields } as ReversePrivateEndpointRecord;
}

describe("emulator: reverse private endpoint statuses", () => {
  it("reads an endpoint stored without an outcome as Ready once provisioned, Provisioning before", () => {
    expect(statusOf(endpoint({}), now)).to.equal("Ready");
    expect(statusOf(endpoint({}), now - 1)).to.equal("Provisioning");
    expect(statusOf(endpoint({ outcome: "PendingAcceptance" }), now)).to.equal("PendingAcceptance");
  });

  it("drops a deleted endpoint when its Deleting phase ends, not before", () => {
    const state = { reversePrivateEndpoints: [endpoint({ goneAt: now })] } as EmulatorState;
    expect(purgeGoneEndpoints(state, now - 1)).to.equal(false);
    expect(state.reversePrivateEndpoints).to.have.length(1);
    expect(purgeGoneEndpoints(state, now)).to.equal(true);
    expect(state.reversePrivateEndpoints).to.deep.equal([]);
  });

  it("refuses to give a status to an endpoint that does not exist, naming it", () => {
    const state = { reversePrivateEndpoints: [] as ReversePrivateEndpointRecord[] } as EmulatorState;
    let refusal: unknown;
    try {
      assignStatus(state, "nope", "Ready", now);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).to.be.instanceOf(ApiError);
    expect((refusal as ApiError).statusCode).to.equal(404);
    expect((refusal as ApiError).message).to.equal("Reverse private endpoint nope not found");
  });
});
