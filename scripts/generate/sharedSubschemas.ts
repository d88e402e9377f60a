/**
 * Finds the subschemas that occur more than once among the JSON Schemas and moves each into a schema of its own,
 * which every place it occurred references (`$ref`). ajv compiles a referenced schema once, as one function that
 * each place calls, where it would otherwise write a subschema's code again at every place it occurs (the tiles of
 * both dashboard schemas, the series of each tile type).
 *
 * An error raised in such a function has a schemaPath that starts again at `#`, from the subschema; the provider's
 * error reader finds the place it came through from the error's instancePath (provider/validation/schemaPath.ts).
 * Where two places would give the same error (the same subschema twice for the same value, as a property and again
 * in a branch that applies to it), the reader takes the first; the subschema is shared only where that place words
 * every error as its own would (the same rule, the same branch condition), so messages read the same as from the
 * schemas as written.
 */
import { pointerSegments, schemaPathFromRoot } from "../../provider/validation/schemaPath";
import { conditionOf, ruleOf } from "../../provider/validation/validate";

/** A JSON Schema object (boolean schemas are never shared). */
type SchemaNode = Record<string, unknown>;

export interface SharedSubschemas {
  /** Each schema by its name, every shared subschema in it replaced by a reference to its id. */
  readonly roots: Readonly<Record<string, SchemaNode>>;
  /** Each shared subschema by id, the shared subschemas within it replaced by references too. */
  readonly shared: ReadonlyMap<string, SchemaNode>;
  /**
   * Per schema name, the JSON pointer into the original schema of every place where the compiled validator calls a
   * shared subschema's function, in the schema's order (outer places first).
   */
  readonly referenceSites: Readonly<Record<string, readonly string[]>>;
}

/** Keywords whose value is one subschema, an array of subschemas or an object of subschemas (draft-07). */
const singleSchemaKeywords = [
  "items",
  "additionalItems",
  "additionalProperties",
  "contains",
  "propertyNames",
].concat(["if", "then", "else", "not"]);
const schemaArrayKeywords = ["allOf", "anyOf", "oneOf", "items"];
const schemaMapKeywords = ["properties", "patternProperties", "dependencies", "definitions"];

function isSchemaNode(value: unknown): value is SchemaNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Each subschema directly under `node`, with the pointer segments that lead to it. */
function childSchemas(node: SchemaNode): Array<[segments: string[], child: SchemaNode]> {
  const children: Array<[string[], SchemaNode]> = [];
  for (const [keyword, value] of Object.entries(node)) {
    if (singleSchemaKeywords.includes(keyword) && isSchemaNode(value)) {
      children.push([[keyword], value]);
    } else if (schemaArrayKeywords.includes(keyword) && Array.isArray(value)) {
      value.forEach((item, index) => {
        if (isSchemaNode(item)) children.push([[keyword, String(index)], item]);
      });
    } else if (schemaMapKeywords.includes(keyword) && isSchemaNode(value)) {
      for (const [name, item] of Object.entries(value)) {
        if (isSchemaNode(item)) children.push([[keyword, name], item]);
      }
    }
  }
  return children;
}

/** `node` with each subschema below it passed through `replace`, other values kept as they are. */
function mapChildSchemas(node: SchemaNode, replace: (child: SchemaNode) => SchemaNode): SchemaNode {
  const copy: SchemaNode = { ...node };
  for (const [[keyword, name], child] of childSchemas(node)) {
    const key = keyword as string;
    if (name === undefined) {
      copy[key] = replace(child);
    } else if (Array.isArray(copy[key])) {
      const items = [...(copy[key] as unknown[])];
      items[Number(name)] = replace(child);
      copy[key] = items;
    } else {
      copy[key] = { ...(copy[key] as SchemaNode), [name]: replace(child) };
    }
  }
  return copy;
}

