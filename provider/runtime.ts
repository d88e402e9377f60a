/**
 * The code behind every serialized provider shim: `require("pulumi-clickhouse-cloud/runtime")` in the
 * dynamic-provider process lands here. Not part of the public API.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ResourceKind } from "./resources/kinds";
import { providerImplementations } from "./resources/registry";

function providerFor(kind: ResourceKind): Required<pulumi.dynamic.ResourceProvider> {
  const provider = providerImplementations[kind];
  if (provider === undefined) {
    throw new Error(
      `this version of pulumi-clickhouse-cloud has no provider for ${kind}; ` +
        "install the version the stack was created with, or a newer one",
    );
  }
  return provider;
}

// The module is the function: serialized shims call `require("pulumi-clickhouse-cloud/runtime")(kind)`, which
// keeps `__provider` short. Every state ever written depends on this shape, so it must not change.
export = providerFor;
