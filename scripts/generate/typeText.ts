/**
 * TypeScript type text for a definition's field: its named type where it has one, otherwise what its JSON Schema
 * allows (enums as unions of literals, arrays, objects with their properties).
 */
import type { InputField, NamedType, OutputField } from "../../provider/resources/definition";

type Schema = Record<string, unknown>;

/** The plain value type of a field, e.g. `string`, `ApiKeyRole[]`, `"a" | "b"`. */
export function valueType(field: InputField | OutputField, bodySchema: Schema | undefined): string {
  const schema = (field.schema ?? bodySchema ?? {}) as Schema;
  if (field.type !== undefined) return isArray(schema) ? `${field.type.name}[]` : field.type.name;
  return schemaType(schema);
}

/** The input type of an Args property: every level may be an Output, as Pulumi programs pass them. */
export function inputType(field: InputField, bodySchema: Schema | undefined): string {
  const schema = (field.schema ?? bodySchema ?? {}) as Schema;
  if (isArray(schema)) {
    const items = field.type?.name ?? schemaType((schema.items ?? {}) as Schema);
    return `pulumi.Input<pulumi.Input<${items}>[]>`;
  }
  return `pulumi.Input<${valueType(field, bodySchema)}>`;
}

function isArray(schema: Schema): boolean {
  return schema.type === "array" || (Array.isArray(schema.type) && schema.type.includes("array"));
}

function schemaType(schema: Schema): string {
  if (Array.isArray(schema.enum)) return union(schema.enum.map((value) => JSON.stringify(value)));
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives !== undefined) return union(alternatives.map(schemaType));
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  return union(types.map((type) => primitive(type, schema)));
}

function primitive(type: string | undefined, schema: Schema): string {
  switch (type) {
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array":
      return `${wrapped(schemaType((schema.items ?? {}) as Schema))}[]`;
    case "object":
      return objectType(schema);
    default:
      return "unknown";
  }
}

function objectType(schema: Schema): string {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const members = Object.entries(properties).map(
    ([name, property]) => `${name}${required.has(name) ? "" : "?"}: ${schemaType(property)}`,
  );
  return members.length === 0 ? "Record<string, unknown>" : `{ ${members.join("; ")} }`;
}

function union(members: string[]): string {
  return [...new Set(members)].join(" | ");
}

function wrapped(type: string): string {
  return type.includes(" | ") ? `(${type})` : type;
}

/** Type-only imports of the named types, grouped by module; `prefix` leads from the generated file to provider/. */
export function typeImports(types: readonly (NamedType | undefined)[], prefix: string): string[] {
  const byModule = new Map<string, Set<string>>();
  for (const type of types) {
    if (type === undefined) continue;
    const names = byModule.get(type.from) ?? new Set<string>();
    names.add(type.name);
    byModule.set(type.from, names);
  }
  return [...byModule.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([from, names]) => `import type { ${[...names].sort().join(", ")} } from "${prefix}${from}";`);
}

/**
 * A named type written for programs (its fields may be Outputs), which the generated classes use and export; the
 * operations' plain types use the schema's shape instead.
 */
export function isProgramInputType(type: NamedType | undefined): type is NamedType {
  return type?.from.startsWith("inputTypes/") === true;
}
