/**
 * Where in a schema an ajv error was raised, as the segments of a JSON pointer from the schema's root, also when
 * the error comes from the function of a referenced subschema. The compiled validators compile each subschema
 * that the schemas repeat once, as a function called from each place it occurs (its reference sites); an error
 * raised there carries a schemaPath that starts again at `#`, from the subschema. The site it came through is the
 * one whose path leads to the error's instancePath.
 */
/** Segments of a JSON pointer such as ajv's instancePath ("/series/2/aggFn") or schemaPath ("#/properties/x"). */
export function pointerSegments(pointer: string): string[] {
  const path = pointer.replace(/^#/, "");
  if (path === "") {
    return [];
  }
  return path
    .slice(1)
    .split("/")
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, "/").replace(/~0/g, "~"));
}

/**
 * The schema path of an error (its `schemaPath` and `instancePath`) from `rootSchema`'s root, the failing keyword
 * last. `referenceSites` are the JSON pointers of the places where the validator calls a subschema's function (none
 * for a validator compiled from the schema as written). The path is the first, in the order of the sites and the
 * root first, that reaches a node of the schema without passing another site and applies to the error's
 * instance path. Where that path is another place's than the error's own (the same subschema checked twice for one
 * value), the validators share the subschema only if both paths give the same rule and branch condition
 * (scripts/generate/sharedSubschemas.ts). A path that fits no site is returned as ajv gave it.
 */
export function schemaPathFromRoot(
  schemaPath: string,
  instancePath: string,
  rootSchema: object,
  referenceSites: readonly string[],
): string[] {
  const path = pointerSegments(schemaPath);
  if (referenceSites.length === 0 || !schemaPath.startsWith("#")) {
    return path;
  }
  const sites = segmentsOfSites(referenceSites);
  const instance = pointerSegments(instancePath);
  for (const start of [[], ...sites]) {
    const candidate = [...start, ...path];
    const owner = candidate.slice(0, -1);
    const passesAnotherSite = sites.some((site) => site.length > start.length && startsWith(owner, site));
    if (!passesAnotherSite && reaches(rootSchema, owner) && appliesTo(instancePathOf(owner), instance)) {
      return candidate;
    }
  }
  return path;
}

/** Whether a schema path's instance path (`any` for any property or element) is the error's. */
function appliesTo(pattern: readonly InstanceSegment[] | undefined, instance: readonly string[]): boolean {
  return (
    pattern !== undefined &&
    pattern.length === instance.length &&
    pattern.every((segment, index) => segment === any || segment === instance[index])
  );
}

const siteSegments = new WeakMap<readonly string[], string[][]>();

/** The sites' segments, split once per list: a validator's list is the same array on every call. */
function segmentsOfSites(referenceSites: readonly string[]): string[][] {
  let segments = siteSegments.get(referenceSites);
  if (segments === undefined) {
    segments = referenceSites.map(pointerSegments);
    siteSegments.set(referenceSites, segments);
  }
  return segments;
}

function startsWith(segments: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= segments.length && prefix.every((segment, index) => segments[index] === segment);
}

/** Whether every segment names a member of the value before it, from the root. */
function reaches(rootSchema: object, segments: readonly string[]): boolean {
  let node: unknown = rootSchema;
  for (const segment of segments) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, segment)) {
      return false;
    }
    node = (node as Record<string, unknown>)[segment];
  }
  return true;
}

/** Keywords whose subschema applies to the same value, followed by the subschema's index or name when it has one. */
const sameValueKeywords = new Map([
  ["allOf", 1],
  ["anyOf", 1],
  ["oneOf", 1],
  ["dependencies", 1],
  ["if", 0],
  ["then", 0],
  ["else", 0],
  ["not", 0],
]);

/** A property name or element index, or `any` where the schema applies to every property or element. */
const any = Symbol("any");
type InstanceSegment = string | typeof any;

/** The instance path a schema path applies to; undefined for a path through a keyword this reading does not follow. */
function instancePathOf(schemaSegments: readonly string[]): InstanceSegment[] | undefined {
  const instance: InstanceSegment[] = [];
  for (let index = 0; index < schemaSegments.length; index++) {
    const keyword = schemaSegments[index] as string;
    const skipped = sameValueKeywords.get(keyword);
    if (skipped !== undefined) {
      index += skipped;
    } else if (keyword === "properties") {
      instance.push(schemaSegments[++index] as string);
    } else if (keyword === "patternProperties") {
      index++;
      instance.push(any);
    } else if (keyword === "items" && /^\d+$/.test(schemaSegments[index + 1] ?? "")) {
      instance.push(schemaSegments[++index] as string);
    } else if (["items", "additionalItems", "contains", "additionalProperties"].includes(keyword)) {
      instance.push(any);
    } else {
      return undefined;
    }
  }
  return instance;
}
