/**
 * The code behind every serialized provider shim: `require("pulumi-clickhouse-cloud/runtime")` in the
 * dynamic-provider process lands here. Not part of the public API.
 */
import type * as pulumi from "@pulumi/pulumi";
import { providerImplementation } from "./registry";

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

/** The calls a shim forwards to the implementation once `configure` has loaded it. */
const forwardedCalls = ["check", "diff", "create", "read", "update", "delete"] as const;

/**
 * Called with one argument, returns the implementation of `kind` (what shims written up to 0.1.0 call). Called as
 * the current shim's `configure` does, with the shim object and the configure request, it puts the
 * implementation's methods on the shim, so that the dynamic-provider process's later calls on that object reach
 * them, and configures it. Keeping that work here keeps the serialized shim to one short statement.
 */
function runtime(kind: string): Required<pulumi.dynamic.ResourceProvider>;
function runtime(
  kind: string,
  shim: Record<string, unknown>,
  request: pulumi.dynamic.ConfigureRequest,
): Promise<void>;
function runtime(
  kind: string,
  shim?: Record<string, unknown>,
  request?: pulumi.dynamic.ConfigureRequest,
): Required<pulumi.dynamic.ResourceProvider> | Promise<void> {
  const provider = providerFor(kind);
  if (shim === undefined) return provider;
  for (const call of forwardedCalls) shim[call] = provider[call].bind(provider);
  return provider.configure(request!);
}

// The module is the function: serialized shims call `require("pulumi-clickhouse-cloud/runtime")(kind, ...)`, which
// keeps `__provider` short. Every state ever written depends on both shapes, so they must not change.
export = runtime;
