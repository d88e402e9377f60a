/**
 * The objects of every kind the package manages that no listed stack tracks, as a bulk-import file: what
 * `pulumi import --file` needs to bring an existing setup under management. Each kind's entry says how its objects
 * are found.
 */
import type { ExistingObject } from "../resources/adoption/existingObjects";
import { resources, type ResourceKind } from "../resources/registry";
import { importFile, type ImportEntry, type ImportFile } from "./importFile";
import { listingScope, type OrganizationAccess } from "./listingScope";
import { trackedIdsOf, type TrackedObjects } from "./trackedObjects";

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
  const scope = listingScope(access, (line) => notListed.push(line));
  const entries: ImportEntry[] = [];
  for (const kind of Object.keys(resources) as ResourceKind[]) {
    const trackedIds = trackedIdsOf(tracked, kind);
    const existing = await resources[kind].existing.list(scope);
    for (const object of existing.filter((candidate) => candidate.withheld !== undefined)) {
      notListed.push(object.withheld!);
    }
    const untracked = existing.filter(
      (object) => object.withheld === undefined && !trackedIds.has(object.id),
    );
    for (const object of untracked.sort(byLabel)) {
      entries.push({ kind, importId: object.importId, label: object.label });
    }
  }
  return { file: importFile(entries, tracked.names), notListed };
}
