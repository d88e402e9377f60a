/**
 * Terraform addresses of the instances of a state, as `terraform state rm` takes them, the words a Pulumi resource
 * name is made from, and the provider configuration an instance was made with.
 */
import type { TerraformInstance, TerraformResource } from "./state";

/** `clickhouse_service.main`, `module.db.clickhouse_service.main`, `data.clickhouse_service.x`. */
export function resourceAddress(resource: TerraformResource): string {
  const module = resource.module === undefined ? "" : `${resource.module}.`;
  const data = resource.mode === "data" ? "data." : "";
  return `${module}${data}${resource.type}.${resource.name}`;
}

/** The resource's address with the instance's `count` or `for_each` key: `clickhouse_service.main["eu"]`. */
export function instanceAddress(resource: TerraformResource, instance: TerraformInstance): string {
  const key = instance.indexKey === undefined ? "" : `[${JSON.stringify(instance.indexKey)}]`;
  return `${resourceAddress(resource)}${key}`;
}

/**
 * The words of the address the resource name is made from: the module names and keys, the resource's name and the
 * instance's key (`module.db["eu"]` ... `main[0]` -> `db eu main 0`); the type is left out, as a Pulumi name sits
 * beside its type.
 */
export function addressLabel(resource: TerraformResource, instance: TerraformInstance): string {
  const modules = (resource.module ?? "").replace(/(^|\.)module\./g, " ");
  return [modules, resource.name, instance.indexKey === undefined ? "" : String(instance.indexKey)].join(" ");
}

/** A provider configuration of a state: its source address and alias (empty for the default configuration). */
export interface ProviderConfiguration {
  readonly source: string;
  readonly alias: string;
}

/** `module.x.provider["registry.terraform.io/clickhouse/clickhouse"].eu` -> that source and `eu`. */
export function providerConfiguration(provider: string): ProviderConfiguration | undefined {
  const match = /(?:^|\.)provider\["([^"]+)"\](?:\.([^.]+))?$/.exec(provider);
  return match === null ? undefined : { source: match[1], alias: match[2] ?? "" };
}

/**
 * Whether the source is the official ClickHouse provider: `clickhouse/clickhouse` on any registry
 * (registry.terraform.io, registry.opentofu.org or a mirror's host).
 */
export function isClickHouseProvider(source: string): boolean {
  return /(^|\/)clickhouse\/clickhouse$/i.test(source);
}
