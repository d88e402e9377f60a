/** The ScalingSchedule resource: the weekly scaling windows of an existing service. */
import { organizationIdInput, serviceIdInput, stringOutput } from "../fields/sharedFields";
import type { ResourceDefinition } from "../definition";
import { maxScalingScheduleEntries } from "../../../schemas/scalingSchedules";
import { atLeastOneEntry, entryFieldRules, noOverlap } from "./rules";

const from = "resources/scalingSchedule/entries";

export const definition: ResourceDefinition<"scalingSchedulePost"> = {
  kind: "ScalingSchedule",
  module: "clickhouse",
  description:
    "The scaling schedule of an existing service (the API's beta `scalingSchedule` operations, which need the " +
    "scheduled autoscaling feature enabled for the organization): weekly windows, each on some days of the week " +
    "between two hours (UTC), during which the service scales by the window's settings instead of its own. A " +
    "service has one schedule; the resource owns all of its entries.\n\n" +
    "Create sends the entries (a POST that replaces the schedule); a service that already has a schedule with " +
    "other entries is not overwritten: the create fails and says how to import it. An update sends every entry " +
    "again; destroy deletes the schedule. Entries compare by content, not by order or by the ids the API gives " +
    "them, and `numReplicas: n` is the same entry as `minReplicas: n, maxReplicas: n` (as the API reports it). " +
    "The ids, which entry is active now and the service's own settings are outputs (`scheduledEntries`, " +
    "`activeEntryId`, `baseConfig`); `refresh` reports an entry changed outside the program. Every rule of an " +
    "entry is checked at `pulumi preview`: the hours, the days, one replica count or band, the memory bounds of " +
    "each mode, and no two windows overlapping.\n\n" +
    "The schedule and the service's own scaling settings (the Service resource's and the ReplicaScaling " +
    "resource's `minReplicaMemoryGb`, `numReplicas`, `idleScaling` and the rest) are apart: the service reports " +
    "its own settings whether an entry is active or not (they are the schedule's `baseConfig`, what applies " +
    "outside every window), and what is in effect while a window is active only in its `currentScaling`. So " +
    "managing both never shows drift, and a change to the service's own settings applies outside the windows.",
  notes:
    "id is the service id; one schedule per service, its entries compared by content; create refuses to overwrite a " +
    "schedule it did not make; every entry rule (hours, days, counts, memory, overlaps) checked at preview; destroy " +
    "deletes the schedule",
  id: "The service's uuid (`serviceId`).",
  requestSchema: "scalingSchedulePost",
  inputs: {
    serviceId: serviceIdInput(
      "The service (uuid) whose schedule this is; it must already exist. Changing it replaces the resource.",
    ),
    entries: {
      description:
        `The weekly windows, 1 to ${maxScalingScheduleEntries}, none overlapping another. Each has a name, its ` +
        "days (`weekdays`, 0 Sunday to 6 Saturday), its start hour (`startHourUtc`, 0 to 23, inclusive) and end " +
        "hour (`endHourUtc`, 1 to 24, exclusive; one before the start runs past midnight into the next day), and " +
        "the settings that apply during it: `autoscalingMode` (`vertical`, the default, or `horizontal`), the memory " +
        "of one replica (`minReplicaMemoryGb` and `maxReplicaMemoryGb`, multiples of 4 from 8 to 356, both or " +
        "neither; required and equal in a horizontal entry), the replica count (`numReplicas`, or `minReplicas` and " +
        "`maxReplicas`: equal in a vertical entry, a band in a horizontal one, which requires them), `idleScaling` " +
        "and `idleTimeoutMinutes` (at least 5). Settings an entry leaves out keep the service's own. Updates in " +
        "place: the whole schedule is sent again.",
      type: { name: "ScalingScheduleEntry", from },
      required: true,
      change: "update",
    },
    organizationId: organizationIdInput,
  },
  outputs: {
    serviceId: stringOutput("The service (uuid): the resource id as well.", { alwaysSet: true }),
    organizationId: stringOutput("The organization (uuid) that owns the service.", { alwaysSet: true }),
    entries: {
      description:
        "The entries the service has, as inputs: those that match an entry of the program in the program's words, " +
        "any other (changed outside the program, or imported) as the API reports it.",
      type: { name: "ScalingScheduleEntry", from },
      alwaysSet: true,
    },
    scheduledEntries: {
      description:
        "The entries as the API reports them: each with the `id` the API gave it and `isActiveNow`, whether its " +
        "window holds the time of the last read.",
      schema: {
        type: "array",
        items: {
          type: "object",
          required: [
            "id",
            "name",
            "weekdays",
            "startHourUtc",
            "endHourUtc",
            "autoscalingMode",
            "isActiveNow",
          ],
          properties: {
            id: { type: "string" },
            name: { type: "string" },
            weekdays: { type: "array", items: { type: "integer" } },
            startHourUtc: { type: "integer" },
            endHourUtc: { type: "integer" },
            autoscalingMode: { type: "string" },
            minReplicaMemoryGb: { type: "number" },
            maxReplicaMemoryGb: { type: "number" },
            minReplicas: { type: "integer" },
            maxReplicas: { type: "integer" },
            idleScaling: { type: "boolean" },
            idleTimeoutMinutes: { type: "integer" },
            isActiveNow: { type: "boolean" },
          },
        },
      },
      type: { name: "ScalingScheduleScheduledEntry", from },
      alwaysSet: true,
    },
    baseConfig: {
      description:
        "The service's own scaling settings, which apply while no entry is active, as the API reports them.",
      schema: {
        type: "object",
        properties: {
          autoscalingMode: { type: "string" },
          minReplicaMemoryGb: { type: "number" },
          maxReplicaMemoryGb: { type: "number" },
          minReplicas: { type: "integer" },
          maxReplicas: { type: "integer" },
          idleScaling: { type: "boolean" },
          idleTimeoutMinutes: { type: "integer" },
        },
      },
      type: { name: "ScalingScheduleBaseConfig", from },
    },
    activeEntryId: stringOutput(
      "The id of the entry active at the last read (one of `scheduledEntries`); unset while none is.",
    ),
  },
  rules: [atLeastOneEntry, entryFieldRules, noOverlap],
};
