/**
 * The documentation as the docs tests see it, read from the markdown files when the tests run: fenced blocks with
 * their info-string markers, links, headings, inline code and tables (parsed with markdown-it).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import MarkdownIt from "markdown-it";
type Token = MarkdownIt.Token;

export const repoRoot = path.resolve(__dirname, "..", "..", "..", "..");

/** The languages whose blocks are shell commands, and are run. */
export const shellLanguages = ["sh", "bash"] as const;

/** Markdown files whose shell blocks are run; examples are found when the test runs, so new ones count too. */
export function documentedFiles(): string[] {
  const examples = fs
    .readdirSync(path.join(repoRoot, "examples"), { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() && fs.existsSync(path.join(repoRoot, "examples", entry.name, "README.md")),
    )
    .map((entry) => `examples/${entry.name}/README.md`)
    .sort();
  return [
    "README.md",
    "CONTRIBUTING.md",
    "emulator/README.md",
    "bench/README.md",
    "docs/resources.md",
    "docs/orphans.md",
    "docs/adopting.md",
    "docs/migrating-from-terraform.md",
    ...examples,
  ];
}

export interface Markers {
  /** Runs in a fresh copy of the checkout. */
  checkout: boolean;
  /** Needs real cloud credentials: `bash -n` only. */
  cloud: boolean;
  /** The block prints commands for the user, which are run too. */
  hints: boolean;
  /** Not run, for this reason. */
  skip?: string;
  /** A block of another language that is written to this file of the project directory. */
  file?: string;
}

export interface DocBlock {
  /** Repository-relative path of the markdown file. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  language: string;
  markers: Markers;
  content: string;
}

const knownMarkers = new Set(["checkout", "cloud", "hints", "skip", "file"]);

/** Parses the words after the language: `checkout`, `skip="reason"`, `file=index.ts`. Unknown words throw. */
export function parseMarkers(info: string, where: string): { language: string; markers: Markers } {
  const [language = "", ...rest] = info.trim().split(/\s+/);
  const markers: Markers = { checkout: false, cloud: false, hints: false };
  const words = /([\w-]+)(?:=(?:"([^"]*)"|(\S+)))?/g;
  const text = info.trim().slice(language.length);
  for (let match = words.exec(text); match !== null; match = words.exec(text)) {
    const [, name, quoted, bare] = match;
    if (!knownMarkers.has(name))
      throw new Error(`${where}: unknown marker ${JSON.stringify(name)} in ${JSON.stringify(info)}`);
    const value = quoted ?? bare;
    if (name === "skip" || name === "file") {
      if (!value) throw new Error(`${where}: ${name} needs a value, e.g. ${name}="..."`);
      markers[name] = value;
    } else markers[name as "checkout" | "cloud" | "hints"] = true;
  }
  void rest;
  return { language, markers };
}

const parser = new MarkdownIt({ html: true });

export function tokensOf(file: string): Token[] {
  return parser.parse(fs.readFileSync(path.join(repoRoot, file), "utf8"), {});
}

export function blocksOf(file: string): DocBlock[] {
  return tokensOf(file)
    .filter((token) => token.type === "fence")
    .map((token) => {
      const line = (token.map?.[0] ?? 0) + 1;
      const { language, markers } = parseMarkers(token.info, `${file}:${line}`);
      return { file, line, language, markers, content: token.content };
    });
}

export function isShell(block: DocBlock): boolean {
  return (shellLanguages as readonly string[]).includes(block.language);
}

/** Every token of the inline content (paragraphs, table cells, list items, headings), in order. */
function inlineChildren(tokens: Token[]): Token[] {
  return tokens.filter((token) => token.type === "inline").flatMap((token) => token.children ?? []);
}

export function linksOf(file: string): string[] {
  return inlineChildren(tokensOf(file))
    .filter((token) => token.type === "link_open")
    .map((token) => token.attrGet("href") ?? "");
}

export function inlineCodeOf(file: string): string[] {
  return inlineChildren(tokensOf(file))
    .filter((token) => token.type === "code_inline")
    .map((token) => token.content);
}

/** Anchors of the file's headings, as GitHub makes them: lower case, punctuation dropped, spaces to hyphens. */
export function anchorsOf(file: string): Set<string> {
  const tokens = tokensOf(file);
  const anchors = new Set<string>();
  tokens.forEach((token, index) => {
    if (token.type !== "heading_open") return;
    const text = (tokens[index + 1].children ?? []).map((child) => child.content).join("");
    anchors.add(
      text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, "")
        .replace(/\s/g, "-"),
    );
  });
  return anchors;
}

/** The rows of the first table after the heading `heading`, each as its cells' inline markdown. */
export function tableAfter(file: string, heading: string): string[][] {
  const tokens = tokensOf(file);
  const start = tokens.findIndex(
    (token, index) => token.type === "heading_open" && tokens[index + 1].content === heading,
  );
  if (start < 0) throw new Error(`${file} has no heading ${JSON.stringify(heading)}`);
  const rows: string[][] = [];
  let row: string[] | undefined;
  for (const token of tokens.slice(start)) {
    if (token.type === "tr_open") row = [];
    else if (token.type === "inline" && row) row.push(token.content);
    else if (token.type === "tr_close" && row) rows.push(row);
    else if (token.type === "table_close") break;
  }
  return rows;
}
