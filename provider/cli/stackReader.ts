/**
 * A stack's state and settings, read through the Pulumi CLI in the project directory, so every backend and
 * secrets provider the CLI supports works: `pulumi stack export` (secrets stay encrypted) and
 * `pulumi config --json --show-secrets` (the credentials are only passed on to the API clients).
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import type { ConfigSource } from "../settings";
import { UsageError } from "./usageError";

const run = promisify(execFile);

export interface StackData {
  readonly name: string;
  /** The parsed JSON of `pulumi stack export`. */
  readonly exported: unknown;
  /** The stack's config, `namespace:key` to value. */
  readonly config: ConfigSource;
}

export async function readStack(name: string, cwd: string, pulumi = "pulumi"): Promise<StackData> {
  if (projectFileAbove(cwd) === undefined) {
    // Outside a project the CLI only asks for a fully qualified stack name, and `pulumi config` needs the project.
    throw new UsageError(
      `no Pulumi project in ${cwd}: run this command in the directory of your Pulumi project (the one with ` +
        "Pulumi.yaml) or below it",
    );
  }
  const exported = await exportStack(name, cwd, pulumi);
  const configJson = await pulumiOutput(
    pulumi,
    ["config", "--json", "--show-secrets", "--stack", name],
    name,
    cwd,
  );
  return { name, exported, config: configSource(JSON.parse(configJson)) };
}

/** The names of the project's stacks in its backend (`pulumi stack ls --json`). */
export async function projectStackNames(cwd: string, pulumi = "pulumi"): Promise<string[]> {
  const listed = JSON.parse(await pulumiOutput(pulumi, ["stack", "ls", "--json"], "", cwd)) as unknown;
  if (!Array.isArray(listed)) return [];
  return listed.flatMap((entry: unknown) => {
    const name = (entry as { name?: unknown } | null)?.name;
    return typeof name === "string" && name !== "" ? [name] : [];
  });
}

/** A stack's state alone (`pulumi stack export`, secrets still encrypted): what it tracks, not how to reach it. */
export async function exportStack(name: string, cwd: string, pulumi = "pulumi"): Promise<unknown> {
  return JSON.parse(await pulumiOutput(pulumi, ["stack", "export", "--stack", name], name, cwd));
}

/** The Pulumi.yaml (or .yml) of `dir` or of the nearest directory above it, as the CLI finds its project. */
function projectFileAbove(dir: string): string | undefined {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const found = ["Pulumi.yaml", "Pulumi.yml"]
      .map((name) => path.join(current, name))
      .find((file) => fs.existsSync(file));
    if (found !== undefined || path.dirname(current) === current) return found;
  }
}

/** `pulumi config --json` prints `{"ns:key": {"value": "...", "secret": bool}}`; only string values are settings. */
export function configSource(json: unknown): ConfigSource {
  const entries = typeof json === "object" && json !== null ? (json as Record<string, unknown>) : {};
  return {
    get(key: string): string | undefined {
      const entry = entries[key];
      if (typeof entry !== "object" || entry === null) return undefined;
      const value = (entry as { value?: unknown }).value;
      return typeof value === "string" ? value : undefined;
    },
  };
}

async function pulumiOutput(pulumi: string, args: string[], stack: string, cwd: string): Promise<string> {
  try {
    const { stdout } = await run(pulumi, args, { cwd, maxBuffer: 256 * 1024 * 1024, env: process.env });
    return stdout;
  } catch (error) {
    throw explain(error as NodeJS.ErrnoException & { stderr?: string }, `pulumi ${args.join(" ")}`, stack);
  }
}

/** The CLI's failures that have a known cause, said with what to do; others with the CLI's own words. */
function explain(error: NodeJS.ErrnoException & { stderr?: string }, command: string, stack: string): Error {
  if (error.code === "ENOENT") {
    return new UsageError(
      "the Pulumi CLI (`pulumi`) is not on PATH: install it (https://www.pulumi.com/docs/install/)",
    );
  }
  const stderr = (error.stderr ?? "").trim();
  if (/no Pulumi\.yaml project file found/i.test(stderr)) {
    return new UsageError(
      "no Pulumi project here: run this command in the directory of your Pulumi project (the one with Pulumi.yaml)",
    );
  }
  if (/no stack named|stack .* not found/i.test(stderr)) {
    return new UsageError(
      `stack "${stack}" is not in this project's backend: \`pulumi stack ls\` lists the stacks; check ` +
        "`pulumi whoami` or PULUMI_BACKEND_URL for the backend the stack lives in",
    );
  }
  if (/passphrase/i.test(stderr)) {
    return new UsageError(
      `cannot decrypt the config of stack "${stack}": set PULUMI_CONFIG_PASSPHRASE (or ` +
        `PULUMI_CONFIG_PASSPHRASE_FILE) to the stack's passphrase. The CLI said: ${stderr}`,
    );
  }
  return new UsageError(`\`${command}\` failed: ${stderr || error.message}`);
}
