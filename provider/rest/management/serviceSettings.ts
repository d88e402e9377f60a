/**
 * Two settings of a service with operations of their own (beta in ClickHouse Cloud's published OpenAPI): its
 * ClickHouse settings (`.../clickhouseSettings`) and its scaling schedule (`.../scalingSchedule`).
 */
import type { HttpCore } from "../transport/http";
import type {
  ClickhouseSettingsCatalogSchema,
  ClickhouseSettingsListSchema,
  ClickhouseSettingsPatchResultSchema,
  ClickhouseSettingsPatchSchema,
  ScalingSchedulePostSchema,
  ScalingScheduleSchema,
} from "../schemaTypes";
import { pathSegment } from "../transport/pathSegment";
import { servicePath } from "./paths";

export type ClickHouseSettingsList = ClickhouseSettingsListSchema;
export type ClickHouseSettingsPatchResult = ClickhouseSettingsPatchResultSchema;
export type ClickHouseSettingsCatalog = ClickhouseSettingsCatalogSchema;
export type ScalingScheduleRequest = ScalingSchedulePostSchema;
export type ScalingSchedule = ScalingScheduleSchema;

function settingsPath(organizationId: string, serviceId: string): string {
  return `${servicePath(organizationId, serviceId)}/clickhouseSettings`;
}

/**
 * A service's ClickHouse settings: the list of those set explicitly, a PATCH of several (the API takes them as a JSON
 * object written as a string), the schema of those the service lets its owner change, and the reset of one.
 */
export class ClickHouseSettingsApi {
  constructor(private readonly http: HttpCore) {}

  list(organizationId: string, serviceId: string): Promise<ClickHouseSettingsList> {
    return this.http.fetchResult({
      method: "GET",
      path: settingsPath(organizationId, serviceId),
      subject: `the ClickHouse settings of service ${serviceId}`,
      responseSchema: "clickhouseSettingsList",
    });
  }

  /** Sets the given settings, name to value; the others stay as they are. */
  update(
    organizationId: string,
    serviceId: string,
    values: Readonly<Record<string, string>>,
  ): Promise<ClickHouseSettingsPatchResult> {
    const body: ClickhouseSettingsPatchSchema = { settings: JSON.stringify(values) };
    return this.http.fetchResult({
      method: "PATCH",
      path: settingsPath(organizationId, serviceId),
      subject: `the ClickHouse settings ${Object.keys(values).join(", ")} of service ${serviceId}`,
      body,
      requestSchema: "clickhouseSettingsPatch",
      responseSchema: "clickhouseSettingsPatchResult",
    });
  }

  catalog(organizationId: string, serviceId: string): Promise<ClickHouseSettingsCatalog> {
    return this.http.fetchResult({
      method: "GET",
      path: `${settingsPath(organizationId, serviceId)}/schema`,
      subject: `the schema of the ClickHouse settings of service ${serviceId}`,
      responseSchema: "clickhouseSettingsCatalog",
    });
  }

  /** Resets one setting to the platform's default; the API answers 200 for one that was never set. */
  reset(organizationId: string, serviceId: string, name: string): Promise<void> {
    return this.http.send({
      method: "DELETE",
      path: `${settingsPath(organizationId, serviceId)}/${pathSegment("setting name", name)}`,
      subject: `the ClickHouse setting ${name} of service ${serviceId}`,
    });
  }
}

/** A service's scaling schedule: read it (404 when it has none), replace every entry, delete it (404 when none). */
export class ScalingSchedulesApi {
  constructor(private readonly http: HttpCore) {}

  get(organizationId: string, serviceId: string): Promise<ScalingSchedule> {
    return this.http.fetchResult({
      method: "GET",
      path: `${servicePath(organizationId, serviceId)}/scalingSchedule`,
      subject: `the scaling schedule of service ${serviceId}`,
      responseSchema: "scalingSchedule",
    });
  }

  replace(
    organizationId: string,
    serviceId: string,
    request: ScalingScheduleRequest,
  ): Promise<ScalingSchedule> {
    return this.http.fetchResult({
      method: "POST",
      path: `${servicePath(organizationId, serviceId)}/scalingSchedule`,
      subject: `the scaling schedule of service ${serviceId}`,
      body: request,
      requestSchema: "scalingSchedulePost",
      responseSchema: "scalingSchedule",
    });
  }

  delete(organizationId: string, serviceId: string): Promise<void> {
    return this.http.send({
      method: "DELETE",
      path: `${servicePath(organizationId, serviceId)}/scalingSchedule`,
      subject: `the scaling schedule of service ${serviceId}`,
    });
  }
}
