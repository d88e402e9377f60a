/**
 * Manages the settings of an existing organization, which is never made or deleted here: it fits neither lifecycle
 * template (`resources/lifecycle/`). A create reads the organization and PATCHes only the settings the program sets
 * that differ (none differing: adopted as it is, no PATCH); an update PATCHes only what changed since the last
 * write; a delete sends nothing and says that the organization stays as it is. The PATCH is idempotent: the transport
 * sends it again when its reply is lost, and a create the engine never recorded is settled by the next create, which
 * finds the settings made and sends nothing.
 *
 * The private endpoints are the organization's `{add, remove}` of its registrations, computed from the list the
 * program sets and the list this resource set before: an endpoint not registered as listed is added (which
 * registers it again with its description), one the list dropped is removed, and one it never listed is never
 * touched.
 */
import type { Organization, OrganizationPatchRequest } from "../../rest";
import type { ManagementAccess, ResourceOperations } from "../operations";
import { requestBodyFor } from "../derive/requestBody";
import { readOrGone } from "../lifecycle/readOrGone";
import { sameValue, type PropertyBag } from "../../propertyBags";
import { flag, optional, text } from "../fields/reportedValues";
import { definition } from "./definition";
import {
  canonicalEntry,
  comparableEntries,
  entryOf,
  type OrganizationPrivateEndpointEntry,
} from "./endpoints";
import type { OrganizationSettingsInputs, OrganizationSettingsOutputs } from "./shapes";

const settingsFields = requestBodyFor(definition);

type Entry = OrganizationPrivateEndpointEntry;

export const operations: ResourceOperations<OrganizationSettingsInputs, OrganizationSettingsOutputs> = {
  comparable(olds, news) {
    return { olds: comparableForm(olds), news: comparableForm(news.known) };
  },

  /** A program that stops setting the endpoints gives them up: the outputs then stop showing them. */
  refineDiff(verdict, olds, news) {
    if (verdict.changes || olds.privateEndpoints === undefined) return verdict;
    const listed = news.unknown.has("privateEndpoints") || isSet(news.known.privateEndpoints);
    return { changes: !listed, replaces: [] };
  },

  inputsFromOutputs(outs) {
    const { name, enableCoreDumps, privateEndpoints, organizationId } = outs;
    return {
      organizationId,
      ...optional("name", name),
      ...optional("enableCoreDumps", enableCoreDumps),
      ...optional("privateEndpoints", privateEndpoints),
    };
  },

  async create(inputs, context) {
    const access = context.management(inputs.organizationId ?? undefined);
    const { client, organizationId } = access;
    const shown = await client.organizations.get(organizationId);
    const registered = (shown.privateEndpoints ?? []).flatMap((endpoint) => entryOf(endpoint) ?? []);
    const patch = changesOf(
      { name: text(shown.name), enableCoreDumps: flag(shown.enableCoreDumps), privateEndpoints: registered },
      inputs,
      { removeDropped: false },
    );
    const sent = Object.keys(patch);
    context.progress(
      sent.length === 0
        ? `organization ${organizationId}: its settings already match the inputs; adopted as it is`
        : `organization ${organizationId}: adopted, setting ${sent.join(" and ")}`,
    );
    const organization = await write(access, patch, shown);
    return { id: organizationId, outs: settingsOutputs(organization, organizationId, listedOf(inputs)) };
  },

  async read(id, olds, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    return readOrGone(async () => {
      const organization = await client.organizations.get(organizationId);
      return { id, outs: settingsOutputs(organization, organizationId, olds.privateEndpoints) };
    });
  },

  async update(_id, olds, news, context) {
    const access = context.management(olds.organizationId);
    const { client, organizationId } = access;
    // Endpoints listed for the first time are compared with the organization's registrations, read now.
    const registered =
      olds.privateEndpoints ??
      (isSet(news.privateEndpoints)
        ? ((await client.organizations.get(organizationId)).privateEndpoints ?? []).flatMap(
            (endpoint) => entryOf(endpoint) ?? [],
          )
        : []);
    const patch = changesOf({ ...olds, privateEndpoints: registered }, news, {
      removeDropped: olds.privateEndpoints !== undefined,
    });
    const organization = await write(access, patch);
    return settingsOutputs(organization, organizationId, listedOf(news));
  },

  /** The organization stays as it is: nothing is sent. */
  async delete(id, olds, context) {
    context.progress(
      `organization ${olds.organizationId || id} is left as it is: destroying its OrganizationSettings stops ` +
        "managing its settings and sends nothing (its name, crash reports setting and private endpoints stay)",
    );
  },
};

