/** The ServiceClickHouseSettings resource: ClickHouse settings of an existing service, those the program names. */
import { organizationIdInput, serviceIdInput, stringOutput } from "../fields/sharedFields";
import type { ResourceDefinition } from "../definition";

export const definition: ResourceDefinition<"clickhouseSettingsValues"> = {
  kind: "ServiceClickHouseSettings",
  module: "clickhouse",
  description:
    "ClickHouse settings of an existing service (the API's beta `clickhouseSettings` operations): a map of setting " +
    "names to values, which the service applies to its queries (or, for server settings, to its servers).\n\n" +
    "Only the settings the map names are sent and watched: settings set outside the program are never changed and " +
    "never reported. A value that changes is sent with a PATCH; a name removed from the map is reset to the " +
    "platform's default (a DELETE of that setting); destroying the resource resets every setting it manages. " +
    "`refresh` reports a managed setting changed or reset outside the program, and the next `up` sets it again. " +
    'Values are strings, as the API reports every setting whatever its type: write a number as `"8"` and a ' +
    'boolean as `"1"` or `"0"`.\n\n' +
    "At `pulumi preview` (and again before `up` sends anything), when the service id is known, the settings that " +
    "are new or changed since the last `up` are checked against the service's settings schema (`GET " +
    ".../clickhouseSettings/schema`; a no-change preview sends nothing): a name the schema does " +
    "not list, or a value that does not fit its setting's type or allowed values, fails the check and names the " +
    "setting. In a preview of a service not created yet the id is not known, so the check is left to the " +
    "`up`; if the schema cannot be read (the API or the network failing), the preview warns and goes on, and the " +
    "API refuses a bad setting when `up` sends it. The API's warnings about a disruptive setting (such as " +
    "`compatibility`), and a setting's deprecation notice, are shown as warnings.",
  notes:
    "id is the service id; only the named settings are sent and managed; values are strings; names and values are " +
    "checked against the service's settings schema at preview; destroy resets the managed settings to their defaults",
  id: "The service's uuid (`serviceId`).",
  requestSchema: "clickhouseSettingsValues",
  inputs: {
    serviceId: serviceIdInput(
      "The service (uuid) whose ClickHouse settings are managed; it must already exist. Changing it replaces the " +
        "resource: the old service's managed settings are reset, the new one's set.",
    ),
    settings: {
      description:
        'ClickHouse settings, name to value (a string, whatever the setting\'s type: `"8"`, `"1"`, `"24.8"`). ' +
        "Updates in place: a changed value is set, a name removed is reset to the platform's default.",
      type: { name: "ClickHouseSettingValues", from: "resources/serviceClickHouseSettings/values" },
      required: true,
      change: "update",
    },
    organizationId: organizationIdInput,
  },
  outputs: {
    serviceId: stringOutput("The service (uuid): the resource id as well.", { alwaysSet: true }),
    organizationId: stringOutput("The organization (uuid) that owns the service.", { alwaysSet: true }),
    settings: {
      description:
        "The managed settings as the service reports them, name to value; a managed setting reset outside the " +
        "program is missing.",
      schema: { type: "object", additionalProperties: { type: "string" } },
      type: { name: "ClickHouseSettingValues", from: "resources/serviceClickHouseSettings/values" },
      alwaysSet: true,
    },
  },
};
