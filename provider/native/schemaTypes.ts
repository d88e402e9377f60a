/**
 * JSON Schema (as the APIs' request schemas and the resource definitions write it) turned into Pulumi package
 * schema types. Objects with properties and string enums become named types of the package; what Pulumi's type
 * system cannot say (a value that is a number or a string, a free-form object) becomes `Any`, and the JSON
 * Schema's rule stays the provider's check.
 */
import type { SchemaObject } from "ajv";
import type { NamedType } from "../resources/definition";
import { ruleKeyword } from "../../schemas";
import { enumValueName } from "./enumNames";

/** A Pulumi schema type reference or inline type. */
export interface TypeSpec {
  type?: "string" | "number" | "integer" | "boolean" | "array" | "object";
  $ref?: string;
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
}

export interface PropertySpec extends TypeSpec {
  description?: string;
  secret?: boolean;
  willReplaceOnChanges?: boolean;
}

/** The properties of a function's inputs or outputs. */
export interface ObjectSpec {
  description?: string;
  properties: Record<string, PropertySpec>;
  required?: string[];
}

/** A function of the package: what it takes and what it answers. */
export interface FunctionSpec {
  description: string;
  inputs: ObjectSpec;
  outputs: ObjectSpec;
}

/** A named type of the package: an object type or a string enum. */
export type NamedTypeSpec =
  | {
      type: "object";
      description?: string;
      properties: Record<string, PropertySpec>;
      required?: string[];
    }
  | { type: "string"; description?: string; enum: { name: string; value: string }[] };

const anyType: TypeSpec = { $ref: "pulumi.json#/Any" };

/**
 * The schema's name for a named TypeScript type. One schema type serves inputs and outputs, and the SDK
 * generators add `Args` to input types themselves, so an input type's `Args` suffix is left off.
 */
export function schemaTypeName(named: NamedType): string {
  return named.name.replace(/Args$/, "");
}

function pascal(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Collects the named types that the properties of one package refer to. */
export class TypeRegistry {
  readonly types: Record<string, NamedTypeSpec> = {};

  constructor(private readonly packageName: string) {}

  private token(name: string): string {
    return `${this.packageName}:index:${name}`;
  }

  private define(name: string, spec: NamedTypeSpec): TypeSpec {
    const token = this.token(name);
    const existing = this.types[token];
    if (existing !== undefined && JSON.stringify(existing) !== JSON.stringify(spec)) {
      throw new Error(`two different types would be named ${token}`);
    }
    this.types[token] = spec;
    return { $ref: `#/types/${token}` };
  }

  /**
   * A named object type of properties already in Pulumi's form, e.g. a function's result item made of a resource's
   * output properties.
   */
  objectTypeOf(
    name: string,
    object: { description?: string; properties: Record<string, PropertySpec>; required?: string[] },
  ): TypeSpec {
    return this.define(name, { type: "object", ...object });
  }

  /**
   * The Pulumi type of a JSON Schema. `name` names the object or enum type it may become; `named`, the type the
   * definition gives (for an array, the type of its items).
   */
  typeOf(schema: SchemaObject | undefined, name: string, named?: NamedType): TypeSpec {
    if (schema === undefined) return anyType;
    const typeName = named === undefined ? name : schemaTypeName(named);
    const enumValues = Array.isArray(schema.enum) ? schema.enum.filter((value) => value !== null) : undefined;
    if (enumValues !== undefined) {
      if (!enumValues.every((value) => typeof value === "string")) return anyType;
      return this.define(typeName, {
        type: "string",
        enum: enumValues.map((value) => ({ name: enumValueName(value), value })),
      });
    }
    const branches = (schema.anyOf ?? schema.oneOf) as SchemaObject[] | undefined;
    if (branches !== undefined) {
      const kinds = new Set(
        branches
          .filter((branch) => branch.type !== "null")
          .map((branch) => JSON.stringify(this.typeOf(branch, name, named))),
      );
      return kinds.size === 1 ? (JSON.parse([...kinds][0]) as TypeSpec) : anyType;
    }
    if (typeof schema.const === "string") return { type: "string" };
    const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
      (type): type is string => typeof type === "string" && type !== "null",
    );
    if (types.length !== 1) return anyType;
    const [type] = types;
    switch (type) {
      case "string":
      case "number":
      case "integer":
      case "boolean":
        return { type };
      case "array":
        return {
          type: "array",
          items: this.typeOf(schema.items as SchemaObject | undefined, `${name}Item`, named),
        };
      case "object":
        return this.objectType(schema, typeName);
      default:
        return anyType;
    }
  }

  private objectType(schema: SchemaObject, name: string): TypeSpec {
    const properties = (schema.properties ?? {}) as Record<string, SchemaObject>;
    if (Object.keys(properties).length === 0) {
      const values = schema.additionalProperties;
      return typeof values === "object"
        ? { type: "object", additionalProperties: this.typeOf(values, `${name}Value`) }
        : anyType;
    }
    const required = ((schema.required ?? []) as string[]).filter((key) => key in properties);
    return this.define(name, {
      type: "object",
      properties: Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [
          key,
          this.property(property, `${name}${pascal(key)}`),
        ]),
      ),
      ...(required.length > 0 ? { required } : {}),
    });
  }

  /** A property of a named object type; its rule, when the schema states one in words, is its description. */
  private property(schema: SchemaObject, name: string): PropertySpec {
    const rule = schema[ruleKeyword];
    return {
      ...this.typeOf(schema, name),
      ...(typeof rule === "string" ? { description: `${pascal(rule)}.` } : {}),
    };
  }
}
