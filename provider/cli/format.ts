/** The orphan list for people (an aligned table) and for scripts (JSON). */
import type { OrganizationObject } from "./orphans";

const columns: Array<[string, (object: OrganizationObject) => string]> = [
  ["KIND", (object) => object.kind],
  ["ID", (object) => object.id],
  ["NAME", (object) => object.name + (object.inUse ? " (the key these settings use)" : "")],
  ["CREATED", (object) => object.createdAt ?? "-"],
  ["STATE", (object) => object.state ?? "-"],
  ["SERVICE", (object) => object.serviceId ?? "-"],
];

export function orphanTable(orphans: readonly OrganizationObject[]): string {
  const rows = [columns.map(([title]) => title), ...orphans.map((o) => columns.map(([, cell]) => cell(o)))];
  const widths = columns.map((_, index) => Math.max(...rows.map((row) => row[index].length)));
  return rows
    .map((row) =>
      row
        .map((cell, index) => cell.padEnd(widths[index]))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}
