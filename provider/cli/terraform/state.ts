/**
 * A Terraform or OpenTofu state file, format version 4 (what Terraform >= 0.12 and every OpenTofu write, and what
 * `terraform state pull` / `tofu state pull` print for a remote backend): the resources it records, each with its
 * instances. Only the fields `export --from-terraform` reads are checked; a problem names the field by its path.
 */
import type { TerraformAttributes } from "../../resources/adoption/terraformOrigins";
import { UsageError } from "../usageError";

export interface TerraformInstance {
  /** `count`'s number or `for_each`'s key; absent for a resource of one instance. */
  readonly indexKey?: string | number;
  readonly attributes: TerraformAttributes;
}

export interface TerraformResource {
  readonly mode: "managed" | "data";
  readonly type: string;
  readonly name: string;
  /** The module path, e.g. `module.db` or `module.db["eu"].module.net`; absent in the root module. */
  readonly module?: string;
  /** The provider configuration, e.g. `provider["registry.terraform.io/clickhouse/clickhouse"].eu`. */
  readonly provider: string;
  readonly instances: readonly TerraformInstance[];
}

/** The only state format this reads. */
export const STATE_FORMAT_VERSION = 4;

type Json = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads the state file's text; throws UsageError naming the file and the field. */
export function parseTerraformState(text: string, file: string): TerraformResource[] {
  const problem = (why: string) => new UsageError(`--from-terraform ${file}: ${why}`);
  let state: unknown;
  try {
    state = JSON.parse(text);
  } catch (error) {
    throw problem(
      `not JSON (${(error as Error).message}); give the state file, or what \`terraform state pull\` prints`,
    );
  }
  if (!isObject(state)) throw problem("not a Terraform state: the file holds no JSON object");
  if (state.version !== STATE_FORMAT_VERSION) {
    throw problem(
      `"version" is ${JSON.stringify(state.version) ?? "missing"}; this reads state format version ` +
        `${STATE_FORMAT_VERSION}, which Terraform 0.12 and later and OpenTofu write`,
    );
  }
  if (!Array.isArray(state.resources)) throw problem('"resources" is missing or not a list');
  if (state.resources.length === 0) throw problem('"resources" is empty: the state records no resources');
  return state.resources.map((resource, index) => readResource(resource, `resources[${index}]`, problem));
}

function readResource(value: unknown, at: string, problem: (why: string) => UsageError): TerraformResource {
  if (!isObject(value)) throw problem(`${at} is not an object`);
  const text = (field: string): string => {
    const found = value[field];
    if (typeof found !== "string" || found === "") throw problem(`${at}.${field} is missing or not a string`);
    return found;
  };
  const mode = text("mode");
  if (mode !== "managed" && mode !== "data") {
    throw problem(`${at}.mode is ${JSON.stringify(mode)}; expected "managed" or "data"`);
  }
  if (value.module !== undefined && typeof value.module !== "string") {
    throw problem(`${at}.module is not a string`);
  }
  if (!Array.isArray(value.instances)) throw problem(`${at}.instances is missing or not a list`);
  return {
    mode,
    type: text("type"),
    name: text("name"),
    module: value.module === "" ? undefined : value.module,
    provider: text("provider"),
    instances: value.instances.map((instance, index) =>
      readInstance(instance, `${at}.instances[${index}]`, problem),
    ),
  };
}

function readInstance(value: unknown, at: string, problem: (why: string) => UsageError): TerraformInstance {
  if (!isObject(value)) throw problem(`${at} is not an object`);
  const key = value.index_key;
  if (key !== undefined && typeof key !== "string" && typeof key !== "number") {
    throw problem(`${at}.index_key is neither a number nor a string`);
  }
  if (!isObject(value.attributes)) throw problem(`${at}.attributes is missing or not an object`);
  return { indexKey: key, attributes: value.attributes };
}
