/**
 * The resources a long run manages, kind by kind: the inputs a program would give a new one, and the change an
 * update makes. ReplicaScaling manages the settings of an existing service, so the run keeps at most one per
 * service it scales (the production service and the secondary one, whose tiers allow 2..5 replicas); a
 * PrivateEndpoint is an attachment to a service, unique by its endpoint id.
 */
import type { Fixture } from "../../../../../emulator";

export const longRunKinds = [
  "ReversePrivateEndpoint",
  "ReplicaScaling",
  "ApiKey",
  "PrivateEndpoint",
  "Alert",
] as const;
export type LongRunKind = (typeof longRunKinds)[number];

const apiKeyType = "pulumi-nodejs:dynamic/clickhouse:ApiKey";

/** Every object the run makes is named with this prefix, so it can be told apart from the fixture's. */
export const longRunPrefix = "long-run";

export type Inputs = Record<string, unknown>;

/** Inputs of the `serial`-th resource of `kind`; `serviceId` is the service a ReplicaScaling manages. */
export function inputsFor(kind: LongRunKind, serial: number, fixture: Fixture, serviceId: string): Inputs {
  const name = `${longRunPrefix}-${serial}`;
  switch (kind) {
    case "ReversePrivateEndpoint":
      return {
        serviceId: fixture.services.production,
        type: "VPC_ENDPOINT_SERVICE",
        vpcEndpointServiceName: `com.amazonaws.vpce.us-east-1.vpce-svc-0longrun${serial}`,
        description: name,
      };
    case "ReplicaScaling":
      return { serviceId, numReplicas: 2 + (serial % 3) };
    case "ApiKey":
      // The URN the class passes, as the engine would give this resource: an issued key's create marks its key
      // with it, so the closing run's create deletes a key a failed create left under that mark.
      return {
        name,
        roles: ["developer"],
        __urn: `urn:pulumi:long-run::reliability::${apiKeyType}::${name}`,
      };
    case "PrivateEndpoint":
      return {
        serviceId: fixture.services.production,
        endpointId: `vpce-0longrun${String(serial).padStart(9, "0")}`,
        description: name,
      };
    case "Alert": {
      const dashboard = fixture.dashboards[0];
      return {
        name,
        source: "tile",
        dashboardId: dashboard.id,
        tileId: dashboard.tileIds[serial % dashboard.tileIds.length],
        threshold: serial,
        thresholdType: "above",
        interval: "5m",
        channel: { type: "webhook", webhookId: fixture.webhooks[0].id },
      };
    }
  }
}

/**
 * The inputs after an update: a field each kind updates in place; a reverse private endpoint updates only its custom
 * private DNS names in place (an input of the production wire), so its change here (the description) replaces it, as
 * the engine does.
 */
export function updatedInputs(kind: LongRunKind, inputs: Inputs, round: number): Inputs {
  switch (kind) {
    case "ReversePrivateEndpoint":
    case "PrivateEndpoint":
      return { ...inputs, description: `${String(inputs.description).split(" ")[0]} v${round}` };
    case "ReplicaScaling":
      return { ...inputs, numReplicas: 2 + (round % 4) };
    case "ApiKey":
      return { ...inputs, roles: round % 2 === 0 ? ["developer"] : ["admin"] };
    case "Alert":
      return { ...inputs, threshold: Number(inputs.threshold) + round };
  }
}

/** True when an update of this kind replaces the object instead of changing it. */
export function updateReplaces(kind: LongRunKind): boolean {
  return kind === "ReversePrivateEndpoint";
}
