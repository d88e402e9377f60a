/**
 * JSON Schemas of a service's ClickHouse settings (beta operations under `.../services/{serviceId}/clickhouseSettings`
 * of ClickHouse Cloud's published OpenAPI): the PATCH's body, whose `settings` is a JSON object written as a string
 * (ServiceClickhouseSettingsPatchRequest), that object as the provider builds it (names to values, every value a
 * string, as the API reports them), and the answers: the list of the settings set (ServiceClickhouseSettingsList), the
 * PATCH's answer with its warnings (ServiceClickhouseSettingsPatchResponse) and the schema of the settings a service
 * lets its owner change (ServiceClickhouseSettingsSchema). Answers are checked only in what the provider uses.
 */
import type { SchemaObject } from "ajv";
import { nonEmptyString, ruleKeyword } from "./common";

/** `PATCH .../clickhouseSettings`: the settings to set, as a JSON object in a string. */
const clickhouseSettingsPatch = {
  type: "object",
  additionalProperties: false,
  required: ["settings"],
  properties: {
    settings: {
      type: "string",
      minLength: 2,
      [ruleKeyword]:
        'must be a JSON object of setting names to values, written as a string, e.g. "{\\"max_threads\\": \\"8\\"}"',
    },
  },
} as const satisfies SchemaObject;

/**
 * The object the PATCH's string holds, as the provider sends it: setting names to values, each value a string, the
 * form in which the API reports every setting whatever its type.
 */
const clickhouseSettingsValues = {
  type: "object",
  additionalProperties: false,
  required: ["settings"],
  properties: {
    settings: {
      type: "object",
      propertyNames: { minLength: 1 },
      additionalProperties: { type: "string" },
      [ruleKeyword]:
        'must be a map of setting names to values, each value a string (write 8 as "8", true as "1")',
    },
  },
} as const satisfies SchemaObject;

/** One setting as the API reports it: its name and its value, a string for every type. */
const clickhouseSetting = {
  type: "object",
  required: ["name", "value"],
  properties: { name: { type: "string" }, value: { type: "string" } },
} as const satisfies SchemaObject;

/** `GET .../clickhouseSettings`: the settings set explicitly on the service. */
const clickhouseSettingsList = {
  type: "object",
  required: ["settings"],
  properties: { settings: { type: "array", items: clickhouseSetting } },
} as const satisfies SchemaObject;

/** The PATCH's answer: the values applied (a JSON object in a string) and a warning per disruptive setting. */
const clickhouseSettingsPatchResult = {
  type: "object",
  properties: {
    settings: { type: "string" },
    warnings: {
      type: "array",
      items: {
        type: "object",
        required: ["name", "message"],
        properties: { name: { type: "string" }, message: { type: "string" } },
      },
    },
  },
} as const satisfies SchemaObject;

/**
 * `GET .../clickhouseSettings/schema`: every setting the service lets its owner change, with its type and, for an
 * enumerated one, its allowed values (the OpenAPI types them as integers; any scalar is read, and compared as the
 * string the API would report).
 */
const clickhouseSettingsCatalog = {
  type: "object",
  required: ["settings"],
  properties: {
    settings: {
      type: "array",
      items: {
        type: "object",
        required: ["name"],
        properties: {
          name: nonEmptyString,
          type: { type: "string" },
          description: { type: "string" },
          enum: { type: "array", items: { type: ["integer", "number", "string", "boolean"] } },
          warning: { type: "string" },
          deprecationNotice: { type: "string" },
          example: { type: "string" },
        },
      },
    },
  },
} as const satisfies SchemaObject;

export const clickhouseSettingsSchemas = {
  clickhouseSettingsPatch,
  clickhouseSettingsValues,
  clickhouseSettingsList,
  clickhouseSettingsPatchResult,
  clickhouseSettingsCatalog,
} as const;
