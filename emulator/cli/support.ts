/**
 * What the emulator's subcommands share: the two kinds of failure a user can act on, option parsing, and checks
 * that name the user's own paths (never a temporary file) before anything is started.
 */
import { promises as fs } from "node:fs";
import * as path from "node:path";
import { replaceFileAtomically } from "../state/atomicFile";

/** A command line that cannot work: printed with the usage text, exit code 2. */
export class UsageError extends Error {}

/** A failure the user can fix, already phrased as what to do: printed alone (no stack trace), exit code 1. */
export class CliError extends Error {}

/** The command users type; hints print it so they can be pasted as they are. */
export const commandName = "npx pulumi-clickhouse-cloud-emulator";

export function integerOption(
  name: string,
  value: string | undefined,
  fallback: number | undefined,
): number | undefined {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value))
    throw new UsageError(`--${name} must be a whole number; got ${JSON.stringify(value)}`);
  return Number(value);
}

export function onOffOption(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (value !== "on" && value !== "off")
    throw new UsageError(`--${name} must be on or off; got ${JSON.stringify(value)}`);
  return value === "on";
}

/** Quotes a word for a POSIX shell when it needs it, so printed commands can be pasted. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * Fails unless `file` (given as `--<flag> <file>`) can be created or replaced: its directory exists, is a
 * directory and is writable, and the file itself is not a directory. Messages use the path as the user wrote it.
 */
export async function checkWritableFile(flag: string, file: string): Promise<void> {
  const directory = path.dirname(file);
  const target = await fs.stat(file).catch(() => undefined);
  if (target?.isDirectory())
    throw new CliError(`--${flag} ${file}: that is a directory; name a file in it instead`);
  const parent = await fs.stat(directory).catch((error: NodeJS.ErrnoException) => error);
  if (parent instanceof Error) {
    if (parent.code === "ENOENT")
      throw new CliError(
        `--${flag} ${file}: the directory ${directory} does not exist; create it first ` +
          `(mkdir -p ${shellWord(directory)}) or choose another path`,
      );
    if (parent.code === "ENOTDIR")
      throw new CliError(`--${flag} ${file}: a part of ${directory} is a file, not a directory`);
    throw new CliError(`--${flag} ${file}: cannot use ${directory} (${parent.code ?? parent.message})`);
  }
  if (!parent.isDirectory()) throw new CliError(`--${flag} ${file}: ${directory} is a file, not a directory`);
  await fs.access(directory, fs.constants.W_OK).catch(() => {
    throw new CliError(`--${flag} ${file}: ${directory} is not writable by this user; choose another path`);
  });
}

/**
 * Writes `text` to `file` atomically (a temporary file beside it, then a rename). A failure names the user's
 * path and the reason, not the temporary file.
 */
export async function writeFileAtomically(
  flag: string,
  file: string,
  text: string,
  mode: number,
): Promise<void> {
  try {
    await replaceFileAtomically(file, text, mode);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new CliError(`--${flag} ${file}: could not write it (${reason}); choose another path`);
  }
}
