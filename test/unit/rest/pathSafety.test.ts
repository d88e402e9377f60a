import { expect } from "chai";
import {
  assertPathSegmentsSafe,
  PathSegmentError,
  pathSegment,
} from "../../../provider/rest/transport/pathSegment";
import { failureOf } from "../../support/failureOf";
import { managementClientFor, observabilityClientFor } from "../../support/clients";
import { CannedServer } from "../../support/cannedServer";
import { apiErrorOf, testOptions } from "../../support/restHarness";

const organizationId = "0b3c2d4e-5f60-4718-8293-a4b5c6d7e8f9";
const serviceId = "1c4d3e5f-6a71-4829-9304-b5c6d7e8f9a0";
const keyId = "2d5e4f6a-7b82-4930-a415-c6d7e8f9a0b1";

describe("path segments: no id reaches another object", () => {
  it("refuses an empty, dot or dot-dot parameter and encodes every other", () => {
    for (const value of ["", ".", ".."]) {
      expect(() => pathSegment("API key id", value), JSON.stringify(value)).to.throw(
        PathSegmentError,
        `API key id ${JSON.stringify(value)} cannot be used in a URL: an id must not be empty, "." or ".."`,
      );
    }
    expect(pathSegment("id", "a/b")).to.equal("a%2Fb");
    expect(pathSegment("id", "...")).to.equal("...");
    expect(pathSegment("id", "%2e%2e")).to.equal("%252e%252e");
  });

  it("refuses a whole path with such a segment, percent-encoded ones included", () => {
    for (const path of [
      "/v1/organizations/..",
      "/v1/organizations/x/./keys",
      "/v1//keys",
      "/api/v2/alerts/%2E%2e",
    ]) {
      expect(() => assertPathSegmentsSafe(path), path).to.throw(PathSegmentError, JSON.stringify(path));
    }
    expect(() => assertPathSegmentsSafe(`/v1/organizations/${organizationId}/keys`)).to.not.throw();
  });

  describe("through the clients, against a server that would answer anything", () => {
    let server: CannedServer;
    beforeEach(async () => {
      server = await new CannedServer(() => ({
        status: 200,
        body: JSON.stringify({ status: 200, requestId: "r", result: { id: organizationId, name: "org" } }),
      })).start();
    });
    afterEach(() => server.stop());

    it("sends nothing for an API key, endpoint, service or alert id of '..'", async () => {
      const management = managementClientFor(server.url, testOptions([]));
      const observability = observabilityClientFor(server.url, testOptions([]));
      const attempts: Array<[string, () => Promise<unknown>]> = [
        ["key delete", () => management.keys.delete(organizationId, "..")],
        ["key update", () => management.keys.update(organizationId, "..", { name: "n" })],
        ["key read", () => management.keys.get(organizationId, "..")],
        ["endpoint delete", () => management.reversePrivateEndpoints.delete(organizationId, serviceId, "..")],
        ["service read", () => management.services.get(organizationId, ".")],
        ["organization read", () => management.organizations.get("..")],
        ["alert delete", () => observability.alerts.delete("..")],
      ];
      for (const [what, attempt] of attempts) {
        const error = await failureOf(attempt);
        expect(error, what).to.be.instanceOf(PathSegmentError);
      }
      expect(server.received.map((request) => `${request.method} ${request.url}`)).to.deep.equal([]);
    });

    it("does not take another object read back for the one asked for", async () => {
      const management = managementClientFor(server.url, testOptions([]));
      const error = await apiErrorOf(management.keys.get(organizationId, keyId));
      expect(error.code).to.equal("UNEXPECTED_RESPONSE");
      expect(error.message).to.contain(`asked for ${keyId}, got an object with id ${organizationId}`);
      expect(server.received).to.have.length(1);
    });

    it("takes the object it asked for, whatever the case of its id", async () => {
      const management = managementClientFor(server.url, testOptions([]));
      const organization = await management.organizations.get(organizationId.toUpperCase());
      expect(organization.id).to.equal(organizationId);
    });
  });
});
