/** Rules on Service inputs beyond the create request's JSON Schema. */
import {
  desiredServiceStates,
  limits,
  regionsOfCloudProvider,
  serviceCloudProviders,
  type ServiceCloudProvider,
} from "../../../schemas";
import type { PropertyBag } from "../../propertyBags";
import type { ValidationProblem } from "../../validation/validate";

const tagPattern = new RegExp(limits.service.tagPattern);

function isCloudProvider(value: unknown): value is ServiceCloudProvider {
  return (serviceCloudProviders as readonly unknown[]).includes(value);
}

/** The region must be one of the provider's: the API's list of regions mixes the three clouds' names. */
export function regionOfProvider(inputs: PropertyBag): ValidationProblem[] {
  const { provider, region } = inputs;
  if (!isCloudProvider(provider) || typeof region !== "string") return [];
  const regions: readonly string[] = regionsOfCloudProvider[provider];
  if (regions.includes(region)) return [];
  return [
    {
      property: "region",
      reason: `region ${JSON.stringify(region)} is not a region of ${provider}; ${provider} has ${regions.join(", ")}`,
    },
  ];
}

/** Tags: at most 50; keys and values of letters, digits, dots, dashes and underscores, within their lengths. */
export function tagsAreValid(inputs: PropertyBag): ValidationProblem[] {
  const tags = inputs.tags;
  if (tags === undefined || tags === null) return [];
  if (typeof tags !== "object" || Array.isArray(tags)) {
    return [{ property: "tags", reason: "tags must be a map of tag keys to values (strings)" }];
  }
  const { maxTags, tagKeyMaxLength, tagValueMaxLength } = limits.service;
  const entries = Object.entries(tags);
  const problems: ValidationProblem[] = [];
  if (entries.length > maxTags) {
    problems.push({
      property: "tags",
      reason: `a service has at most ${maxTags} tags; got ${entries.length}`,
    });
  }
  for (const [key, value] of entries) {
    const property = "tags";
    if (key.length > tagKeyMaxLength || !tagPattern.test(key)) {
      problems.push({
        property,
        reason: `tag key ${JSON.stringify(key)} must be 1 to ${tagKeyMaxLength} letters, digits, dots, dashes or underscores`,
      });
    } else if (typeof value !== "string") {
      problems.push({ property, reason: `the value of tag ${key} must be a string` });
    } else if (value !== "" && (value.length > tagValueMaxLength || !tagPattern.test(value))) {
      problems.push({
        property,
        reason: `the value of tag ${key} must be up to ${tagValueMaxLength} letters, digits, dots, dashes or underscores (or empty for no value)`,
      });
    }
  }
  return problems;
}

/** A password is a non-empty string; being a secret, it is never quoted. */
export function passwordIsText(inputs: PropertyBag): ValidationProblem[] {
  const password = inputs.password;
  if (password === undefined || password === null) return [];
  if (typeof password === "string" && password.length > 0) return [];
  return [{ property: "password", reason: "password must be a non-empty string (its value is not shown)" }];
}

export function waitTimeoutIsPositive(inputs: PropertyBag): ValidationProblem[] {
  const timeout = inputs.waitTimeoutMinutes;
  if (timeout === undefined || (typeof timeout === "number" && timeout > 0)) return [];
  return [
    {
      property: "waitTimeoutMinutes",
      reason: `waitTimeoutMinutes must be a positive number of minutes; got ${String(timeout)}`,
    },
  ];
}

/** The state a program asks for: running or stopped (idle is the API's, and counts as running). */
export function stateIsDesired(inputs: PropertyBag): ValidationProblem[] {
  const state = inputs.state;
  if (state === undefined || state === null || (desiredServiceStates as readonly unknown[]).includes(state))
    return [];
  return [
    {
      property: "state",
      reason: `state must be one of ${desiredServiceStates.join(", ")}; got ${JSON.stringify(state)}`,
    },
  ];
}

export function mysqlEndpointIsBoolean(inputs: PropertyBag): ValidationProblem[] {
  const enabled = inputs.mysqlEndpoint;
  if (enabled === undefined || enabled === null || typeof enabled === "boolean") return [];
  return [
    {
      property: "mysqlEndpoint",
      reason: `mysqlEndpoint must be true or false; got ${JSON.stringify(enabled)}`,
    },
  ];
}
