/**
 * ajv validators for the bodies of a document's operations, compiled on first use. The document is added to ajv three
 * times under an `$id` each, so that its `#/components/schemas/...` references resolve inside it: as the provider's
 * requests are judged (closed to fields the schemas do not declare), as the tests' requests are (as published, the
 * alternatives of a `oneOf` closed) and as answers are (as published), each accepting the recorder's redaction marker
 * (./schemaTransforms.ts).
 */
import Ajv2020 from "ajv/dist/2020";
import type { ErrorObject, ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { OpenApiDocument } from "./document";
import { resolvePointer } from "./document";
import { answerDocument, closedRoot, requestDocument, sentDocument } from "./schemaTransforms";

const requestsId = "https://conformance.check/requests.json";
const answersId = "https://conformance.check/answers.json";
const sentId = "https://conformance.check/sent.json";

/**
 * OpenAPI's own schema keywords (annotations for a validator), and the two document members the references point
 * into, which ajv must not take for misspelt keywords.
 */
const annotationKeywords = ["example", "externalDocs", "xml", "discriminator", "paths", "components"];

/** Every `format` the document's schemas name. */
function formatsIn(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) formatsIn(item, found);
  else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === "format" && typeof item === "string") found.add(item);
      else formatsIn(item, found);
    }
  }
  return found;
}

export type BodyErrors = ErrorObject[];

export class OperationValidators {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(
    private readonly document: OpenApiDocument,
    marker: string,
  ) {
    this.ajv = new Ajv2020({
      allErrors: true,
      // Strict about the schemas' keywords, so a keyword ajv does not know fails loudly instead of checking nothing;
      // the published schemas declare `required` fields they leave out of `properties` and union types.
      strict: true,
      strictTypes: false,
      strictTuples: false,
      strictRequired: false,
      allowUnionTypes: true,
    });
    addFormats(this.ajv);
    for (const keyword of annotationKeywords) this.ajv.addKeyword(keyword);
    // A format ajv-formats does not know (the published document names `boolean`) asserts nothing, as JSON Schema
    // 2020-12 reads every format by default.
    for (const format of formatsIn(document)) {
      if (this.ajv.formats[format] === undefined) this.ajv.addFormat(format, true);
    }
    const asSchema = (id: string, transformed: OpenApiDocument) => ({
      $id: id,
      paths: transformed.paths,
      components: transformed.components,
    });
    this.ajv.addSchema(asSchema(requestsId, requestDocument(document, marker)));
    this.ajv.addSchema(asSchema(answersId, answerDocument(document, marker)));
    this.ajv.addSchema(asSchema(sentId, sentDocument(document, marker)));
  }

  /**
   * Validates a body against the schema at `pointer` (a `#/...` pointer into the document) closed to the fields it
   * does not declare: the provider's requests.
   */
  closed(pointer: string, body: unknown): BodyErrors {
    const compile = () => {
      const schema = resolvePointer(this.document, pointer);
      return this.ajv.compile(closedRoot(`${requestsId}${pointer}`, schema, this.document));
    };
    return this.run(`closed ${pointer}`, compile, body);
  }

  /** Validates a request body the tests sent against the schema at `pointer`: as published, alternatives closed. */
  sent(pointer: string, body: unknown): BodyErrors {
    return this.run(`sent ${pointer}`, () => this.ajv.compile({ $ref: `${sentId}${pointer}` }), body);
  }

  /** Validates an answer against the schema at `pointer` as published. */
  published(pointer: string, body: unknown): BodyErrors {
    return this.run(`published ${pointer}`, () => this.ajv.compile({ $ref: `${answersId}${pointer}` }), body);
  }

  private run(key: string, compile: () => ValidateFunction, body: unknown): BodyErrors {
    let validate = this.compiled.get(key);
    if (validate === undefined) {
      validate = compile();
      this.compiled.set(key, validate);
    }
    if (validate(body)) return [];
    // An `if` error only says that its `else` failed, whose own errors follow: the marker's wrapper adds them.
    return (validate.errors ?? []).filter((error) => error.keyword !== "if");
  }
}
