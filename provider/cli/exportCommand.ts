/**
 * `pulumi-clickhouse-cloud export --stack <name>... --out <file>`: writes the bulk-import file of every object the
 * named stacks do not track (including those of the services' managed ClickStacks the stacks name or
 * `--clickstack-service` does), for `pulumi import --file <file>`; with `--from-terraform <state file>`, of the
 * objects a Terraform or OpenTofu state manages (terraform/exportFromTerraform.ts).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { connect } from "./connect";
import { exportUntracked } from "./export";
import type { ImportFile } from "./importFile";
import type { OrganizationAccess } from "./listingScope";
import { readStack } from "./stackReader";
import { addTrackedObjects, emptyTracked, type TrackedObjects } from "./trackedObjects";
import { idFormProblems } from "../resources/fields/idForms";
import { UsageError } from "./usageError";
import { stackOptions } from "./stackOptions";
import { clickStackServices, writeTerraformExport } from "./terraform/exportFromTerraform";
import type { ClickStackServices } from "./terraform/mapState";

export const exportUsage = `Usage: pulumi-clickhouse-cloud export --stack <name> [--stack <name>...] --out <file> [options]
       pulumi-clickhouse-cloud export --from-terraform <state file> --out <file> [options]

Run in a Pulumi project directory. Writes a file for \`pulumi import --file <file>\` that names every object of
every kind the package manages that no listed stack tracks:
  - the organization's settings (name and crash reports), its API keys (except the one the settings authenticate
    with), its custom roles and the role assignments of their members and keys, its members (never removed by a
    destroy) and pending invitations;
  - services, with their replica scaling settings, scaling schedules, upgrade windows, ClickHouse settings, query
    API endpoints, private and reverse private endpoints, and ClickPipes and their CDC scaling: of the services the stacks' resources refer to and of
    each --service;
  - alerts, webhooks, saved searches, dashboards and sources: of the configured observability API (when one is
    configured), of the managed ClickStack of each service the stacks' resources name in clickstackServiceId, and
    of each --clickstack-service's.
Each entry has the native plugin's type (clickhouse-cloud:index:<Kind>), a name made from the object's name
(camelCase letters and digits; a repeated name gets 2, 3, ...; names the stacks use are avoided) and the id its
import takes (<serviceId>/<endpointId> for endpoints, <serviceId>/<objectId> for an object of a service's managed
ClickStack).

With --from-terraform, the objects come from a Terraform or OpenTofu state (format 4; \`terraform state pull\`
prints a remote one) instead of the APIs: each managed instance of the official ClickHouse provider's types that a
kind takes over, named after its address; stderr lists what is not mapped and why, and the last line is the
\`terraform state rm\` to run once the import is done. No API is read.

Options:
  --stack <name>     a stack whose state counts as tracking its objects (repeatable, at least one; with
                     --from-terraform optional: the resource names its stacks use are avoided)
  --service <id>     also export this service and its settings and endpoints (repeatable)
  --clickstack-service <serviceId>
                     also export the alerts, webhooks, saved searches, dashboards and sources on this service's
                     managed ClickStack, reached with the management API's URL, key and organization, as
                     <serviceId>/<objectId> (repeatable; the <alias>= form goes with --from-terraform only).
                     Without it, the managed ClickStacks the stacks' resources name in clickstackServiceId are
                     read anyway, so what a stack adopted from one counts as tracked; the one the stacks' config
                     makes their observability API (the clickstackServiceId setting) is read once, ids alone
  --clickstack-service [<alias>=]<serviceId>
                     with --from-terraform: the service whose managed ClickStack the provider configuration (the
                     one with this alias; none: the default one) names in clickstack_service_id, which the state
                     does not record (repeatable); its ClickStack objects are imported as <serviceId>/<objectId>
  --from-terraform <state file>
                     export what this Terraform or OpenTofu state manages
  --out <file>       where to write the import file (required)
  -h, --help         this text`;

export interface ExportOptions {
  readonly stacks: string[];
  readonly services: string[];
  /** Services whose managed ClickStack's observability objects are exported too (API mode). */
  readonly clickStackServiceIds?: string[];
  readonly out: string;
  /** The Terraform or OpenTofu state to export from, instead of the APIs. */
  readonly fromTerraform?: string;
  readonly clickStackServices?: ClickStackServices;
}

export function parseExportOptions(argv: readonly string[]): ExportOptions | "help" {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      stack: { type: "string", multiple: true },
      service: { type: "string", multiple: true },
      out: { type: "string" },
      "from-terraform": { type: "string" },
      "clickstack-service": { type: "string", multiple: true },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return "help";
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const fromTerraform = values["from-terraform"];
  const clickStack = values["clickstack-service"] ?? [];
  if (fromTerraform !== undefined && (values.service ?? []).length > 0) {
    throw new UsageError("--service reads the APIs; with --from-terraform the objects come from the state");
  }
  if (fromTerraform === "") throw new UsageError("--from-terraform <state file>: name the state file");
  const { stacks, services } =
    fromTerraform === undefined ? stackOptions(values) : { stacks: values.stack ?? [], services: [] };
  if (values.out === undefined || values.out === "") {
    throw new UsageError("name the file to write: --out <file> (e.g. --out resources.json)");
  }
  if (fromTerraform === undefined) {
    return { stacks, services, clickStackServiceIds: clickStackServiceIds(clickStack), out: values.out };
  }
  return {
    stacks,
    services,
    out: values.out,
    fromTerraform,
    clickStackServices: clickStackServices(clickStack),
  };
}

