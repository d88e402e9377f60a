/** The README's configuration table, one row per setting of `schemas/settings.ts`, in the table's order. */
import { SETTINGS, type SettingSpec } from "../../schemas/settings";
import type { GeneratedSection } from "./generatedSections";

function meaning(spec: SettingSpec): string {
  if (spec.defaultValue === undefined) return spec.description;
  const note = spec.defaultNote === undefined ? "" : `, ${spec.defaultNote}`;
  return `${spec.description}; default \`${spec.defaultValue}\`${note}`;
}

export function settingsTable(): string {
  const rows = Object.values(SETTINGS).map((spec: SettingSpec) => {
    const key = `\`${spec.key}\`${spec.secret ? " (secret)" : ""}`;
    return `| ${key} | \`${spec.envVar}\` | ${meaning(spec)} |`;
  });
  return ["| config key | env var | meaning |", "| --- | --- | --- |", ...rows].join("\n") + "\n";
}

export const settingsTableSection: GeneratedSection = {
  file: "README.md",
  name: "settings-table",
  source: "schemas/settings.ts",
  render: settingsTable,
};
