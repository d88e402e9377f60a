/**
 * Changes to one role's actors, one at a time in this process. Giving or taking one actor reads the role's actors and
 * PATCHes the whole list back: two such changes to one role at once (two RoleAssignments of a program, which the
 * engine runs in parallel) would each write the list the other had not seen, and one actor would be lost.
 */
const pending = new Map<string, Promise<unknown>>();

/** Runs `change` after every change already queued under `key`, and before those queued after it. */
export async function inTurn<T>(key: string, change: () => Promise<T>): Promise<T> {
  const before = pending.get(key) ?? Promise.resolve();
  const run = before.then(change);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  pending.set(key, settled);
  try {
    return await run;
  } finally {
    // The last change of the key leaves no entry behind.
    if (pending.get(key) === settled) pending.delete(key);
  }
}
