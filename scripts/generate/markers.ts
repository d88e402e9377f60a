/** Generated parts of a hand-written file: the text between a start and an end marker (HTML comments in markdown). */

/** `text` with what stands between `start` and `end` replaced by `content`; fails when a marker is missing. */
export function withGeneratedPart(text: string, start: string, end: string, content: string): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`the markers ${start} ... ${end} are missing`);
  return `${text.slice(0, from + start.length)}\n\n${content}\n\n${text.slice(to)}`;
}
