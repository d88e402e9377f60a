/**
 * Commands that our tools print for the user to run next, taken from their output as printed: a header line, then
 * the commands, each indented by two spaces. A header may take up to two lines before the first command.
 */

/** Sections whose commands run as printed after the command that printed them. */
export const runnableHintHeaders = [
  "Next steps:", // the emulator
  "The stack was kept. To explore it", // npm run demo -- --keep
] as const;

/** Sections with placeholders for the reader's own credentials and ids: checked with `bash -n` only. */
export const fillInHintHeaders = [
  "To run the same program against the real APIs", // npm run demo
] as const;

/** The commands of the section under `header` in `output`, or undefined when there is no such section. */
export function hintSection(output: string, header: string): string[] | undefined {
  const lines = output.split("\n");
  const start = lines.findIndex((line) => line.startsWith(header));
  if (start < 0) return undefined;
  let first = start + 1;
  while (first < lines.length && first <= start + 2 && !lines[first].startsWith("  ")) first += 1;
  const commands: string[] = [];
  for (let index = first; index < lines.length && lines[index].startsWith("  "); index += 1)
    commands.push(lines[index].slice(2));
  return commands;
}