function pointer(segments: readonly string[]): string {
  // As ajv writes a schemaPath: each segment escaped as a JSON pointer, then as a URI fragment.
  return segments
    .map((segment) => `/${encodeURIComponent(segment.replace(/~/g, "~0").replace(/\//g, "~1"))}`)
    .join("");
}

/** A subschema's identity: its JSON text, so equal subschemas written apart are shared too. */
class SchemaTexts {
  private readonly texts = new Map<SchemaNode, string>();

  of(node: SchemaNode): string {
    let text = this.texts.get(node);
    if (text === undefined) {
      text = JSON.stringify(node);
      this.texts.set(node, text);
    }
    return text;
  }
}

/**
 * Shares every subschema that occurs at least twice below the schemas' roots, however small: measured on these
 * schemas, sharing even `{"type":"string"}` gives less code than sharing only the larger ones (a call and its
 * error handling are shorter than a check with its verbose error). Subschemas whose errors could not be read back
 * to their node are left where they are.
 */
export function sharedSubschemas(schemas: Readonly<Record<string, object>>): SharedSubschemas {
  const roots = schemas as Readonly<Record<string, SchemaNode>>;
  const texts = new SchemaTexts();
  const unshareable = new Set<string>();
  for (;;) {
    const sharedIds = repeatedSubschemas(Object.values(roots), texts, unshareable);
    const referenceSites = Object.fromEntries(
      Object.entries(roots).map(([name, root]) => [name, sitesOf(root, sharedIds, texts)]),
    );
    const misplaced = Object.entries(roots).flatMap(([name, root]) =>
      misworded(root, referenceSites[name] as string[]),
    );
    if (misplaced.length === 0) {
      return withReferences(roots, sharedIds, texts, referenceSites);
    }
    const before = unshareable.size;
    for (const site of misplaced) unshareable.add(texts.of(site));
    if (unshareable.size === before)
      throw new Error("sharedSubschemas: an error would be misread, yet no site is shared");
  }
}

/** Ids of the repeated subschemas, by text, in the order they are met (roots first, outer subschemas first). */
function repeatedSubschemas(
  roots: readonly SchemaNode[],
  texts: SchemaTexts,
  unshareable: ReadonlySet<string>,
): Map<string, string> {
  const sharedIds = new Map<string, string>();
  const sharedBodies: SchemaNode[] = [];
  // Each round counts the subschemas as they would be written once those shared so far are (the roots and each
  // shared body once, never descending into a shared one), and shares the outermost repeated ones: a subschema
  // within a shared one is shared too when it still occurs twice once its parent is written once.
  for (;;) {
    const bodies = [...roots, ...sharedBodies];
    const counts = new Map<string, number>();
    const count = (node: SchemaNode) => {
      for (const [, child] of childSchemas(node)) {
        const text = texts.of(child);
        counts.set(text, (counts.get(text) ?? 0) + 1);
        if (!sharedIds.has(text)) count(child);
      }
    };
    bodies.forEach(count);
    let added = false;
    const share = (node: SchemaNode) => {
      for (const [, child] of childSchemas(node)) {
        const text = texts.of(child);
        if (sharedIds.has(text)) continue;
        if ((counts.get(text) ?? 0) >= 2 && !unshareable.has(text)) {
          sharedIds.set(text, `shared${sharedIds.size + 1}`);
          sharedBodies.push(child);
          added = true;
        } else {
          share(child);
        }
      }
    };
    bodies.forEach(share);
    if (!added) return sharedIds;
  }
}

/** The pointers of every shared subschema in `root`, in the schema's order. */
function sitesOf(root: SchemaNode, sharedIds: ReadonlyMap<string, string>, texts: SchemaTexts): string[] {
  const sites: string[] = [];
  const visit = (node: SchemaNode, segments: string[]) => {
    for (const [childSegments, child] of childSchemas(node)) {
      const path = [...segments, ...childSegments];
      if (sharedIds.has(texts.of(child))) sites.push(pointer(path));
      visit(child, path);
    }
  };
  visit(root, []);
  return sites;
}

