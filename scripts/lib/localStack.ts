import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import type { ConfigMap, Deployment, OutputMap, PulumiFn } from "@pulumi/pulumi/automation";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import { isolateInlineProgramChannels } from "./inlineProgramChannels";
import { pulumiCliDir, pulumiCommand } from "./pulumiCli";
import { assertRuntimeBundleCurrent } from "./runtimeBundle";

const repoRoot = path.resolve(__dirname, "..", "..", "..");
// Local file backends only. The default passphrase suits throwaway stacks against the emulator; set
// PULUMI_CONFIG_PASSPHRASE to encrypt the secrets of a stack you keep with one of your own.
export const defaultPassphrase = "local-stack-passphrase";
const passphrase = process.env.PULUMI_CONFIG_PASSPHRASE ?? defaultPassphrase;

/** What it takes to stand up one stack through the real engine. */
export interface LocalStackOptions {
  /** Directory with the program's Pulumi.yaml; the CLI runs there, and so do the dynamic providers it starts. */
  projectDir: string;
  /** Compiled program module (a .js file); it is loaded afresh for every engine operation. */
  programModule: string;
  /** Stack config, e.g. `{ "clickhouse:tokenSecret": { value, secret: true } }`. */
  config?: ConfigMap;
  /** Extra environment for the CLI and the providers it starts. */
  env?: Record<string, string>;
  stackName?: string;
  /** Where the file backend keeps state; a fresh temp dir by default. */
  backendDir?: string;
}

/** Everything printed by one engine operation, kept for assertions and error reports. */
export interface OperationLog {
  stdout: string;
  stderr: string;
}

/**
 * Runs a program module as an inline Automation API program. The CLI gets `--client` and talks to the Node SDK's
 * language server in this process, so no `pulumi-language-nodejs` binary is needed; the engine, the state backend
 * and the dynamic-provider plugin processes are the real ones.
 */
export function programFromModule(modulePath: string): PulumiFn {
  return async () => {
    const resolved = require.resolve(modulePath);
    // Each engine operation must run the program's top level again, so it is loaded through require (whose cache
    // we can drop) rather than import(), whose module cache cannot be cleared.
    delete require.cache[resolved];
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = require(resolved) as Record<string, unknown>;
    const { default: _default, ...outputs } = exported;
    return outputs;
  };
}

/** A stack on a throwaway local file backend, with helpers for each engine operation. */
export class LocalStack {
  readonly logs: OperationLog[] = [];

  /** When true, the engine's output is also written to this process's stdout as it arrives. */
  echo = process.env.PULUMI_ECHO === "1";

  private constructor(
    readonly stack: Stack,
    readonly backendDir: string,
  ) {}

