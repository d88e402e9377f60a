/**
 * What the check changes in the document's schemas before ajv reads them, and in the answers before they are judged:
 * - request bodies are closed: the published schemas mostly leave `additionalProperties` open, so a misspelt field
 *   would pass; every object schema that declares fields refuses the fields it does not declare
 *   (`unevaluatedProperties: false`, so fields declared by an `allOf`, `oneOf` or `$ref` beside it count);
 * - so are the alternatives of a `oneOf` that stands for the whole value (no fields declared beside it): the published
 *   alternatives (a Kafka pipe's credentials: a user and password, an access key, a connection string or a client
 *   certificate) require no field, so every object would match all of them and none could match "exactly one";
 *   read as closed shapes, a value matches the one whose fields it has;
 * - the recorder's redaction marker is a valid value of every string: a redacted secret cannot match the secret's
 *   pattern or length;
 * - answers lose their null-valued fields: the real API answers `null` for fields that are unset, which the published
 *   schemas seldom declare nullable.
 */
import type { JsonSchema, OpenApiDocument } from "./document";
import { resolvePointer } from "./document";

type SchemaObject = { [keyword: string]: unknown };

/** Where a subschema applies: to a new value (a property's, an item's) or to the same value as its parent. */
type Position = "root" | "instance" | "inPlace";

const instanceSchemas = [
  "items",
  "additionalProperties",
  "unevaluatedProperties",
  "unevaluatedItems",
  "contains",
  "propertyNames",
];
const instanceSchemaMaps = ["properties", "patternProperties"];
const instanceSchemaLists = ["prefixItems"];
const inPlaceSchemas = ["not", "if", "then", "else"];
const inPlaceSchemaLists = ["allOf", "anyOf", "oneOf"];
const inPlaceSchemaMaps = ["dependentSchemas"];
const definitionMaps = ["$defs", "definitions"];

/** Keywords that constrain a string's text, which a redacted value cannot satisfy. */
const textKeywords = ["pattern", "format", "minLength", "maxLength"];

type Visit = (node: SchemaObject, position: Position) => SchemaObject;

function isSchemaObject(value: unknown): value is SchemaObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function mapEntries(value: unknown, map: (schema: unknown) => unknown): unknown {
  if (!isSchemaObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, map(schema)]));
}

/** A copy of `schema` with `visit` applied to each subschema, innermost first. */
function mapSchema(schema: unknown, visit: Visit, position: Position): unknown {
  if (!isSchemaObject(schema)) return schema;
  const node: SchemaObject = { ...schema };
  const at = (child: Position) => (sub: unknown) => mapSchema(sub, visit, child);
  for (const keyword of Object.keys(node)) {
    const value = node[keyword];
    if (instanceSchemas.includes(keyword)) node[keyword] = at("instance")(value);
    else if (instanceSchemaMaps.includes(keyword)) node[keyword] = mapEntries(value, at("instance"));
    else if (instanceSchemaLists.includes(keyword) && Array.isArray(value))
      node[keyword] = value.map(at("instance"));
    else if (inPlaceSchemas.includes(keyword)) node[keyword] = at("inPlace")(value);
    else if (inPlaceSchemaLists.includes(keyword) && Array.isArray(value))
      node[keyword] = value.map(at("inPlace"));
    else if (inPlaceSchemaMaps.includes(keyword)) node[keyword] = mapEntries(value, at("inPlace"));
    else if (definitionMaps.includes(keyword)) node[keyword] = mapEntries(value, at("root"));
  }
  return visit(node, position);
}

/**
 * A copy of the document with `visit` applied to every schema in it: the components' schemas, and each `schema` of
 * a media type or a parameter, wherever it sits (paths, components' request bodies and responses).
 */
function mapDocumentSchemas(document: OpenApiDocument, visit: Visit): OpenApiDocument {
  const walk = (value: unknown, key: string | undefined): unknown => {
    if (key === "schema") return mapSchema(value, visit, "root");
    if (Array.isArray(value)) return value.map((item) => walk(item, undefined));
    if (!isSchemaObject(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, walk(item, name)]));
  };
  const paths = walk(document.paths, undefined) as OpenApiDocument["paths"];
  const components = document.components ?? {};
  const schemas = mapEntries(components.schemas ?? {}, (schema) => mapSchema(schema, visit, "root"));
  const otherComponents = walk({ ...components, schemas: {} }, undefined) as Record<string, unknown>;
  return {
    ...document,
    paths,
    components: { ...otherComponents, schemas: schemas as Record<string, JsonSchema> },
  };
}

