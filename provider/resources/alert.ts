import type * as pulumi from "@pulumi/pulumi";
import type { Alert as RemoteAlert, AlertChannel, AlertCreateRequest } from "../rest";
import type { ValidationProblem } from "../rest/validation";
import type { AlertChannelType, AlertSource, AlertThresholdType } from "../../schemas";
import { providerContext } from "./context";
import { PackageResource } from "./base";
import {
  alertOutputNames,
  alertOutputs,
  fieldsOfSource,
  matchesRequest,
  requestFields,
  requestOf,
} from "./alert/remoteAlert";
import { checkInputs, optionalStrings, type CheckSpec } from "./support/check";
import { diffInputs, type DiffSpec } from "./support/diff";
import { deleteIfPresent, progress, readOrGone } from "./support/lifecycle";
import { createWithReconcile } from "./support/createWithReconcile";
import { pick, unwrapSecrets, type PropertyBag } from "./support/properties";

/** Where an alert delivers its notifications. */
export interface AlertChannelArgs {
  /** The channel type; `webhook` is the only one the API offers. */
  type: pulumi.Input<AlertChannelType>;
  /** The webhook (24-hex-digit id) that receives the notifications; it must exist. */
  webhookId: pulumi.Input<string>;
}

/**
 * Inputs of an {@link Alert}. The API replaces a whole alert with PUT, so every change below updates the alert in
 * place: it keeps its id, state, silence and creation time. Only a different `adoptId` replaces it.
 */
export interface AlertArgs {
  /** The value the watched series is compared with. Updates in place. */
  threshold: pulumi.Input<number>;
  /**
   * How often the alert is evaluated: a positive whole number followed by s, m, h or d (e.g. `15m`, `1h`);
   * the API keeps no fixed list. Updates in place.
   */
  interval: pulumi.Input<string>;
  /**
   * What the alert watches: `tile` (a dashboard tile; needs `dashboardId` and `tileId`) or `search` (a saved
   * search; needs `savedSearchId`, may take `groupBy`). Changing it updates the alert in place, because a PUT
   * replaces every field of an alert, its source included: the alert keeps its id, state and silence instead of
   * being deleted and created again. The ids of the other source must then be removed from the inputs.
   */
  source: pulumi.Input<AlertSource>;
  /** `above` fires when the value exceeds the threshold, `below` when it falls under it. Updates in place. */
  thresholdType: pulumi.Input<AlertThresholdType>;
  /** Where notifications go. Updates in place. */
  channel: pulumi.Input<AlertChannelArgs>;
  /** The dashboard of the watched tile; required when source is `tile`, not allowed otherwise. Updates in place. */
  dashboardId?: pulumi.Input<string>;
  /** The watched tile, one of the dashboard's; required when source is `tile`, not allowed otherwise. Updates in place. */
  tileId?: pulumi.Input<string>;
  /** The watched saved search; required when source is `search`, not allowed otherwise. Updates in place. */
  savedSearchId?: pulumi.Input<string>;
  /** A field of the saved search to evaluate the alert per value of; only with source `search`. Updates in place. */
  groupBy?: pulumi.Input<string>;
  /** A display name, 1 to 512 characters. Updates in place. */
  name?: pulumi.Input<string>;
  /** Text sent with every notification, 1 to 4096 characters. Updates in place. */
  message?: pulumi.Input<string>;
  /**
   * Adopts the existing alert with this id instead of creating one (`pulumi import` cannot import dynamic
   * resources). The alert is then made to match these inputs (one PUT, only if it differs); deleting the resource
   * deletes the alert. Setting a different id replaces the resource; removing it changes nothing.
   */
  adoptId?: pulumi.Input<string>;
}

function noFieldsOfOtherSource(inputs: PropertyBag): ValidationProblem[] {
  const source = inputs.source;
  if (source !== "tile" && source !== "search") return [];
  const other: AlertSource = source === "tile" ? "search" : "tile";
  return fieldsOfSource[other]
    .filter((field) => inputs[field] !== undefined && inputs[field] !== null && inputs[field] !== "")
    .map((field) => ({
      property: field,
      reason: `${field} applies only when source is ${other}; got source ${source}, so remove ${field}`,
    }));
}

const checkSpec: CheckSpec = {
  schema: "alertCreate",
  nonBodyInputs: ["adoptId"],
  extraRules: [optionalStrings("adoptId"), noFieldsOfOtherSource],
};

// state, silenced, silencedUntil, team, createdAt and updatedAt are outputs the API owns: they are in neither
// list, so they never cause a diff.
const diffSpec: DiffSpec = {
  replaceOn: ["adoptId"],
  updateOn: requestFields,
  onlyWhenSet: ["adoptId"],
};

/** Creates, reads, replaces (PUT) and deletes alerts; runs in the dynamic-provider process. */
export class AlertProvider implements Required<pulumi.dynamic.ResourceProvider> {
  async configure(request: pulumi.dynamic.ConfigureRequest): Promise<void> {
    providerContext.configure(request);
  }

