import * as pulumi from "@pulumi/pulumi";
import { resourceKinds, type ResourceKind } from "./kinds";
import { providerShim } from "./shim";

/**
 * The base of every resource class of this package: the kind's provider shim and type token, and every output
 * declared. A dynamic resource gets an Output property only for the keys in its props, so each output is named
 * (unset ones as undefined); otherwise an output whose input the program leaves out would be missing.
 */
export abstract class PackageResource extends pulumi.dynamic.Resource {
  protected constructor(
    kind: ResourceKind,
    name: string,
    outputNames: readonly string[],
    args: object,
    opts?: pulumi.CustomResourceOptions,
  ) {
    const everyOutput = Object.fromEntries(outputNames.map((key) => [key, undefined]));
    super(providerShim(kind), name, { ...everyOutput, ...args }, opts, resourceKinds[kind].module, kind);
  }
}
