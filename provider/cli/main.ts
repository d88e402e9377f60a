#!/usr/bin/env node
/**
 * `pulumi-clickhouse-cloud orphans --stack <name>...`: lists the organization's API keys, custom roles, reverse
 * private endpoints and alerts that none of the named stacks tracks, and deletes the ones named with `--delete`.
 * `pulumi-clickhouse-cloud export --stack <name>... --out <file>` (exportCommand.ts) writes the untracked objects
 * as a file for `pulumi import --file`, or with `--from-terraform <state file>` what a Terraform state manages.
 */
import { parseArgs } from "node:util";
import { ConfigurationError } from "../settings";
import { ApiError } from "../rest/errors/apiError";
import { orphanTable } from "./format";
import { deleteObject, listOrganizationObjects, selectForDeletion, untracked } from "./orphans";
import { connect } from "./connect";
import { exportStack, projectStackNames, readStack } from "./stackReader";
import { confirmDeletion } from "./confirmation";
import { addTrackedObjects, emptyTracked, everyTrackedObjectId } from "./trackedObjects";
import { UsageError } from "./usageError";
import { stackOptions } from "./stackOptions";
import { exportUsage, parseExportOptions, runExport } from "./exportCommand";

const commands = `Commands:
  orphans   list (and delete) objects that no stack tracks, after an interrupted run
  export    write them as a file for \`pulumi import --file\`, to adopt an existing setup, or
            (--from-terraform) what a Terraform or OpenTofu state manages

Run \`pulumi-clickhouse-cloud <command> --help\` for a command's options.`;

const usage = `Usage: pulumi-clickhouse-cloud orphans --stack <name> [--stack <name>...] [options]

Run in a Pulumi project directory. Lists the organization's API keys and custom roles, the reverse private endpoints
of the services the stacks refer to (and of each --service), and the alerts, that no listed stack tracks. Stacks of the dynamic
classes and of the native plugin (clickhouse-cloud:*) are read alike.

Options:
  --stack <name>     a stack whose state counts as tracking its objects (repeatable, at least one)
  --service <id>     also list the reverse private endpoints of this service (repeatable)
  --delete <id>...   delete exactly these orphans (ids from the list); anything else is refused, and so is
                     an id that any other stack of the project tracks; asks for confirmation first
  --yes              delete without asking (scripts and CI)
  --json             print JSON for scripts
  -h, --help         this text`;

interface Options {
  stacks: string[];
  services: string[];
  deleteIds: string[];
  json: boolean;
  yes: boolean;
}

/** `--delete a b c` as well as `--delete a --delete b`: words after --delete up to the next option are ids. */
export function expandDeleteIds(argv: readonly string[]): string[] {
  const expanded: string[] = [];
  let deleting = false;
  for (const arg of argv) {
    if (arg.startsWith("-")) deleting = arg === "--delete";
    else if (deleting && expanded[expanded.length - 1] !== "--delete") expanded.push("--delete");
    expanded.push(arg);
  }
  return expanded;
}

export function parseOptions(argv: readonly string[]): Options | "help" {
  const { values, positionals } = parseArgs({
    args: expandDeleteIds(argv),
    allowPositionals: true,
    options: {
      stack: { type: "string", multiple: true },
      service: { type: "string", multiple: true },
      delete: { type: "string", multiple: true },
      json: { type: "boolean" },
      yes: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return "help";
  const [command, ...rest] = positionals;
  if (command !== "orphans") {
    throw new UsageError(
      `${command === undefined ? "no command given" : `unknown command "${command}"`}; commands: orphans, export`,
    );
  }
  if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
  const { stacks, services } = stackOptions(values);
  return {
    stacks,
    services,
    deleteIds: values.delete ?? [],
    json: values.json ?? false,
    yes: values.yes ?? false,
  };
}

async function orphans(options: Options): Promise<void> {
  const stacks = [];
  for (const name of options.stacks) stacks.push(await readStack(name, process.cwd()));
  const tracked = emptyTracked();
  for (const stack of stacks) addTrackedObjects(tracked, stack.exported);
  const serviceIds = [...new Set([...tracked.serviceIds, ...options.services])];
  const access = connect(stacks, serviceIds, (line) => process.stderr.write(`${line}\n`));
  const listing = await listOrganizationObjects(access);
  const found = untracked(listing.objects, tracked, access.configuredClickStackServiceId);
  for (const line of listing.notListed) process.stderr.write(`not listed: ${line}\n`);

  if (options.deleteIds.length > 0) {
    const elsewhere = await trackedByOtherStacks(options.stacks, process.cwd());
    const selected = selectForDeletion(found, options.deleteIds, elsewhere);
    await confirmDeletion(selected, options.yes, { input: process.stdin, output: process.stderr });
    for (const object of selected) {
      await deleteObject(access, object);
      if (!options.json) process.stdout.write(`deleted ${object.kind} ${object.id} ${object.name}\n`);
    }
    if (options.json) process.stdout.write(`${JSON.stringify({ deleted: selected }, null, 2)}\n`);
    return;
  }
  if (options.json) {
    process.stdout.write(
      `${JSON.stringify({ orphans: found, serviceIds, notListed: listing.notListed }, null, 2)}\n`,
    );
    return;
  }
  const services = serviceIds.length > 0 ? serviceIds.join(", ") : "none (add --service <id>)";
  process.stdout.write(`Reverse private endpoints listed for services: ${services}\n`);
  if (found.length === 0) {
    process.stdout.write(`No orphans: every object listed is tracked by ${options.stacks.join(", ")}.\n`);
    return;
  }
  process.stdout.write(`${orphanTable(found)}\n\n`);
  process.stdout.write(
    `${found.length} object(s) tracked by none of: ${options.stacks.join(", ")}. To delete some: ` +
      `pulumi-clickhouse-cloud orphans ${options.stacks.map((s) => `--stack ${s}`).join(" ")} --delete <id>...\n`,
  );
}

/** What every other stack of the project tracks: object id to the stack that tracks it. */
async function trackedByOtherStacks(named: readonly string[], cwd: string): Promise<Map<string, string>> {
  const elsewhere = new Map<string, string>();
  for (const name of await projectStackNames(cwd)) {
    if (named.includes(name)) continue;
    const tracked = emptyTracked();
    addTrackedObjects(tracked, await exportStack(name, cwd));
    for (const id of everyTrackedObjectId(tracked)) elsewhere.set(id, name);
  }
  return elsewhere;
}

async function main(argv: readonly string[]): Promise<number> {
  const exporting = argv[0] === "export";
  const commandUsage = exporting ? exportUsage : `${usage}\n\n${commands}`;
  try {
    if (exporting) {
      const options = parseExportOptions(argv.slice(1));
      if (options === "help") process.stdout.write(`${exportUsage}\n`);
      else await runExport(options);
      return 0;
    }
    const options = parseOptions(argv);
    if (options === "help") {
      process.stdout.write(`${commandUsage}\n`);
      return 0;
    }
    await orphans(options);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigurationError || error instanceof ApiError) {
      process.stderr.write(`error: ${error.message}\n`);
      if (error instanceof UsageError && /command|argument|--stack <name>|--out <file>/.test(error.message)) {
        process.stderr.write(`\n${commandUsage}\n`);
      }
      return 2;
    }
    if (error instanceof Error && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) {
      process.stderr.write(`error: ${error.message}\n\n${commandUsage}\n`);
      return 2;
    }
    throw error;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
