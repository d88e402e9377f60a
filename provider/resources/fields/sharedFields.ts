/** Fields that several resource definitions share, written once. */
import type { InputField, OutputField } from "../definition";
import { idInputRule, type IdForm } from "./idForms";

/** The organization of a management resource: the resource's own, else the configured default. */
export const organizationIdInput: InputField = {
  description:
    "The organization (uuid); defaults to the provider's organization, {setting:organizationId}. Replaces on " +
    "change.",
  schema: { type: "string" },
  outsideBody: true,
  change: "replace",
  unsetMeansUnmanaged: true,
  rule: idInputRule("organizationId", "uuid", false),
};

/** The service a resource belongs to: a path parameter, so a different one is a different object. */
export function serviceIdInput(description: string): InputField {
  return {
    description,
    schema: { type: "string" },
    outsideBody: true,
    required: true,
    change: "replace",
    rule: idInputRule("serviceId", "uuid", true),
  };
}

/** The id of an existing object to adopt instead of creating one, in the form its API gives it. */
export function adoptIdInput(description: string, form: IdForm): InputField {
  return optionalStringInput(description, {
    unsetMeansUnmanaged: true,
    rule: idInputRule("adoptId", form, false),
  });
}

/** An input outside the request body that is only set or left out (an adoption id, a trigger). */
export function optionalStringInput(description: string, extra: Partial<InputField> = {}): InputField {
  return { description, schema: { type: "string" }, outsideBody: true, change: "replace", ...extra };
}

/**
 * How long a create (or update) waits for an object's status to settle, in seconds, 600 unless set: only the provider
 * uses it, so a change sends nothing. `description` says what is waited for.
 */
export function readyTimeoutInput(description: string): InputField {
  return {
    description: `${description} Changing it changes nothing remotely.`,
    schema: { type: "number", exclusiveMinimum: 0 },
    outsideBody: true,
    change: "none",
    default: 600,
    rule: (inputs) => {
      const timeout = inputs.readyTimeoutSeconds;
      if (timeout === undefined || (typeof timeout === "number" && timeout > 0)) return [];
      return [
        {
          property: "readyTimeoutSeconds",
          reason: `readyTimeoutSeconds must be a positive number; got ${String(timeout)}`,
        },
      ];
    },
  };
}

/** An output of a JSON type; `alwaysSet` when every object has it. */
export function outputOf(
  type: "string" | "number" | "boolean",
  description: string,
  extra: Partial<OutputField> = {},
): OutputField {
  return { description, schema: { type }, ...extra };
}

/** A string output; `alwaysSet` when every object has it. */
export function stringOutput(description: string, extra: Partial<OutputField> = {}): OutputField {
  return outputOf("string", description, extra);
}
