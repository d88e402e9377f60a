/**
 * The API clients for the stacks' organization, from the first stack's settings (its config, then the usual
 * environment variables, as the provider resolves them). The stacks must share one organization and API URLs:
 * an object is an orphan only relative to the stacks of its own organization.
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
import type { OrganizationAccess } from "./listingScope";
import type { ConfigSource } from "../settings/sources";
import type { StackData } from "./stackReader";
import { UsageError } from "./usageError";

interface StackSettings {
  readonly stack: string;
  readonly management: ManagementSettings;
  readonly observability?: ObservabilitySettings;
}

export function connect(
  stacks: readonly StackData[],
  serviceIds: readonly string[],
  report: (line: string) => void,
): OrganizationAccess {
  const resolved = stacks.map(stackSettings);
  const [first] = resolved;
  for (const other of resolved.slice(1)) {
    const differs =
      other.management.organizationId !== first.management.organizationId ||
      other.management.apiUrl !== first.management.apiUrl ||
      other.observability?.apiUrl !== first.observability?.apiUrl;
    if (differs) {
      throw new UsageError(
        `stacks "${first.stack}" and "${other.stack}" use different organizations or API URLs; ` +
          "run the command once per organization, with the stacks of that organization",
      );
    }
  }
  const { management, observability } = first;
  return {
    management: managementClient(management, {
      throttle: management.throttle,
      sharedBudget: management.sharedBudget,
      warn: (line) => report(`warning: ${line}`),
      wake: { report },
    }),
    organizationId: management.organizationId,
    tokenKey: management.tokenKey,
    observability:
      observability &&
      observabilityClient(observability, {
        throttle: observability.throttle,
        sharedBudget: observability.sharedBudget,
        warn: (line) => report(`warning: ${line}`),
      }),
    serviceIds,
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
    return { stack: stack.name, management, observability };
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    // A stack of the native plugin is told the keys it sets.
    const told = native ? inPluginTerms(error) : error;
    throw new UsageError(
      `stack "${stack.name}": ${told.message.replace(/pulumi config set /g, `pulumi config set --stack ${stack.name} `)}`,
    );
  }
}
