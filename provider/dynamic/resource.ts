import * as pulumi from "@pulumi/pulumi";
import { providerShim, type ResourceKind } from "./shim";

/** What a resource class needs to know about its kind at construction, written out by the class generator. */
export interface ResourceClassSpec {
  readonly kind: ResourceKind;
  /** The type token's module: resources appear in state as `pulumi-nodejs:dynamic/<module>:<kind>`. */
  readonly module: string;
  readonly outputs: readonly string[];
  /** Inputs kept as secrets in state, however the program gave them. */
  readonly secretInputs: readonly string[];
  /** Outputs always encrypted in state. */
  readonly secretOutputs: readonly string[];
  /** Outputs that are secrets when the program sets any of the listed inputs (credentials it chose). */
  readonly secretOutputsWhenSet: Readonly<Record<string, readonly string[]>>;
}

/**
 * The base of every resource class of this package: the kind's provider shim and type token, secret inputs and
 * outputs marked, and every output declared. A dynamic resource gets an Output property only for the keys in its
 * props, so each output is named (unset ones as undefined); otherwise an output whose input the program leaves out
 * would be missing.
 */
export abstract class PackageResource extends pulumi.dynamic.Resource {
  protected constructor(
    spec: ResourceClassSpec,
    name: string,
    args: object,
    opts?: pulumi.CustomResourceOptions,
  ) {
    const given = args as Record<string, unknown>;
    const everyOutput = Object.fromEntries(spec.outputs.map((key) => [key, undefined]));
    const secretInputs = Object.fromEntries(
      spec.secretInputs
        .filter((key) => given[key] !== undefined)
        .map((key) => [key, pulumi.secret(given[key])]),
    );
    const conditionalSecrets = Object.entries(spec.secretOutputsWhenSet)
      .filter(([, inputs]) => inputs.some((input) => given[input] !== undefined))
      .map(([output]) => output);
    const additionalSecretOutputs = [
      ...(opts?.additionalSecretOutputs ?? []),
      ...spec.secretOutputs,
      ...conditionalSecrets,
    ];
    super(
      providerShim(spec.kind),
      name,
      { ...everyOutput, ...given, ...secretInputs },
      { ...opts, additionalSecretOutputs },
      spec.module,
      spec.kind,
    );
  }
}
