import * as pulumi from "@pulumi/pulumi";
import type { ResourceDefinition } from "../resources/definition";
import { dynamicTypeToken } from "../resources/typeTokens";
import { providerModule, type ResourceKind } from "./shim";
import { PROVIDER_KEY, URN_KEY } from "../propertyEncoding";

/** What a resource class needs to know about its kind at construction, written out by the class generator. */
export interface ResourceClassSpec {
  readonly kind: ResourceKind;
  /** The type token's module: resources appear in state as `pulumi-nodejs:dynamic/<module>:<kind>`. */
  readonly module: ResourceDefinition["module"];
  readonly outputs: readonly string[];
  /** Inputs kept as secrets in state, however the program gave them. */
  readonly secretInputs: readonly string[];
  /** Outputs always encrypted in state. */
  readonly secretOutputs: readonly string[];
  /** Outputs that are secrets when the program sets any of the listed inputs (credentials it chose). */
  readonly secretOutputsWhenSet: Readonly<Record<string, readonly string[]>>;
  /** Whether a create marks its object with the resource's URN, which the inputs then carry as `__urn`. */
  readonly markedCreate?: boolean;
}

/** The arguments of `pulumi.CustomResource`'s constructor, in its order. */
export type CustomResourceArguments = [
  type: string,
  name: string,
  props: pulumi.Inputs,
  opts: pulumi.CustomResourceOptions,
];

/**
 * What every resource class of this package passes to `pulumi.CustomResource`: what `pulumi.dynamic.Resource` would
 * (the type token `pulumi-nodejs:dynamic/<module>:<kind>`, the provider module's text as `__provider`), with secret inputs
 * and outputs marked and every output declared. A resource gets an Output property only for the keys in its props,
 * so each output is named (unset ones as undefined); otherwise an output whose input the program leaves out would
 * be missing.
 *
 * The classes extend `pulumi.CustomResource` directly, not `pulumi.dynamic.Resource` through a shared base class:
 * Pulumi records a resource's source position as the frame a fixed number of constructors below its own, which
 * is the program's line only when exactly one class stands between `CustomResource` and the program.
 */
export function dynamicRegistration(
  spec: ResourceClassSpec,
  name: string,
  args: object,
  opts?: pulumi.CustomResourceOptions,
): CustomResourceArguments {
  const given = args as Record<string, unknown>;
  if (given.__provider !== undefined)
    throw new Error("A dynamic resource must not define the __provider key");
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
  const type = dynamicTypeToken(spec);
  const urn = spec.markedCreate === true ? { [URN_KEY]: pulumi.createUrn(name, type, opts?.parent) } : {};
  return [
    type,
    name,
    { ...everyOutput, ...given, ...secretInputs, ...urn, [PROVIDER_KEY]: providerModule(spec.kind) },
    { ...opts, additionalSecretOutputs },
  ];
}
