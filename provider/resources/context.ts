import type * as pulumi from "@pulumi/pulumi";
// The settings' narrow modules, not their index: the index also offers the program's Pulumi config, which would load
// all of @pulumi/pulumi into the provider's process.
import { ConfigurationError, reportOncePerProcess } from "../settings/errors";
import type { ApiDialect } from "../../schemas/dialects";
import {
  resolveDialect,
  resolveManagementSettings,
  resolveObservabilitySettings,
  type ManagementSettings,
} from "../settings/resolve";
import type { ConfigSource } from "../settings/sources";
import { progress } from "./support/lifecycle";
import {
  managementClient,
  observabilityClient,
  type ManagementClient,
  type ObservabilityClient,
} from "../rest";

/**
 * What the provider operations of one dynamic-provider process share: the stack config the engine hands to
 * `configure`. Settings are resolved when an operation runs (config first, then environment), so credentials are
 * never captured in a closure, never resource inputs and never in state.
 */
class ProviderContext {
  private stackConfig: ConfigSource | undefined;

  configure(request: pulumi.dynamic.ConfigureRequest): void {
    this.stackConfig = request.config;
  }

  /** The management client and the organization an operation works in (the resource's own, else config). */
  management(organizationId?: unknown): { client: ManagementClient; settings: ManagementSettings } {
    const settings = onceThisRun(() =>
      resolveManagementSettings(
        { source: this.stackConfig },
        { organizationId: typeof organizationId === "string" ? organizationId : undefined },
      ),
    );
    const client = managementClient(settings, {
      throttle: settings.throttle,
      sharedBudget: settings.sharedBudget,
      warn: warnOfRateLimits,
      // Operations on an idle service wake it; the user sees one line saying so.
      wake: { report: (line) => progress("ReversePrivateEndpoint", line) },
    });
    return { client, settings };
  }

  /** The wire the API of a resource's module speaks, by the stack config (then environment, then URL host). */
  dialect(module: "clickhouse" | "observability"): ApiDialect {
    const api = module === "clickhouse" ? "management" : "observability";
    return onceThisRun(() => resolveDialect({ source: this.stackConfig }, api));
  }

  /**
   * What keeps the settings an API's operations need from resolving, or undefined when they resolve: for a
   * preview, which sends nothing and so would otherwise pass on a stack that `up` refuses.
   */
  settingsProblem(
    api: "clickhouse" | "observability",
    organizationId?: unknown,
  ): ConfigurationError | undefined {
    try {
      if (api === "observability") resolveObservabilitySettings({ source: this.stackConfig });
      else
        resolveManagementSettings(
          { source: this.stackConfig },
          // An organizationId not known yet in a preview will be one: only its absence is a problem.
          { organizationId: organizationId === undefined || organizationId === null ? undefined : "set" },
        );
      return undefined;
    } catch (error) {
      if (error instanceof ConfigurationError) return error;
      throw error;
    }
  }

  observability(): ObservabilityClient {
    const settings = onceThisRun(() => resolveObservabilitySettings({ source: this.stackConfig }));
    return observabilityClient(settings, {
      throttle: settings.throttle,
      sharedBudget: settings.sharedBudget,
      warn: warnOfRateLimits,
    });
  }
}

/** The rate-limit handling's warnings (a shared budget that cannot be used, say) reach the user as warnings. */
function warnOfRateLimits(line: string): void {
  progress("rate limit", `warning: ${line}`);
}

/** Resolves settings; a configuration problem every resource of the run shares is explained in full only once. */
function onceThisRun<T>(resolve: () => T): T {
  try {
    return resolve();
  } catch (error) {
    throw error instanceof ConfigurationError ? reportOncePerProcess(error) : error;
  }
}

/** One per process: every resource kind served by this process sees the same stack config. */
export const providerContext = new ProviderContext();
