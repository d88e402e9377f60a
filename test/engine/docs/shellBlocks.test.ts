import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import Bottleneck from "bottleneck";
import { expect } from "chai";
import { parse as parseYaml } from "yaml";
import { pulumiCliDir } from "../../../scripts/lib/pulumiCli";
import { fillInHintHeaders, hintSection, runnableHintHeaders } from "../../support/docs/hints";
import {
  blocksOf,
  documentedFiles,
  isShell,
  repoRoot,
  tokensOf,
  type DocBlock,
} from "../../support/docs/markdown";
import { describeRun, Sandbox, type ScriptRun } from "../../support/docs/sandbox";

/**
 * Every fenced sh/bash block of the documentation, run from the markdown as the test finds it, each in a fresh
 * sandbox (see CONTRIBUTING.md, "How the docs are tested", for where each runs and what its markers mean). The
 * blocks are independent, and much of their time is spent waiting (rate limits, provisioning delays, process
 * starts), so a few run at once; each test reports its own block.
 */

const projectTimeoutMs = 180_000;
const checkoutTimeoutMs = 420_000;
/** How long a test may wait for its block, queued behind others: every script has its own time limit. */
const testTimeoutMs = 30 * 60_000;
const scheduler = new Bottleneck({ maxConcurrent: 3 });

