/**
 * The requests a Service sends, built from its inputs and, for an update, from the service as the API last showed
 * it: the create body, the basic-details PATCH (only what differs; lists by add and remove), the replica-scaling
 * PATCH (only managed settings that differ) and the password PATCH (hashes only).
 */
import { createHash } from "node:crypto";
import type {
  ReplicaScalingUpdateRequest,
  ServiceCreateRequest,
  ServiceDetails,
  ServicePasswordRequest,
  ServicePatchRequest,
} from "../../rest";
import { sameValue } from "../../propertyBags";
import { requestBodyFor, requestFrom } from "../derive/requestBody";
import { definition } from "./definition";
import { scalingFields } from "../fields/scalingFields";
import {
  comparableIpAccessList,
  tagList,
  tagMap,
  type ServiceIpAccessEntry,
  type ServiceTags,
} from "./settings";
import type { ServiceInputs } from "./shapes";

const createBody = requestBodyFor(definition);

/** An entry as the API lists it: the description may be null. */
type ListedIpAccessEntry = { source: string; description?: string | null };

/** The scaling settings: sent with the create, changed afterwards by `PATCH .../replicaScaling`. */
export const scalingSettings = scalingFields;

export function createRequest(inputs: ServiceInputs): ServiceCreateRequest {
  const body = createBody(inputs);
  const tags = inputs.tags;
  const mysql = inputs.mysqlEndpoint;
  return {
    ...body,
    ...(tags === undefined || tags === null ? {} : { tags: tagList(tags) }),
    ...(mysql === undefined || mysql === null ? {} : { endpoints: [{ protocol: "mysql", enabled: mysql }] }),
  };
}

/** Whether the MySQL-protocol endpoint is among the service's endpoints. */
export function hasMysqlEndpoint(service: ServiceDetails): boolean {
  return (service.endpoints ?? []).some((endpoint) => endpoint.protocol === "mysql");
}

/** The basic-details PATCH that gives `remote` what the inputs manage; undefined when nothing differs. */
export function detailsPatch(remote: ServiceDetails, inputs: ServiceInputs): ServicePatchRequest | undefined {
  const patch: ServicePatchRequest = {};
  if (inputs.name !== remote.name) patch.name = inputs.name;
  if (isSet(inputs.releaseChannel) && inputs.releaseChannel !== remote.releaseChannel) {
    patch.releaseChannel = inputs.releaseChannel;
  }
  if (isSet(inputs.enableCoreDumps) && inputs.enableCoreDumps !== remote.enableCoreDumps) {
    patch.enableCoreDumps = inputs.enableCoreDumps;
  }
  if (isSet(inputs.mysqlEndpoint) && inputs.mysqlEndpoint !== hasMysqlEndpoint(remote)) {
    patch.endpoints = [{ protocol: "mysql", enabled: inputs.mysqlEndpoint }];
  }
  const keyId = inputs.transparentDataEncryptionKeyId;
  if (isSet(keyId) && keyId !== remote.transparentDataEncryptionKeyId)
    patch.transparentDataEncryptionKeyId = keyId;
  if (isSet(inputs.ipAccessList)) {
    const change = ipAccessChange(remote.ipAccessList ?? [], inputs.ipAccessList);
    if (change !== undefined) patch.ipAccessList = change;
  }
  if (isSet(inputs.tags)) {
    const change = tagChange(tagMap(remote.tags), inputs.tags);
    if (change !== undefined) patch.tags = change;
  }
  return Object.keys(patch).length === 0 ? undefined : patch;
}

/** Entries whose source is gone or whose description changed are removed; new and changed ones are added. */
function ipAccessChange(
  current: readonly ListedIpAccessEntry[],
  wanted: readonly ServiceIpAccessEntry[],
): ServicePatchRequest["ipAccessList"] {
  if (sameValue(comparableIpAccessList(current), comparableIpAccessList(wanted))) return undefined;
  const key = (entry: ListedIpAccessEntry) => JSON.stringify(comparableIpAccessList([entry]));
  const wantedKeys = new Set(wanted.map(key));
  const currentKeys = new Set(current.map(key));
  const remove = current.filter((entry) => !wantedKeys.has(key(entry))).map(({ source }) => ({ source }));
  const add = wanted.filter((entry) => !currentKeys.has(key(entry))).map((entry) => ({ ...entry }));
  return { ...(remove.length > 0 ? { remove } : {}), ...(add.length > 0 ? { add } : {}) };
}

/** Tags gone or changed are removed (by key); new and changed ones are added. */
function tagChange(current: ServiceTags, wanted: ServiceTags): ServicePatchRequest["tags"] {
  const remove = Object.keys(current)
    .filter((key) => wanted[key] !== current[key])
    .map((key) => ({ key }));
  const add = tagList(
    Object.fromEntries(Object.entries(wanted).filter(([key, value]) => current[key] !== value)),
  );
  if (remove.length === 0 && add.length === 0) return undefined;
  return { ...(remove.length > 0 ? { remove } : {}), ...(add.length > 0 ? { add } : {}) };
}

/** The managed scaling settings whose value differs from the service's; undefined when none does. */
export function scalingUpdate(
  remote: ServiceDetails,
  inputs: ServiceInputs,
): ReplicaScalingUpdateRequest | undefined {
  const changed = scalingSettings.filter(
    (setting) => isSet(inputs[setting]) && inputs[setting] !== (remote[setting] ?? undefined),
  );
  if (changed.length === 0) return undefined;
  return requestFrom<ReplicaScalingUpdateRequest>(
    Object.fromEntries(changed.map((setting) => [setting, inputs[setting]])),
  );
}

/**
 * The password PATCH for a password the program chose: its SHA-256 in base64 and, for the MySQL protocol, its
 * double SHA-1 in hex, as the API documents them. The password itself is never sent.
 */
export function passwordRequest(password: string): ServicePasswordRequest {
  const sha1 = createHash("sha1").update(password).digest();
  return {
    newPasswordHash: createHash("sha256").update(password).digest("base64"),
    newDoubleSha1Hash: createHash("sha1").update(sha1).digest("hex"),
  };
}

function isSet<T>(value: T | null | undefined): value is T {
  return value !== undefined && value !== null;
}
