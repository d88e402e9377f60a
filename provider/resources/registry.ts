import type * as pulumi from "@pulumi/pulumi";
import { AlertProvider } from "./alert";
import { ApiKeyProvider } from "./apiKey";
import type { ResourceKind } from "./kinds";
import { PrivateEndpointProvider } from "./privateEndpoint";
import { ReplicaScalingProvider } from "./replicaScaling";
import { ReversePrivateEndpointProvider } from "./reversePrivateEndpoint";

/** The provider implementation behind each kind's shim; one instance per process. */
export const providerImplementations: Partial<
  Record<ResourceKind, Required<pulumi.dynamic.ResourceProvider>>
> = {
  ReversePrivateEndpoint: new ReversePrivateEndpointProvider(),
  ReplicaScaling: new ReplicaScalingProvider(),
  PrivateEndpoint: new PrivateEndpointProvider(),
  Alert: new AlertProvider(),
  ApiKey: new ApiKeyProvider(),
};
