/**
 * The documentation text of a definition as each front end shows it. Definitions name a configuration setting as
 * `{setting:<name>}` (its key differs between the dynamic-provider classes and the native plugin) and state an
 * input's default only in `default`: both are written into the text here, so each fact has one source.
 */
import { SETTINGS, type SettingName } from "../../../schemas/settings";
import type { InputField } from "../definition";

/** Who reads the text: the dynamic-provider classes' programs, or the native plugin's (and its SDKs'). */
export type FrontEnd = "dynamic" | "native";

const settingReference = /\{setting:([A-Za-z]+)\}/g;

/** The text with each `{setting:<name>}` written as the front end's config key or its environment variable. */
export function renderDescription(text: string, frontEnd: FrontEnd): string {
  return text.replace(settingReference, (reference, name: string) => {
    if (!Object.hasOwn(SETTINGS, name)) throw new Error(`${reference} names no setting`);
    const setting = SETTINGS[name as SettingName];
    return `\`${frontEnd === "native" ? setting.pluginKey : setting.key}\` or ${setting.envVar}`;
  });
}

/** An input's documentation: its description, then its default when it has one. */
export function describeInput(field: InputField, frontEnd: FrontEnd): string {
  const text = renderDescription(field.description, frontEnd);
  return field.default === undefined ? text : `${text} Default: ${String(field.default)}.`;
}
