/**
 * `pulumi-clickhouse-cloud-emulator [serve]`: serves both APIs until SIGINT or SIGTERM. Prints the URLs, the fixture
 * and the next commands on start, and one line per request. Once it prints, the port is served and the fixture
 * and pid files are written, in that order, so a pid file means "serving".
 */
import { promises as fs } from "node:fs";
import { apiDialects, type ApiDialect } from "../../schemas/dialects";
import { startEmulator } from "../index";
import type { RunningEmulator, StartOptions } from "../index";
import type { RequestLogEntry } from "../state/types";
import { pluginUseIn } from "./pluginProject";
import {
  CliError,
  checkWritableFile,
  commandName,
  integerOption,
  onOffOption,
  shellWord,
  UsageError,
  writeFileAtomically,
} from "./support";

export interface ServeOptions extends StartOptions {
  port: number;
  host: string;
  provisioningDelayMs: number;
  rateLimits: boolean;
  fixtureOut?: string;
  pidFile?: string;
  logFile?: string;
  detach: boolean;
  /** This process is the background half of --detach. */
  background: boolean;
  quiet: boolean;
}

/** `parseArgs` options of the serve command. */
export const serveFlags = {
  dialect: { type: "string" },
  port: { type: "string" },
  host: { type: "string" },
  "fixture-out": { type: "string" },
  state: { type: "string" },
  "rate-limits": { type: "string" },
  "provisioning-delay-ms": { type: "string" },
  "awakening-delay-ms": { type: "string" },
  seed: { type: "string" },
  "pid-file": { type: "string" },
  detach: { type: "boolean", default: false },
  "log-file": { type: "string" },
  quiet: { type: "boolean", default: false },
} as const;

export function serveOptions(
  values: Record<string, string | boolean | undefined>,
  background = false,
): ServeOptions {
  const text = (name: string) => values[name] as string | undefined;
  const port = integerOption("port", text("port"), 0) as number;
  if (port > 65535) throw new UsageError(`--port must be at most 65535; got ${port}`);
  const detach = values.detach === true;
  if (detach && text("pid-file") === undefined)
    throw new UsageError("--detach needs --pid-file <file>: `stop --pid-file <file>` or kill uses it");
  if (!detach && !background && text("log-file") !== undefined)
    throw new UsageError("--log-file goes with --detach; without it, redirect the output instead");
  return {
    dialect: dialectOption(text("dialect")),
    port,
    host: text("host") ?? "127.0.0.1",
    statePath: text("state"),
    rateLimits: onOffOption("rate-limits", text("rate-limits"), true),
    provisioningDelayMs: integerOption(
      "provisioning-delay-ms",
      text("provisioning-delay-ms"),
      2000,
    ) as number,
    awakeningDelayMs: integerOption("awakening-delay-ms", text("awakening-delay-ms"), 2000),
    seed: integerOption("seed", text("seed"), undefined),
    fixtureOut: text("fixture-out"),
    pidFile: text("pid-file"),
    logFile: text("log-file"),
    detach,
    background,
    quiet: values.quiet === true,
  };
}

function dialectOption(value: string | undefined): ApiDialect {
  if (value === undefined) return "spec";
  if ((apiDialects as readonly string[]).includes(value)) return value as ApiDialect;
  throw new UsageError(`--dialect must be ${apiDialects.join(" or ")}; got ${JSON.stringify(value)}`);
}

/** Checks every path the emulator will write before it starts, so a bad one fails at once and by its name. */
export async function checkServePaths(options: ServeOptions): Promise<void> {
  if (options.fixtureOut) await checkWritableFile("fixture-out", options.fixtureOut);
  if (options.pidFile) await checkWritableFile("pid-file", options.pidFile);
  if (options.statePath) await checkWritableFile("state", options.statePath);
  if (options.logFile) await checkWritableFile("log-file", options.logFile);
}

/** Starts serving; resolves with the start banner once the port is served and every file is written. */
export async function serve(options: ServeOptions): Promise<{ banner: string }> {
  await checkServePaths(options);
  const emulator = await startEmulator({
    ...options,
    onRequestLogged: options.quiet ? undefined : (entry) => process.stdout.write(requestLine(entry)),
  }).catch((error: NodeJS.ErrnoException) => {
    throw listenError(error, options);
  });
  try {
    if (options.fixtureOut)
      await writeFileAtomically(
        "fixture-out",
        options.fixtureOut,
        `${JSON.stringify(emulator.fixture, null, 2)}\n`,
        0o600, // the fixture holds the emulator's credentials
      );
    if (options.pidFile) await writeFileAtomically("pid-file", options.pidFile, `${process.pid}\n`, 0o644);
  } catch (error) {
    await emulator.close();
    throw error;
  }
  stopOnSignals(emulator, options.pidFile);
  const pluginUse = options.fixtureOut ? await pluginUseIn(process.cwd()) : undefined;
  return { banner: startBanner(emulator, options, pluginUse) };
}

