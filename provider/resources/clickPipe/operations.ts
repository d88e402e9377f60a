/**
 * Creates (or adopts by `adoptId`), reads, updates and deletes ClickPipes. A create makes exactly one pipe even when
 * its reply is lost, then waits while the pipe settles and stops it when the program asks for `Stopped`; an update
 * reads the pipe, pauses a Postgres pipe whose tables change, sends what differs, then brings the pipe to the run
 * state asked for (and resyncs it when asked); a delete is done when the pipe is gone. The client wakes an idle
 * service before each call.
 */
import type { ClickPipeStateCommand } from "../../../schemas/enums";
import type { ClickPipesApi } from "../../rest";
import { createWithReconcile } from "../lifecycle/createWithReconcile";
import { PartialCreateError } from "../lifecycle/partialCreate";
import { deleteIfPresent, readOrGone } from "../lifecycle/readOrGone";
import { untilGone } from "../lifecycle/untilGone";
import { waitUntil } from "../lifecycle/waitUntil";
import type { OperationContext, ResourceOperations } from "../operations";
import { isPlainObject, pick, type PropertyBag } from "../../propertyBags";
import { schemas } from "../../../schemas";
import { inputNames } from "../derive/specs";
import { asWanted, destinationReplaces, familyOf, normalWanted, sourceChange } from "./compare";
import { fingerprintOf, sameCredentials } from "./credentials";
import { definition } from "./definition";
import { pipeOutputs, runStateShown, type RemoteClickPipe } from "./remote";
import { createRequest, updatePlan } from "./requests";
import { isDatabaseFamily } from "./rules";
import type { ClickPipeInputs, ClickPipeOutputs } from "./shapes";

type Inputs = ClickPipeInputs;
type Outputs = ClickPipeOutputs;

const POLL_INTERVAL_MS = 1_000;

/** States a pipe passes through on its own: a create, update or command waits until the pipe leaves them. */
const settling: ReadonlySet<string> = new Set([
  "Provisioning",
  "Setup",
  "Stopping",
  "Pausing",
  "Modifying",
  "Resync",
]);

/** Where a pipe lives: the API's client for it, its organization and its service. */
interface PipePlace {
  readonly api: ClickPipesApi;
  readonly organizationId: string;
  readonly serviceId: string;
}

function placeOf(recorded: Inputs | Outputs, context: OperationContext): PipePlace {
  const { client, organizationId } = context.management(recorded.organizationId ?? undefined);
  return { api: client.clickPipes, organizationId, serviceId: recorded.serviceId };
}

/** The credentials' fingerprints to record for what a create or update sent. */
function fingerprintsOf(
  inputs: Inputs,
): Partial<Pick<Outputs, "credentialsFingerprint" | "schemaRegistryCredentialsFingerprint">> {
  const { credentials, schemaRegistryCredentials } = inputs;
  return {
    ...(credentials === undefined || credentials === null
      ? {}
      : { credentialsFingerprint: fingerprintOf(credentials) }),
    ...(schemaRegistryCredentials === undefined || schemaRegistryCredentials === null
      ? {}
      : { schemaRegistryCredentialsFingerprint: fingerprintOf(schemaRegistryCredentials) }),
  };
}

