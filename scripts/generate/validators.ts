/**
 * The compiled validators: every JSON Schema of schemas/ compiled by ajv into plain JavaScript (ajv's standalone
 * code), so the provider's process validates without loading ajv's compiler or compiling a schema at start. The
 * subschemas the schemas repeat are compiled once each, as functions the validators call
 * (./sharedSubschemas.ts). `npm run build` writes the module into dist/ (scripts/buildValidators.ts), beside the
 * compiled provider, before the runtime is bundled.
 */
import Ajv, { _ } from "ajv";
import addFormats from "ajv-formats";
import standaloneCode from "ajv/dist/standalone";
import { annotationKeywords, schemas } from "../../schemas";
import { sharedSubschemas } from "./sharedSubschemas";

/** Where the module is written, relative to the repository: beside dist/provider/validation/validate.js. */
export const validatorsModule = "dist/provider/validation/validators.generated.js";

/** Formats the schemas use; their checks come from ajv-formats at run time. */
const formats = ["date-time", "uuid"] as const;

const header = [
  "// Written by scripts/buildValidators.ts at build time from the JSON Schemas of schemas/ (ajv standalone code).",
  "// `referenceSites` lists, per schema, where the validator calls the function of a shared subschema.",
  "",
].join("\n");

/** The module's text: one exported validate function per schema name, and the schemas' reference sites. */
export function validatorsSource(): string {
  const ajv = new Ajv({
    allErrors: true,
    // Strict mode catches schema mistakes (unknown keywords, required fields missing from properties); union types
    // are how draft-07 spells "string or null". A shared subschema is compiled apart from the schema around it,
    // which may be the one that declares its type: the type checks are made on the schemas as written
    // (test/unit/schemas/compiledValidators.test.ts compiles each strictly), not on the pieces.
    strict: true,
    strictTypes: false,
    strictRequired: false,
    allowUnionTypes: true,
    // Puts the failing value and its schema on each error, so messages can quote and explain it.
    verbose: true,
    // One function per shared subschema, called from each place that references it, never its code copied there.
    inlineRefs: false,
    keywords: [...annotationKeywords],
    code: { source: true, lines: true, formats: _`require("ajv-formats/dist/formats").fullFormats` },
  });
  addFormats(ajv, [...formats]);
  const { roots, shared, referenceSites } = sharedSubschemas(schemas);
  for (const [id, schema] of shared) ajv.addSchema(schema, id);
  const names: Record<string, string> = {};
  for (const [name, schema] of Object.entries(roots)) {
    ajv.addSchema(schema, name);
    names[name] = name;
  }
  return `${header}${standaloneCode(ajv, names)}\nexports.referenceSites = ${JSON.stringify(referenceSites)};\n`;
}