  static async create(options: LocalStackOptions): Promise<LocalStack> {
    assertRuntimeBundleCurrent();
    isolateInlineProgramChannels();
    const backendDir = options.backendDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "chc-state-"));
    fs.mkdirSync(backendDir, { recursive: true });
    const stackName = options.stackName ?? `stack-${process.pid}-${Date.now().toString(36)}`;
    const projectName = readProjectName(options.projectDir);
    const envVars: Record<string, string> = {
      PULUMI_BACKEND_URL: `file://${backendDir}`,
      PULUMI_CONFIG_PASSPHRASE: passphrase,
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      // The dynamic-provider launcher resolves @pulumi/pulumi, and our shim resolves this package, from its cwd;
      // NODE_PATH keeps that working when a test copies a program outside the repository.
      NODE_PATH: path.join(repoRoot, "node_modules"),
      PATH: [pulumiCliDir(), process.env.PATH ?? ""].join(path.delimiter),
      ...options.env,
    };
    const stack = await LocalWorkspace.createOrSelectStack(
      { stackName, projectName, program: programFromModule(options.programModule) },
      { workDir: options.projectDir, envVars, pulumiCommand: await pulumiCommand() },
    );
    if (options.config) await stack.setAllConfig(options.config);
    return new LocalStack(stack, backendDir);
  }

  /**
   * `parallel` caps how many resource operations the engine runs at once (`pulumi up --parallel`);
   * `continueOnError` goes on with the other resources after one fails (`pulumi up --continue-on-error`).
   */
  async up(options: { parallel?: number; continueOnError?: boolean } = {}): Promise<OutputMap> {
    const result = await this.stack.up({
      ...this.capture(),
      color: "never",
      parallel: options.parallel,
      continueOnError: options.continueOnError,
    });
    return result.outputs;
  }

  /** Returns the engine's change summary, e.g. `{ same: 2 }` when nothing would change. */
  async preview(): Promise<Record<string, number>> {
    const result = await this.stack.preview({ ...this.capture(), color: "never" });
    return result.changeSummary as Record<string, number>;
  }

  async refresh(): Promise<Record<string, number>> {
    const result = await this.stack.refresh({ ...this.capture(), color: "never" });
    return (result.summary.resourceChanges ?? {}) as Record<string, number>;
  }

  /**
   * `remove` also removes the stack (its history and config file). The CLI's closing advice to run
   * `pulumi stack rm` is then out of date, so it is left out of what is echoed and logged.
   */
  async destroy(options: { remove?: boolean } = {}): Promise<Record<string, number>> {
    const result = await this.stack.destroy({
      ...this.capture(options.remove ? withoutStackRmAdvice : undefined),
      color: "never",
      remove: options.remove,
    });
    return (result.summary.resourceChanges ?? {}) as Record<string, number>;
  }

  /**
   * The state as `pulumi stack export` prints it: secrets stay encrypted. (The Automation API's exportStack
   * decrypts them, so it cannot show whether a secret leaked into state.)
   */
  async exportState(): Promise<Deployment> {
    const { stdout } = await promisify(execFile)(
      path.join(pulumiCliDir(), "pulumi"),
      ["stack", "export", "--stack", this.stack.name],
      {
        cwd: this.stack.workspace.workDir,
        env: { ...process.env, ...this.stack.workspace.envVars },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return JSON.parse(stdout) as Deployment;
  }

  /** Resources of the state that are not the stack or a provider, by URN. */
  async resources(): Promise<StateResource[]> {
    const state = await this.exportState();
    const all = (state.deployment as { resources?: StateResource[] }).resources ?? [];
    return all.filter((r) => !r.type.startsWith("pulumi:"));
  }

  /** Removes the stack and its backend directory; the emulator's objects are the test's business. */
  async dispose(): Promise<void> {
    await this.stack.workspace.removeStack(this.stack.name, { force: true }).catch(() => undefined);
    fs.rmSync(this.backendDir, { recursive: true, force: true });
  }

  /** Output callbacks for one operation; what they collect is kept in `logs`. `dropLine` filters stdout lines. */
  private capture(dropLine?: (line: string) => boolean): {
    onOutput: (out: string) => void;
    onError: (err: string) => void;
  } {
    const log: OperationLog = { stdout: "", stderr: "" };
    this.logs.push(log);
    let partial = "";
    const keep = (text: string) => {
      log.stdout += text;
      if (this.echo) process.stdout.write(text);
    };
    return {
      onOutput: (out) => {
        if (!dropLine) return keep(out);
        // The CLI's output arrives in chunks that may split a line: filter whole lines only.
        const lines = (partial + out).split("\n");
        partial = lines.pop() ?? "";
        for (const line of lines) if (!dropLine(line)) keep(`${line}\n`);
      },
      onError: (err) => {
        log.stderr += err;
        if (this.echo) process.stderr.write(err);
      },
    };
  }
}

/** The CLI's advice after `destroy` to remove the stack, which `destroy({ remove: true })` has done already. */
function withoutStackRmAdvice(line: string): boolean {
  return (
    line.startsWith("The resources in the stack have been deleted, but the history and configuration") ||
    line.startsWith("If you want to remove the stack completely, run `pulumi stack rm")
  );
}

export interface StateResource {
  urn: string;
  type: string;
  id?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
  /** Where the program registered it: `project:///<path in the project>#<line>,<column>` or a file URL. */
  sourcePosition?: string;
}

function readProjectName(projectDir: string): string {
  const yaml = fs.readFileSync(path.join(projectDir, "Pulumi.yaml"), "utf8");
  const match = /^name:\s*(\S+)\s*$/m.exec(yaml);
  if (!match) throw new Error(`no project name in ${projectDir}/Pulumi.yaml`);
  return match[1];
}
