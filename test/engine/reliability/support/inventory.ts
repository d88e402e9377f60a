/**
 * What exists, told two ways that can be compared: the objects the emulator holds (read through its APIs) and the
 * objects a stack's state records. Each object is one "id name" line, so a duplicate, an orphan or a missing object
 * shows up as a plain difference between two sorted lists.
 */
import type { StateResource } from "../../../../scripts/lib/localStack";
import {
  type DirectApi,
  managementResult,
  observabilityData,
  reversePrivateEndpointsPath,
} from "./directApi";

export interface Inventory {
  keys: string[];
  alerts: string[];
  reversePrivateEndpoints: string[];
  /** `<serviceId>/<endpointId> <description>`: one line per attachment of an endpoint to a service. */
  privateEndpoints: string[];
}

interface Named {
  id: string;
  name?: string | null;
  description?: string | null;
}

/** Everything the emulator holds of the kinds a stack creates, in every service of the fixture. */
export async function remoteInventory(api: DirectApi): Promise<Inventory> {
  const { management, observability, orgPath, fixture } = api;
  const serviceIds = Object.values(fixture.services);
  const keys = managementResult<Named[]>(await management.get(`${orgPath}/keys`));
  const alerts = observabilityData<Named[]>(await observability.get("/api/v2/alerts"));
  const organization = managementResult<{ privateEndpoints?: Named[] }>(await management.get(orgPath));
  const descriptions = new Map((organization.privateEndpoints ?? []).map((pe) => [pe.id, pe.description]));
  const endpoints: string[] = [];
  const attachments: string[] = [];
  for (const serviceId of serviceIds) {
    const listed = managementResult<Named[]>(
      await management.get(reversePrivateEndpointsPath(api, serviceId)),
    );
    endpoints.push(...listed.map((endpoint) => line(endpoint.id, endpoint.description)));
    const service = managementResult<{ privateEndpointIds?: string[] }>(
      await management.get(`${orgPath}/services/${serviceId}`),
    );
    for (const endpointId of service.privateEndpointIds ?? []) {
      attachments.push(line(`${serviceId}/${endpointId}`, descriptions.get(endpointId)));
    }
  }
  return sorted({
    keys: keys.map((key) => line(key.id, key.name)),
    alerts: alerts.map((alert) => line(alert.id, alert.name)),
    reversePrivateEndpoints: endpoints,
    privateEndpoints: attachments,
  });
}

/** The same view of a stack's state (ReplicaScaling manages settings, not objects, so it has no line). */
export function stateInventory(resources: StateResource[]): Inventory {
  const of = (kind: string, label: "name" | "description") =>
    resources
      .filter((resource) => resource.type.endsWith(`:${kind}`))
      .map((resource) => line(String(resource.id), resource.outputs?.[label] as string | undefined));
  return sorted({
    keys: of("ApiKey", "name"),
    alerts: of("Alert", "name"),
    reversePrivateEndpoints: of("ReversePrivateEndpoint", "description"),
    privateEndpoints: of("PrivateEndpoint", "description"),
  });
}

/** What `now` holds beyond `baseline` (the fixture's own key, say): the objects the test's stacks made. */
export function without(now: Inventory, baseline: Inventory): Inventory {
  const minus = (lines: string[], known: string[]) => lines.filter((entry) => !known.includes(entry));
  return {
    keys: minus(now.keys, baseline.keys),
    alerts: minus(now.alerts, baseline.alerts),
    reversePrivateEndpoints: minus(now.reversePrivateEndpoints, baseline.reversePrivateEndpoints),
    privateEndpoints: minus(now.privateEndpoints, baseline.privateEndpoints),
  };
}

/** Number of objects in an inventory. */
export function objectCount(inventory: Inventory): number {
  return Object.values(inventory).reduce((sum, lines: string[]) => sum + lines.length, 0);
}

function line(id: string, label: string | null | undefined): string {
  return `${id} ${label ?? ""}`.trimEnd();
}

function sorted(inventory: Inventory): Inventory {
  return {
    keys: [...inventory.keys].sort(),
    alerts: [...inventory.alerts].sort(),
    reversePrivateEndpoints: [...inventory.reversePrivateEndpoints].sort(),
    privateEndpoints: [...inventory.privateEndpoints].sort(),
  };
}
