/**
 * The bulk-import file `pulumi import --file` reads: `{"resources": [{"type", "name", "id"}, ...]}` (the CLI's
 * `importFile` and `importSpec` in pkg/cmd/pulumi/operations/import.go of pulumi/pulumi v3.248.0). `version`,
 * `pluginDownloadUrl`, `provider` and `properties` are optional there and left out: the engine then uses the
 * stack's default provider of the package, configured by the stack's `clickhouse-cloud:*` config, and the plugin
 * it has installed or the project names.
 *
 * The name becomes the resource's name in the URN and in the code `pulumi import` writes, where it is an identifier
 * of the program (a YAML key, a variable), so it is made one: camelCase ASCII letters and digits.
 */
import { nativeTypeToken } from "../resources/typeTokens";

export interface ImportSpec {
  readonly type: string;
  readonly name: string;
  readonly id: string;
}

export interface ImportFile {
  readonly resources: ImportSpec[];
}

/** The longest name made from an object's label; longer labels are cut at a word. */
export const MAX_NAME_LENGTH = 64;

/** "ApiKey" -> "apiKey". */
function lowerFirst(word: string): string {
  return word.charAt(0).toLowerCase() + word.slice(1);
}

/**
 * A readable identifier made from an object's label: accents dropped, the words (runs of ASCII letters and digits)
 * joined in camelCase ("Error rate > 5%" -> "errorRate5"). A label with no such word is named after its kind
 * ("apiKey"); one starting with a digit gets the kind in front ("5xx errors" -> "alert5xxErrors").
 */
export function readableName(label: string, kind: string): string {
  const words =
    label
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .match(/[A-Za-z0-9]+/g) ?? [];
  let name = "";
  for (const word of words) {
    const next =
      name === "" ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
    if (name.length + next.length > MAX_NAME_LENGTH) {
      // A first word longer than the limit is cut; later words are left out whole.
      if (name === "") name = next.slice(0, MAX_NAME_LENGTH);
      break;
    }
    name += next;
  }
  if (name === "") return lowerFirst(kind);
  return /^[0-9]/.test(name) ? lowerFirst(kind) + name : name;
}

/**
 * `name` itself when nothing in `taken` equals it ignoring case, else the first of `name2`, `name3`, ... that is
 * free; the result is added to `taken`. Case is ignored because some languages' generated code changes it.
 */
export function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let counter = 2; taken.has(candidate.toLowerCase()); counter++) candidate = `${name}${counter}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

export interface ImportEntry {
  readonly kind: string;
  readonly importId: string;
  readonly label: string;
}

/**
 * The import file of `entries`, in their order, each with a unique name; names in `namesInUse` (resource names the
 * stacks already have) are avoided.
 */
export function importFile(entries: readonly ImportEntry[], namesInUse: Iterable<string> = []): ImportFile {
  const taken = new Set([...namesInUse].map((name) => name.toLowerCase()));
  return {
    resources: entries.map((entry) => ({
      type: nativeTypeToken(entry.kind),
      name: uniqueName(readableName(entry.label, entry.kind), taken),
      id: entry.importId,
    })),
  };
}
