/**
 * The objects of every kind the package manages that no listed stack tracks, as a bulk-import file: what
 * `pulumi import --file` needs to bring an existing setup under management.
 */
import type { Service } from "../rest/management/models";
import { exportKinds, readServices, type ExistingObject, type ExportSource } from "./exportKinds";
import { importFile, type ImportEntry, type ImportFile } from "./importFile";
import { listOrganizationObjects, type Listing, type OrganizationAccess } from "./orphans";
import type { TrackedObjects } from "./trackedObjects";

export interface Export {
  readonly file: ImportFile;
  /** What could not be listed or is left out on purpose, with why. */
  readonly notListed: string[];
}

/** Sorted by label, then id, so that the same setup always gives the same file. */
function byLabel(a: ExistingObject, b: ExistingObject): number {
  return a.label.localeCompare(b.label, "en") || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export async function exportUntracked(access: OrganizationAccess, tracked: TrackedObjects): Promise<Export> {
  const notListed: string[] = [];
  let listing: Promise<Listing> | undefined;
  let services: Promise<Service[]> | undefined;
  const source: ExportSource = {
    access,
    organizationObjects: () => (listing ??= listOrganizationObjects(access)),
    services: () => (services ??= readServices(access)),
    notListed: (line) => notListed.push(line),
  };
  const entries: ImportEntry[] = [];
  for (const [kind, entry] of Object.entries(exportKinds)) {
    const trackedIds = tracked.idsByKind.get(kind) ?? new Set<string>();
    const untracked = (await entry.list(source)).filter((object) => !trackedIds.has(object.id));
    for (const object of untracked.sort(byLabel)) {
      entries.push({ kind, importId: object.importId, label: object.label });
    }
  }
  if (listing !== undefined) notListed.push(...(await listing).notListed);
  return { file: importFile(entries, tracked.names), notListed };
}
