/**
 * Everything an organization's APIs show of the objects the package manages, read through the APIs as a user
 * would (every list, and each service's settings), and the differences between two such readings, field by field:
 * what a test compares to say that a command changed exactly what it should and nothing else.
 */
import type { Fixture } from "../../emulator";
import { isDeepStrictEqual } from "node:util";
import { basicAuth, send } from "./httpRequests";
import { observabilityClientOn } from "./clients";

/**
 * Each object by a path that names it: `keys/<id>`, `roles/<id>`, `members/<user id>`, `services/<id>/upgradeWindow`,
 * `clickstack:<id>/alerts/<id>`.
 */
export type Snapshot = Record<string, unknown>;

/**
 * Fields the APIs set by themselves (times of a write or use, a service's or alert's state, the schedule entry in
 * force, whose id a schedule's PUT draws anew): never part of a comparison.
 */
const volatileFields = new Set([
  "updatedAt",
  "usedAt",
  "lastUsedAt",
  "state",
  "isActiveNow",
  "activeEntryId",
]);

/** The per-service settings each have a GET of their own. */
const serviceSettings = [
  "serviceQueryEndpoint",
  "upgradeWindow",
  "clickhouseSettings",
  "scalingSchedule",
  "backupConfiguration",
  "privateEndpointConfig",
];

/**
 * The organization's keys, roles and members, the services `serviceIds` with their settings, and the observability objects of each
 * place: the configured observability API (`configured`) or a service's managed ClickStack (its id).
 */
export async function organizationSnapshot(
  fixture: Fixture,
  serviceIds: readonly string[],
  observabilityPlaces: ReadonlyArray<string | "configured"> = ["configured"],
): Promise<Snapshot> {
  const organization = `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}`;
  const authorization = basicAuth(fixture.tokenKey, fixture.tokenSecret);
  const get = async (url: string): Promise<unknown> => {
    const answer = await send(url, "GET", { headers: { authorization } });
    return answer.status === 200 ? (answer.body as { result: unknown }).result : `HTTP ${answer.status}`;
  };
  const snapshot: Snapshot = {};
  const byId = (prefix: string, items: unknown) => {
    for (const item of items as Array<{ id: string }>)
      snapshot[`${prefix}/${item.id}`] = withoutVolatile(item);
  };
  byId("keys", await get(`${organization}/keys`));
  byId("roles", await get(`${organization}/roles`));
  for (const member of (await get(`${organization}/members`)) as Array<{ userId: string }>) {
    snapshot[`members/${member.userId}`] = withoutVolatile(member);
  }
  snapshot.organization = withoutVolatile(await get(organization));
  for (const serviceId of serviceIds) {
    const service = `${organization}/services/${serviceId}`;
    snapshot[`services/${serviceId}`] = withoutVolatile(await get(service));
    for (const setting of serviceSettings) {
      snapshot[`services/${serviceId}/${setting}`] = withoutVolatile(await get(`${service}/${setting}`));
    }
    byId(`services/${serviceId}/reversePrivateEndpoints`, await get(`${service}/reversePrivateEndpoints`));
  }
  for (const place of observabilityPlaces) {
    const configured = place === "configured";
    const observability = observabilityClientOn(fixture, configured ? undefined : place);
    const prefix = configured ? "" : `clickstack:${place}/`;
    byId(`${prefix}alerts`, await observability.alerts.list());
    byId(`${prefix}webhooks`, await observability.webhooks.list());
    byId(`${prefix}savedSearches`, await observability.savedSearches.list());
    byId(`${prefix}dashboards`, await observability.dashboards.list());
    byId(`${prefix}sources`, await observability.sources.list());
  }
  return snapshot;
}

function withoutVolatile(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutVolatile);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([field]) => !volatileFields.has(field))
      .map(([field, inner]) => [field, withoutVolatile(inner)]),
  );
}

/**
 * Every leaf that differs between `before` and `after`, as `<object path>.<field path>`; an object or field that
 * appeared or went is one entry. Arrays are compared whole, as one field.
 */
export function changedFields(before: Snapshot, after: Snapshot): string[] {
  const changed: string[] = [];
  const walk = (path: string, a: unknown, b: unknown) => {
    if (isDeepStrictEqual(a, b)) return;
    const bothObjects =
      a !== null &&
      b !== null &&
      typeof a === "object" &&
      typeof b === "object" &&
      !Array.isArray(a) &&
      !Array.isArray(b);
    if (!bothObjects) {
      changed.push(path);
      return;
    }
    const fields = new Set([...Object.keys(a as object), ...Object.keys(b as object)]);
    for (const field of fields) {
      walk(`${path}.${field}`, (a as Record<string, unknown>)[field], (b as Record<string, unknown>)[field]);
    }
  };
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
    walk(key, before[key], after[key]);
  return changed.sort();
}
