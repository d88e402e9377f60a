/**
 * Fresh places to run documented commands in, as a reader would: an empty project that has installed the package,
 * or a copy of the checkout. Each has the real Pulumi CLI and the test-only language host stand-in on PATH, its own
 * PULUMI_HOME and TMPDIR, and none of the caller's Pulumi, ClickHouse or observability variables. A process a
 * script leaves running is found by a variable only this sandbox's processes carry, killed and reported.
 */
import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pulumiCliDir } from "../../../scripts/lib/pulumiCli";
import { repoRoot } from "./markdown";

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** Processes of this sandbox still running after the script ended (killed since). */
  leftovers: string[];
}

const markerVariable = "CHC_DOCS_SANDBOX";
const languageHost = path.join(repoRoot, "dist", "test", "support", "docs", "languageHost.js");

export class Sandbox {
  private runs = 0;

  private constructor(
    /** Holds the work directory, the control files, PULUMI_HOME and TMPDIR. */
    readonly root: string,
    /** Where scripts start: the project, the checkout copy, or a directory in it. */
    readonly cwd: string,
    readonly env: NodeJS.ProcessEnv,
  ) {}

  /** An empty project directory whose node_modules is the checkout's, with `files` written into it. */
  static project(files: Record<string, string> = {}): Sandbox {
    const sandbox = Sandbox.create("project");
    const work = path.join(sandbox.root, "work");
    fs.mkdirSync(work);
    fs.symlinkSync(path.join(repoRoot, "node_modules"), path.join(work, "node_modules"));
    for (const [name, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(work, name)), { recursive: true });
      fs.writeFileSync(path.join(work, name), content);
    }
    return new Sandbox(sandbox.root, work, sandbox.env);
  }

  /**
   * A copy of the checkout: every file git tracks or would track (the working tree's versions), the built dist/
   * (unless `withDist` is false: a clean clone), and a node_modules of links to the checkout's, so nothing run in
   * the copy can change the checkout.
   */
  static checkout(startIn = ".", options: { withDist?: boolean } = {}): Sandbox {
    const sandbox = Sandbox.create("checkout");
    const work = path.join(sandbox.root, "checkout");
    const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      cwd: repoRoot,
      encoding: "utf8",
    });
    for (const file of listed.split("\0").filter(Boolean)) {
      const source = path.join(repoRoot, file);
      if (!fs.existsSync(source)) continue; // deleted in the working tree
      fs.mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
      fs.cpSync(source, path.join(work, file), { preserveTimestamps: true, verbatimSymlinks: true });
    }
    if (options.withDist !== false)
      fs.cpSync(path.join(repoRoot, "dist"), path.join(work, "dist"), {
        recursive: true,
        preserveTimestamps: true,
      });
    linkNodeModules(path.join(repoRoot, "node_modules"), path.join(work, "node_modules"));
    return new Sandbox(sandbox.root, path.join(work, startIn), sandbox.env);
  }

  private static create(kind: string): { root: string; env: NodeJS.ProcessEnv } {
    const cliDir = pulumiCliDir(); // throws, saying what to do, when the CLI is unknown
    const root = fs.mkdtempSync(path.join(os.tmpdir(), `chc-docs-${kind}-`));
    for (const dir of ["control", "bin", "pulumi-home", "tmp"]) fs.mkdirSync(path.join(root, dir));
    fs.writeFileSync(
      path.join(root, "bin", "pulumi-language-nodejs"),
      `#!/bin/sh\n# TEST-ONLY stand-in for the Node.js language host: see test/support/docs/languageHost.ts\n` +
        `exec ${JSON.stringify(process.execPath)} ${JSON.stringify(languageHost)} "$@"\n`,
      { mode: 0o755 },
    );
    const env: NodeJS.ProcessEnv = {};
    for (const [name, value] of Object.entries(process.env)) {
      if (!/^(PULUMI_|CLICKHOUSE_|OBSERVABILITY_|BENCH_|npm_)/.test(name)) env[name] = value;
    }
    // npm puts the checkout's node_modules/.bin on PATH for `npm test`; a reader's shell does not have it.
    const callerPath = (process.env.PATH ?? "")
      .split(path.delimiter)
      .filter((dir) => !dir.endsWith("node_modules/.bin"));
    env.PATH = [path.join(root, "bin"), cliDir, ...callerPath].join(path.delimiter);
    env.PULUMI_HOME = path.join(root, "pulumi-home");
    env.PULUMI_SKIP_UPDATE_CHECK = "true";
    env.TMPDIR = path.join(root, "tmp");
    env[markerVariable] = root;
    return { root, env };
  }

  /**
   * Runs `script` with bash and `set -euo pipefail` from `cwd`. With `saveState`, the shell's exported variables
   * and directory at the end are kept, and `continueFromState` starts the next script from them; `keepProcesses`
   * leaves what the script started running, for a next script that stops it.
   */
  async run(
    script: string,
    options: { timeoutMs: number; saveState?: boolean; continueFromState?: boolean; keepProcesses?: boolean },
  ): Promise<ScriptRun> {
    this.runs += 1;
    const file = path.join(this.root, "control", `script-${this.runs}.sh`);
    const state = path.join(this.root, "control", "state.sh");
    const lines = [
      ...(options.continueFromState ? [`source ${JSON.stringify(state)}`] : []),
      "set -euo pipefail",
      script,
      ...(options.saveState
        ? [
            `{ export -p | grep -v '^declare -[a-zA-Z]*r'; printf 'cd %q\\n' "$PWD"; } > ${JSON.stringify(state)}`,
          ]
        : []),
    ];
    fs.writeFileSync(file, `${lines.join("\n")}\n`);
    const child = spawn("bash", [file], {
      cwd: this.cwd,
      env: this.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }, options.timeoutMs);
    const code = await new Promise<number | null>((resolve) =>
      child.once("close", (exitCode) => resolve(exitCode)),
    );
    clearTimeout(timer);
    const keep = options.keepProcesses && code === 0 && !timedOut;
    return { code, stdout, stderr, timedOut, leftovers: keep ? [] : this.killLeftovers() };
  }

  /**
   * Kills (SIGKILL) every process that carries this sandbox's marker, the CLI, the language host and the
   * provider plugins alike, and returns their command lines.
   */
  killLeftovers(): string[] {
    // Found first, then killed in one go: a process killed early must not give the others time to react.
    const marked = new Map<number, string>();
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
      try {
        const environ = fs.readFileSync(`/proc/${entry}/environ`, "utf8");
        if (!environ.split("\0").includes(`${markerVariable}=${this.root}`)) continue;
        marked.set(
          Number(entry),
          fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ").trim(),
        );
      } catch {
        continue; // gone, or not ours to read
      }
    }
    const found: string[] = [];
    for (const [pid, commandLine] of marked) {
      try {
        process.kill(pid, "SIGKILL");
        found.push(`${pid}: ${commandLine}`);
      } catch {
        // exited meanwhile
      }
    }
    return found;
  }

  dispose(): void {
    this.killLeftovers();
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}

