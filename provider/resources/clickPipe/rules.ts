/** Checks of a ClickPipe's inputs beyond their JSON Schemas, at preview, each naming the input it is about. */
import { isPlainObject } from "../../propertyBags";
import { familyOf } from "./compare";
import type { ValidationProblem } from "../../validation/validate";

/** The run states a program can ask for. */
export const runStates = ["Running", "Stopped"] as const;
export type RunState = (typeof runStates)[number];

export function stateIsRunOrStop(inputs: Readonly<Record<string, unknown>>): ValidationProblem[] {
  const state = inputs.state;
  if (state === undefined || (runStates as readonly unknown[]).includes(state)) return [];
  return [{ property: "state", reason: `state must be Running or Stopped; got ${JSON.stringify(state)}` }];
}

/** The families whose pipes replicate a database's tables: they name no table of their own and scale together. */
const databaseFamilies: Readonly<Record<string, string>> = {
  postgres: "Postgres",
  mysql: "MySQL",
  bigquery: "BigQuery",
  mongodb: "MongoDB",
};

export function isDatabaseFamily(family: string | undefined): boolean {
  return family !== undefined && Object.hasOwn(databaseFamilies, family);
}

/** The families the API resyncs. */
const resyncedFamilies = new Set(["postgres", "mysql"]);

/** * A database pipe (Postgres, MySQL, BigQuery, MongoDB) writes into the tables its mappings name, in
 * `destination.database`, and scales through the service's CDC scaling: it takes no table, columns, field mappings or
 * scaling of its own. A streaming or object storage pipe needs the table and its columns.
 */
export function databasePipeTakesNoTable(
  inputs: Readonly<Record<string, unknown>>,
  _previous?: Readonly<Record<string, unknown>>,
  notKnown?: ReadonlySet<string>,
): ValidationProblem[] {
  if (notKnown?.has("source") || notKnown?.has("destination")) return [];
  const family = familyOf(inputs.source);
  if (family === undefined) return [];
  const destination = isPlainObject(inputs.destination) ? inputs.destination : {};
  const database = databaseFamilies[family];
  if (database !== undefined) {
    const tableFields = ["table", "managedTable", "tableDefinition", "columns"].filter(
      (field) => destination[field] !== undefined,
    );
    return [
      ...tableFields.map((field) => ({
        property: `destination.${field}`,
        reason: `destination.${field} is not taken by a ${database} pipe: its tableMappings name its tables`,
      })),
      ...["fieldMappings", "scaling"]
        .filter((name) => inputs[name] !== undefined && inputs[name] !== null && !notKnown?.has(name))
        .map((name) => ({
          property: name,
          reason:
            name === "scaling"
              ? `scaling is not taken by a ${database} pipe: ClickPipesCdcScaling scales the service's database pipes`
              : `fieldMappings is not taken by a ${database} pipe: its tables keep their columns' names`,
        })),
    ];
  }
  return ["table", "columns"]
    .filter((field) => destination[field] === undefined)
    .map((field) => ({
      property: `destination.${field}`,
      reason: `destination.${field} is required for a ${family} pipe`,
    }));
}

/** Only database pipes resync: the API refuses the command for the others. */
export function resyncOnlyForDatabasePipes(
  inputs: Readonly<Record<string, unknown>>,
  _previous?: Readonly<Record<string, unknown>>,
  notKnown?: ReadonlySet<string>,
): ValidationProblem[] {
  const trigger = inputs.resyncTrigger;
  if (trigger === undefined || trigger === null || notKnown?.has("source")) return [];
  if (typeof trigger !== "string") {
    return [
      { property: "resyncTrigger", reason: `resyncTrigger must be a string; got ${JSON.stringify(trigger)}` },
    ];
  }
  const family = familyOf(inputs.source);
  if (family === undefined || resyncedFamilies.has(family)) return [];
  return [
    {
      property: "resyncTrigger",
      reason: `resyncTrigger is taken only by a Postgres or MySQL pipe (the API resyncs those); this is a ${family} pipe`,
    },
  ];
}
