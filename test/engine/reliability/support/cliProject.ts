/**
 * A Pulumi project run with the real CLI as a child process, as a pipeline runs it: `pulumi up` in a project
 * directory, a file backend, the stack `dev`. Everything the run starts (the CLI with its engine, the language
 * host, the dynamic-provider processes) carries the sandbox's marker, so the whole run can be SIGKILLed at once,
 * as a cancelled job or a lost runner ends it.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "chai";
import type { RunningEmulator } from "../../../../emulator";
import { defaultPassphrase, type StateResource } from "../../../../scripts/lib/localStack";
import { Sandbox, type ScriptRun } from "../../../support/docs/sandbox";
import { nativeProjectYaml } from "../../../support/nativeProject";

const repoRoot = path.resolve(__dirname, "..", "..", "..", "..", "..");
const commandTimeoutMs = 180_000;

export interface PendingOperation {
  type: string;
  resource: { urn: string; type: string };
}

export interface CliState {
  /** Resources besides the stack and its providers. */
  resources: StateResource[];
  pendingOperations: PendingOperation[];
}

export class CliProject {
  private constructor(
    private readonly sandbox: Sandbox,
    readonly stackName: string,
  ) {}

  /**
   * A project directory whose program is the compiled `test/engine/reliability/programs/<program>`, with the stack
   * `dev` on its own file backend, pointed at `emulator` by the emulator's own `configure` command.
   */
  static async create(
    program: string,
    emulator: RunningEmulator,
    settings: string[],
    config: Record<string, string>,
  ): Promise<CliProject> {
    const compiled = path.join(
      repoRoot,
      "dist",
      "test",
      "engine",
      "reliability",
      "programs",
      program,
      "index.js",
    );
    const sandbox = Sandbox.project({
      "Pulumi.yaml": fs.readFileSync(
        path.join(repoRoot, "test", "engine", "reliability", "programs", program, "Pulumi.yaml"),
        "utf8",
      ),
      "index.js": `module.exports = require(${JSON.stringify(compiled)});\n`,
      "fixture.json": JSON.stringify(emulator.fixture),
    });
    const project = await CliProject.onOwnBackend(sandbox);
    await project.configure(
      settings.map((s) => `--set ${s}`),
      config,
    );
    return project;
  }

  /**
   * A project directory whose Pulumi.yaml loads the built native plugin as a project plugin and whose program is
   * the compiled module `programModule`, with the stack `dev` on its own file backend, pointed at `emulator` by the
   * emulator's `configure --plugin` (the plugin's `clickhouse-cloud:*` keys); `config` is set as given.
   */
  static async createNative(
    projectName: string,
    programModule: string,
    emulator: RunningEmulator,
    settings: string[],
    config: Record<string, string>,
  ): Promise<CliProject> {
    const sandbox = Sandbox.project({
      "Pulumi.yaml": nativeProjectYaml(projectName),
      "index.js": `module.exports = require(${JSON.stringify(programModule)});\n`,
      "fixture.json": JSON.stringify(emulator.fixture),
    });
    const project = await CliProject.onOwnBackend(sandbox);
    await project.configure(["--plugin", ...settings.map((s) => `--set ${s}`)], config);
    return project;
  }

  /** The emulator's `configure` with `flags` (the fixture is the sandbox's), then each of `config`. */
  private async configure(flags: string[], config: Record<string, string>): Promise<void> {
    await this.run(
      `npx pulumi-clickhouse-cloud-emulator configure --fixture fixture.json ${flags.join(" ")}`,
    );
    for (const [key, value] of Object.entries(config)) await this.run(`pulumi config set ${key} '${value}'`);
  }

  /** The stack `dev` of a sandbox's project, on a file backend in the sandbox. */
  private static async onOwnBackend(sandbox: Sandbox): Promise<CliProject> {
    sandbox.env.PULUMI_BACKEND_URL = `file://${path.join(sandbox.root, "state")}`;
    sandbox.env.PULUMI_CONFIG_PASSPHRASE = defaultPassphrase;
    fs.mkdirSync(path.join(sandbox.root, "state"));
    const project = new CliProject(sandbox, "dev");
    await project.run("pulumi stack init dev");
    return project;
  }

  /** Runs a shell command in the project directory; fails the test, with its output, unless it exits 0. */
  async run(command: string): Promise<ScriptRun> {
    const run = await this.sandbox.run(command, { timeoutMs: commandTimeoutMs });
    expect(run.code, `${command}\n${run.stdout}\n${run.stderr}`).to.equal(0);
    return run;
  }

  /** Runs a command and returns its outcome whatever it is. */
  attempt(command: string): Promise<ScriptRun> {
    return this.sandbox.run(command, { timeoutMs: commandTimeoutMs });
  }

  /** Starts a command in the background (its output goes to `<log>` in the sandbox) and returns at once. */
  async start(command: string, log: string): Promise<void> {
    const logPath = path.join(this.sandbox.root, log);
    const run = await this.sandbox.run(`${command} > ${JSON.stringify(logPath)} 2>&1 &`, {
      timeoutMs: commandTimeoutMs,
      keepProcesses: true,
    });
    expect(run.code, run.stderr).to.equal(0);
  }

  /** What a background command printed so far. */
  output(log: string): string {
    const logPath = path.join(this.sandbox.root, log);
    return fs.existsSync(logPath) ? fs.readFileSync(logPath, "utf8") : "";
  }

  /** SIGKILLs every process of the project's runs; returns their command lines. */
  killEverything(): string[] {
    return this.sandbox.killLeftovers();
  }

  /** The stack's state as `pulumi stack export` prints it. */
  async state(): Promise<CliState> {
    const { stdout } = await this.run("pulumi stack export");
    const deployment = (
      JSON.parse(stdout) as {
        deployment: { resources?: StateResource[]; pending_operations?: PendingOperation[] };
      }
    ).deployment;
    return {
      resources: (deployment.resources ?? []).filter((resource) => !resource.type.startsWith("pulumi:")),
      pendingOperations: deployment.pending_operations ?? [],
    };
  }

  dispose(): void {
    this.sandbox.dispose();
  }
}
