/**
 * What the operations of one provider process share: the stack config the engine hands to `configure`. Settings
 * are resolved when an operation asks for a client (config first, then environment), so credentials are never
 * captured in a closure, never resource inputs and never in state.
 */
// The settings' narrow modules, not their index: the index also offers the program's Pulumi config, which would load
// all of @pulumi/pulumi into the provider's process.
import { ConfigurationError, reportOncePerProcess } from "../settings/errors";
import type { ApiDialect } from "../../schemas/dialects";
import {
  onManagedClickStack,
  resolveDialect,
  resolveManagementSettings,
  resolveObservabilitySettings,
} from "../settings/resolve";
import type { ConfigSource } from "../settings/sources";
import { systemClock } from "../clock";
import { managementClient } from "../rest/management/client";
import { observabilityClient, type ObservabilityClient } from "../rest/observability/client";
import type { ManagementAccess, OperationContext } from "../resources/operations";
import { progressOf } from "./progress";

export type ApiModule = "clickhouse" | "observability";

/**
 * Which of the inputs that decide where a resource's requests go it gives (a value, or one a preview does not know
 * yet): the settings those replace are then not needed.
 */
export interface GivenPlacement {
  readonly organizationId?: boolean;
  readonly clickstackServiceId?: boolean;
}

const noPlacement: GivenPlacement = {};

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
      observability: (clickstackServiceId) => this.observability(clickstackServiceId),
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

  /**
   * The observability client: of the managed ClickStack of `clickstackServiceId` (a resource's own), through the
   * management API's URL, key and organization; else as configured (`observability:clickstackServiceId`, or the
   * observability API's URL and token).
   */
  observability(clickstackServiceId?: string): ObservabilityClient {
    const settings = onceThisRun(() =>
      resolveObservabilitySettings({ source: this.stackConfig }, { clickstackServiceId }),
    );
    return observabilityClient(settings, {
      throttle: settings.throttle,
      sharedBudget: settings.sharedBudget,
      warn: (line) => rateLimitLine(`warning: ${line}`),
    });
  }

  /**
   * The wire the API of a resource's module speaks, by the stack config (then environment, then URL host); an
   * observability object on a named service's managed ClickStack is on the production wire.
   */
  dialect(module: ApiModule, given: GivenPlacement = noPlacement): ApiDialect {
    const api = module === "clickhouse" ? "management" : "observability";
    const overrides = { clickstackServiceId: given.clickstackServiceId ? "given" : undefined };
    return onceThisRun(() => resolveDialect({ source: this.stackConfig }, api, overrides));
  }

  /** Whether a resource of `module` is on a managed ClickStack: it names the service, or the config does. */
  onManagedClickStack(module: ApiModule, given: GivenPlacement = noPlacement): boolean {
    if (module === "clickhouse") return false;
    const overrides = { clickstackServiceId: given.clickstackServiceId ? "given" : undefined };
    return onManagedClickStack({ source: this.stackConfig }, overrides);
  }

  /**
   * What keeps the settings an API's operations need from resolving, or undefined when they resolve: for a
   * preview, which sends nothing and so would otherwise pass on a stack that `up` refuses.
   */
  settingsProblem(api: ApiModule, given: GivenPlacement = noPlacement): ConfigurationError | undefined {
    const lookup = { source: this.stackConfig };
    try {
      if (api === "observability")
        resolveObservabilitySettings(
          lookup,
          // A resource on a named service's managed ClickStack needs the management API's settings instead.
          { clickstackServiceId: given.clickstackServiceId ? "given" : undefined },
        );
      else
        resolveManagementSettings(
          lookup,
          // A resource that names its organization needs no configured one.
          { organizationId: given.organizationId ? "given" : undefined },
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