function isSet<T>(value: T | null | undefined): value is T {
  return value !== undefined && value !== null;
}

/** The endpoints the inputs list, each canonical; undefined when the program does not manage them. */
function listedOf(inputs: OrganizationSettingsInputs): Entry[] | undefined {
  const fields = settingsFields(inputs);
  return fields.privateEndpoints === undefined ? undefined : comparableEntries(fields.privateEndpoints);
}

/** Settings where equal meaning is equal value: the endpoints as a set by id. */
function comparableForm(bag: Partial<OrganizationSettingsInputs> | OrganizationSettingsOutputs): PropertyBag {
  const { privateEndpoints } = bag;
  return {
    ...bag,
    ...(Array.isArray(privateEndpoints) ? { privateEndpoints: comparableEntries(privateEndpoints) } : {}),
  };
}

/** What the organization has, as far as the PATCH is computed from it. */
interface Current {
  readonly name?: string;
  readonly enableCoreDumps?: boolean;
  readonly privateEndpoints: readonly Entry[];
}

/**
 * The PATCH of the settings the inputs set that differ from `current`: the name, the crash reports setting, the
 * listed endpoints not registered as listed (`add`) and, with `removeDropped`, those of `current` the list dropped
 * (`remove`).
 */
function changesOf(
  current: Current,
  inputs: OrganizationSettingsInputs,
  { removeDropped }: { removeDropped: boolean },
): OrganizationPatchRequest {
  const fields = settingsFields(inputs);
  const patch: OrganizationPatchRequest = {};
  if (fields.name !== undefined && fields.name !== current.name) patch.name = fields.name;
  if (fields.enableCoreDumps !== undefined && fields.enableCoreDumps !== current.enableCoreDumps) {
    patch.enableCoreDumps = fields.enableCoreDumps;
  }
  const listed = fields.privateEndpoints;
  if (listed === undefined) return patch;
  const registered = new Map(current.privateEndpoints.map((entry) => [entry.id, canonicalEntry(entry)]));
  const add = listed.filter((entry) => !sameValue(canonicalEntry(entry), registered.get(entry.id)));
  const kept = new Set(listed.map((entry) => entry.id));
  const remove = removeDropped
    ? current.privateEndpoints.filter((entry) => !kept.has(entry.id)).map((entry) => ({ id: entry.id }))
    : [];
  if (add.length > 0 || remove.length > 0) {
    patch.privateEndpoints = {
      ...(remove.length > 0 ? { remove } : {}),
      ...(add.length > 0 ? { add } : {}),
    };
  }
  return patch;
}

/** Sends the PATCH when it has anything, answering the organization; else the organization read (`shown`, or now). */
async function write(
  { client, organizationId }: ManagementAccess,
  patch: OrganizationPatchRequest,
  shown?: Organization,
): Promise<Organization> {
  if (Object.keys(patch).length > 0) return client.organizations.update(organizationId, patch);
  return shown ?? client.organizations.get(organizationId);
}

/**
 * The outputs of the organization as shown: its name, crash reports setting and creation time when it reports them,
 * and the `listed` endpoints it has registered (none listed: not shown).
 */
function settingsOutputs(
  organization: Organization,
  organizationId: string,
  listed: readonly Entry[] | undefined,
): OrganizationSettingsOutputs {
  const shown = new Map((organization.privateEndpoints ?? []).map((endpoint) => [endpoint.id, endpoint]));
  const privateEndpoints = listed?.flatMap((entry) => {
    const registration = shown.get(entry.id);
    return registration === undefined ? [] : (entryOf(registration, entry) ?? []);
  });
  return {
    organizationId,
    ...optional("name", text(organization.name)),
    ...optional("enableCoreDumps", flag(organization.enableCoreDumps)),
    ...optional("createdAt", text(organization.createdAt)),
    ...(privateEndpoints === undefined ? {} : { privateEndpoints: comparableEntries(privateEndpoints) }),
  };
}
