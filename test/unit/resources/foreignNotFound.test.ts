/**
 * Every kind's read and delete, through the provider, against a 404 that is not the API's own not-found answer (a
 * proxy's page, a gateway's JSON): the operation fails naming the URL, so a refresh never drops the resource from
 * state and a destroy never forgets an object that may still exist. The helpers are tested alone elsewhere; this
 * is the same rule as each kind applies it.
 */
import { expect } from "chai";
import { CannedServer, type CannedResponse } from "../../support/cannedServer";
import { failureOf } from "../../support/failureOf";
import { configureKindsForCannedServer } from "../../support/providerConfig";
import { providerOf } from "../../support/providers";

const organizationId = "0f8e5a52-6c1d-4a7e-9d0b-3c2f1e4d5a6b";
const serviceId = "5b2d9c4e-1a3f-4e6d-8b7c-9a0e1f2d3c4b";
const endpointUuid = "7c3e1a2b-4d5f-4a6b-8c9d-0e1f2a3b4c5d";
const keyUuid = "3c1d7e2a-9b4f-4a6e-8d2c-1f0e9a8b7c6d";
const alertId = "65a1f0c2b3d4e5f60718293a";

const foreignAnswers: Record<string, CannedResponse> = {
  "a proxy's HTML page": {
    status: 404,
    body: "<html><head><title>404 Not Found</title></head><body><h1>404 Not Found</h1>nginx</body></html>",
    headers: { "content-type": "text/html" },
  },
  "a gateway's JSON of another shape": {
    status: 404,
    body: JSON.stringify({ code: 404, reason: "no route" }),
  },
};

/** Each kind's id and recorded properties, as state holds them. */
const kinds: Array<{ kind: string; id: string; props: Record<string, unknown>; deletes: boolean }> = [
  {
    kind: "ReversePrivateEndpoint",
    id: endpointUuid,
    props: { serviceId, organizationId, type: "VPC_ENDPOINT_SERVICE", vpcEndpointServiceName: "com.x" },
    deletes: true,
  },
  {
    kind: "ReplicaScaling",
    id: serviceId,
    props: { serviceId, organizationId, numReplicas: 3 },
    deletes: false,
  },
  { kind: "ApiKey", id: keyUuid, props: { name: "ci", roles: ["developer"], organizationId }, deletes: true },
  {
    kind: "PrivateEndpoint",
    id: `${serviceId}/vpce-0a1b2c3d4e5f60718`,
    props: { serviceId, endpointId: "vpce-0a1b2c3d4e5f60718", organizationId },
    deletes: true,
  },
  {
    kind: "Alert",
    id: alertId,
    props: {
      source: "tile",
      dashboardId: alertId,
      tileId: "t",
      threshold: 1,
      thresholdType: "above",
      interval: "5m",
    },
    deletes: true,
  },
];

describe("every kind: a 404 that is not the API's own is an error, never 'gone'", function () {
  this.timeout(30_000);
  let server: CannedServer;
  let restoreKinds: () => Promise<void>;
  let answer: CannedResponse;

  before(async () => {
    server = await new CannedServer(() => answer).start();
    restoreKinds = await configureKindsForCannedServer(
      kinds.map(({ kind }) => kind),
      server.url,
      organizationId,
    );
  });

  after(async () => {
    await server.stop();
    await restoreKinds();
  });

  for (const [what, canned] of Object.entries(foreignAnswers)) {
    for (const { kind, id, props, deletes } of kinds) {
      it(`${kind}: refresh meeting ${what} fails and keeps the resource`, async () => {
        answer = canned;
        const sentBefore = server.received.length;
        const error = await failureOf(() => providerOf(kind).read!(id, props));
        expect(error.message).to.contain("404");
        expect(error.message).to.contain(server.url);
        expect(server.received.length).to.be.greaterThan(sentBefore);
      });

      if (deletes) {
        it(`${kind}: destroy meeting ${what} fails, so the object is not forgotten`, async () => {
          answer = canned;
          const error = await failureOf(() => providerOf(kind).delete!(id, props));
          expect(error.message).to.contain("404");
          expect(error.message).to.contain(server.url);
        });
      }
    }
  }
});
