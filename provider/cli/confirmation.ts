/**
 * The question `orphans --delete` asks before it deletes: a deletion cannot be undone, and an id pasted from an
 * old listing may name something live. `--yes` answers it for scripts and CI; without a terminal to ask in, and
 * without `--yes`, nothing is deleted.
 */
import { createInterface } from "node:readline/promises";
import type { OrganizationObject } from "./orphans";
import { UsageError } from "./usageError";

export interface ConfirmationTerminal {
  readonly input: NodeJS.ReadableStream & { isTTY?: boolean };
  readonly output: NodeJS.WritableStream;
}

/** Resolves when the deletion may go on; throws a UsageError when it may not. */
export async function confirmDeletion(
  objects: readonly OrganizationObject[],
  yes: boolean,
  terminal: ConfirmationTerminal,
): Promise<void> {
  if (yes || objects.length === 0) return;
  if (terminal.input.isTTY !== true) {
    throw new UsageError(
      "--delete asks for confirmation and there is no terminal to ask in: nothing was deleted. Pass --yes to " +
        "delete without asking (as a CI job does).",
    );
  }
  const lines = objects.map((object) => `  ${object.kind} ${object.id} ${object.name}`.trimEnd());
  const reader = createInterface({ input: terminal.input, output: terminal.output });
  try {
    const answer = await reader.question(
      `About to delete ${objects.length} object(s):\n${lines.join("\n")}\nDelete them? Type "yes" to go on: `,
    );
    if (answer.trim().toLowerCase() !== "yes") throw new UsageError("not confirmed: nothing was deleted");
  } finally {
    reader.close();
  }
}
