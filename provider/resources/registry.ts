import type * as pulumi from "@pulumi/pulumi";
import type { ResourceKind } from "./kinds";
import { ReversePrivateEndpointProvider } from "./reversePrivateEndpoint";

/** The provider implementation behind each kind's shim; one instance per process. */
export const providerImplementations: Partial<
  Record<ResourceKind, Required<pulumi.dynamic.ResourceProvider>>
> = {
  ReversePrivateEndpoint: new ReversePrivateEndpointProvider(),
};
