/**
 * What the operations of one provider process share: the stack config the engine hands to `configure`. Settings
 * are resolved when an operation asks for a client (config first, then environment), so credentials are never
 * captured in a closure, never resource inputs and never in state.
 */
// The settings' narrow modules, not their index: the index also offers the program's Pulumi config, which would load
// all of @pulumi/pulumi into the provider's process.
import { ConfigurationError, reportOncePerProcess } from "../settings/errors";
import type { ApiDialect } from "../../schemas/dialects";
import { resolveDialect, resolveManagementSettings, resolveObservabilitySettings } from "../settings/resolve";
import type { ConfigSource } from "../settings/sources";
import { systemClock } from "../clock";
import { managementClient } from "../rest/management/client";
import { observabilityClient, type ObservabilityClient } from "../rest/observability/client";
import type { ManagementAccess, OperationContext } from "../resources/operations";
import { progressOf } from "./progress";

export type ApiModule = "clickhouse" | "observability";

/** The rate-limit handling's warnings (a shared budget that cannot be used, say) reach the user as warnings. */
const rateLimitLine = progressOf("rate limit");
/** A wake is shared by every operation that meets the same idle service, whatever its kind. */
const idleServiceLine = progressOf("idle service");

export class ProviderSession {
  private stackConfig: ConfigSource | undefined;

  configure(config: ConfigSource | undefined): void {
    this.stackConfig = config;
  }

  /** What an operation of `kind` receives: the clients, its progress line and the clock. */
  operationContext(kind: string): OperationContext {
    return {
      management: (organizationId) => this.management(organizationId),
      observability: () => this.observability(),
      progress: progressOf(kind),
      clock: systemClock,
    };
  }

  /** The management client and the organization to work in: the resource's own, else the configured one. */
  management(organizationId?: string): ManagementAccess {
    const settings = onceThisRun(() =>
      resolveManagementSettings({ source: this.stackConfig }, { organizationId }),
    );
    const client = managementClient(settings, {
      throttle: settings.throttle,
      sharedBudget: settings.sharedBudget,
      warn: (line) => rateLimitLine(`warning: ${line}`),
      wake: { report: idleServiceLine },
    });
    return { client, organizationId: settings.organizationId };
  }

  observability(): ObservabilityClient {
    const settings = onceThisRun(() => resolveObservabilitySettings({ source: this.stackConfig }));
    return observabilityClient(settings, {
      throttle: settings.throttle,
      sharedBudget: settings.sharedBudget,
      warn: (line) => rateLimitLine(`warning: ${line}`),
    });
  }

  /** The wire the API of a resource's module speaks, by the stack config (then environment, then URL host). */
  dialect(module: ApiModule): ApiDialect {
    const api = module === "clickhouse" ? "management" : "observability";
    return onceThisRun(() => resolveDialect({ source: this.stackConfig }, api));
  }

  /**
   * What keeps the settings an API's operations need from resolving, or undefined when they resolve: for a
   * preview, which sends nothing and so would otherwise pass on a stack that `up` refuses.
   */
  settingsProblem(api: ApiModule, organizationIdGiven: boolean): ConfigurationError | undefined {
    try {
      if (api === "observability") resolveObservabilitySettings({ source: this.stackConfig });
      else
        resolveManagementSettings(
          { source: this.stackConfig },
          // A resource that names its organization needs no configured one.
          { organizationId: organizationIdGiven ? "set" : undefined },
        );
      return undefined;
    } catch (error) {
      if (error instanceof ConfigurationError) return error;
      throw error;
    }
  }
}

/** Resolves settings; a configuration problem every resource of the run shares is explained in full only once. */
function onceThisRun<T>(resolve: () => T): T {
  try {
    return resolve();
  } catch (error) {
    throw error instanceof ConfigurationError ? reportOncePerProcess(error) : error;
  }
}

/** One per process: the engine configures a provider process once, and every kind it serves sees that config. */
export const providerSession = new ProviderSession();
