/**
 * The code behind every serialized provider shim: `require("pulumi-clickhouse-cloud/runtime")` in the
 * dynamic-provider process lands here. Not part of the public API.
 */
import type * as pulumi from "@pulumi/pulumi";
import { providerImplementation } from "./dynamic/registry";

function providerFor(kind: string): Required<pulumi.dynamic.ResourceProvider> {
  const provider = providerImplementation(kind);
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
