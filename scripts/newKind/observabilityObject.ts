/**
 * The files of a new observability object kind (the family of webhooks, saved searches, dashboards and sources: an
 * API object with a list, a get by id and a PUT that replaces it), with one input, `name`. Every text the author
 * must write is marked `SCAFFOLD:`; the kind's test fails while one is left.
 */
import type { KindNames } from "./names";

/** The marker of what the author still has to write. */
export const SCAFFOLD_MARKER = "SCAFFOLD:";

export function providerFiles(names: KindNames): Map<string, string> {
  const { kind, folder, noun } = names;
  const folderPath = `provider/resources/${folder}`;
  return new Map([
    [
      `${folderPath}/definition.ts`,
      `/** The ${kind} resource: ${SCAFFOLD_MARKER} what a ${noun} is, in a line. */
import type { ResourceDefinition } from "../definition";
import {
  clickstackServiceIdInput,
  clickstackServiceIdOutput,
  createdAtOutput,
  observabilityConfiguration,
  observabilityObjectId,
  requiredInPlace,
  updatedAtOutput,
} from "../fields/observabilityFields";
import { stringOutput } from "../fields/sharedFields";

export const definition: ResourceDefinition<"${folder}Create"> = {
  kind: "${kind}",
  module: "observability",
  description:
    "${SCAFFOLD_MARKER} what a ${noun} of the observability API is and what names it. Every input updates in place; " +
    "the API's PUT takes the whole ${noun}, so an update sends back every field the program does not set. " +
    observabilityConfiguration,
  notes: "${SCAFFOLD_MARKER} one line on what sets it apart",
  id: observabilityObjectId("${noun}"),
  requestSchema: "${folder}Create",
  inputs: {
    name: requiredInPlace("The ${noun}'s name."),
    clickstackServiceId: clickstackServiceIdInput,
  },
  outputs: {
    name: stringOutput("The ${noun}'s name.", { alwaysSet: true }),
    createdAt: createdAtOutput,
    updatedAt: updatedAtOutput,
    clickstackServiceId: clickstackServiceIdOutput,
  },
};
`,
    ],
    [
      `${folderPath}/remote.ts`,
      `/**
 * The ${noun}s of the observability API: what a create or PUT sends and a ${noun} as the API shows it, the types
 * \`npm run generate\` writes from their schemas, and where the collection is served.
 */
import type { ObjectCollectionShape } from "../../rest/observability";
import type { ${kind}CreateSchema, ${kind}Schema } from "../../rest/schemaTypes";

export type ${kind}Request = ${kind}CreateSchema;
export type Remote${kind} = ${kind}Schema;

export const ${folder}Collection: ObjectCollectionShape = {
  noun: "${noun}",
  collection: "${names.segment}",
  createSchema: "${folder}Create",
  responseSchema: "${folder}",
  paged: false,
};
`,
    ],
    [
      `${folderPath}/operations.ts`,
      `/** Creates, reads, updates (read, merge, PUT) and deletes ${noun}s. */
import { requestBodyFor } from "../derive/requestBody";
import { apiObjectOperations } from "../lifecycle/apiObjectLifecycle";
import { definition } from "./definition";
import { ${folder}Collection, type ${kind}Request, type Remote${kind} } from "./remote";
import type { ${kind}Inputs, ${kind}Outputs } from "./shapes";

const ${folder}Request = requestBodyFor(definition);

export const operations = apiObjectOperations<${kind}Inputs, ${kind}Outputs, ${kind}Request, Remote${kind}>({
  what: (inputs) => \`${noun} "\${inputs.name}"\`,
  collection: (client) => client.collection(${folder}Collection),
  request: (inputs) => ${folder}Request(inputs),
  outputs: (_recorded, shown) => ({
    name: shown.name,
    createdAt: shown.createdAt ?? undefined,
    updatedAt: shown.updatedAt ?? undefined,
  }),
  newness: "createdAt",
  sentFields: ["name"],
});
`,
    ],
    [
      `${folderPath}/kind.ts`,
      `/**
 * ${kind}s: imported by their object id, or \`<serviceId>/<objectId>\` on a service's managed ClickStack; \`export\`
 * lists them through the observability API.
 */
import { observabilityObjects } from "../adoption/existingObjects";
import { importedOnClickStack } from "../adoption/importIds";
import { kindEntry } from "../kindEntry";
import { definition } from "./definition";
import { operations } from "./operations";
import { ${folder}Collection, type Remote${kind} } from "./remote";

export const entry = kindEntry({
  definition,
  operations,
  importId: importedOnClickStack(definition.kind),
  existing: {
    list: observabilityObjects("${noun}s", (client) => client.collection<object, Remote${kind}>(${folder}Collection).list()),
  },
  // The official Terraform provider's types of the same objects, e.g. clickStackOrigin("<collection>") of
  // ../adoption/terraformOrigins for its clickhouse_clickstack_<collection>; none when it has no such type.
  terraform: { imports: [] },
});
`,
    ],
  ]);
}

