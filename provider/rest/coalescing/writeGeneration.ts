/**
 * The process's count of writes to either API, which tells a shared read whether what it holds may be older than
 * a write this process made. It moves when a write is sent and again when its answer (or failure) arrives, so that
 * a list taken while a write was under way, which may or may not show it, is never taken for one taken after it.
 * It is one count for the whole process, not one per collection: a write to one collection can change another (a
 * dashboard's delete deletes its alerts), and two clients can reach the same objects (two keys of one organization).
 */
let generation = 0;

/** The current count; a read taken at one count is current until the count moves. */
export function writeGeneration(): number {
  return generation;
}

/** Runs a write, moving the count before it is sent and after it ends, whatever its outcome. */
export async function asWrite<T>(send: () => Promise<T>): Promise<T> {
  generation += 1;
  try {
    return await send();
  } finally {
    generation += 1;
  }
}

/**
 * Moves the count as a write would, so that no list kept so far answers a later read: where a test changes objects
 * out of band (through the emulator's control path) and reads them again in the same process, where the engine
 * would have started the provider afresh for the next command.
 */
export function forgetKeptLists(): void {
  generation += 1;
}
