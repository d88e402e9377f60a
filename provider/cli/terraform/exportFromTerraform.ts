/**
 * `pulumi-clickhouse-cloud export --from-terraform <state file> --out <file>`: the bulk-import file of the objects a
 * Terraform or OpenTofu state manages with the official ClickHouse provider, and the `state rm` that hands them over.
 * It reads no API: the ids come from the state, and `pulumi import` reads each object.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { idFormProblems } from "../../resources/fields/idForms";
import { importFile, type ImportFile } from "../importFile";
import { UsageError } from "../usageError";
import { mapTerraformState, type ClickStackServices } from "./mapState";
import { parseTerraformState } from "./state";

/** `--clickstack-service <serviceId>` (the default provider configuration) or `<alias>=<serviceId>`. */
export function clickStackServices(values: readonly string[]): ClickStackServices {
  const services = new Map<string, string>();
  for (const value of values) {
    const separator = value.lastIndexOf("=");
    const [alias, serviceId] =
      separator < 0 ? ["", value] : [value.slice(0, separator), value.slice(separator + 1)];
    const [problem] = idFormProblems("--clickstack-service", "uuid", serviceId);
    if (problem !== undefined) {
      throw new UsageError(`${problem.reason}; the form is <serviceId> or <provider alias>=<serviceId>`);
    }
    if (services.has(alias)) {
      throw new UsageError(
        `--clickstack-service names the service of ${alias === "" ? "the default provider configuration" : `alias "${alias}"`} twice`,
      );
    }
    services.set(alias, serviceId);
  }
  return services;
}

/** A word for a POSIX shell: as it is when it holds nothing the shell reads, else in single quotes. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_.\-/]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export interface TerraformExport {
  readonly file: ImportFile;
  /** The instances to remove from the Terraform state once `pulumi import` has adopted them. */
  readonly addresses: string[];
  readonly notMapped: string[];
  readonly notes: string[];
}

/** The import file of the state's text; resource names avoid `namesInUse` (those of the listed stacks). */
export function exportFromTerraform(
  stateText: string,
  stateFile: string,
  services: ClickStackServices,
  namesInUse: Iterable<string> = [],
): TerraformExport {
  const mapping = mapTerraformState(parseTerraformState(stateText, stateFile), services);
  return {
    file: importFile(mapping.entries, namesInUse),
    addresses: mapping.addresses,
    notMapped: mapping.notMapped,
    notes: mapping.notes,
  };
}

/** Reads the state, writes the import file and prints what to run next; what is not mapped goes to stderr. */
export function writeTerraformExport(
  stateFile: string,
  out: string,
  services: ClickStackServices,
  namesInUse: Iterable<string>,
  cwd: string,
): void {
  let text: string;
  try {
    text = fs.readFileSync(path.resolve(cwd, stateFile), "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new UsageError(`--from-terraform ${stateFile}: cannot be read (${code})`);
  }
  const exported = exportFromTerraform(text, stateFile, services, namesInUse);
  for (const line of exported.notMapped) process.stderr.write(`not mapped: ${line}\n`);
  for (const line of exported.notes) process.stderr.write(`note: ${line}\n`);
  fs.writeFileSync(path.resolve(cwd, out), `${JSON.stringify(exported.file, null, 2)}\n`);
  if (exported.file.resources.length === 0) {
    process.stdout.write(`Nothing to import from ${stateFile}. Wrote an empty list to ${out}.\n`);
    return;
  }
  for (const { type, name, id } of exported.file.resources)
    process.stdout.write(`  ${type}  ${name}  ${id}\n`);
  process.stdout.write(
    `Wrote ${exported.file.resources.length} resource(s) from ${exported.addresses.length} Terraform ` +
      `instance(s) to ${out}. To adopt them: pulumi import --file ${out} in the stack that is to manage them, ` +
      "add the code it writes to the program, and once `pulumi preview` shows no change, remove them from the " +
      "Terraform state so that only Pulumi manages them (tofu state rm for OpenTofu):\n" +
      `terraform state rm ${exported.addresses.map(shellWord).join(" ")}\n`,
  );
}
