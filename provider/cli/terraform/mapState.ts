/**
 * A Terraform state's resources as import entries: each managed instance of a type some kind takes over becomes that
 * kind's objects, its import ids checked by the kind's own import; everything else is listed with why it is not
 * imported.
 */
import { ImportIdError } from "../../resources/adoption/importIds";
import { TerraformAttributeError, type TerraformAttributes } from "../../resources/adoption/terraformOrigins";
import { resources } from "../../resources/registry";
import type { ImportEntry } from "../importFile";
import {
  addressLabel,
  instanceAddress,
  isClickHouseProvider,
  providerConfiguration,
  resourceAddress,
} from "./addresses";
import { notManagedTypes, TERRAFORM_PROVIDER_COMMIT } from "./notManaged";
import { originTable, type CoveredRow, type ImportRow, type OriginTable } from "./originTable";
import type { TerraformInstance, TerraformResource } from "./state";

export interface TerraformMapping {
  /** In the state's order; an instance's objects in the registry's order of kinds. */
  readonly entries: ImportEntry[];
  /** The instances taken over, for `terraform state rm` once the import is done. */
  readonly addresses: string[];
  /** "<address>: why", for what is not imported. */
  readonly notMapped: string[];
  /** What the user must still do for what was mapped. */
  readonly notes: string[];
}

/** The managed ClickStack's service of each ClickHouse provider configuration, by alias ("" the default one). */
export type ClickStackServices = ReadonlyMap<string, string>;

interface MappedInstance {
  readonly entries: ImportEntry[];
  readonly covers: ReadonlySet<string>;
}

/** The import entries of one instance under `rows`, or the reason it has none; `serviceId` for ClickStack objects. */
function mapInstance(
  rows: readonly ImportRow[],
  attributes: TerraformAttributes,
  label: string,
  clickStackService: string | undefined,
): MappedInstance | string {
  const entries: ImportEntry[] = [];
  const covers = new Set<string>();
  try {
    for (const { kind, origin } of rows) {
      for (const object of origin.objects(attributes)) {
        const importId =
          origin.onClickStack && clickStackService !== undefined
            ? `${clickStackService}/${object.importId}`
            : object.importId;
        // The kind's own import check: an id of the wrong form is reported here, not by `pulumi import`.
        resources[kind].importId(importId);
        entries.push({ kind, importId, label: [label, object.labelSuffix ?? ""].join(" ") });
        if (object.covers !== undefined) covers.add(`${kind}\u0000${object.covers}`);
      }
    }
  } catch (error) {
    if (error instanceof TerraformAttributeError || error instanceof ImportIdError) return error.message;
    throw error;
  }
  if (entries.length === 0) return "names no object to import";
  return { entries, covers };
}

function onClickStack(rows: readonly ImportRow[]): boolean {
  return rows.some((row) => row.origin.onClickStack === true);
}

/** "the default configuration" or `the configuration "eu"`. */
function configurationName(alias: string): string {
  return alias === "" ? "the default configuration" : `the configuration with alias "${alias}"`;
}

/** The ClickStack note of the instances imported by their object id alone, one per provider configuration. */
function clickStackNotes(byAlias: ReadonlyMap<string, string[]>): string[] {
  return [...byAlias].map(
    ([alias, addresses]) =>
      `${addresses.join(", ")}: imported by the object id alone, as the state does not record which service's ` +
      `managed ClickStack ${configurationName(alias)} of the ClickHouse provider used (its clickstack_service_id). ` +
      "For a managed ClickStack, set clickhouse-cloud:clickstackServiceId in the stack's config to that service, " +
      `or export again with --clickstack-service ${alias === "" ? "" : `${alias}=`}<serviceId>; for a self-hosted ` +
      "one (clickstack_endpoint), set clickhouse-cloud:observabilityApiUrl and observabilityApiToken",
  );
}

export function mapTerraformState(
  state: readonly TerraformResource[],
  clickStackServices: ClickStackServices,
  table: OriginTable = originTable(),
): TerraformMapping {
  const mapping: TerraformMapping = { entries: [], addresses: [], notMapped: [], notes: [] };
  const otherProviders = new Map<string, number>();
  const withoutService = new Map<string, string[]>();
  const covers = new Set<string>();
  const coveredInstances: Array<{
    address: string;
    rows: readonly CoveredRow[];
    instance: TerraformInstance;
  }> = [];
  const notManaged = new Map(notManagedTypes.map((entry) => [entry.type, entry]));

  for (const resource of state) {
    const configuration = providerConfiguration(resource.provider);
    if (configuration === undefined || !isClickHouseProvider(configuration.source)) {
      const source = configuration?.source ?? resource.provider;
      otherProviders.set(source, (otherProviders.get(source) ?? 0) + 1);
      continue;
    }
    if (resource.mode === "data") {
      mapping.notMapped.push(
        `${resourceAddress(resource)}: a data source; Terraform only reads it, so there is ` +
          "nothing to import",
      );
      continue;
    }
    const rows = table.imports.get(resource.type);
    const coveredRows = table.covered.get(resource.type);
    for (const instance of resource.instances) {
      const address = instanceAddress(resource, instance);
      if (rows !== undefined) {
        const service = onClickStack(rows) ? clickStackServices.get(configuration.alias) : undefined;
        const mapped = mapInstance(rows, instance.attributes, addressLabel(resource, instance), service);
        if (typeof mapped === "string") {
          mapping.notMapped.push(`${address}: ${mapped}`);
          continue;
        }
        mapping.entries.push(...mapped.entries);
        mapping.addresses.push(address);
        for (const key of mapped.covers) covers.add(key);
        if (onClickStack(rows) && service === undefined) {
          withoutService.set(configuration.alias, [
            ...(withoutService.get(configuration.alias) ?? []),
            address,
          ]);
        }
      } else if (coveredRows !== undefined) {
        coveredInstances.push({ address, rows: coveredRows, instance });
      } else {
        const type = notManaged.get(resource.type);
        mapping.notMapped.push(
          type !== undefined
            ? `${address}: no kind of this package manages ${type.what} yet`
            : `${address}: ${resource.type} is not a resource type of the ClickHouse provider at commit ` +
                `${TERRAFORM_PROVIDER_COMMIT}, which this mapping was written from`,
        );
      }
    }
  }

  // A covered instance is taken over only when an instance mapped above holds its key.
  for (const { address, rows, instance } of coveredInstances) {
    for (const { kind, covered } of rows) {
      let key: string;
      try {
        key = covered.key(instance.attributes);
      } catch (error) {
        if (!(error instanceof TerraformAttributeError)) throw error;
        mapping.notMapped.push(`${address}: ${error.message}`);
        continue;
      }
      if (covers.has(`${kind}\u0000${key}`)) {
        mapping.addresses.push(address);
        mapping.notes.push(`${address}: not imported itself; ${covered.rule}`);
      } else {
        mapping.notMapped.push(`${address}: ${covered.uncovered}`);
      }
    }
  }
  mapping.notes.push(...clickStackNotes(withoutService));
  if (otherProviders.size > 0) {
    const counts = [...otherProviders].map(([source, count]) => `${count} of ${source}`).join(", ");
    mapping.notMapped.push(`resources of other providers than the ClickHouse provider: ${counts}`);
  }
  return mapping;
}
