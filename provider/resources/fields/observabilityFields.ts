/** Fields the observability objects (webhooks, saved searches, dashboards, sources, alerts) share, written once. */
import type { InputField, OutputField } from "../definition";
import { idInputRule } from "./idForms";
import { stringOutput } from "./sharedFields";

/**
 * The service whose managed ClickStack holds the object. Outside the body: it is where the requests go (the
 * service's path of the Cloud API). A different service is a different object, so a change replaces it; leaving it
 * out is not "unmanaged" but "where the stack config says", so adding or removing it replaces too.
 */
export const clickstackServiceIdInput: InputField = {
  description:
    "The ClickHouse Cloud service (uuid) whose managed ClickStack holds this object, e.g. the `id` of a service " +
    "the program makes; overrides {setting:clickstackServiceId}. The object is then reached through the management " +
    "API with its URL, key and organization (which must be set), on the production wire, and the observability " +
    "API's URL and token are not needed. Left out, the stack config decides. Replaces on change (setting or " +
    "removing it too).",
  schema: { type: "string" },
  outsideBody: true,
  change: "replace",
  rule: idInputRule("clickstackServiceId", "uuid", false),
};

/** Where the object lives, recorded so that refresh and delete find it whatever the stack config says later. */
export const clickstackServiceIdOutput: OutputField = stringOutput(
  "The service whose managed ClickStack holds the object, as the program named it; undefined when the stack " +
    "config decides.",
);

/** The last sentence of an observability object's description: what configures where it lives. */
export const observabilityConfiguration =
  "Configured by {setting:observabilityApiUrl} and {setting:observabilityApiToken}, or on the managed ClickStack " +
  "of a ClickHouse Cloud service by `clickstackServiceId` or {setting:clickstackServiceId} (then by the management " +
  "API's settings).";

/** What the resource id is, and how `pulumi import` names an object of the kind, for the kind's `noun`. */
export function observabilityObjectId(noun: string, form = " (24 hex digits)"): string {
  return (
    `The ${noun}'s id${form}, as the API reports it; with the native plugin, \`pulumi import\` works, by this id or ` +
    "by `<serviceId>/<id>` for one on the managed ClickStack of a ClickHouse Cloud service (its " +
    "`clickstackServiceId`); the dynamic-provider classes cannot be imported with `pulumi import`."
  );
}

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