/**
 * The shared subschemas of `root` involved where the error reader would word an error otherwise than from the
 * schema as written: for each node, an error of one of its keywords (its schemaPath from the function that checks
 * it, its instancePath with `0` for any property or element) is read back, and the rule and branch condition along
 * the path read are compared with those along the node's own path. Which keyword failed changes neither, and the
 * nodes under `if` and `not` raise no error of their own (ajv drops them), so they are not read.
 */
function misworded(root: SchemaNode, sites: readonly string[]): SchemaNode[] {
  const failingKeyword = "type";
  const siteSegments = sites.map(pointerSegments);
  const isSite = (segments: readonly string[]) => sites.includes(pointer(segments));
  const nodeAt = (segments: readonly string[]) =>
    segments.reduce<unknown>((node, segment) => (node as SchemaNode)[segment], root) as SchemaNode;
  const innermostSite = (segments: readonly string[]) =>
    siteSegments
      .filter((site) => site.every((segment, index) => segments[index] === segment))
      .reduce<string[]>((longest, site) => (site.length > longest.length ? site : longest), []);
  const misread: SchemaNode[] = [];
  for (const start of [[], ...siteSegments]) {
    const visit = (node: SchemaNode, relative: string[]) => {
      const expected = [...start, ...relative, failingKeyword];
      const read = schemaPathFromRoot(
        `#${pointer([...relative, failingKeyword])}`,
        instancePathFor([...start, ...relative]),
        root,
        sites,
      );
      const wordedAlike =
        ruleOf(read, root) === ruleOf(expected, root) &&
        conditionOf(read, root) === conditionOf(expected, root);
      if (!wordedAlike) {
        for (const site of [start, innermostSite(read.slice(0, -1))]) {
          if (site.length > 0) misread.push(nodeAt(site));
        }
      }
      for (const [segments, child] of childSchemas(node)) {
        const [keyword] = segments;
        if (keyword === "if" || keyword === "not") continue;
        if (!isSite([...start, ...relative, ...segments])) visit(child, [...relative, ...segments]);
      }
    };
    visit(nodeAt(start), []);
  }
  return misread;
}

/** An instancePath that a schema path applies to, `0` standing for any property or element. */
function instancePathFor(schemaSegments: readonly string[]): string {
  const instance: string[] = [];
  for (let index = 0; index < schemaSegments.length; index++) {
    const keyword = schemaSegments[index] as string;
    if (["allOf", "anyOf", "oneOf", "dependencies", "patternProperties"].includes(keyword)) index++;
    if (keyword === "properties" || (keyword === "items" && /^\d+$/.test(schemaSegments[index + 1] ?? ""))) {
      instance.push(schemaSegments[++index] as string);
    } else if (
      ["patternProperties", "items", "additionalItems", "contains", "additionalProperties"].includes(keyword)
    ) {
      instance.push("0");
    }
  }
  return pointer(instance);
}

function withReferences(
  roots: Readonly<Record<string, SchemaNode>>,
  sharedIds: ReadonlyMap<string, string>,
  texts: SchemaTexts,
  referenceSites: Readonly<Record<string, readonly string[]>>,
): SharedSubschemas {
  const referencing = (node: SchemaNode): SchemaNode =>
    mapChildSchemas(node, (child) => {
      const id = sharedIds.get(texts.of(child));
      return id === undefined ? referencing(child) : { $ref: id };
    });
  const bodies = new Map<string, SchemaNode>();
  const collect = (node: SchemaNode) => {
    for (const [, child] of childSchemas(node)) {
      const id = sharedIds.get(texts.of(child));
      if (id !== undefined && !bodies.has(id)) bodies.set(id, referencing(child));
      collect(child);
    }
  };
  Object.values(roots).forEach(collect);
  return {
    roots: Object.fromEntries(Object.entries(roots).map(([name, root]) => [name, referencing(root)])),
    shared: new Map([...bodies].sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }))),
    referenceSites,
  };
}