  async check(_olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.CheckResult> {
    return checkInputs(checkSpec, news);
  }

  async diff(_id: string, olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.DiffResult> {
    return diffInputs(diffSpec, olds, news);
  }

  async create(news: PropertyBag): Promise<pulumi.dynamic.CreateResult> {
    const inputs = unwrapSecrets(news);
    const request = requestOf(inputs);
    const alert =
      typeof inputs.adoptId === "string"
        ? await this.adopt(inputs.adoptId, request)
        : await this.createExactlyOne(request);
    return { id: alert.id, outs: alertOutputs(inputs, alert) };
  }

  async read(id: string, props: PropertyBag): Promise<pulumi.dynamic.ReadResult> {
    const olds = unwrapSecrets(props);
    // A 404 also happens when the alert's dashboard or saved search was deleted: the API deletes its alerts.
    return readOrGone(async () => {
      const alert = await providerContext.observability().alerts.get(id);
      const outs = alertOutputs(olds, alert);
      return { id, props: outs, inputs: pick(outs, [...requestFields, "adoptId"]) };
    });
  }

  async update(id: string, _olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.UpdateResult> {
    const inputs = unwrapSecrets(news);
    const alert = await providerContext.observability().alerts.replace(id, requestOf(inputs));
    return { outs: alertOutputs(inputs, alert) };
  }

  async delete(id: string): Promise<void> {
    const alerts = providerContext.observability().alerts;
    await deleteIfPresent(() => alerts.delete(id));
  }

  /** Takes over an existing alert and makes it match the program; only a differing alert is written. */
  private async adopt(alertId: string, request: AlertCreateRequest): Promise<RemoteAlert> {
    const alerts = providerContext.observability().alerts;
    const existing = await alerts.get(alertId);
    if (matchesRequest(existing, request)) return existing;
    progress("Alert", `adopted alert ${alertId} differs from the program's inputs; replacing its fields`);
    return alerts.replace(alertId, request);
  }

  /**
   * POSTs the alert so that exactly one exists afterwards. When the reply is lost, the alert may exist: an alert the
   * API dates no earlier than the create and that matches the request in every field is the one it made (an older
   * twin is never taken); with none, the create is sent again.
   */
  private async createExactlyOne(request: AlertCreateRequest): Promise<RemoteAlert> {
    const alerts = providerContext.observability().alerts;
    return createWithReconcile<RemoteAlert, RemoteAlert>({
      kind: "Alert",
      what: request.name === undefined ? "an alert" : `alert "${request.name}"`,
      send: () => alerts.create(request),
      list: () => alerts.list(),
      hasSentFields: (alert) => matchesRequest(alert, request),
      newness: { createdAt: (alert) => alert.createdAt },
      whenFound: { adopt: (alert) => alert },
    });
  }
}

/**
 * An alert of the observability API (seed 2.5) on a dashboard tile or a saved search, delivered to a webhook.
 * Every input change, a change of `source` included, updates the alert in place with one PUT of the whole alert;
 * only a different `adoptId` replaces it. `pulumi refresh` drops an alert that was deleted out of band (also by
 * deleting its dashboard or saved search), and the next `pulumi up` creates it again. Configured by
 * `observability:apiUrl` and `observability:apiToken` (or OBSERVABILITY_API_URL and OBSERVABILITY_API_TOKEN).
 */
export class Alert extends PackageResource {
  /** The display name; undefined when none was given. */
  declare readonly name: pulumi.Output<string | undefined>;
  /** The text sent with every notification; undefined when none was given. */
  declare readonly message: pulumi.Output<string | undefined>;
  /** The value the watched series is compared with. */
  declare readonly threshold: pulumi.Output<number>;
  /** How often the alert is evaluated, e.g. `15m`. */
  declare readonly interval: pulumi.Output<string>;
  /** `above` or `below`. */
  declare readonly thresholdType: pulumi.Output<AlertThresholdType>;
  /** `tile` or `search`. */
  declare readonly source: pulumi.Output<AlertSource>;
  /** The API's alert state (`inactive` when new); owned by the API, it never causes a diff. */
  declare readonly state: pulumi.Output<string>;
  /** Where notifications go, as the API reports it. */
  declare readonly channel: pulumi.Output<AlertChannel>;
  /** The team that owns the alert; owned by the API, it never causes a diff. */
  declare readonly team: pulumi.Output<string>;
  /** The watched tile; undefined for a search alert. */
  declare readonly tileId: pulumi.Output<string | undefined>;
  /** The dashboard of the watched tile, as the API reports it; undefined for a search alert. */
  declare readonly dashboard: pulumi.Output<string | undefined>;
  /** The watched saved search, as the API reports it; undefined for a tile alert. */
  declare readonly savedSearch: pulumi.Output<string | undefined>;
  /** The saved-search field the alert is evaluated per value of; undefined when not set. */
  declare readonly groupBy: pulumi.Output<string | undefined>;
  /**
   * Whether a silence is in force: someone silenced the alert outside Pulumi (the API reports a silence) and its end
   * is later than the time of the last read. Owned by the API, it never causes a diff.
   */
  declare readonly silenced: pulumi.Output<boolean>;
  /** When the alert's silence ends (ISO 8601), also once it has passed; undefined when none was set. Never a diff. */
  declare readonly silencedUntil: pulumi.Output<string | undefined>;
  /** When the alert was created (ISO 8601); it never causes a diff. */
  declare readonly createdAt: pulumi.Output<string>;
  /** When the alert last changed (ISO 8601); it never causes a diff. */
  declare readonly updatedAt: pulumi.Output<string>;
  /** The input `dashboardId`, echoed from the API's `dashboard`. */
  declare readonly dashboardId: pulumi.Output<string | undefined>;
  /** The input `savedSearchId`, echoed from the API's `savedSearch`. */
  declare readonly savedSearchId: pulumi.Output<string | undefined>;
  /** The id given to adopt an existing alert, if any. */
  declare readonly adoptId: pulumi.Output<string | undefined>;

  constructor(name: string, args: AlertArgs, opts?: pulumi.CustomResourceOptions) {
    super("Alert", name, alertOutputNames, args, opts);
  }
}