/**
 * Whether a schema names fields of an object, itself or through what it combines or references: those are the
 * schemas closing applies to. A bare `{type: "object"}` or a map (`additionalProperties: {...}`) names none and
 * stays open.
 */
export function declaresFields(schema: unknown, document: unknown, seen: Set<string> = new Set()): boolean {
  if (!isSchemaObject(schema)) return false;
  if (isSchemaObject(schema.properties) || isSchemaObject(schema.patternProperties)) return true;
  if (typeof schema.$ref === "string" && !seen.has(schema.$ref)) {
    seen.add(schema.$ref);
    if (declaresFields(resolvePointer(document, schema.$ref), document, seen)) return true;
  }
  const branches: unknown[] = [schema.then, schema.else];
  for (const keyword of inPlaceSchemaLists) {
    const list = schema[keyword];
    if (Array.isArray(list)) branches.push(...(list as unknown[]));
  }
  return branches.some((branch) => declaresFields(branch, document, seen));
}

/** The redaction marker passes every text keyword; any other value is held to them as before. */
function acceptingMarker(marker: string): Visit {
  return (node) => {
    const text = Object.fromEntries(textKeywords.filter((k) => k in node).map((k) => [k, node[k]]));
    if (Object.keys(text).length === 0) return node;
    const rest = Object.fromEntries(Object.entries(node).filter(([k]) => !textKeywords.includes(k)));
    const allOf = Array.isArray(rest.allOf) ? rest.allOf : [];
    return { ...rest, allOf: [...allOf, { if: { const: marker }, else: text }] };
  };
}

/** The document as answers are judged: the published schemas, the marker accepted. */
export function answerDocument(document: OpenApiDocument, marker: string): OpenApiDocument {
  return mapDocumentSchemas(document, acceptingMarker(marker));
}

/**
 * The document as request bodies are judged: every subschema for a field's or an item's value that declares fields
 * refuses others. The roots of schemas stay as they are, since they may be one branch of an `allOf` whose other
 * branches declare the rest: the place that uses a root closes it (a field of another schema, or the request body
 * itself, `closedRoot`).
 */
export function requestDocument(document: OpenApiDocument, marker: string): OpenApiDocument {
  const withMarker = acceptingMarker(marker);
  const close = closing(document);
  const alternatives = closingAlternatives(document);
  return mapDocumentSchemas(document, (node, position) => {
    const closed = position === "instance" ? close(node) : node;
    return withMarker(alternatives(closed, position), position);
  });
}

/**
 * The document as the tests' own request bodies are judged: the published schemas, the marker accepted, and the
 * alternatives of a `oneOf` that stands for the whole value closed (a test may send fields the document lacks, to see
 * them refused, but a value that fits one alternative must pass).
 */
export function sentDocument(document: OpenApiDocument, marker: string): OpenApiDocument {
  const withMarker = acceptingMarker(marker);
  const alternatives = closingAlternatives(document);
  return mapDocumentSchemas(document, (node, position) => withMarker(alternatives(node, position), position));
}

/** A schema that declares fields, made to refuse the others (a schema that says already stays as it is). */
function closing(document: OpenApiDocument): (schema: SchemaObject) => SchemaObject {
  return (schema) =>
    !("unevaluatedProperties" in schema) && declaresFields(schema, document)
      ? { ...schema, unevaluatedProperties: false }
      : schema;
}

/** A `oneOf` with no fields declared beside it, its alternatives closed. */
function closingAlternatives(document: OpenApiDocument): Visit {
  const close = closing(document);
  return (node) =>
    Array.isArray(node.oneOf) && !isSchemaObject(node.properties)
      ? {
          ...node,
          oneOf: node.oneOf.map((alternative) =>
            isSchemaObject(alternative) ? close(alternative) : alternative,
          ),
        }
      : node;
}

/** The schema that validates a request body: a reference to the body's schema, closed when it declares fields. */
export function closedRoot(reference: string, schema: unknown, document: OpenApiDocument): SchemaObject {
  return declaresFields(schema, document)
    ? { $ref: reference, unevaluatedProperties: false }
    : { $ref: reference };
}

/** A copy of an answer without its null-valued fields, at any depth (items of arrays are kept as they are). */
export function withoutNullFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNullFields);
  if (!isSchemaObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field !== null)
      .map(([name, field]) => [name, withoutNullFields(field)]),
  );
}
