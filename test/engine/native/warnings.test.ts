import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { LocalStack } from "../../../scripts/lib/localStack";
import { dedicatedEmulator } from "../../support/emulator";
import { stackConfigFor } from "../../support/stackConfig";
import { nativeProjectDir, nativeStackConfig } from "../../support/nativeProject";

const endpointServiceName = "com.amazonaws.vpce.us-east-1.vpce-svc-0123456789";

/** The CLI's diagnostics section of the stack's last operation. */
function diagnostics(stack: LocalStack): string {
  const stdout = stack.logs.at(-1)?.stdout ?? "";
  const start = stdout.indexOf("Diagnostics:");
  return start < 0 ? "" : stdout.slice(start);
}

/**
 * Warnings reach the user through the native plugin as they do through the dynamic classes: the plugin's
 * stderr never reaches the CLI's output, so the plugin sends them to the engine, which shows them like any
 * provider's warnings.
 */
describe("native plugin: warnings appear in the CLI's output, as with the dynamic classes", function () {
  this.timeout(300_000);
  let emulator: RunningEmulator;
  let projectDir: string;
  let stack: LocalStack;

  before(async () => {
    emulator = await dedicatedEmulator();
    // The other side has not accepted the connection yet: create ends at once, with a warning.
    await emulator.control.updateSettings({ reversePrivateEndpointOutcome: "PendingAcceptance" });
    const { fixture } = emulator;
    projectDir = nativeProjectDir("chc-native-warnings");
    stack = await LocalStack.create({
      projectDir,
      programModule: path.join(__dirname, "programs", "either-way", "index.js"),
      config: {
        ...stackConfigFor(emulator),
        ...nativeStackConfig(fixture),
        "e2e:cases": {
          value: JSON.stringify([
            {
              name: "pending",
              kind: "ReversePrivateEndpoint",
              args: {
                serviceId: fixture.services.production,
                type: "VPC_ENDPOINT_SERVICE",
                vpcEndpointServiceName: endpointServiceName,
                description: "awaiting acceptance",
              },
            },
            {
              name: "p95",
              kind: "Series",
              args: {
                series: [{ sourceId: fixture.sources[0].id, aggFn: "p95", field: "Duration" }],
                startTime: 1_767_225_600_000,
                endTime: 1_767_229_200_000,
              },
            },
          ]),
        },
      },
    });
  });

  after(async () => {
    await stack?.dispose();
    await emulator?.close();
    fs.rmSync(projectDir, { recursive: true, force: true });
  });

  for (const served of ["dynamic", "native"] as const) {
    it(`${served}: up shows getSeries' deprecation and the endpoint's PendingAcceptance warning`, async () => {
      await stack.stack.setConfig("e2e:served", { value: served });
      const outputs = await stack.up();
      const endpointId = String((outputs.ids.value as Record<string, string>).pending);
      const shown = diagnostics(stack);
      expect(shown).to.include(
        'warning: series[0].aggFn "p95" is deprecated: the observability API has no such function; ' +
          'it is sent as aggFn "quantile" with level 0.95',
      );
      expect(shown).to.include(
        `warning: reverse private endpoint ${endpointId} is PendingAcceptance: the owner of VPC endpoint ` +
          `service ${endpointServiceName} must accept the connection request`,
      );
      await stack.destroy();
    });
  }
});
