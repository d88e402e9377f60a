/** The UpgradeWindow resource: the weekly upgrade window of an existing primary service. */
import { organizationIdInput, outputOf, serviceIdInput, stringOutput } from "../fields/sharedFields";
import type { ResourceDefinition } from "../definition";

export const definition: ResourceDefinition<"upgradeWindowPut"> = {
  kind: "UpgradeWindow",
  module: "clickhouse",
  description:
    "The weekly upgrade window of an existing service: ClickHouse Cloud upgrades the service only in the 6 hours " +
    "from `startHourUtc` on `weekday`. A service has at most one window, so the resource is named by the service. " +
    "Only the primary service of a warehouse has a window of its own; the others follow it, and the API refuses a " +
    "window on them (the error says so). Setting a window needs the organization's scheduled upgrades feature, " +
    "which ClickHouse support enables; without it the API refuses the window with 403 and the error says so.\n\n" +
    "Create sends the window in one PUT, which creates it or replaces the one there is. A window already " +
    "configured out of band is adopted when it matches the inputs; one that differs is left untouched and the " +
    "create fails, naming it, so that nothing is overwritten unseen (import it instead: its import id is the " +
    "service id). weekday and startHourUtc change in place (the same PUT); serviceId and organizationId replace. " +
    "Delete removes the window, and the service is upgraded on ClickHouse Cloud's default schedule again; refresh " +
    "drops the resource when the window was removed out of band.",
  notes: "id is the service id (one window per service, primary services only); destroy removes the window",
  id: "The service's uuid (`serviceId`): a service has at most one upgrade window.",
  requestSchema: "upgradeWindowPut",
  inputs: {
    serviceId: serviceIdInput(
      "The primary service (uuid) whose upgrade window this is; it must already exist. Changing it replaces the " +
        "resource.",
    ),
    weekday: {
      description:
        "The day of the week the window starts, as a number: 0 Sunday, 1 Monday, 2 Tuesday, 3 Wednesday, " +
        "4 Thursday, 5 Friday, 6 Saturday. Changes in place.",
      required: true,
      change: "update",
    },
    startHourUtc: {
      description:
        "The hour (UTC) the window starts: 0, 6, 12 or 18. The window lasts 6 hours from it. Changes in place.",
      required: true,
      change: "update",
    },
    organizationId: organizationIdInput,
  },
  outputs: {
    serviceId: stringOutput("The service (uuid): the resource id as well.", { alwaysSet: true }),
    organizationId: stringOutput("The organization (uuid) that owns the service.", { alwaysSet: true }),
    weekday: outputOf("number", "The day of the week the window starts (0 Sunday to 6 Saturday).", {
      alwaysSet: true,
    }),
    startHourUtc: outputOf("number", "The hour (UTC) the window starts.", { alwaysSet: true }),
    duration: outputOf("number", "The window's length in hours, as the API reports it (6).", {
      alwaysSet: true,
    }),
  },
};
