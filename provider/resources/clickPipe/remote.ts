/**
 * A pipe as the API shows it, read into the resource's outputs tolerantly: only `id` and `state` are sure to be
 * there; nulls are left out at every level (the API answers null for what is unset), and a field of an unexpected
 * shape is left out rather than failing a read.
 */
import type { ClickPipeSchema } from "../../rest/schemaTypes";
import { isPlainObject, type PropertyBag } from "../../propertyBags";
import { setOrUndefined, text } from "../fields/reportedValues";
import { familyOf } from "./compare";
import type { RunState } from "./rules";
import type { ClickPipeInputs, ClickPipeOutputs } from "./shapes";

export type RemoteClickPipe = ClickPipeSchema;

/** What the run state of a pipe in each API state is, for the `state` output (Failed: it must be started). */
const runStateOf: Readonly<Record<string, RunState | "Failed">> = {
  Provisioning: "Running",
  Running: "Running",
  Degraded: "Running",
  Setup: "Running",
  Snapshot: "Running",
  Modifying: "Running",
  Resync: "Running",
  Completed: "Running",
  Stopping: "Stopped",
  Stopped: "Stopped",
  Pausing: "Stopped",
  Paused: "Stopped",
  Failed: "Failed",
  InternalError: "Failed",
};

/** The run state the API state stands for; an unknown state keeps the one recorded. */
export function runStateShown(apiState: string, recorded: unknown): string {
  return runStateOf[apiState] ?? (typeof recorded === "string" ? recorded : "Running");
}

/** A JSON value with every null (and undefined) field of its objects left out, at every level. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field !== null && field !== undefined)
      .map(([name, field]) => [name, withoutNulls(field)]),
  );
}

function objectShown(value: unknown): PropertyBag {
  const cleaned = withoutNulls(value);
  return isPlainObject(cleaned) ? cleaned : {};
}

/** The source as shown: its one family's fields (the API shows null for the others). */
function sourceShown(source: unknown): PropertyBag {
  const cleaned = objectShown(source);
  const family = familyOf(cleaned);
  return family === undefined ? cleaned : { [family]: cleaned[family] };
}

/**
 * Outputs: the pipe as the API shows it, and what it never shows taken from `recorded` (the inputs of a create or
 * an update, or the last outputs on a read): the credentials' fingerprints, the resync trigger, the provider's own
 * inputs. `fingerprints` are those of the credentials just sent, when any were.
 */
export function pipeOutputs(
  recorded: ClickPipeInputs | ClickPipeOutputs,
  organizationId: string,
  pipe: RemoteClickPipe,
  fingerprints: Partial<
    Pick<ClickPipeOutputs, "credentialsFingerprint" | "schemaRegistryCredentialsFingerprint">
  > = {},
): ClickPipeOutputs {
  const previous = recorded as Partial<ClickPipeOutputs>;
  const credentialsFingerprint = fingerprints.credentialsFingerprint ?? previous.credentialsFingerprint;
  const registryFingerprint =
    fingerprints.schemaRegistryCredentialsFingerprint ?? previous.schemaRegistryCredentialsFingerprint;
  const resyncTrigger = setOrUndefined(recorded.resyncTrigger);
  const adoptId = setOrUndefined(recorded.adoptId);
  const readyTimeoutSeconds = setOrUndefined(recorded.readyTimeoutSeconds);
  const scaling = withoutNulls(pipe.scaling);
  const createdAt = text(pipe.createdAt);
  const updatedAt = text(pipe.updatedAt);
  return {
    serviceId: text(pipe.serviceId) ?? recorded.serviceId,
    organizationId,
    name: text(pipe.name) ?? String(recorded.name),
    source: sourceShown(pipe.source),
    destination: objectShown(pipe.destination),
    fieldMappings: Array.isArray(pipe.fieldMappings)
      ? (withoutNulls(pipe.fieldMappings) as PropertyBag[])
      : [],
    ...(isPlainObject(scaling) ? { scaling } : {}),
    settings: objectShown(pipe.settings),
    state: runStateShown(pipe.state, previous.state),
    status: pipe.state,
    ...(credentialsFingerprint === undefined ? {} : { credentialsFingerprint }),
    ...(registryFingerprint === undefined
      ? {}
      : { schemaRegistryCredentialsFingerprint: registryFingerprint }),
    ...(resyncTrigger === undefined ? {} : { resyncTrigger }),
    ...(createdAt === undefined ? {} : { createdAt }),
    ...(updatedAt === undefined ? {} : { updatedAt }),
    ...(adoptId === undefined ? {} : { adoptId }),
    ...(readyTimeoutSeconds === undefined ? {} : { readyTimeoutSeconds }),
  };
}
