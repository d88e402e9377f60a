/**
 * The parts of an OpenAPI 3.1 document the conformance check reads: its operations (path templates and methods), their
 * request bodies and responses, and the JSON pointers that address them, which the validators reference.
 */
import * as fs from "node:fs";

/** A JSON Schema as the document holds it (2020-12, OpenAPI 3.1's dialect). */
export type JsonSchema = boolean | { [keyword: string]: unknown };

export interface MediaTypeObject {
  schema?: JsonSchema;
}

export interface RequestBodyObject {
  required?: boolean;
  content?: Record<string, MediaTypeObject>;
}

export interface ResponseObject {
  description?: string;
  content?: Record<string, MediaTypeObject>;
}

export interface OperationObject {
  operationId?: string;
  requestBody?: RequestBodyObject;
  responses?: Record<string, ResponseObject>;
}

export const httpMethods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
export type HttpMethod = (typeof httpMethods)[number];

export type PathItemObject = Partial<Record<HttpMethod, OperationObject>>;

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, PathItemObject>;
  components?: { schemas?: Record<string, JsonSchema> } & Record<string, unknown>;
}

export class SpecFileError extends Error {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads an OpenAPI 3.1 document; anything else is refused, since its schemas would be read in the wrong dialect. */
export function readOpenApiDocument(file: string): OpenApiDocument {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    throw new SpecFileError(`cannot read the OpenAPI document ${file}: ${(error as Error).message}`);
  }
  if (!isRecord(parsed) || typeof parsed.openapi !== "string" || !isRecord(parsed.paths)) {
    throw new SpecFileError(`${file} is not an OpenAPI document (no "openapi" version or "paths")`);
  }
  // OpenAPI 3.0 schemas are another dialect (nullable, exclusiveMinimum as a flag) that ajv's 2020-12 would misread.
  if (!parsed.openapi.startsWith("3.1.")) {
    throw new SpecFileError(
      `${file} is OpenAPI ${parsed.openapi}; the check reads OpenAPI 3.1 documents only`,
    );
  }
  return parsed as unknown as OpenApiDocument;
}

/**
 * A JSON pointer's reference token as a URI fragment holds it: `~` and `/` escaped (RFC 6901), then percent-encoded
 * (a path template's braces are not allowed in a fragment).
 */
export function pointerToken(token: string): string {
  return encodeURIComponent(token.replace(/~/g, "~0").replace(/\//g, "~1"));
}

/** The value a local reference (`#/a/b`) points at in the document, or undefined. */
export function resolvePointer(document: unknown, pointer: string): unknown {
  if (!pointer.startsWith("#")) return undefined;
  const tokens = pointer
    .slice(1)
    .split("/")
    .slice(1)
    .map((token) => decodeURIComponent(token).replace(/~1/g, "/").replace(/~0/g, "~"));
  let value: unknown = document;
  for (const token of tokens) {
    if (!isRecord(value) && !Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[token];
  }
  return value;
}

/**
 * Follows `$ref`s from an object of the document (a request body or a response may be a reference to
 * `#/components/...`) and returns the pointer of the object it lands on, or undefined for a dangling reference.
 */
export function landingPointer(document: OpenApiDocument, pointer: string): string | undefined {
  const seen = new Set<string>();
  let current = pointer;
  for (;;) {
    const value = resolvePointer(document, current);
    if (value === undefined || seen.has(current)) return undefined;
    seen.add(current);
    if (!isRecord(value) || typeof value.$ref !== "string") return current;
    current = value.$ref;
  }
}
