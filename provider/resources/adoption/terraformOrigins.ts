/**
 * Which objects of the official ClickHouse Terraform provider (github.com/ClickHouse/terraform-provider-clickhouse)
 * a kind takes over: `export --from-terraform` reads a Terraform or OpenTofu state and turns each instance of these
 * resource types into the kind's import ids. Each kind declares its own origins; the command and the guide's table
 * are built from the registry.
 */

/** The `attributes` of one instance in a Terraform state (format 4), as the Terraform provider's schema names them. */
export type TerraformAttributes = Readonly<Record<string, unknown>>;

/** An instance whose attributes lack what its import needs; the message names the attribute. */
export class TerraformAttributeError extends Error {
  override readonly name = "TerraformAttributeError";
}

/** One object an instance yields. */
export interface TerraformObject {
  /** The id `pulumi import` takes for the kind (before any ClickStack service is put in front). */
  readonly importId: string;
  /**
   * Words added after the Terraform address's for the resource's name: set when one instance yields several
   * objects, or an object of another kind than the type's main one.
   */
  readonly labelSuffix?: string;
  /** The key a covered type's instance is matched by (see TerraformCovered), e.g. a private endpoint's id. */
  readonly covers?: string;
}

/** A Terraform resource type whose instances become objects of the kind. */
export interface TerraformImport {
  /** The Terraform resource type, e.g. `clickhouse_service`. */
  readonly type: string;
  /** The file of the Terraform provider's repository that documents the attributes read. */
  readonly source: string;
  /** How the import id is made from the attributes, in words for the guide. */
  readonly rule: string;
  /**
   * An object of a ClickStack: its import id may take the ClickHouse Cloud service in front
   * (`<serviceId>/<objectId>`), which the Terraform provider's configuration names, not the state.
   */
  readonly onClickStack?: true;
  /** The objects one instance names; throws TerraformAttributeError naming a missing or malformed attribute. */
  objects(attributes: TerraformAttributes): TerraformObject[];
}

/**
 * A Terraform resource type that holds part of what an imported object of the kind manages, so it needs no import of
 * its own once another instance of the same state imports that object (it is removed from the Terraform state with
 * it), and cannot be imported alone.
 */
export interface TerraformCovered {
  readonly type: string;
  readonly source: string;
  /** What covers it, in words for the guide. */
  readonly rule: string;
  /** The key an imported object's `covers` must equal; throws TerraformAttributeError. */
  key(attributes: TerraformAttributes): string;
  /** Why an instance that nothing covers cannot be imported. */
  readonly uncovered: string;
}

/** What a kind takes over from Terraform states; `imports` is empty for a kind the Terraform provider has no type of. */
export interface TerraformOrigins {
  readonly imports: readonly TerraformImport[];
  readonly covered?: readonly TerraformCovered[];
}

/** How a value looks in a message: `null`, `42`, `"text"`, `a list`. */
function shown(value: unknown): string {
  if (value === undefined) return "missing";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object" && value !== null) return "an object";
  return `${JSON.stringify(value)}`;
}

/** The attribute `name` as a non-empty string. */
export function textAttribute(attributes: TerraformAttributes, name: string): string {
  const value = attributes[name];
  if (typeof value !== "string" || value === "") {
    throw new TerraformAttributeError(`attribute ${name} is ${shown(value)}; expected a non-empty string`);
  }
  return value;
}

/** The attribute `name` as a list of non-empty strings (an absent or null list is empty). */
export function textListAttribute(attributes: TerraformAttributes, name: string): string[] {
  const value = attributes[name];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    throw new TerraformAttributeError(`attribute ${name} is ${shown(value)}; expected a list of strings`);
  }
  return value.map((item, index) => {
    if (typeof item !== "string" || item === "") {
      throw new TerraformAttributeError(
        `attribute ${name}[${index}] is ${shown(item)}; expected a non-empty string`,
      );
    }
    return item;
  });
}

/** Whether the attribute `name` holds a value (neither absent nor null). */
export function attributeSet(attributes: TerraformAttributes, name: string): boolean {
  return attributes[name] !== undefined && attributes[name] !== null;
}

/** A `clickhouse_clickstack_<collection>` type: one object per instance, by its `id`. */
export function clickStackOrigin(collection: string): TerraformImport {
  return {
    type: `clickhouse_clickstack_${collection}`,
    source: `docs/resources/clickstack_${collection}.md`,
    rule: "`id`, or `<serviceId>/<id>` when the ClickStack's service is known",
    onClickStack: true,
    objects: (attributes) => [{ importId: textAttribute(attributes, "id") }],
  };
}

/** A type of one object per service, whose `service_id` is the import id (the Terraform id equals it). */
export function perServiceOrigin(type: string): TerraformImport {
  return {
    type,
    source: `docs/resources/${type.replace(/^clickhouse_/, "")}.md`,
    rule: "`service_id`",
    objects: (attributes) => [{ importId: textAttribute(attributes, "service_id") }],
  };
}