export const operations: ResourceOperations<Inputs, Outputs> = {
  async create(inputs, context) {
    const place = placeOf(inputs, context);
    const { api, organizationId, serviceId } = place;
    const fingerprints = fingerprintsOf(inputs);
    if (inputs.adoptId !== undefined && inputs.adoptId !== null) {
      const found = await api.get(organizationId, serviceId, inputs.adoptId);
      const outs = await changeInPlace(
        place,
        found,
        pipeOutputs(inputs, organizationId, found),
        inputs,
        context,
      );
      return { id: found.id, outs };
    }
    const request = createRequest(inputs);
    const made = await createWithReconcile<RemoteClickPipe, RemoteClickPipe>(context, {
      what: `ClickPipe "${inputs.name}" of service ${serviceId}`,
      send: () => api.create(organizationId, serviceId, request),
      list: () => api.list(organizationId, serviceId),
      hasSentFields: (listed) =>
        listed.name === request.name && familyOf(listed.source) === familyOf(request.source),
      newness: { createdAt: (listed) => listed.createdAt },
      whenFound: { adopt: (listed) => listed },
    });
    let pipe = made;
    const outputsNow = () => pipeOutputs(inputs, organizationId, pipe, fingerprints);
    try {
      pipe = await settle(place, made, inputs, context);
      if (inputs.state === "Stopped" && runStateShown(pipe.state, undefined) === "Running") {
        pipe = await command(place, pipe, "stop", inputs, context);
      }
    } catch (error) {
      // The pipe exists: it is recorded with what is known of it, so that nothing is left untracked.
      const reason = error instanceof Error ? error.message : String(error);
      throw new PartialCreateError(
        made.id,
        `ClickPipe ${made.id} was created and is recorded; then: ${reason}`,
        outputsNow(),
      );
    }
    if (runStateShown(pipe.state, undefined) === "Failed") {
      throw new PartialCreateError(
        pipe.id,
        `ClickPipe ${pipe.id} was created but reports state ${pipe.state}; it is recorded, and the next ` +
          "`pulumi up` starts it again (check its source and credentials first)",
        outputsNow(),
      );
    }
    return { id: pipe.id, outs: outputsNow() };
  },

  async read(id, olds, context) {
    const { api, organizationId, serviceId } = placeOf(olds, context);
    return readOrGone(async () => ({
      id,
      outs: pipeOutputs(olds, organizationId, await api.read(organizationId, serviceId, id)),
    }));
  },

  async update(id, olds, news, context) {
    const place = placeOf(olds, context);
    const current = await place.api.get(place.organizationId, place.serviceId, id);
    return changeInPlace(place, current, pipeOutputs(olds, place.organizationId, current), news, context);
  },

  async delete(id, olds, context) {
    const { api, organizationId, serviceId } = placeOf(olds, context);
    await deleteIfPresent(() => api.delete(organizationId, serviceId, id));
    await untilGone(context.clock, `ClickPipe ${id}`, () => api.get(organizationId, serviceId, id));
  },

  /**
   * Only what the program sets is compared, in the API's terms (lists in any order); credentials compare through
   * the fingerprint of the last ones sent: equal when it is theirs.
   */
  comparable(olds, news) {
    const known = news.known as PropertyBag;
    const oldBag: PropertyBag = { ...olds };
    const newBag: PropertyBag = { ...known };
    for (const name of ["source", "destination", "fieldMappings", "scaling", "settings"]) {
      if (known[name] === undefined || known[name] === null) continue;
      oldBag[name] = asWanted((olds as PropertyBag)[name], known[name], name);
      newBag[name] = normalWanted(known[name], name);
    }
    oldBag.credentials = sameCredentials(olds.credentialsFingerprint, known.credentials)
      ? known.credentials
      : { changed: true };
    oldBag.schemaRegistryCredentials = sameCredentials(
      olds.schemaRegistryCredentialsFingerprint,
      known.schemaRegistryCredentials,
    )
      ? known.schemaRegistryCredentials
      : { changed: true };
    return { olds: oldBag, news: newBag };
  },
  /**
   * A source or destination change the API cannot make in place replaces the pipe; a pipe recorded while it was still
   * settling is updated, which waits for it.
   */ refineDiff(verdict, olds, news) {
    // A pipe the last run left settling (its wait ran out) is read again, and waited for, by an update.
    if (!verdict.changes && settling.has(olds.status)) return { changes: true, replaces: [] };
    const replaces = [...verdict.replaces];
    const { source, destination } = news.known;
    if (!news.unknown.has("source") && source !== undefined && !sourceChange(olds.source, source).inPlace) {
      replaces.push("source");
    }
    if (!news.unknown.has("destination") && destinationReplaces(olds.destination, destination)) {
      replaces.push("destination");
    }
    return replaces.length === verdict.replaces.length ? verdict : { ...verdict, changes: true, replaces };
  },

  /**
   * The inputs a read reports: the pipe as the API shows it, and the run state (a Failed pipe's inputs ask for it
   * Running). Credentials are never shown, so an imported pipe's program must add them.
   */
  inputsFromOutputs(outs) {
    const inputs: PropertyBag = pick(outs, inputNames(definition));
    // Only the fields a program can set: a field the API adds to its answer would fail the program's check.
    inputs.source = settableSource(outs.source);
    inputs.destination = settable(outs.destination, destinationFields);
    if (inputs.state === "Failed") inputs.state = "Running";
    if (isDatabaseFamily(familyOf(outs.source))) {
      delete inputs.scaling;
      delete inputs.fieldMappings;
    }
    return inputs;
  },
};

const createInputs = schemas.clickPipeCreateInputs.properties;
const sourceFamilies = createInputs.source.properties;
const destinationFields = Object.keys(createInputs.destination.properties);