/**
 * `--clickstack-service <serviceId>` as the API mode reads it: a service id alone. The `<alias>=<serviceId>` form
 * maps a Terraform provider alias, which only a Terraform state has.
 */
function clickStackServiceIds(values: readonly string[]): string[] {
  for (const value of values) {
    if (value.includes("=")) {
      throw new UsageError(
        `--clickstack-service ${value}: the <alias>=<serviceId> form names a Terraform provider alias and goes ` +
          "with --from-terraform <state file> only; to read a service's managed ClickStack from the API, give " +
          "the service id alone: --clickstack-service <serviceId>",
      );
    }
    const [problem] = idFormProblems("--clickstack-service", "uuid", value);
    if (problem !== undefined) throw new UsageError(problem.reason);
  }
  return [...new Set(values)];
}

/**
 * Refuses, before any stack or API is read, an output file that cannot be written: it opens the file for writing
 * without changing it (a file it had to create for that is removed again).
 */
export function checkWritable(file: string): void {
  const target = path.resolve(file);
  const problem = (why: string) => new UsageError(`--out ${file}: ${why}`);
  if (!fs.existsSync(path.dirname(target))) {
    throw problem(`the directory ${path.dirname(target)} does not exist`);
  }
  if (fs.existsSync(target) && fs.statSync(target).isDirectory()) throw problem("is a directory");
  const existed = fs.existsSync(target);
  try {
    fs.closeSync(fs.openSync(target, existed ? "r+" : "wx"));
  } catch (error) {
    throw problem(`cannot be written (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  if (!existed) fs.rmSync(target);
}

/** The services whose managed ClickStack the export read, the configured observability API's one said as such. */
function clickStacksRead(access: OrganizationAccess): string {
  const configured = access.configuredClickStackServiceId;
  const read = [
    ...(configured === undefined ? [] : [`${configured} (the configured observability API)`]),
    ...access.clickStacks.map((clickStack) => clickStack.serviceId),
  ];
  return read.length > 0 ? read.join(", ") : "none (add --clickstack-service <id>)";
}

/** One line per kind: "2 ApiKey, 1 Alert". */
function countsByKind(file: ImportFile): string {
  const counts = new Map<string, number>();
  for (const { type } of file.resources) {
    const kind = type.slice(type.lastIndexOf(":") + 1);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].map(([kind, count]) => `${count} ${kind}`).join(", ");
}

/**
 * The services the API mode reads: for endpoints and settings, those the stacks' resources refer to and each
 * --service; for observability objects, the managed ClickStacks the stacks' resources name in clickstackServiceId
 * (so that what a stack adopted from one is read again and counts as tracked) and each --clickstack-service.
 */
export function servicesToRead(
  tracked: TrackedObjects,
  options: Pick<ExportOptions, "services" | "clickStackServiceIds">,
): { serviceIds: string[]; clickStackServiceIds: string[] } {
  return {
    serviceIds: [...new Set([...tracked.serviceIds, ...options.services])],
    clickStackServiceIds: [
      ...new Set([...tracked.clickStackServiceIds, ...(options.clickStackServiceIds ?? [])]),
    ],
  };
}

export async function runExport(options: ExportOptions, cwd = process.cwd()): Promise<void> {
  checkWritable(path.resolve(cwd, options.out));
  const stacks = [];
  for (const name of options.stacks) stacks.push(await readStack(name, cwd));
  const tracked = emptyTracked();
  for (const stack of stacks) addTrackedObjects(tracked, stack.exported);
  if (options.fromTerraform !== undefined) {
    const services = options.clickStackServices ?? new Map<string, string>();
    writeTerraformExport(options.fromTerraform, options.out, services, tracked.names, cwd);
    return;
  }
  const { serviceIds, clickStackServiceIds } = servicesToRead(tracked, options);
  const report = (line: string) => process.stderr.write(`${line}\n`);
  const access = connect(stacks, serviceIds, report, clickStackServiceIds);
  const { file, notListed } = await exportUntracked(access, tracked);
  for (const line of notListed) process.stderr.write(`not exported: ${line}\n`);
  fs.writeFileSync(path.resolve(cwd, options.out), `${JSON.stringify(file, null, 2)}\n`);
  const services = serviceIds.length > 0 ? serviceIds.join(", ") : "none (add --service <id>)";
  process.stdout.write(`Services whose endpoints and scaling were read: ${services}\n`);
  process.stdout.write(`Services whose managed ClickStack was read: ${clickStacksRead(access)}\n`);
  if (file.resources.length === 0) {
    process.stdout.write(
      `Nothing to import: every object listed is tracked by ${options.stacks.join(", ")}. ` +
        `Wrote an empty list to ${options.out}.\n`,
    );
    return;
  }
  for (const { type, name, id } of file.resources) process.stdout.write(`  ${type}  ${name}  ${id}\n`);
  process.stdout.write(
    `Wrote ${file.resources.length} resource(s) (${countsByKind(file)}) to ${options.out}. To adopt them: ` +
      `pulumi import --file ${options.out} in the stack that is to manage them, then add the code it writes to ` +
      "the program\n",
  );
}
