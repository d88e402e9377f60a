/**
 * The arguments of getService and getServices, and their checks: run before anything is sent, by the program-side
 * functions and the plugin's invokes alike, so that both refuse the same arguments with the same words.
 */
import { idFormProblems } from "../resources/fields/idForms";
import type { ValidationProblem } from "../validation/validate";

export interface GetServiceArgs {
  /** The service's uuid. Give this or `name`, not both. */
  id?: string;
  /** The service's name; exactly one service of the organization must have it. Give this or `id`, not both. */
  name?: string;
  /** The organization (uuid); `clickhouse:organizationId` (or CLICKHOUSE_ORG_ID) when left out. */
  organizationId?: string;
}

export interface GetServicesArgs {
  /** Only the services of exactly this name. */
  name?: string;
  /**
   * Only the services that have every one of these tags, key to value; an empty value asks for a tag without a
   * value, as a service's `tags` output shows one.
   */
  tags?: Record<string, string>;
  /** The organization (uuid); `clickhouse:organizationId` (or CLICKHOUSE_ORG_ID) when left out. */
  organizationId?: string;
}

/** The arguments as a bag to check; anything but an object has none of them. */
export function bagOf(args: unknown): Record<string, unknown> {
  return typeof args === "object" && args !== null ? (args as Record<string, unknown>) : {};
}

/** Null counts as left out: a language SDK may send an unset optional argument as null. */
export function isGiven(value: unknown): boolean {
  return value !== undefined && value !== null;
}

export function nameProblems(name: unknown): ValidationProblem[] {
  if (typeof name === "string" && name.trim() !== "") return [];
  return [{ property: "name", reason: `name must be a non-empty string; got ${JSON.stringify(name)}` }];
}

export function organizationIdProblems(organizationId: unknown): ValidationProblem[] {
  return isGiven(organizationId) ? idFormProblems("organizationId", "uuid", organizationId) : [];
}

/** Arguments that passed their checks, typed; or every problem found, when nothing may be sent. */
export type CheckedArguments<Args> =
  { readonly args: Args } | { readonly problems: readonly ValidationProblem[] };

/** getService's arguments: exactly one of id (a uuid) and name, and a uuid organization if given. */
export function checkGetServiceArgs(args: unknown): CheckedArguments<GetServiceArgs> {
  const bag = bagOf(args);
  const problems: ValidationProblem[] = [];
  const hasId = isGiven(bag.id);
  const hasName = isGiven(bag.name);
  if (!hasId && !hasName) {
    problems.push({
      property: "id",
      reason: "exactly one of id (the service's uuid) and name (its name) must be given; got neither",
    });
  } else if (hasId && hasName) {
    problems.push({
      property: "name",
      reason:
        "exactly one of id (the service's uuid) and name (its name) must be given; got both, " +
        `id ${JSON.stringify(bag.id)} and name ${JSON.stringify(bag.name)}`,
    });
  } else if (hasId) {
    problems.push(...idFormProblems("id", "uuid", bag.id));
  } else {
    problems.push(...nameProblems(bag.name));
  }
  problems.push(...organizationIdProblems(bag.organizationId));
  if (problems.length > 0) return { problems };
  return {
    args: {
      ...(typeof bag.id === "string" ? { id: bag.id } : {}),
      ...(typeof bag.name === "string" ? { name: bag.name } : {}),
      ...organizationIdOf(bag),
    },
  };
}

/** getServices' arguments: a non-empty name, tags of text values, a uuid organization, each if given. */
export function checkGetServicesArgs(args: unknown): CheckedArguments<GetServicesArgs> {
  const bag = bagOf(args);
  const problems = [
    ...(isGiven(bag.name) ? nameProblems(bag.name) : []),
    ...(isGiven(bag.tags) ? tagFilterProblems(bag.tags) : []),
    ...organizationIdProblems(bag.organizationId),
  ];
  if (problems.length > 0) return { problems };
  const tags = isTextMap(bag.tags) ? { tags: { ...bag.tags } } : {};
  return {
    args: {
      ...(typeof bag.name === "string" ? { name: bag.name } : {}),
      ...tags,
      ...organizationIdOf(bag),
    },
  };
}

export function organizationIdOf(bag: Record<string, unknown>): { organizationId?: string } {
  return typeof bag.organizationId === "string" ? { organizationId: bag.organizationId } : {};
}

function isTextMap(value: unknown): value is Record<string, string> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === "string")
  );
}

function tagFilterProblems(tags: unknown): ValidationProblem[] {
  if (typeof tags !== "object" || tags === null || Array.isArray(tags)) {
    return [
      {
        property: "tags",
        reason: `tags must be a map of tag key to value ("" for a tag without a value); got ${JSON.stringify(tags)}`,
      },
    ];
  }
  return Object.entries(tags).flatMap(([key, value]): ValidationProblem[] =>
    typeof value === "string"
      ? []
      : [
          {
            property: "tags",
            reason: `the value of tag ${JSON.stringify(key)} must be a string ("" for a tag without a value); got ${JSON.stringify(value)}`,
          },
        ],
  );
}
