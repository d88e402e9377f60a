#!/usr/bin/env node
/**
 * pulumi-clickhouse-cloud-emulator: serves both APIs (the default command), stops a detached emulator, and
 * points a Pulumi stack at one. Errors a user can fix are printed alone, without a stack trace.
 */
import { parseArgs } from "node:util";
import { configureFlags, configureOptions, configureStack } from "./configure";
import { detachedChildVariable, reportToParent, startDetached, stopEmulator } from "./background";
import { isLoopbackName } from "../server/controlGuard";
import { exposedHostWarning, serve, serveFlags, serveOptions } from "./serve";
import { CliError, UsageError } from "./support";

const usage = `Usage: pulumi-clickhouse-cloud-emulator [serve] [options]
       pulumi-clickhouse-cloud-emulator stop --pid-file <file>
       pulumi-clickhouse-cloud-emulator configure --fixture <file> [--stack <name>] [--plugin] [--set <key>=<path>]...

serve (the default): serve both APIs until SIGINT or SIGTERM
  --dialect spec|production     the wire both APIs speak: the specification's, or the real services' (ClickHouse
                                Cloud's API, HyperDX's external API v2, managed ClickStack) (default spec)
  --port <n>                    port to listen on; 0 picks a free one (default 0)
  --host <address>              address to bind (default 127.0.0.1)
  --fixture-out <file>          write the fixture (URLs, ids, credentials) as JSON to <file>
  --state <file>                keep the state in <file> across restarts (default: in memory)
  --rate-limits on|off          the real APIs' rate limits (default on)
  --provisioning-delay-ms <n>   how long reverse private endpoints provision and delete (default 2000)
  --awakening-delay-ms <n>      how long a woken idle service stays awaking (default 2000)
  --seed <n>                    reproducible fixture ids and credentials
  --pid-file <file>             write the process id to <file> once serving; removed when it stops
  --detach                      run in the background; return once it serves and its files are written
                                (needs --pid-file)
  --log-file <file>             with --detach: append the request lines and errors to <file>
  --quiet                       no line per request
  --help                        this text

stop: stop the emulator whose process id <file> holds, and wait until it has exited
  --pid-file <file>             the file given to serve's --pid-file

configure: point the Pulumi stack of the current directory at the emulator of a fixture
  (pulumi config set-all: URLs, dialects and ids as plain text, the key secret and the token as secrets)
  --fixture <file>              the file serve's --fixture-out wrote
  --stack <name>                the stack to configure (default: the selected one)
  --plugin                      set the native provider plugin's keys (clickhouse-cloud:*) instead of the
                                dynamic classes' (clickhouse:*, observability:*)
  --set <key>=<path>            also set the program's config <key> to the fixture's value at <path>,
                                e.g. serviceId=services.production or tileId=dashboards.0.tileIds.0`;

const commands = ["serve", "stop", "configure"] as const;
type Command = (typeof commands)[number];

function split(argv: string[]): { command: Command; rest: string[] } {
  const first = argv[0];
  if (first !== undefined && !first.startsWith("-")) {
    if (!(commands as readonly string[]).includes(first))
      throw new UsageError(`unknown command ${JSON.stringify(first)}; commands: ${commands.join(", ")}`);
    return { command: first as Command, rest: argv.slice(1) };
  }
  return { command: "serve", rest: argv };
}

async function main(argv: string[]): Promise<void> {
  const { command, rest } = split(argv);
  if (rest.includes("--help")) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  if (command === "stop") {
    const { values } = parseArgs({ args: rest, strict: true, options: { "pid-file": { type: "string" } } });
    if (!values["pid-file"]) throw new UsageError("stop needs --pid-file <file>, the file serve wrote");
    process.stdout.write(`${await stopEmulator(values["pid-file"])}\n`);
    return;
  }
  if (command === "configure") {
    const { values } = parseArgs({ args: rest, strict: true, options: configureFlags });
    process.stdout.write(await configureStack(configureOptions(values)));
    return;
  }
  const { values } = parseArgs({ args: rest, strict: true, options: serveFlags });
  const background = process.env[detachedChildVariable] === "1";
  const options = serveOptions(values, background);
  // Said by the command the user ran, whether it serves itself or starts a background process.
  if (!background && !isLoopbackName(options.host)) process.stderr.write(exposedHostWarning(options.host));
  if (options.detach) return startDetached(rest, options);
  if (background) {
    // The background half of --detach: the command that started it prints the banner.
    delete process.env[detachedChildVariable];
    const { banner } = await serve(options).catch(async (error: Error) => {
      await reportToParent({ ready: false, error: error.message });
      throw error;
    });
    process.stdout.write(banner);
    await reportToParent({ ready: true, banner });
    return;
  }
  process.stdout.write((await serve(options)).banner);
}

main(process.argv.slice(2)).catch((error: Error) => {
  const isUsage =
    error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
  const known = isUsage || error instanceof CliError;
  process.stderr.write(
    `pulumi-clickhouse-cloud-emulator: ${known ? error.message : (error.stack ?? error.message)}\n` +
      (isUsage ? `\n${usage}\n` : ""),
  );
  process.exit(isUsage ? 2 : 1);
});
