/**
 * Which objects have one setting set by a resource of the kind that makes them (a role's actors by its Role, a key's
 * roles by its ApiKey), as this provider process has seen them, so that a resource of another kind that sets the same
 * thing (a RoleAssignment, a Role listing the key) is refused at check, and a delete that would undo the owner's
 * setting is skipped.
 *
 * A provider sees one resource at a time, never the program. What links the two is the object's id: the owning
 * resource's diff, create and update record under it whether they set the input, and its delete forgets it. The
 * engine checks a resource that takes that id from the owner's outputs only once the owner has been diffed or
 * created, so the record is there first. Ids compare in lower case, as the API keeps them.
 */
import type { PartlyKnown } from "./partlyKnown";

export class OwnershipRecord {
  readonly #owned = new Set<string>();

  /** Records whether the object's own resource sets the setting. */
  record(id: string, owns: boolean): void {
    if (owns) this.#owned.add(id.toLowerCase());
    else this.#owned.delete(id.toLowerCase());
  }

  /** Forgets a deleted object. */
  forget(id: string): void {
    this.#owned.delete(id.toLowerCase());
  }

  /** Whether the object's own resource sets the setting. */
  owns(id: string): boolean {
    return this.#owned.has(id.toLowerCase());
  }
}

/** Whether the inputs set `name`: to a value, or to one not known yet. */
export function setsInput(inputs: PartlyKnown, name: string): boolean {
  const value = inputs.known[name];
  return inputs.unknown.has(name) || (value !== undefined && value !== null);
}
