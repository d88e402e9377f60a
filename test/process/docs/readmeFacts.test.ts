import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "chai";
import { pulumiCliDir } from "../../../scripts/lib/pulumiCli";
import {
  anchorsOf,
  blocksOf,
  documentedFiles,
  inlineCodeOf,
  isShell,
  linksOf,
  repoRoot,
  tableAfter,
} from "../../support/docs/markdown";

/** Where links to this repository's files point, so that they work on the registry's page too. */
const githubFiles = "https://github.com/pulumi-clickhouse-cloud/pulumi-clickhouse-cloud/blob/main/";

/** The sources a README statement can be checked against (tests excluded). */
function sourceText(): string {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== "node_modules") walk(relative);
      else if (/\.(ts|sh|yml)$/.test(entry.name))
        texts.push(fs.readFileSync(path.join(repoRoot, relative), "utf8"));
    }
  };
  // The workflows too: the release's secrets (NPM_TOKEN) are theirs.
  for (const dir of ["schemas", "provider", "emulator", "scripts", "bench", ".github"]) walk(dir);
  return texts.join("\n");
}

function readme(file = "README.md"): string {
  return fs.readFileSync(path.join(repoRoot, file), "utf8");
}

/** Shell lines of the file's blocks, continuation lines joined, comments dropped. */
function shellLines(file: string): string[] {
  return blocksOf(file)
    .filter(isShell)
    .flatMap((block) => block.content.replace(/\\\n/g, " ").split("\n"))
    .map((line) => line.replace(/\s#\s.*$/, "").trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

function flagsOf(command: string): string[] {
  return [...command.matchAll(/(?:^|\s)(--[a-z][a-z-]*)/g)].map((match) => match[1]);
}

const helpCache = new Map<string, string>();
function helpOf(file: string, args: string[]): string {
  const key = [file, ...args].join(" ");
  if (!helpCache.has(key)) {
    helpCache.set(
      key,
      execFileSync(file, [...args, "--help"], { encoding: "utf8", env: { ...process.env } }),
    );
  }
  return helpCache.get(key)!;
}

const emulatorHelp = () =>
  helpOf(process.execPath, [path.join(repoRoot, "dist", "emulator", "cli", "main.js")]);
/** `pulumi-clickhouse-cloud [<command>] --help`: without a command, the orphan finder's options and the commands. */
const packageCliHelp = (command?: string) =>
  helpOf(process.execPath, [
    path.join(repoRoot, "dist", "provider", "cli", "main.js"),
    ...(command === undefined ? [] : [command]),
  ]);
const orphansHelp = () => packageCliHelp();
const pulumiHelp = (words: string[]) => helpOf(path.join(pulumiCliDir(), "pulumi"), words);

/** The flags a command of the docs may use: from the tool's own --help, or the demo's argument handling. */
function knownFlags(command: string): string | undefined {
  const words = command.split(/\s+/);
  if (command.startsWith("npx pulumi-clickhouse-cloud-emulator")) return emulatorHelp();
  if (words[0] === "npx" && words[1] === "pulumi-clickhouse-cloud")
    return packageCliHelp(words[2] === "export" ? "export" : undefined);
  if (words[0] === "pulumi") {
    // `pulumi config set --secret ...`: the words before the first flag or value name the command.
    const end = words.findIndex((word, index) => index > 0 && !/^[a-z][a-z-]*$/.test(word));
    return pulumiHelp(words.slice(1, end < 0 ? undefined : end).slice(0, 3));
  }
  if (command.startsWith("npm run demo --"))
    return fs.readFileSync(path.join(repoRoot, "scripts", "demo.ts"), "utf8");
  if (command.startsWith("npm install"))
    return execFileSync("npm", ["install", "--help"], { encoding: "utf8" });
  return undefined;
}

describe("docs: what the README states exists", function () {
  this.timeout(60_000);

  it("every link resolves: anchors to headings, files to files (README.md: by absolute GitHub URL)", () => {
    const problems: string[] = [];
    for (const file of documentedFiles()) {
      for (const href of linksOf(file)) {
        const [target, anchor] = href.split("#");
        let targetFile: string;
        if (href.startsWith("#")) targetFile = file;
        else if (href.startsWith(githubFiles)) targetFile = target.slice(githubFiles.length);
        else if (/^[a-z]+:/.test(href))
          continue; // another site: not reachable from the test
        else if (file === "README.md") {
          problems.push(
            `${file}: relative link ${href}: use ${githubFiles}..., which works on the registry's page`,
          );
          continue;
        } else targetFile = path.normalize(path.join(path.dirname(file), target));
        if (!fs.existsSync(path.join(repoRoot, targetFile))) {
          problems.push(`${file}: ${href}: ${targetFile} does not exist`);
          continue;
        }
        if (anchor && targetFile.endsWith(".md") && !anchorsOf(targetFile).has(anchor))
          problems.push(`${file}: ${href}: ${targetFile} has no heading for #${anchor}`);
      }
    }
    expect(problems).to.deep.equal([]);
  });

  it("every config key the README names is one the code reads", () => {
    const sources = sourceText();
    const keys = new Set(readme().match(/\b(?:clickhouse|observability):[a-z][A-Za-z]*\b/g));
    expect(keys.size).to.be.greaterThan(6);
    expect([...keys].filter((key) => !sources.includes(`"${key}"`))).to.deep.equal([]);
  });

  it("the configuration table lists every setting of both APIs, secrets marked, with the API's defaults", () => {
    const rows = tableAfter("README.md", "Configuration").slice(1);
    expect(rows.map(([key, envVar]) => `${key} ${envVar}`)).to.deep.equal([
      "`clickhouse:organizationId` `CLICKHOUSE_ORG_ID`",
      "`clickhouse:tokenKey` `CLICKHOUSE_TOKEN_KEY`",
      "`clickhouse:tokenSecret` (secret) `CLICKHOUSE_TOKEN_SECRET`",
      "`clickhouse:apiUrl` `CLICKHOUSE_API_URL`",
      "`clickhouse:apiDialect` `CLICKHOUSE_API_DIALECT`",
      "`clickhouse:throttle` `CLICKHOUSE_THROTTLE`",
      "`observability:apiUrl` `OBSERVABILITY_API_URL`",
      "`observability:apiDialect` `OBSERVABILITY_API_DIALECT`",
      "`observability:clickstackServiceId` `CLICKSTACK_SERVICE_ID`",
      "`observability:apiToken` (secret) `OBSERVABILITY_API_TOKEN`",
      "`observability:throttle` `OBSERVABILITY_THROTTLE`",
      "`clickhouse:sharedBudget` (secret) `PULUMI_CLICKHOUSE_CLOUD_SHARED_BUDGET`",
    ]);
    const meaning = Object.fromEntries(rows.map(([key, , text]) => [key, text]));
    expect(meaning["`clickhouse:apiUrl`"]).to.include("default `https://api.clickhouse.cloud`");
    expect(meaning["`clickhouse:throttle`"]).to.include("default `10/10s`");
    expect(meaning["`observability:throttle`"]).to.include("default `100/60s`");
    expect(meaning["`clickhouse:sharedBudget` (secret)"]).to.include("default `local`");
    expect(meaning["`clickhouse:apiDialect`"]).to.include("default `production` for api.clickhouse.cloud");
  });

  it("every environment variable the README, CONTRIBUTING.md and bench/README.md name is one the code uses", () => {
    const sources = sourceText();
    const names = new Set(
      ["README.md", "CONTRIBUTING.md", "bench/README.md"].flatMap(
        (file) => readme(file).match(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]{2,}\b/g) ?? [],
      ),
    );
    expect([...names]).to.include.members([
      "CLICKHOUSE_TOKEN_SECRET",
      "PULUMI_CONFIG_PASSPHRASE",
      "BENCH_FIGURES",
    ]);
    expect([...names].filter((name) => !sources.includes(name))).to.deep.equal([]);
  });

  it("every flag of a documented command is one its tool accepts", () => {
    const problems: string[] = [];
    for (const file of documentedFiles()) {
      const commands = [
        ...shellLines(file),
        ...inlineCodeOf(file).filter((code) => /^(npx|pulumi|npm) /.test(code)),
      ];
      for (const command of commands) {
        const flags = flagsOf(command.split(" -- ").pop()!);
        const known = flags.length > 0 ? knownFlags(command) : undefined;
        if (known === undefined) continue;
        for (const flag of flags)
          if (!new RegExp(`${flag}\\b`).test(known)) problems.push(`${file}: ${command}: ${flag}`);
      }
    }
    // Flags named on their own (`--detach`) belong to the emulator, the orphan finder, export, the demo, or `pulumi config set`.
    const anyTool =
      emulatorHelp() +
      orphansHelp() +
      packageCliHelp("export") +
      pulumiHelp(["config", "set"]) +
      knownFlags("npm run demo -- --keep");
    for (const code of inlineCodeOf("README.md").filter((c) => c.startsWith("--"))) {
      const flag = flagsOf(code)[0];
      if (!new RegExp(`${flag}\\b`).test(anyTool)) problems.push(`README.md: \`${code}\`: ${flag}`);
    }
    expect(problems).to.deep.equal([]);
  });

  it("every flag and command of the emulator is documented in emulator/README.md", () => {
    const documented = readme("emulator/README.md");
    const flags = new Set(emulatorHelp().match(/--[a-z][a-z-]*/g));
    const undocumented = [...flags].filter(
      (flag) => flag !== "--help" && !new RegExp(`${flag}\\b`).test(documented),
    );
    expect(undocumented).to.deep.equal([]);
    for (const command of ["stop --pid-file", "configure --fixture"]) expect(documented).to.include(command);
  });

  it("every message of the README's error table is in the code", () => {
    const sources = sourceText();
    const rows = tableAfter("README.md", "Errors you may see").slice(1);
    expect(rows.length).to.be.greaterThan(8);
    const missing: string[] = [];
    for (const [cell] of rows) {
      for (const [, message] of cell.matchAll(/`([^`]+)`/g)) {
        const fragments = message.split(/\.\.\.|<[^>]+>/).map((part) => part.trim());
        for (const fragment of fragments.filter((part) => part.length >= 3))
          if (!sources.includes(fragment)) missing.push(`${message}: ${JSON.stringify(fragment)}`);
      }
    }
    expect(missing).to.deep.equal([]);
  });

  it("the Go version the docs ask for is the one tools/pulumi-cli/go.mod needs", () => {
    const goMod = fs.readFileSync(path.join(repoRoot, "tools", "pulumi-cli", "go.mod"), "utf8");
    const needed = /^go (\S+)$/m.exec(goMod)![1];
    // CONTRIBUTING.md must say it; the README, for users, need not, but may only name the same version.
    for (const file of ["README.md", "CONTRIBUTING.md"]) {
      const stated = [...readme(file).matchAll(/Go >= ([0-9.]+[0-9])/g)].map((match) => match[1]);
      if (file === "CONTRIBUTING.md") expect(stated, file).to.not.be.empty;
      expect(
        stated.filter((version) => version !== needed),
        file,
      ).to.deep.equal([]);
    }
  });

  it("every `npm run <script>` of the docs is a script of package.json", () => {
    const scripts = (JSON.parse(readme("package.json")) as { scripts: Record<string, string> }).scripts;
    const named = documentedFiles().flatMap((file) =>
      [...readme(file).matchAll(/npm run ([a-z-]+(?::[a-z-]+)*)/g)].map((m) => m[1]),
    );
    expect(named).to.include.members(["demo", "setup", "lint", "bench"]);
    expect(named.filter((name) => !(name in scripts))).to.deep.equal([]);
  });
});