/**
 * node_modules for a checkout copy: a link per package to the checkout's, the package itself linked to the copy
 * (as `npm run setup` links it), `.bin` as a directory of the same relative links, and npm's own lock copied.
 */
function linkNodeModules(source: string, target: string): void {
  fs.mkdirSync(target);
  for (const entry of fs.readdirSync(source)) {
    const from = path.join(source, entry);
    const to = path.join(target, entry);
    if (entry === "pulumi-clickhouse-cloud") fs.symlinkSync("..", to);
    else if (entry === ".package-lock.json") fs.cpSync(from, to, { preserveTimestamps: true });
    else if (entry === ".bin") {
      fs.mkdirSync(to);
      for (const bin of fs.readdirSync(from)) {
        const binPath = path.join(from, bin);
        if (fs.lstatSync(binPath).isSymbolicLink())
          fs.symlinkSync(fs.readlinkSync(binPath), path.join(to, bin));
        else fs.cpSync(binPath, path.join(to, bin), { preserveTimestamps: true });
      }
    } else fs.symlinkSync(from, to);
  }
}

/** The output of a failed run, for the test's message: its tail, with the emulator's local credentials masked. */
export function describeRun(run: ScriptRun): string {
  const mask = (text: string) =>
    text
      .replace(/("(?:tokenSecret|observabilityToken)":\s*)"[^"]*"/g, '$1"[masked]"')
      .split("\n")
      .slice(-80)
      .join("\n");
  return [
    `exit code ${run.code}${run.timedOut ? " (timed out: killed)" : ""}`,
    ...(run.leftovers.length > 0 ? [`left running (killed): ${run.leftovers.join("; ")}`] : []),
    `--- stdout (tail)\n${mask(run.stdout)}`,
    `--- stderr (tail)\n${mask(run.stderr)}`,
  ].join("\n");
}
