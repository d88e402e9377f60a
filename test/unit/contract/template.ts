/** Matching a reply against a contract Template, and turning a Template into a concrete example to replay. */
import { ANY_DATE_TIME, ANY_OBJECT_ID, ANY_STRING, ANY_UUID, Like, Numeric, type Template } from "./contract";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const objectIdPattern = /^[0-9a-f]{24}$/i;

/** Where `actual` differs from `template`, as "path: why" lines; empty when it matches. */
export function mismatches(actual: unknown, template: Template, path = "$"): string[] {
  const show = (value: unknown) => JSON.stringify(value) ?? String(value);
  const fail = (why: string) => [`${path}: ${why}; got ${show(actual)}`];
  if (template === ANY_UUID)
    return typeof actual === "string" && uuidPattern.test(actual) ? [] : fail("a uuid");
  if (template === ANY_OBJECT_ID) {
    return typeof actual === "string" && objectIdPattern.test(actual) ? [] : fail("a 24-hex-digit object id");
  }
  if (template === ANY_STRING) return typeof actual === "string" ? [] : fail("a string");
  if (template === ANY_DATE_TIME) {
    return typeof actual === "string" && !Number.isNaN(Date.parse(actual)) ? [] : fail("a date-time");
  }
  if (template instanceof Like) {
    return typeof actual === "string" && template.pattern.test(actual)
      ? []
      : fail(`a string matching ${template.pattern}`);
  }
  if (template instanceof Numeric) {
    const isNumeric =
      (typeof actual === "number" && Number.isFinite(actual)) ||
      (typeof actual === "string" && actual.trim() !== "" && Number.isFinite(Number(actual)));
    return isNumeric ? [] : fail("a number, or a number in a string");
  }
  if (Array.isArray(template)) {
    if (!Array.isArray(actual) || actual.length !== template.length)
      return fail(`${template.length} elements`);
    return template.flatMap((element, index) => mismatches(actual[index], element, `${path}[${index}]`));
  }
  if (template !== null && typeof template === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual)) return fail("an object");
    const record = actual as Record<string, unknown>;
    return Object.entries(template).flatMap(([key, value]) =>
      key in record ? mismatches(record[key], value, `${path}.${key}`) : [`${path}.${key}: missing`],
    );
  }
  return Object.is(actual, template) ? [] : fail(show(template));
}

/** The template with every placeholder replaced by a sample value: what a real server might have sent. */
export function example(template: Template): unknown {
  if (template === ANY_UUID) return "3f0c2a5e-8a51-4d7e-9c43-0b8f6e2d7a19";
  if (template === ANY_OBJECT_ID) return "65a1f0c2b3d4e5f60718293a";
  if (template === ANY_STRING) return "sample";
  if (template === ANY_DATE_TIME) return "2026-11-20T10:00:00.000Z";
  if (template instanceof Like) return template.example;
  if (template instanceof Numeric) return template.example;
  if (Array.isArray(template)) return template.map(example);
  if (template !== null && typeof template === "object") {
    return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, example(value)]));
  }
  return template;
}
