/**
 * Figure 2: what each resource costs in state, from `pulumi stack export` of figure 1's programs after `up`. The
 * engine keeps `__provider` (the serialized provider) in both the inputs and the outputs of every dynamic
 * resource; sizes are bytes of compact JSON, so the file backend's indentation does not count.
 */
import type { Deployment } from "@pulumi/pulumi/automation";
import type { StateResource } from "../../scripts/lib/localStack";
import { benchKinds } from "../programs/ours/settings";

export interface StateSizeRow {
  /** A resource kind of ours, or "control" for the no-op dynamic resource. */
  readonly kind: string;
  readonly resources: number;
  /** UTF-8 bytes of one `__provider` value (the serialized provider's source text). */
  readonly providerBytes: number;
  /** Bytes all `__provider` copies take in one resource's state entry (JSON-escaped, inputs and outputs). */
  readonly providerBytesInState: number;
  /** Mean bytes of one resource's whole state entry. */
  readonly resourceBytes: number;
  /** Where one resource's entry goes (first resource of the kind), bytes of compact JSON. */
  readonly parts: {
    /** Inputs and outputs without `__provider`. */
    readonly inputs: number;
    readonly outputs: number;
    /** Everything else: urn, type, id, parent, dependencies, property dependencies, timestamps... */
    readonly other: number;
  };
  /** The largest fields of the entry (`inputs.x`, `outputs.x` or the engine's own; `__provider` aside), largest first. */
  readonly largestFields: { readonly field: string; readonly bytes: number }[];
}

export interface StateSizeResult {
  readonly rows: StateSizeRow[];
  /** The whole exported deployment divided by the number of resources, for each program. */
  readonly deploymentBytesPerResource: { readonly ours: number; readonly control: number };
}

export function measureStateSize(states: { ours: Deployment; control: Deployment }): StateSizeResult {
  const ours = ownResources(states.ours);
  const control = ownResources(states.control);
  const rows: StateSizeRow[] = benchKinds.map((kind) =>
    row(
      kind,
      ours.filter((r) => kindOf(r) === kind),
    ),
  );
  rows.push(row("control", control));
  return {
    rows,
    deploymentBytesPerResource: {
      ours: jsonBytes(states.ours.deployment) / ours.length,
      control: jsonBytes(states.control.deployment) / control.length,
    },
  };
}

export function ownResources(state: Deployment): StateResource[] {
  const resources = (state.deployment as { resources?: StateResource[] }).resources ?? [];
  return resources.filter((r) => !r.type.startsWith("pulumi:"));
}

/** `pulumi-nodejs:dynamic/clickhouse:ApiKey` -> `ApiKey`. */
export function kindOf(resource: StateResource): string {
  return resource.type.slice(resource.type.lastIndexOf(":") + 1);
}

function row(kind: string, resources: StateResource[]): StateSizeRow {
  if (resources.length === 0) throw new Error(`no ${kind} resources in the state`);
  const first = resources[0];
  const provider = first.outputs?.__provider;
  if (typeof provider !== "string") throw new Error(`${kind}: no serialized provider in the state`);
  const copies = [first.inputs?.__provider, first.outputs?.__provider].filter((v) => v !== undefined);
  return {
    kind,
    resources: resources.length,
    providerBytes: Buffer.byteLength(provider, "utf8"),
    providerBytesInState: copies.reduce((sum: number, copy) => sum + jsonBytes(copy), 0),
    resourceBytes: resources.reduce((sum, r) => sum + jsonBytes(r), 0) / resources.length,
    ...breakdown(first),
  };
}

function breakdown(resource: StateResource): Pick<StateSizeRow, "parts" | "largestFields"> {
  const { __provider: _inputProvider, ...inputs } = resource.inputs ?? {};
  const { __provider: _outputProvider, ...outputs } = resource.outputs ?? {};
  const { inputs: _inputs, outputs: _outputs, ...rest } = resource;
  const fields = new Map<string, number>();
  for (const [side, values] of [
    ["inputs.", inputs],
    ["outputs.", outputs],
    ["", rest],
  ] as const) {
    for (const [field, value] of Object.entries(values)) {
      // A property's key, quotes and colon count with it, as they would go with it.
      fields.set(`${side}${field}`, jsonBytes({ [field]: value }) - 2);
    }
  }
  return {
    parts: { inputs: jsonBytes(inputs), outputs: jsonBytes(outputs), other: jsonBytes(rest) },
    largestFields: [...fields]
      .map(([field, bytes]) => ({ field, bytes }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 5),
  };
}

export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), "utf8");
}
