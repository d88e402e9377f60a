/**
 * Parts of a markdown file that a generator writes: the text between `<!-- BEGIN GENERATED <name> ... -->` and
 * `<!-- END GENERATED <name> -->`. The generator rewrites that text; a test compares it with what the generator
 * would write, so a stale part fails `npm test` instead of misleading a reader.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as prettier from "prettier";

export const repoRoot = path.resolve(__dirname, "..", "..", "..");

/** One generated part: the file it lives in, its marker name and how to produce its markdown. */
export interface GeneratedSection {
  readonly file: string;
  readonly name: string;
  /** The source the part is derived from, named in the begin marker for whoever edits the file by hand. */
  readonly source: string;
  readonly render: () => string;
}

function markers(section: GeneratedSection): { begin: RegExp; end: string; beginLine: string } {
  return {
    begin: new RegExp(`<!-- BEGIN GENERATED ${section.name}\\b[^>]*-->`),
    end: `<!-- END GENERATED ${section.name} -->`,
    beginLine: `<!-- BEGIN GENERATED ${section.name}: written by \`npm run generate\` from ${section.source} -->`,
  };
}

/** The section's current text in its file (between the markers, trimmed). */
export function currentSection(section: GeneratedSection): string {
  const text = fs.readFileSync(path.join(repoRoot, section.file), "utf8");
  const { begin, end } = markers(section);
  const start = begin.exec(text);
  const stop = text.indexOf(end);
  if (start === null || stop < start.index) {
    throw new Error(
      `${section.file} has no "${section.name}" section between its BEGIN and END GENERATED markers`,
    );
  }
  return text.slice(start.index + start[0].length, stop).trim();
}

/** The section as the generator writes it: rendered, then formatted as prettier formats the file. */
export async function renderedSection(section: GeneratedSection): Promise<string> {
  const filepath = path.join(repoRoot, section.file);
  const options = (await prettier.resolveConfig(filepath)) ?? {};
  return (await prettier.format(section.render(), { ...options, filepath })).trim();
}

/** Rewrites the section in its file; returns whether the file changed. */
export async function writeSection(section: GeneratedSection): Promise<boolean> {
  const filepath = path.join(repoRoot, section.file);
  const text = fs.readFileSync(filepath, "utf8");
  currentSection(section); // fails with a clear message when the markers are missing
  const { begin, end, beginLine } = markers(section);
  const start = begin.exec(text)!;
  const stop = text.indexOf(end);
  const updated = `${text.slice(0, start.index)}${beginLine}\n\n${await renderedSection(section)}\n\n${text.slice(stop)}`;
  if (updated === text) return false;
  fs.writeFileSync(filepath, updated);
  return true;
}
