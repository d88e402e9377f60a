/**
 * Manages ClickHouse settings of an existing service: settings of the service, not an object with a lifecycle of
 * its own, so neither lifecycle template (`resources/lifecycle/`) applies. A create and an update PATCH the settings
 * whose value changes and reset (DELETE) those the map no longer names; a delete resets every managed setting. Each
 * request is one the API takes again without harm (a PATCH of the same values, a DELETE of a setting already reset),
 * so an operation that fails halfway is finished by the next `up` or `destroy`.
 */
import type { ClickHouseSettingsList } from "../../rest";
import type { OperationContext, ResourceOperations } from "../operations";
import { deleteIfPresent, readOrGone } from "../lifecycle/readOrGone";
import { deprecationNotices, settingsSchemaProblems } from "./schemaCheck";
import type { ServiceClickHouseSettingsInputs, ServiceClickHouseSettingsOutputs } from "./shapes";

type Settings = Readonly<Record<string, string>>;

export const operations: ResourceOperations<
  ServiceClickHouseSettingsInputs,
  ServiceClickHouseSettingsOutputs
> = {
  /** Only when the service (and its organization) and the settings are known: a preview of a new service skips. */
  async checkWithApi({ known, unknown }, context, olds) {
    const { serviceId, settings } = known;
    if (["serviceId", "settings", "organizationId"].some((name) => unknown.has(name))) return [];
    if (serviceId === undefined || settings === undefined) return [];
    const changed = settingsToCheck(settings, known, olds);
    if (Object.keys(changed).length === 0) return [];
    const { client, organizationId } = context.management(known.organizationId ?? undefined);
    const catalog = await client.clickhouseSettings.catalog(organizationId, serviceId);
    for (const { name, notice } of deprecationNotices(catalog, Object.keys(changed))) {
      context.progress(`warning: ClickHouse setting ${name} of service ${serviceId}: ${notice}`);
    }
    return settingsSchemaProblems(catalog, changed, serviceId);
  },

  async create(inputs, context) {
    const outs = await apply(inputs, {}, context);
    return { id: outs.serviceId, outs };
  },

  /** Reads the managed settings; an import (no record of what is managed) manages every setting set. */
  async read(id, olds, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    return readOrGone(async () => {
      const listed = await client.clickhouseSettings.list(organizationId, id);
      const managed = olds.settings === undefined ? undefined : Object.keys(olds.settings);
      return { id, outs: { serviceId: id, organizationId, settings: valuesOf(listed, managed) } };
    });
  },

  async update(_id, olds, news, context) {
    return apply(news, olds.settings, context);
  },

  /** Resets each managed setting; a service that is gone has none left to reset. */
  async delete(id, olds, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    for (const name of Object.keys(olds.settings)) {
      await deleteIfPresent(() => client.clickhouseSettings.reset(organizationId, id, name));
    }
  },
};

/**
 * Sets the values that differ from `previous` (the managed values last read), resets the names `previous` has and
 * the inputs no longer do, and reads the result. The values are set before anything is reset, so a failure between
 * the two leaves every value the program names in place.
 */
async function apply(
  inputs: ServiceClickHouseSettingsInputs,
  previous: Settings,
  context: OperationContext,
): Promise<ServiceClickHouseSettingsOutputs> {
  const { client, organizationId } = context.management(inputs.organizationId ?? undefined);
  const serviceId = inputs.serviceId;
  const changed = Object.fromEntries(
    Object.entries(inputs.settings).filter(([name, value]) => previous[name] !== value),
  );
  if (Object.keys(changed).length > 0) {
    const answer = await client.clickhouseSettings.update(organizationId, serviceId, changed);
    for (const warning of answer.warnings ?? []) {
      context.progress(
        `warning: ClickHouse setting ${warning.name} of service ${serviceId}: ${warning.message}`,
      );
    }
  }
  for (const name of Object.keys(previous).filter((name) => !Object.hasOwn(inputs.settings, name))) {
    await client.clickhouseSettings.reset(organizationId, serviceId, name);
    context.progress(`service ${serviceId}: ClickHouse setting ${name} reset to the platform's default`);
  }
  const listed = await client.clickhouseSettings.list(organizationId, serviceId);
  return { serviceId, organizationId, settings: valuesOf(listed, Object.keys(inputs.settings)) };
}

/** The listed values of the settings named in `managed` (all of them when undefined). */
function valuesOf(
  listed: ClickHouseSettingsList,
  managed: readonly string[] | undefined,
): Record<string, string> {
  return Object.fromEntries(
    listed.settings
      .filter((setting) => managed === undefined || managed.includes(setting.name))
      .map((setting) => [setting.name, setting.value]),
  );
}

/**
 * The settings the API has not taken yet: every one for a new resource or one moved to another service or
 * organization, else those whose value differs from the last `up`'s (the API took the others then).
 */
function settingsToCheck(
  settings: Settings,
  known: Partial<ServiceClickHouseSettingsInputs>,
  olds: Partial<ServiceClickHouseSettingsInputs>,
): Settings {
  const samePlace = olds.serviceId === known.serviceId && olds.organizationId === known.organizationId;
  const taken: Settings = (samePlace ? olds.settings : undefined) ?? {};
  return Object.fromEntries(Object.entries(settings).filter(([name, value]) => taken[name] !== value));
}
