/**
 * The objects of every kind the package manages that no listed stack tracks, as a bulk-import file: what
 * `pulumi import --file` needs to bring an existing setup under management. Each kind's entry says how its objects
 * are found; the observability kinds' are those of the configured observability API and of each managed ClickStack
 * in `access`.
 */
import type { ExistingObject } from "../resources/adoption/existingObjects";
import { resources, type ResourceKind } from "../resources/registry";
import { importFile, type ImportEntry, type ImportFile } from "./importFile";
import { listingScope, type OrganizationAccess } from "./listingScope";
import { isTracked, type TrackedObjects } from "./trackedObjects";

export interface Export {
  readonly file: ImportFile;
  /** What could not be listed or is left out on purpose, with why. */
  readonly notListed: string[];
}

/**
 * Sorted by label, then id, then import id (one object id can show on two ClickStacks), so that the same setup always
 * gives the same file.
 */
function byLabel(a: ExistingObject, b: ExistingObject): number {
  return (
    a.label.localeCompare(b.label, "en") || byCodePoint(a.id, b.id) || byCodePoint(a.importId, b.importId)
  );
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export async function exportUntracked(access: OrganizationAccess, tracked: TrackedObjects): Promise<Export> {
  const notListed: string[] = [];
  const scope = listingScope(access, (line) => notListed.push(line));
  const entries: ImportEntry[] = [];
  for (const kind of Object.keys(resources) as ResourceKind[]) {
    const existing = await resources[kind].existing.list(scope);
    for (const object of existing.filter((candidate) => candidate.withheld !== undefined)) {
      notListed.push(object.withheld!);
    }
    const untracked = existing.filter(
      (object) =>
        object.withheld === undefined &&
        !isTracked(tracked, kind, object, access.configuredClickStackServiceId),
    );
    for (const object of untracked.sort(byLabel)) {
      entries.push({ kind, importId: object.importId, label: object.label });
    }
  }
  return { file: importFile(entries, tracked.names), notListed };
}