/** The fields of `value` among `names`. */
function settable(value: unknown, names: readonly string[]): PropertyBag {
  return isPlainObject(value) ? pick(value, names) : {};
}

/** The source as a program sets it: its family's fields that the family's input takes. */
function settableSource(source: PropertyBag): PropertyBag {
  const family = familyOf(source);
  if (family === undefined) return source;
  const familySchema = sourceFamilies[family as Exclude<keyof typeof sourceFamilies, "validateSamples">];
  return { [family]: settable(source[family], Object.keys(familySchema.properties)) };
}

/**
 * Sends what `inputs` change of the pipe `pipe` (whose outputs are `current`), then brings it to the run state asked
 * for: a Postgres pipe whose tables change is paused first, and started again after unless asked Stopped.
 */
async function changeInPlace(
  place: PipePlace,
  pipe: RemoteClickPipe,
  current: Outputs,
  inputs: Inputs,
  context: OperationContext,
): Promise<Outputs> {
  const { api, organizationId, serviceId } = place;
  const credentialsChanged = !sameCredentials(current.credentialsFingerprint, inputs.credentials);
  const plan = updatePlan(current, inputs, credentialsChanged);
  let now = pipe;
  if (plan.needsPause && runStateShown(now.state, undefined) !== "Stopped") {
    context.progress(`pausing ClickPipe ${now.id} to change its tables`);
    now = await command(place, now, "stop", inputs, context);
  }
  for (const patch of plan.patches) now = await api.update(organizationId, serviceId, now.id, patch);
  if (plan.scaling !== undefined) now = await api.scale(organizationId, serviceId, now.id, plan.scaling);
  if (plan.settings !== undefined) await api.putSettings(organizationId, serviceId, now.id, plan.settings);
  now = await settle(place, now, inputs, context);
  const shownState = runStateShown(now.state, undefined);
  if (inputs.state === "Stopped" && shownState !== "Stopped") {
    now = await command(place, now, "stop", inputs, context);
  } else if (inputs.state !== "Stopped" && shownState !== "Running") {
    if (shownState === "Failed")
      context.progress(`starting ClickPipe ${now.id}, which reports state ${now.state}`);
    now = await command(place, now, "start", inputs, context);
  }
  const resync =
    inputs.resyncTrigger !== undefined &&
    inputs.resyncTrigger !== null &&
    inputs.resyncTrigger !== current.resyncTrigger;
  if (resync && inputs.state !== "Stopped") now = await command(place, now, "resync", inputs, context);
  // The settings live at their own route: the pipe is read once more so its outputs show them.
  const final = plan.settings === undefined ? now : await api.get(organizationId, serviceId, now.id);
  return pipeOutputs(inputs, organizationId, final, {
    ...(credentialsChanged ? fingerprintsOf(inputs) : pick(current, ["credentialsFingerprint"])),
    ...pick(current, ["schemaRegistryCredentialsFingerprint"]),
  } as Partial<Outputs>);
}

/** Sends a state command and waits while the pipe settles. */
async function command(
  place: PipePlace,
  pipe: RemoteClickPipe,
  which: ClickPipeStateCommand,
  inputs: Inputs,
  context: OperationContext,
): Promise<RemoteClickPipe> {
  const { api, organizationId, serviceId } = place;
  const answered = await api.command(organizationId, serviceId, pipe.id, which);
  return settle(place, answered, inputs, context);
}

/** Waits while the pipe is in a state it leaves on its own. */
function settle(
  { api, organizationId, serviceId }: PipePlace,
  pipe: RemoteClickPipe,
  inputs: Inputs,
  context: OperationContext,
): Promise<RemoteClickPipe> {
  const timeoutSeconds = inputs.readyTimeoutSeconds;
  return waitUntil(context.clock, {
    initial: pipe,
    poll: () => api.get(organizationId, serviceId, pipe.id),
    done: (now) => !settling.has(now.state),
    timeoutSeconds,
    pollIntervalMs: POLL_INTERVAL_MS,
    onWait: (now, waited) => context.progress(`ClickPipe ${pipe.id} is ${now.state} (${waited} s)`),
    onTimeout: (now) =>
      new Error(
        `ClickPipe ${pipe.id} was still ${now.state} after ${timeoutSeconds} s (readyTimeoutSeconds); the next ` +
          "`pulumi up` waits for it again",
      ),
  });
}