/** The request and answer schemas, which the provider's checks and the emulator both read. */
export function schemaFile(names: KindNames): [string, string] {
  const { folder, noun } = names;
  return [
    `schemas/${names.plural}.ts`,
    `/** JSON Schemas of the observability API's ${noun}s: ${SCAFFOLD_MARKER} the API source they follow. */
import type { SchemaObject } from "ajv";
import { nullableDateTime } from "./common";

/** Body of a create and of a PUT (which resets what it leaves out). */
const ${folder}Create = {
  type: "object",
  additionalProperties: false,
  required: ["name"],
  properties: {
    name: { type: "string", minLength: 1 },
  },
} as const satisfies SchemaObject;

/** A ${noun} as the API shows it: fields it adds are allowed. */
const ${folder} = {
  type: "object",
  required: ["id", "name"],
  properties: {
    id: { type: "string" },
    name: { type: "string" },
    createdAt: nullableDateTime,
    updatedAt: nullableDateTime,
  },
} as const satisfies SchemaObject;

export const ${folder}Schemas = { ${folder}Create, ${folder} } as const;
`,
  ];
}

export function emulatorFiles(names: KindNames): Map<string, string> {
  const { kind, folder, plural, noun } = names;
  return new Map([
    [
      `emulator/model/${plural}.ts`,
      `/**
 * The observability API's ${noun}s (${SCAFFOLD_MARKER} the API source this model follows): the body's rules and the
 * ${noun} as shown.
 */
import { schemas } from "../../schemas";
import { readBody } from "./objectBodies";
import type { Problem } from "./problems";

export interface ${kind}Record {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

declare module "../state/types" {
  interface EmulatorState {
    /** The team's ${noun}s; absent until the first is made (and in state files of older emulators). */
    ${plural}?: ${kind}Record[];
  }
}

export function parse${kind}Body(body: unknown): { problems: Problem[] } | { body: { name: string } } {
  const { problems, kept } = readBody(schemas.${folder}Create, body, /^$/);
  return problems.length > 0 ? { problems } : { body: kept as { name: string } };
}

export function ${folder}View(${folder}: ${kind}Record): Record<string, unknown> {
  return { ...${folder} };
}
`,
    ],
    [
      `emulator/routes/observability/${plural}.ts`,
      `/** ${kind}s: list, get, create, PUT (a full replace) and DELETE, checked in the API's order (body and id, then the ${noun}). */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../server/context";
import { idProblems, invalidRequest } from "../../model/objectBodies";
import { parse${kind}Body, ${folder}View, type ${kind}Record } from "../../model/${plural}";
import { objectId, secureBytes } from "../../state/random";
import { nowOf, notFoundError, validId, type IdParams, type ObjectMount } from "./objectMount";

export function ${folder}Routes(scope: FastifyInstance, context: EmulatorContext, mount: ObjectMount): void {
  const path = \`\${mount.prefix}/${names.segment}\`;
  const stored = () => (context.store.state.${plural} ??= []);

  function validBody(body: unknown, id?: string): { name: string } {
    const parsed = parse${kind}Body(body);
    const badId = idProblems(id);
    if ("problems" in parsed || badId.length > 0) {
      throw invalidRequest("problems" in parsed ? parsed.problems : [], badId);
    }
    return parsed.body;
  }

  function find(id: string): ${kind}Record {
    const found = stored().find((candidate) => candidate.id === id);
    if (found === undefined) throw notFoundError("${kind} not found");
    return found;
  }

  scope.get(path, async (request) => mount.answer(request, stored().map(${folder}View)));

  scope.get<{ Params: IdParams }>(\`\${path}/:id\`, async (request) =>
    mount.answer(request, ${folder}View(find(validId(request.params.id)))),
  );

  scope.post(path, async (request) => {
    const body = validBody(request.body);
    const now = nowOf(context);
    const made: ${kind}Record = { id: objectId(secureBytes), ...body, createdAt: now, updatedAt: now };
    stored().push(made);
    context.store.changed();
    return mount.answer(request, ${folder}View(made));
  });

  scope.put<{ Params: IdParams }>(\`\${path}/:id\`, async (request) => {
    const body = validBody(request.body, request.params.id);
    const existing = find(validId(request.params.id));
    const replaced: ${kind}Record = { ...existing, ...body, updatedAt: nowOf(context) };
    context.store.state.${plural} = stored().map((candidate) => (candidate.id === existing.id ? replaced : candidate));
    context.store.changed();
    return mount.answer(request, ${folder}View(replaced));
  });

  scope.delete<{ Params: IdParams }>(\`\${path}/:id\`, async (request) => {
    const existing = find(validId(request.params.id));
    context.store.state.${plural} = stored().filter((candidate) => candidate.id !== existing.id);
    context.store.changed();
    return mount.answer(request, undefined);
  });
}
`,
    ],
  ]);
}

