/** What a command that prints to this process's stdout and stderr wrote while it ran. */
export interface CommandOutput {
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `action` with this process's stdout and stderr captured instead of printed, and gives back what it wrote.
 * The streams are put back before it returns or rethrows the action's failure.
 */
export async function commandOutputOf(action: () => Promise<unknown>): Promise<CommandOutput> {
  const written = { stdout: [] as string[], stderr: [] as string[] };
  const originals = { stdout: process.stdout.write, stderr: process.stderr.write };
  for (const name of ["stdout", "stderr"] as const) {
    process[name].write = ((chunk: string | Uint8Array) => {
      written[name].push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
  }
  try {
    await action();
  } finally {
    process.stdout.write = originals.stdout;
    process.stderr.write = originals.stderr;
  }
  return { stdout: written.stdout.join(""), stderr: written.stderr.join("") };
}