/** Said on stderr when the emulator listens beyond this machine: its APIs accept the printed credentials. */
export function exposedHostWarning(host: string): string {
  return (
    `warning: --host ${host} serves the emulator to other machines that can reach this one; its APIs accept ` +
    "the fixture's credentials, which are printed and written in plain text. The control path (/__emulator) " +
    "still answers only requests addressed to localhost. Use --host 127.0.0.1 (the default) unless you need this.\n"
  );
}

function listenError(error: NodeJS.ErrnoException, options: ServeOptions): Error {
  const where = `${options.host}:${options.port}`;
  switch (error.code) {
    case "EADDRINUSE":
      return new CliError(
        `port ${options.port} on ${options.host} is already in use, perhaps by an emulator that is still running: ` +
          `stop that process (\`${commandName} stop --pid-file <file>\`, or kill <pid>), ` +
          "or pass --port 0 to let the system pick a free port",
      );
    case "EACCES":
      return new CliError(`listening on ${where} needs privileges: use a port above 1023, or --port 0`);
    case "EADDRNOTAVAIL":
    case "ENOTFOUND":
      return new CliError(
        `--host ${options.host} is not an address of this machine: use 127.0.0.1 (the default), ` +
          "or 0.0.0.0 for every interface",
      );
    default:
      return error;
  }
}

function requestLine(entry: RequestLogEntry): string {
  const status = entry.status === 0 ? "dropped" : String(entry.status);
  const fault = entry.fault ? ` [fault ${entry.fault}]` : "";
  return `${entry.method} ${entry.path} ${status} ${entry.durationMs.toFixed(1)}ms${fault}\n`;
}

/**
 * The next step that configures the stack of this directory: with `--plugin` when its project uses the provider
 * plugin (`pluginUse` says why), whose stack reads `clickhouse-cloud:*` config; else the dynamic classes' form,
 * saying when to add `--plugin`.
 */
export function configureStep(fixtureOut: string, pluginUse: string | undefined): string {
  const command = `${commandName} configure --fixture ${shellWord(fixtureOut)}`;
  return pluginUse === undefined
    ? `${command}   # points the Pulumi stack of this directory at it; add --plugin for a stack of the provider plugin`
    : `${command} --plugin   # points the Pulumi stack of this directory at it (${pluginUse})`;
}

/** What a user needs once it serves: where, the fixture, and the commands to use and to stop it. */
function startBanner(
  emulator: RunningEmulator,
  options: ServeOptions,
  pluginUse: string | undefined,
): string {
  const stopCommand = options.pidFile
    ? `${commandName} stop --pid-file ${shellWord(options.pidFile)}`
    : `kill ${process.pid}`;
  const nextSteps = [
    ...(options.fixtureOut ? [configureStep(options.fixtureOut, pluginUse)] : []),
    `${stopCommand}   # stops it${options.background ? "" : " (or press Ctrl-C)"}`,
  ];
  return [
    `ClickHouse Cloud and observability API emulator listening on ${emulator.url} (pid ${process.pid})`,
    `  management API:    ${emulator.url}/v1/organizations/${emulator.fixture.organizationId}`,
    `  observability API: ${emulator.url}/api/v2`,
    `  control API:       ${emulator.url}/__emulator`,
    `  ${emulator.fixture.dialect === "production" ? "the real services' wire (--dialect production)" : "the specification's wire (--dialect spec)"}`,
    `  rate limits ${options.rateLimits ? "on" : "off"}, provisioning delay ${options.provisioningDelayMs} ms, ` +
      `state ${options.statePath ? `in ${options.statePath}` : "in memory"}`,
    ...(options.fixtureOut ? [`  fixture written to ${options.fixtureOut}`] : []),
    ...(options.pidFile ? [`  pid written to ${options.pidFile}`] : []),
    // --quiet keeps the credentials out of logs: a script reads them from the fixture file.
    ...(options.quiet
      ? [`Fixture: not printed (--quiet)${options.fixtureOut ? "" : "; write it with --fixture-out <file>"}`]
      : ["Fixture (local emulator credentials):", JSON.stringify(emulator.fixture, null, 2)]),
    "Next steps:",
    ...nextSteps.map((line) => `  ${line}`),
    "",
  ].join("\n");
}

function stopOnSignals(emulator: RunningEmulator, pidFile: string | undefined): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1); // a second signal: don't wait any longer
    stopping = true;
    process.stdout.write(`${signal} received, shutting down\n`);
    emulator
      .close()
      .then(() => removeOwnPidFile(pidFile))
      .then(
        () => process.exit(0),
        (error: Error) => {
          process.stderr.write(`emulator: shutdown failed: ${error.message}\n`);
          process.exit(1);
        },
      );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

/** Removes the pid file unless another emulator has written its own pid there since. */
async function removeOwnPidFile(pidFile: string | undefined): Promise<void> {
  if (!pidFile) return;
  const content = await fs.readFile(pidFile, "utf8").catch(() => "");
  if (content.trim() === String(process.pid)) await fs.rm(pidFile, { force: true });
}
