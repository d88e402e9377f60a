/**
 * The table of Terraform resource types this package takes over, built from the registry (each kind declares its
 * own, `terraform` in its kind.ts): type -> the kinds its instances become, and the covered types.
 */
import type { TerraformCovered, TerraformImport } from "../../resources/adoption/terraformOrigins";
import { resources, type ResourceKind } from "../../resources/registry";

export interface ImportRow {
  readonly kind: ResourceKind;
  readonly origin: TerraformImport;
}

export interface CoveredRow {
  readonly kind: ResourceKind;
  readonly covered: TerraformCovered;
}

export interface OriginTable {
  /** Each imported type's rows, in the registry's order of kinds. */
  readonly imports: ReadonlyMap<string, readonly ImportRow[]>;
  readonly covered: ReadonlyMap<string, readonly CoveredRow[]>;
}

function push<T>(table: Map<string, T[]>, key: string, row: T): void {
  const rows = table.get(key) ?? [];
  rows.push(row);
  table.set(key, rows);
}

export function originTable(): OriginTable {
  const imports = new Map<string, ImportRow[]>();
  const covered = new Map<string, CoveredRow[]>();
  for (const kind of Object.keys(resources) as ResourceKind[]) {
    const { terraform } = resources[kind];
    for (const origin of terraform.imports) push(imports, origin.type, { kind, origin });
    for (const row of terraform.covered ?? []) push(covered, row.type, { kind, covered: row });
  }
  return { imports, covered };
}