function bashSyntaxError(script: string): string | undefined {
  try {
    execFileSync("bash", ["-n"], { input: script, stdio: ["pipe", "ignore", "pipe"] });
    return undefined;
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

/** The files a markdown file's `file=` blocks make, written into each of its project sandboxes. */
function projectFilesOf(file: string): Record<string, string> {
  return Object.fromEntries(
    blocksOf(file)
      .filter((block) => block.markers.file !== undefined)
      .map((block) => [block.markers.file!, block.content]),
  );
}

function runsInCheckout(block: DocBlock): boolean {
  return block.file === "CONTRIBUTING.md" || block.file.startsWith("examples/") || block.markers.checkout;
}

function sandboxFor(block: DocBlock): Sandbox {
  const example = /^examples\/([^/]+)\/README\.md$/.exec(block.file);
  if (example) return Sandbox.checkout(`examples/${example[1]}`);
  if (runsInCheckout(block)) return Sandbox.checkout();
  return Sandbox.project(projectFilesOf(block.file));
}

/** Why the run failed, or undefined when it succeeded and left nothing running. */
function failureOf(run: ScriptRun, what: string): string | undefined {
  return run.code === 0 && run.leftovers.length === 0 ? undefined : `${what} failed:\n${describeRun(run)}`;
}

/** Runs the commands the block printed for the user, where and as the block left the shell. */
async function runPrintedHints(
  sandbox: Sandbox,
  block: DocBlock,
  output: string,
): Promise<string | undefined> {
  const runnable = runnableHintHeaders
    .map((header) => hintSection(output, header))
    .filter((commands): commands is string[] => commands !== undefined && commands.length > 0);
  if (runnable.length === 0)
    return `${block.file}:${block.line} is marked hints but printed no commands to run`;
  for (const header of fillInHintHeaders) {
    const commands = hintSection(output, header);
    const syntax = commands && bashSyntaxError(commands.join("\n"));
    if (syntax) return `the commands printed under "${header}" are not valid bash: ${syntax}`;
  }
  for (const commands of runnable) {
    const run = await sandbox.run(commands.join("\n"), {
      timeoutMs: checkoutTimeoutMs,
      continueFromState: true,
    });
    const failure = failureOf(run, `the printed commands\n${commands.join("\n")}\n`);
    if (failure) return failure;
  }
  return undefined;
}

/** Runs a block (and the commands it prints, when marked `hints`) in a fresh sandbox. */
async function runBlock(block: DocBlock): Promise<string | undefined> {
  const timeoutMs = runsInCheckout(block) ? checkoutTimeoutMs : projectTimeoutMs;
  const { hints } = block.markers;
  const sandbox = sandboxFor(block);
  try {
    const run = await sandbox.run(block.content, { timeoutMs, saveState: hints, keepProcesses: hints });
    return (
      failureOf(run, `${block.file}:${block.line}`) ??
      (hints ? await runPrintedHints(sandbox, block, run.stdout) : undefined)
    );
  } finally {
    sandbox.dispose();
  }
}

/** `--grep`/`--fgrep` of this mocha run, so that only the blocks of the selected tests are run. */
function selectedByCommandLine(fullTitle: string): boolean {
  const argv = process.argv;
  const valueOf = (...names: string[]) => {
    const index = argv.findIndex((arg) => names.includes(arg));
    const inline = argv.find((arg) => names.some((name) => arg.startsWith(`${name}=`)));
    return index >= 0 ? argv[index + 1] : inline?.slice(inline.indexOf("=") + 1);
  };
  const grep = valueOf("--grep", "-g");
  const fgrep = valueOf("--fgrep", "-f");
  if (grep !== undefined) return new RegExp(grep).test(fullTitle) !== argv.includes("--invert");
  if (fgrep !== undefined) return fullTitle.includes(fgrep) !== argv.includes("--invert");
  return true;
}

/** Every selected block's run, all started (a few at a time) when the first test asks. */
const outcomes = new Map<DocBlock, Promise<string | undefined>>();
const runnableBlocks: { block: DocBlock; fullTitle: string }[] = [];
function outcomeOf(block: DocBlock): Promise<string | undefined> {
  if (outcomes.size === 0) {
    for (const each of runnableBlocks.filter((entry) => selectedByCommandLine(entry.fullTitle)))
      outcomes.set(
        each.block,
        scheduler.schedule(() => runBlock(each.block)),
      );
  }
  return outcomes.get(block) ?? scheduler.schedule(() => runBlock(block));
}

function summary(block: DocBlock): string {
  const first = block.content.split("\n").find((line) => line.trim() !== "" && !line.startsWith("#")) ?? "";
  return `${block.file}:${block.line} \`${first.length > 70 ? `${first.slice(0, 67)}...` : first}\``;
}

describe("docs: every documented shell block runs as written", function () {
  this.timeout(testTimeoutMs);

  before(() => {
    console.log(
      "    Plain `pulumi preview` / `pulumi up` in these blocks run through the real Pulumi CLI with a TEST-ONLY\n" +
        "    stand-in for pulumi-language-nodejs on PATH (test/support/docs/languageHost.ts), which serves the Node\n" +
        "    SDK's own language server: the real host cannot be built here (see CONTRIBUTING.md).",
    );
  });

  it("every fenced block names its language, none is `console`, and every shell block is valid bash", () => {
    for (const file of documentedFiles()) {
      for (const token of tokensOf(file).filter((t) => t.type === "fence")) {
        const where = `${file}:${(token.map?.[0] ?? 0) + 1}`;
        expect(token.info.trim(), `${where}: a fence without a language`).to.not.equal("");
        expect(
          token.info.trim().split(/\s/)[0],
          `${where}: use sh for commands, text for output`,
        ).to.not.equal("console");
      }
      for (const block of blocksOf(file).filter(isShell))
        expect(bashSyntaxError(block.content), `${file}:${block.line}`).to.equal(undefined);
    }
  });

  for (const file of documentedFiles()) {
    describe(file, () => {
      for (const block of blocksOf(file).filter(isShell)) {
        const { skip, cloud, hints } = block.markers;
        if (skip !== undefined) {
          it.skip(`${summary(block)} NOT RUN: ${skip}`);
        } else if (cloud) {
          it(`${summary(block)} needs real cloud credentials: syntax checked with bash -n only`, () => {
            expect(bashSyntaxError(block.content)).to.equal(undefined);
          });
        } else {
          const title = `${summary(block)}${hints ? ", then the commands it prints" : ""}`;
          runnableBlocks.push({
            block,
            fullTitle: `docs: every documented shell block runs as written ${file} ${title}`,
          });
          it(title, async () => {
            const failure = await outcomeOf(block);
            if (failure) expect.fail(failure);
          });
        }
      }
    });
  }

  it("the `file=` blocks of README.md type-check against the package's types", async () => {
    const files = projectFilesOf("README.md");
    expect(Object.keys(files)).to.include("index.ts");
    const tsconfig = {
      // skipLibCheck: the packages' own declarations are checked by their builds; this checks the program's use of them.
      compilerOptions: {
        strict: true,
        target: "ES2022",
        module: "commonjs",
        types: ["node"],
        noEmit: true,
        skipLibCheck: true,
      },
    };
    const sandbox = Sandbox.project({ ...files, "tsconfig.json": JSON.stringify(tsconfig) });
    try {
      const run = await sandbox.run("npx tsc -p .", { timeoutMs: projectTimeoutMs });
      const failure = failureOf(run, "tsc of README.md's program");
      if (failure) expect.fail(failure);
    } finally {
      sandbox.dispose();
    }
  });
});

describe("docs: examples/ci/github-actions.yml", function () {
  this.timeout(projectTimeoutMs + 60_000);
  interface Step {
    uses?: string;
    run?: string;
    with?: Record<string, unknown>;
  }
  const workflow = parseYaml(
    fs.readFileSync(path.join(repoRoot, "examples/ci/github-actions.yml"), "utf8"),
  ) as {
    jobs: Record<string, { steps: Step[] }>;
  };
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);

  it("installs Node 20 and the Pulumi CLI version this test runs", () => {
    const cliVersion = execFileSync(path.join(pulumiCliDir(), "pulumi"), ["version"], {
      encoding: "utf8",
    }).trim();
    const setupNode = steps.find((step) => step.uses?.startsWith("actions/setup-node@"));
    expect(String(setupNode?.with?.["node-version"])).to.equal("20");
    const pulumi = steps.find((step) => step.uses?.startsWith("pulumi/actions@"));
    expect(`v${String(pulumi?.with?.["pulumi-version"])}`).to.equal(cliVersion);
  });

  it("its run steps pass in order on README.md's first program (npm ci excepted: node_modules is the checkout's)", async () => {
    const runs = steps.map((step) => step.run?.trim()).filter((run): run is string => run !== undefined);
    expect(runs).to.include("npm ci");
    const sandbox = Sandbox.project({
      ...projectFilesOf("README.md"),
      "ci/preview-against-emulator.sh": fs.readFileSync(
        path.join(repoRoot, "examples/ci/preview-against-emulator.sh"),
        "utf8",
      ),
    });
    try {
      const script = runs.filter((run) => run !== "npm ci").join("\n");
      const run = await sandbox.run(script, { timeoutMs: projectTimeoutMs });
      const failure = failureOf(run, "the workflow's run steps");
      if (failure) expect.fail(failure);
      expect(run.stdout).to.match(/Resources:\s+\+ 3 to create/);
      expect(run.stdout).to.include(
        "The resources in the stack have been deleted, and the history and configuration removed.",
      );
      expect(run.stdout).to.include("stopped the emulator");
    } finally {
      sandbox.dispose();
    }
  });
});
