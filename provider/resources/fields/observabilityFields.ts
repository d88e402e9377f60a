/** Fields the observability objects (webhooks, saved searches, dashboards, sources) share, written once. */
import type { InputField, OutputField } from "../definition";
import { stringOutput } from "./sharedFields";

/** An input the API's PUT takes, changed in place; left out, the object keeps what it has (set in the app, say). */
export function keptWhenUnset(description: string, extra: Partial<InputField> = {}): InputField {
  return {
    description: `${description} Updates in place; left out, the object keeps what it has (set in the app, say).`,
    change: "update",
    unsetMeansUnmanaged: true,
    ...extra,
  };
}

/** A required input the API's PUT takes, changed in place. */
export function requiredInPlace(description: string, extra: Partial<InputField> = {}): InputField {
  return { description: `${description} Updates in place.`, required: true, change: "update", ...extra };
}

export const createdAtOutput: OutputField = stringOutput(
  "When the object was created (ISO 8601), as the API says.",
);
export const updatedAtOutput: OutputField = stringOutput(
  "When the object last changed (ISO 8601), as the API says.",
);
