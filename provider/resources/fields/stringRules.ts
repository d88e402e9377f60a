/** Rules on inputs outside the request body that are strings: required ones, and optional ones when set. */
import type { ValidationProblem } from "../../validation/validate";
import type { PropertyBag } from "../../propertyBags";

/** A rule for inputs that must be non-empty strings, such as `serviceId`. */
export function requiredStrings(...keys: string[]): (inputs: PropertyBag) => ValidationProblem[] {
  return (inputs) =>
    keys.flatMap((key) => {
      const value = inputs[key];
      if (typeof value === "string" && value.trim() !== "") return [];
      const got = value === undefined ? "it is missing" : `got ${JSON.stringify(value)}`;
      return [{ property: key, reason: `${key} is required and must be a non-empty string; ${got}` }];
    });
}

/** A rule for inputs that are optional but, when set, must be non-empty strings (organizationId, adoptId). */
export function optionalStrings(...keys: string[]): (inputs: PropertyBag) => ValidationProblem[] {
  return (inputs) =>
    keys.flatMap((key) => {
      const value = inputs[key];
      if (value === undefined || value === null || (typeof value === "string" && value.trim() !== ""))
        return [];
      return [
        { property: key, reason: `${key} must be a non-empty string when set; got ${JSON.stringify(value)}` },
      ];
    });
}
