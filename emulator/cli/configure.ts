/**
 * `configure --fixture <file>`: one command that points the Pulumi stack of the current directory at the emulator
 * a fixture describes. It runs `pulumi config set-all --plaintext` with the settings that are not secret (with
 * --plaintext, which the CLI needs for a key id under a key named like a token) and, with `--set <key>=<path>`,
 * the ids the program reads from its own config; then `pulumi config set --secret` for each credential, its value
 * on standard input so that it never shows in the process list.
 */
import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import { SETTINGS, type SettingSpec } from "../../schemas/settings";
import { CliError, UsageError } from "./support";
import { pluginUseIn } from "./pluginProject";
import type { Fixture } from "../state/types";

export interface ConfigureOptions {
  fixture: string;
  stack?: string;
  /** `<config key>=<dotted path in the fixture>`, e.g. `serviceId=services.production`. */
  set: string[];
  /** Set the native provider plugin's keys (`clickhouse-cloud:*`) rather than the dynamic classes'. */
  plugin: boolean;
}

export const configureFlags = {
  fixture: { type: "string" },
  stack: { type: "string" },
  set: { type: "string", multiple: true, default: [] as string[] },
  plugin: { type: "boolean", default: false },
} as const;

interface ConfigValue {
  key: string;
  value: string;
  secret: boolean;
}

/** Where to find the Pulumi CLI when it is not on PATH; `npm test` and `npm run demo` build it there. */
const cliDirHint = 'export PATH="$HOME/.pulumi/versions/3.248.0/bin:$PATH"';

export function configureOptions(values: Record<string, unknown>): ConfigureOptions {
  const fixture = values.fixture as string | undefined;
  if (!fixture) throw new UsageError("configure needs --fixture <file>, the file --fixture-out wrote");
  return {
    fixture,
    stack: values.stack as string | undefined,
    set: (values.set as string[]) ?? [],
    plugin: values.plugin === true,
  };
}

/** Runs the configuration and returns what to print: every key set, secrets hidden. */
export async function configureStack(options: ConfigureOptions): Promise<string> {
  const fixture = await readFixture(options.fixture);
  const values = [
    ...providerValues(fixture, options.plugin),
    ...options.set.map((entry) => programValue(fixture, entry)),
  ];
  const stackArgs = options.stack ? ["--stack", options.stack] : [];
  const plain = values.filter(({ secret }) => !secret);
  await runPulumi([
    "config",
    "set-all",
    ...plain.flatMap(({ key, value }) => ["--plaintext", `${key}=${value}`]),
    ...stackArgs,
  ]);
  for (const { key, value } of values.filter(({ secret }) => secret))
    await runPulumi(["config", "set", "--secret", key, ...stackArgs], value);
  const lines = values.map(({ key, value, secret }) => `  ${key} = ${secret ? "[secret]" : value}`);
  const stack = options.stack ? `stack ${options.stack}` : "the current stack";
  return (
    `configured ${stack} from ${options.fixture} with ${namespaceWords(options.plugin)}:\n${lines.join("\n")}\n` +
    (options.plugin ? "" : await pluginNote())
  );
}

/** Which keys were written: the two paths read different config namespaces, and ignore the other's. */
function namespaceWords(plugin: boolean): string {
  return plugin
    ? "the clickhouse-cloud plugin's keys (clickhouse-cloud:*)"
    : "the dynamic classes' keys (clickhouse:*, observability:*; a program on the clickhouse-cloud plugin needs --plugin)";
}

/** A plugin project ignores the keys just written: say so, and how to write the ones it reads. */
async function pluginNote(): Promise<string> {
  const reason = await pluginUseIn(process.cwd());
  if (reason === undefined) return "";
  return (
    `note: this project uses the clickhouse-cloud plugin (${reason}), which reads only clickhouse-cloud:* keys: ` +
    "run configure again with --plugin\n"
  );
}