export function testFiles(names: KindNames): Map<string, string> {
  const { kind, folder, noun } = names;
  return new Map([
    [
      `test/engine/e2e/${folder}.test.ts`,
      `/** ${kind} through the real engine: both front ends, both wires (up, no-change preview, update, refresh, destroy). */
import { describeThroughTheEngine } from "../../support/kindThroughTheEngine";

describeThroughTheEngine({
  kind: "${kind}",
  inputs: (_fixture, run) => ({
    create: { name: \`${noun} \${run}\` },
    update: { name: \`${noun} \${run} renamed\` },
  }),
});
`,
    ],
    [
      `test/unit/resources/${folder}.test.ts`,
      `/**
 * ${kind} through its typed operations against the shared emulator: made, read, renamed in place, deleted, and
 * gone on a read after its deletion; and filled in, with no text of the scaffold left.
 */
import { expect } from "chai";
import { resources } from "../../../provider/resources/registry";
import type { OperationContext } from "../../../provider/resources/operations";
import { emulatorOperationContext } from "../../support/kindOperations";

const { definition, operations } = resources.${kind};

describe("${kind} (a new kind)", function () {
  this.timeout(30_000);
  let context: OperationContext;
  const name = \`${noun} \${process.pid}-\${Date.now().toString(36)}\`;

  before(async () => {
    context = await emulatorOperationContext(definition.kind);
  });

  it("is made, read, renamed in place and deleted through the API", async () => {
    const made = await operations.create({ name }, context);
    expect(made.outs.name).to.equal(name);
    const read = await operations.read(made.id, made.outs, context, "refresh");
    expect(read?.outs.name).to.equal(name);
    const renamed = await operations.update(made.id, made.outs, { name: \`\${name} renamed\` }, context);
    expect(renamed.name).to.equal(\`\${name} renamed\`);
    await operations.delete(made.id, renamed, context);
    expect(await operations.read(made.id, renamed, context, "refresh")).to.equal(undefined);
  });

  it("is filled in: no text of the scaffold is left in its definition", () => {
    expect(JSON.stringify(definition)).to.not.include("${SCAFFOLD_MARKER}");
  });
});
`,
    ],
  ]);
}
