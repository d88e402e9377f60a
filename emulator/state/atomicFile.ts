/**
 * Replacing a file atomically: a temporary file beside it, then a rename. The temporary file has an unpredictable
 * name and is created exclusively without following links, so another user of a shared directory can neither
 * plant a link where it will be written nor guess its name in advance.
 */
import { randomBytes } from "node:crypto";
import { constants, promises as fs } from "node:fs";
import * as path from "node:path";

const createExclusively = constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | constants.O_NOFOLLOW;

/** Writes `text` to `target` with `mode`, through a temporary file that is removed when anything fails. */
export async function replaceFileAtomically(target: string, text: string, mode: number): Promise<void> {
  const temporary = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(8).toString("hex")}.tmp`,
  );
  let written = false;
  try {
    const handle = await fs.open(temporary, createExclusively, mode);
    try {
      await handle.writeFile(text);
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, target);
    written = true;
  } finally {
    if (!written) await fs.rm(temporary, { force: true });
  }
}