async function readFixture(file: string): Promise<Fixture> {
  const text = await fs.readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new CliError(
      error.code === "ENOENT"
        ? `--fixture ${file} does not exist: start the emulator with --fixture-out ${file} (and --detach to wait until it is written)`
        : `--fixture ${file}: cannot read it (${error.code ?? error.message})`,
    );
  });
  let fixture: Partial<Fixture>;
  try {
    fixture = JSON.parse(text) as Partial<Fixture>;
  } catch {
    throw new CliError(
      `--fixture ${file} is not JSON; it should be the file the emulator's --fixture-out wrote`,
    );
  }
  for (const field of [
    "managementUrl",
    "observabilityUrl",
    "organizationId",
    "tokenKey",
    "tokenSecret",
  ] as const) {
    if (typeof fixture[field] !== "string" || fixture[field] === "")
      throw new CliError(`--fixture ${file} is not an emulator fixture: it has no ${field}`);
  }
  if (typeof fixture.observabilityToken !== "string")
    throw new CliError(`--fixture ${file} is not an emulator fixture: it has no observabilityToken`);
  return fixture as Fixture;
}

function providerValues(fixture: Fixture, plugin: boolean): ConfigValue[] {
  const value = (spec: SettingSpec, text: string): ConfigValue => ({
    key: plugin ? spec.pluginKey : spec.key,
    value: text,
    secret: spec.secret,
  });
  return [
    value(SETTINGS.managementApiUrl, fixture.managementUrl),
    value(SETTINGS.organizationId, fixture.organizationId),
    value(SETTINGS.tokenKey, fixture.tokenKey),
    value(SETTINGS.tokenSecret, fixture.tokenSecret),
    value(SETTINGS.observabilityApiUrl, fixture.observabilityUrl),
    value(SETTINGS.observabilityApiToken, fixture.observabilityToken),
    // A fixture of an emulator without dialects is one of the specification's wire.
    value(SETTINGS.managementApiDialect, fixture.dialect ?? "spec"),
    value(SETTINGS.observabilityApiDialect, fixture.dialect ?? "spec"),
  ];
}

/** `serviceId=services.production` → the program's `serviceId` set to that fixture value. */
function programValue(fixture: Fixture, entry: string): ConfigValue {
  const match = /^([^=\s]+)=([\w.]+)$/.exec(entry);
  if (!match)
    throw new UsageError(
      `--set takes <config key>=<path in the fixture>, e.g. serviceId=services.production; got ${JSON.stringify(entry)}`,
    );
  const [, key, dotted] = match;
  let value: unknown = fixture;
  for (const part of dotted.split(".")) {
    value =
      value !== null && typeof value === "object" ? (value as Record<string, unknown>)[part] : undefined;
  }
  if (typeof value !== "string")
    throw new CliError(
      `--set ${entry}: the fixture has no text at ${dotted} (top-level fields: ${Object.keys(fixture).join(", ")}; ` +
        "list items by number, e.g. dashboards.0.tileIds.0)",
    );
  return { key, value, secret: false };
}

/** Runs a `pulumi config` command; `input`, when given, is its standard input (a secret's value). */
function runPulumi(args: string[], input?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile("pulumi", args, { encoding: "utf8" }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      if ((error as NodeJS.ErrnoException).code === "ENOENT")
        return reject(
          new CliError(
            "the Pulumi CLI (pulumi) is not on PATH. Install it (https://www.pulumi.com/docs/install/), or use the one " +
              `this repository's npm scripts build: ${cliDirHint}`,
          ),
        );
      reject(new CliError(`pulumi config ${args[1]} failed:\n${stderr.trim()}${pulumiHint(stderr)}`));
    });
    child.stdin?.end(input ?? "");
  });
}

/** What to do about the CLI failures a user meets here. */
function pulumiHint(stderr: string): string {
  if (/passphrase/i.test(stderr))
    return (
      "\nSet PULUMI_CONFIG_PASSPHRASE (any value for a stack that only meets the emulator) before " +
      "`pulumi stack init`, and keep it set for every later pulumi command of that stack."
    );
  if (/no Pulumi\.yaml|no project file/i.test(stderr))
    return "\nRun configure in the directory of your Pulumi.yaml.";
  if (/no stack (is )?selected|no stack named/i.test(stderr))
    return "\nCreate the stack first (`pulumi stack init <name>`), or name it with --stack <name>.";
  return "";
}
