/**
 * The forms of the ids a program names: the management API's objects are uuids, the observability API's 24-hex-digit
 * object ids. Checking the form at preview keeps an id such as `..` or `a/b` from ever reaching a URL, where it
 * would address another object.
 */
import type { ValidationProblem } from "../../validation/validate";
import type { InputRule } from "../definition";

export type IdForm = "uuid" | "objectId";

const forms: Record<IdForm, { pattern: RegExp; rule: string }> = {
  uuid: {
    pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    rule: "must be a uuid (8-4-4-4-12 hex digits, e.g. 0b3c2d4e-5f60-4718-8293-a4b5c6d7e8f9)",
  },
  objectId: {
    pattern: /^[0-9a-f]{24}$/i,
    rule: "must be a 24-hex-digit object id (e.g. 65f1a2b3c4d5e6f708192a3b)",
  },
};

/** True when `value` has the form. */
export function hasIdForm(form: IdForm, value: string): boolean {
  return forms[form].pattern.test(value);
}

/** The problem of an id of the wrong form, or none; `name` is the property named in the message. */
export function idFormProblems(name: string, form: IdForm, value: unknown): ValidationProblem[] {
  if (typeof value === "string" && hasIdForm(form, value)) return [];
  // Quoting at most 60 characters keeps a long paste readable; an id is never a secret.
  const got = typeof value === "string" && value.length > 60 ? `${value.slice(0, 60)}…` : value;
  return [{ property: name, reason: `${name} ${forms[form].rule}; got ${JSON.stringify(got)}` }];
}

/** The check of an id input: required or optional, of one form. */
export function idInputRule(name: string, form: IdForm, required: boolean): InputRule {
  return (inputs) => {
    const value = inputs[name];
    if ((value === undefined || value === null) && !required) return [];
    if (value === undefined) {
      return [
        { property: name, reason: `${name} is required: ${forms[form].rule.replace(/^must be/, "give")}` },
      ];
    }
    return idFormProblems(name, form, value);
  };
}
