/**
 * The API clients for the stacks' organization, from the first stack's settings (its config, then the usual
 * environment variables, as the provider resolves them). The stacks must share one organization, API URLs and
 * configured managed ClickStack: an object is an orphan only relative to the stacks of its own organization, and a
 * resource that leaves its ClickStack to the config is placed by that config.
 */
import {
  ConfigurationError,
  isSet,
  resolveManagementSettings,
  resolveObservabilitySettings,
  SETTINGS,
  type ManagementSettings,
  type ObservabilitySettings,
} from "../settings";
import { inPluginTerms, pluginKeySource, setsPluginKeys } from "../settings/pluginKeys";
import { managementClient } from "../rest/management";
import { observabilityClient } from "../rest/observability";
import type { ClickStackScope } from "../resources/adoption/existingObjects";
import type { OrganizationAccess } from "./listingScope";
import type { ConfigSource, SettingsLookup } from "../settings/sources";
import type { StackData } from "./stackReader";
import { UsageError } from "./usageError";

interface StackSettings {
  readonly stack: string;
  /** Where the stack's settings are read: its config, then the environment. */
  readonly lookup: SettingsLookup;
  readonly management: ManagementSettings;
  readonly observability?: ObservabilitySettings;
}

/**
 * `serviceIds`: the services whose endpoints and settings are listed; `clickStackServiceIds`: the services whose
 * managed ClickStack's observability objects are listed besides the configured observability API's (the configured
 * one itself, when it is a service's managed ClickStack, is not listed twice).
 */
export function connect(
  stacks: readonly StackData[],
  serviceIds: readonly string[],
  report: (line: string) => void,
  clickStackServiceIds: readonly string[] = [],
): OrganizationAccess {
  const resolved = stacks.map(stackSettings);
  const [first] = resolved;
  for (const other of resolved.slice(1)) {
    const differs =
      other.management.organizationId !== first.management.organizationId ||
      other.management.apiUrl !== first.management.apiUrl ||
      other.observability?.apiUrl !== first.observability?.apiUrl ||
      other.observability?.clickstack?.serviceId !== first.observability?.clickstack?.serviceId;
    if (differs) {
      throw new UsageError(
        `stacks "${first.stack}" and "${other.stack}" use different organizations, API URLs or configured ` +
          "managed ClickStacks; run the command once per organization and setup, with the stacks that share it",
      );
    }
  }
  const { management, observability } = first;
  const warn = (line: string) => report(`warning: ${line}`);
  const configuredClickStackServiceId = observability?.clickstack?.serviceId;
  const clickStacks = [...new Set(clickStackServiceIds)]
    .filter((serviceId) => serviceId !== configuredClickStackServiceId)
    .map((serviceId) => clickStackScope(first.lookup, serviceId, warn));
  return {
    management: managementClient(management, {
      throttle: management.throttle,
      sharedBudget: management.sharedBudget,
      warn,
      wake: { report },
    }),
    organizationId: management.organizationId,
    tokenKey: management.tokenKey,
    observability:
      observability &&
      observabilityClient(observability, {
        throttle: observability.throttle,
        sharedBudget: observability.sharedBudget,
        warn,
      }),
    configuredClickStackServiceId,
    clickStacks,
    serviceIds,
  };
}

/** A client of `serviceId`'s managed ClickStack, through the management API's URL, key and organization. */
function clickStackScope(
  lookup: SettingsLookup,
  serviceId: string,
  warn: (line: string) => void,
): ClickStackScope {
  const settings = resolveObservabilitySettings(lookup, { clickstackServiceId: serviceId });
  return {
    serviceId,
    client: observabilityClient(settings, {
      throttle: settings.throttle,
      sharedBudget: settings.sharedBudget,
      warn,
    }),
  };
}

/**
 * A stack's settings under the names of either path: the dynamic classes' keys (`clickhouse:tokenKey`) where
 * set, else the native plugin's (`clickhouse-cloud:tokenKey`).
 */
function eitherPathSource(config: ConfigSource): { source: ConfigSource; native: boolean } {
  const native = pluginKeySource(config);
  return {
    source: { get: (key) => config.get(key) ?? native.get(key) },
    native: setsPluginKeys(config),
  };
}

function stackSettings(stack: StackData): StackSettings {
  const { source, native } = eitherPathSource(stack.config);
  try {
    const lookup = { source, env: process.env };
    const management = resolveManagementSettings(lookup);
    // Alerts are listed only where an observability API is set up at all (managed ClickStack included); a half-set
    // one is an error.
    const observabilitySet = [
      SETTINGS.observabilityApiUrl,
      SETTINGS.observabilityApiToken,
      SETTINGS.clickstackServiceId,
    ].some((spec) => isSet(lookup, spec));
    const observability = observabilitySet ? resolveObservabilitySettings(lookup) : undefined;
    return { stack: stack.name, lookup, management, observability };
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    // A stack of the native plugin is told the keys it sets.
    const told = native ? inPluginTerms(error) : error;
    throw new UsageError(
      `stack "${stack.name}": ${told.message.replace(/pulumi config set /g, `pulumi config set --stack ${stack.name} `)}`,
    );
  }
}
