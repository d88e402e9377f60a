/** Checks of a ClickPipe's inputs beyond their JSON Schemas, at preview, each naming the input it is about. */
import { isPlainObject } from "../../propertyBags";
import type { ValidationProblem } from "../../validation/validate";

/** The run states a program can ask for. */
export const runStates = ["Running", "Stopped"] as const;
export type RunState = (typeof runStates)[number];

export function stateIsRunOrStop(inputs: Readonly<Record<string, unknown>>): ValidationProblem[] {
  const state = inputs.state;
  if (state === undefined || (runStates as readonly unknown[]).includes(state)) return [];
  return [{ property: "state", reason: `state must be Running or Stopped; got ${JSON.stringify(state)}` }];
}

function familyOf(source: unknown): string | undefined {
  if (!isPlainObject(source)) return undefined;
  return ["kafka", "objectStorage", "postgres"].find((family) => isPlainObject(source[family]));
}

/**
 * A Postgres pipe writes into the tables its mappings name, in `destination.database`, and scales through the
 * service's CDC scaling: it takes no table, columns, field mappings or scaling of its own. A streaming or object
 * storage pipe needs the table and its columns.
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
  if (family === "postgres") {
    const tableFields = ["table", "managedTable", "tableDefinition", "columns"].filter(
      (field) => destination[field] !== undefined,
    );
    return [
      ...tableFields.map((field) => ({
        property: `destination.${field}`,
        reason: `destination.${field} is not taken by a Postgres pipe: its tableMappings name its tables`,
      })),
      ...["fieldMappings", "scaling"]
        .filter((name) => inputs[name] !== undefined && inputs[name] !== null && !notKnown?.has(name))
        .map((name) => ({
          property: name,
          reason:
            name === "scaling"
              ? "scaling is not taken by a Postgres pipe: ClickPipesCdcScaling scales the service's database pipes"
              : "fieldMappings is not taken by a Postgres pipe: its tables keep their columns' names",
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
  if (family === undefined || family === "postgres") return [];
  return [
    {
      property: "resyncTrigger",
      reason: `resyncTrigger is taken only by a Postgres pipe (the API resyncs database pipes); this is a ${family} pipe`,
    },
  ];
}
