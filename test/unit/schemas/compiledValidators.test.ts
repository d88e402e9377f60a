/**
 * The validators `npm run build` compiles (shared subschemas called as functions) against each schema as written,
 * compiled here by ajv in strict mode: the same verdict and the same problems for bodies made from every schema's
 * properties, branch constants and limits, among them errors raised inside shared subschemas.
 */
import Ajv, { type ErrorObject } from "ajv";
import addFormats from "ajv-formats";
import { expect } from "chai";
import { annotationKeywords, schemas } from "../../../schemas";
import { problemsFromErrors, type SchemaName } from "../../../provider/validation/validate";
import { pointerSegments, schemaPathFromRoot } from "../../../provider/validation/schemaPath";

type CompiledValidator = ((value: unknown) => boolean) & { errors?: ErrorObject[] | null };
type CompiledModule = Record<SchemaName, CompiledValidator> & {
  referenceSites: Record<SchemaName, string[]>;
};

// eslint-disable-next-line @typescript-eslint/no-require-imports
const built = require("../../../provider/validation/validators.generated") as CompiledModule;

const asWritten = new Ajv({
  allErrors: true,
  strict: true,
  allowUnionTypes: true,
  verbose: true,
  keywords: [...annotationKeywords],
});
addFormats(asWritten, ["date-time", "uuid"]);

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Values of the wrong type, empty, too long or out of range for most fields. */
const offValues: unknown[] = [null, true, -1, 2.5, 1e9, "", "x".repeat(20_001), "not an id", [], {}, [{}]];

/** Every constant and enum value the schema gives each property name, so bodies can take each branch. */
function branchValues(schema: unknown, found = new Map<string, unknown[]>()): Map<string, unknown[]> {
  if (Array.isArray(schema)) schema.forEach((item) => branchValues(item, found));
  if (!isNode(schema)) return found;
  for (const [name, property] of Object.entries(isNode(schema.properties) ? schema.properties : {})) {
    if (!isNode(property)) continue;
    const values = [
      ...(property.const === undefined ? [] : [property.const]),
      ...(Array.isArray(property.enum) ? property.enum : []),
    ];
    found.set(name, [...new Set([...(found.get(name) ?? []), ...values])]);
  }
  Object.values(schema).forEach((value) => branchValues(value, found));
  return found;
}

/** At most `limit` of `values`, spread over the list, so every kind of value keeps some. */
function spread<T>(values: T[], limit: number): T[] {
  if (values.length <= limit) return values;
  return Array.from(
    { length: limit },
    (_, index) => values[Math.floor((index * values.length) / limit)] as T,
  );
}

/** Bodies for `schema`: off values, and objects that set one property at a time to its own bodies, in each branch. */
function bodiesFor(schema: unknown, branches: Map<string, unknown[]>, depth: number): unknown[] {
  if (!isNode(schema) || depth === 0) return offValues;
  const bodies: unknown[] = [...offValues];
  const properties = Object.entries(isNode(schema.properties) ? schema.properties : {});
  const bases: Node[] = [{}];
  for (const [name] of properties)
    for (const value of branches.get(name) ?? []) bases.push({ [name]: value });
  for (const base of bases) {
    bodies.push(base);
    for (const [name, property] of properties) {
      for (const value of spread(bodiesFor(property, branches, depth - 1), 12))
        bodies.push({ ...base, [name]: value });
    }
  }
  if (isNode(schema.items))
    bodies.push(...spread(bodiesFor(schema.items, branches, depth - 1), 30).map((item) => [item]));
  for (const branch of [schema.allOf, schema.anyOf, schema.oneOf].filter(Array.isArray).flat()) {
    bodies.push(...spread(bodiesFor(branch, branches, depth), 40));
    if (isNode(branch) && isNode(branch.else))
      bodies.push(...spread(bodiesFor(branch.else, branches, depth), 40));
    if (isNode(branch) && isNode(branch.then))
      bodies.push(...spread(bodiesFor(branch.then, branches, depth), 40));
  }
  return spread([...new Map(bodies.map((body) => [JSON.stringify(body), body])).values()], 400);
}

describe("schemas: the validators compiled at build time", function () {
  this.timeout(60_000);

  it("exist for every schema, with its reference sites", () => {
    expect(Object.keys(built.referenceSites).sort()).to.deep.equal(Object.keys(schemas).sort());
    for (const name of Object.keys(schemas) as SchemaName[]) expect(built[name]).to.be.a("function");
  });

  let errorsThroughSites = 0;
  for (const name of Object.keys(schemas) as SchemaName[]) {
    it(`${name}: the same verdict and problems as the schema as written`, () => {
      const schema = schemas[name];
      const reference = asWritten.compile(schema);
      const sites = built.referenceSites[name];
      for (const body of bodiesFor(schema, branchValues(schema), 6)) {
        const verdict = built[name](body);
        const label = `${name} on ${JSON.stringify(body).slice(0, 300)}`;
        expect(verdict, label).to.equal(reference(body));
        if (verdict) continue;
        const errors = built[name].errors ?? [];
        expect(problemsFromErrors(errors, schema, sites), label).to.deep.equal(
          problemsFromErrors(reference.errors ?? [], schema),
        );
        errorsThroughSites += errors.filter(
          (error) =>
            schemaPathFromRoot(error.schemaPath, error.instancePath, schema, sites).join("/") !==
            pointerSegments(error.schemaPath).join("/"),
        ).length;
      }
    });
  }

  it("were given errors raised inside shared subschemas", () => {
    expect(errorsThroughSites).to.be.above(1000);
  });
});
