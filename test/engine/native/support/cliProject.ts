/**
 * A Pulumi project driven through the real CLI's own commands, as a user runs them (`pulumi up` in the project's
 * directory, no Automation API): its own Pulumi home (so no plugin is installed unless the test installs it), a
 * local file backend, and one stack.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { ConfigMap } from "@pulumi/pulumi/automation";
import type { Fixture } from "../../../../emulator";
import { nativeStackConfig } from "../../../../scripts/lib/nativeStackConfig";
import { pulumiCliDir } from "../../../../scripts/lib/pulumiCli";
import { repoRoot } from "../../../support/programs";

export interface CliRun {
  readonly stdout: string;
  readonly stderr: string;
}

export class CliProject {
  private constructor(
    /** The project directory, holding its Pulumi.yaml. */
    readonly dir: string,
    /** The Pulumi home: plugins the engine installs land in `plugins/`. */
    readonly home: string,
    private readonly backend: string,
    private readonly extraEnv: Readonly<Record<string, string>>,
  ) {}

  /**
   * A project of the given Pulumi.yaml text in a new directory, with an empty Pulumi home; `extraEnv` goes to
   * every command.
   */
  static create(projectYaml: string, extraEnv: Readonly<Record<string, string>> = {}): CliProject {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-cli-project-"));
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "chc-cli-home-"));
    const backend = fs.mkdtempSync(path.join(os.tmpdir(), "chc-cli-state-"));
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), projectYaml);
    return new CliProject(dir, home, backend, extraEnv);
  }

  /** The environment of the project's commands: its CLI on PATH, its Pulumi home, backend and passphrase. */
  env(): NodeJS.ProcessEnv {
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) =>
          !/^(PULUMI_|CLICKHOUSE_|OBSERVABILITY_)/.test(name) || name === "PULUMI_SKIP_UPDATE_CHECK",
      ),
    );
    return {
      ...inherited,
      PATH: `${pulumiCliDir()}${path.delimiter}${process.env.PATH ?? ""}`,
      PULUMI_HOME: this.home,
      PULUMI_BACKEND_URL: `file://${this.backend}`,
      PULUMI_CONFIG_PASSPHRASE: "cli-project-test",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      ...this.extraEnv,
    };
  }

  /** Runs `pulumi <args>` in the project directory; rejects with its output when it fails. */
  pulumi(args: readonly string[]): Promise<CliRun> {
    return new Promise((resolve, reject) =>
      execFile(
        path.join(pulumiCliDir(), "pulumi"),
        [...args],
        { cwd: this.dir, env: this.env(), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) =>
          error
            ? reject(new Error(`pulumi ${args.join(" ")} failed:\n${stdout}\n${stderr}`))
            : resolve({ stdout, stderr }),
      ),
    );
  }

  /** `pulumi stack init` and the stack's config (secrets as secrets). */
  async initStack(name: string, config: ConfigMap): Promise<void> {
    await this.pulumi(["stack", "init", name]);
    const args = ["config", "set-all"];
    for (const [key, { value, secret }] of Object.entries(config))
      args.push(secret ? "--secret" : "--plaintext", `${key}=${value}`);
    await this.pulumi(args);
  }

  /** The stack's outputs, secrets shown. */
  async outputs(): Promise<Record<string, unknown>> {
    const { stdout } = await this.pulumi(["stack", "output", "--json", "--show-secrets"]);
    return JSON.parse(stdout) as Record<string, unknown>;
  }

  /** Replaces text in the project's Pulumi.yaml, as a user edits the program. */
  editProgram(from: string, to: string): void {
    const file = path.join(this.dir, "Pulumi.yaml");
    const text = fs.readFileSync(file, "utf8");
    if (!text.includes(from)) throw new Error(`Pulumi.yaml has no ${JSON.stringify(from)}`);
    fs.writeFileSync(file, text.replace(from, to));
  }

  dispose(): void {
    for (const dir of [this.dir, this.home, this.backend]) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * examples/native-yaml (its Pulumi.yaml and its package declaration) as a new project, with a stack `dev`
 * configured for the emulator of `fixture`: the plugin's settings and the ids the program reads.
 */
export async function yamlExampleProject(
  fixture: Fixture,
  extraEnv: Readonly<Record<string, string>> = {},
  beforeStack: (project: CliProject) => Promise<unknown> = async () => undefined,
): Promise<CliProject> {
  const example = path.join(repoRoot, "examples", "native-yaml");
  const project = CliProject.create(fs.readFileSync(path.join(example, "Pulumi.yaml"), "utf8"), extraEnv);
  fs.copyFileSync(
    path.join(example, "clickhouse-cloud.yaml"),
    path.join(project.dir, "clickhouse-cloud.yaml"),
  );
  await beforeStack(project);
  const dashboard = fixture.dashboards[0];
  await project.initStack("dev", {
    ...nativeStackConfig(fixture),
    dashboardId: { value: dashboard.id },
    tileId: { value: dashboard.tileIds[0] },
    webhookId: { value: fixture.webhooks[0].id },
    connectionId: { value: fixture.connections[0].id },
  });
  return project;
}
