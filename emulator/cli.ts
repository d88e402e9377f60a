#!/usr/bin/env node
/**
 * pulumi-clickhouse-cloud-emulator: serves both APIs on one port until SIGINT or SIGTERM.
 * Prints the URLs and the fixture (ids and local credentials) on start and one line per request.
 */
import { promises as fs } from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { startEmulator } from "./index";
import type { StartOptions } from "./index";
import type { Fixture, RequestLogEntry } from "./types";

const usage = `Usage: pulumi-clickhouse-cloud-emulator [options]

  --port <n>                    port to listen on; 0 picks a free one (default 0)
  --host <address>              address to bind (default 127.0.0.1)
  --fixture-out <file>          write the fixture (URLs, ids, credentials) as JSON to <file>
  --state <file>                keep the state in <file> across restarts (default: in memory)
  --rate-limits on|off          the real APIs' rate limits (default on)
  --provisioning-delay-ms <n>   how long reverse private endpoints provision and delete (default 2000)
  --awakening-delay-ms <n>      how long a woken idle service stays awaking (default 2000)
  --seed <n>                    reproducible fixture ids and credentials
  --quiet                       no line per request
  --help                        this text`;

class UsageError extends Error {}

function integerOption(
  name: string,
  value: string | undefined,
  fallback: number | undefined,
): number | undefined {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value))
    throw new UsageError(`--${name} must be a whole number; got ${JSON.stringify(value)}`);
  return Number(value);
}

function onOffOption(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (value !== "on" && value !== "off")
    throw new UsageError(`--${name} must be on or off; got ${JSON.stringify(value)}`);
  return value === "on";
}

interface CliOptions extends StartOptions {
  fixtureOut?: string;
  quiet: boolean;
}

function parseCommandLine(argv: string[]): CliOptions | "help" {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      "fixture-out": { type: "string" },
      state: { type: "string" },
      "rate-limits": { type: "string" },
      "provisioning-delay-ms": { type: "string" },
      "awakening-delay-ms": { type: "string" },
      seed: { type: "string" },
      quiet: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return "help";
  const port = integerOption("port", values.port, 0) as number;
  if (port > 65535) throw new UsageError(`--port must be at most 65535; got ${port}`);
  return {
    port,
    host: values.host ?? "127.0.0.1",
    statePath: values.state,
    rateLimits: onOffOption("rate-limits", values["rate-limits"], true),
    provisioningDelayMs: integerOption("provisioning-delay-ms", values["provisioning-delay-ms"], 2000),
    awakeningDelayMs: integerOption("awakening-delay-ms", values["awakening-delay-ms"], 2000),
    seed: integerOption("seed", values.seed, undefined),
    fixtureOut: values["fixture-out"],
    quiet: values.quiet ?? false,
  };
}

async function writeFixture(file: string, fixture: Fixture): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  // 0600: the fixture holds the emulator's credentials.
  await fs.writeFile(temporary, `${JSON.stringify(fixture, null, 2)}\n`, { mode: 0o600 });
  await fs.rename(temporary, file);
}

function requestLine(entry: RequestLogEntry): string {
  const status = entry.status === 0 ? "dropped" : String(entry.status);
  const fault = entry.fault ? ` [fault ${entry.fault}]` : "";
  return `${entry.method} ${entry.path} ${status} ${entry.durationMs.toFixed(1)}ms${fault}\n`;
}

async function main(): Promise<void> {
  const options = parseCommandLine(process.argv.slice(2));
  if (options === "help") {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const emulator = await startEmulator({
    ...options,
    onRequestLogged: options.quiet ? undefined : (entry) => process.stdout.write(requestLine(entry)),
  });
  if (options.fixtureOut) await writeFixture(options.fixtureOut, emulator.fixture);
  process.stdout.write(
    [
      `ClickHouse Cloud and observability API emulator listening on ${emulator.url}`,
      `  management API:    ${emulator.url}/v1/organizations/${emulator.fixture.organizationId}`,
      `  observability API: ${emulator.url}/api/v2`,
      `  control API:       ${emulator.url}/__emulator`,
      `  rate limits ${options.rateLimits ? "on" : "off"}, provisioning delay ${options.provisioningDelayMs} ms, ` +
        `state ${options.statePath ? `in ${options.statePath}` : "in memory"}`,
      ...(options.fixtureOut ? [`  fixture written to ${options.fixtureOut}`] : []),
      "Fixture (local emulator credentials):",
      JSON.stringify(emulator.fixture, null, 2),
      "",
    ].join("\n"),
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1); // a second signal: don't wait any longer
    stopping = true;
    process.stdout.write(`${signal} received, shutting down\n`);
    emulator.close().then(
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

main().catch((error: Error) => {
  const isUsage =
    error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
  process.stderr.write(
    `pulumi-clickhouse-cloud-emulator: ${error.message}\n${isUsage ? `\n${usage}\n` : ""}`,
  );
  process.exit(isUsage ? 2 : 1);
});
