/**
 * A refresh of many objects through the real engine, which sends its reads in parallel: the provider answers them
 * with one list per collection, as the emulator's request log shows, and the refresh finds nothing changed. Then an
 * `up --refresh` after one alert was changed outside Pulumi: the same lists, and the one PUT that puts it back. Both
 * front ends: our dynamic classes and the native plugin.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import axios from "axios";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { LocalStack } from "../../../scripts/lib/localStack";
import { dedicatedEmulator } from "../../support/emulator";
import { stackConfigFor } from "../../support/stackConfig";
import { repoRoot, testProgram } from "../../support/programs";
import { nativeProjectDir, nativeStackConfig } from "../../support/nativeProject";

const alertCount = 30;
const keyCount = 10;

interface RemoteAlert {
  id: string;
  threshold: number;
  [field: string]: unknown;
}

/** The program and its provider's settings, through our dynamic classes or the native plugin. */
const frontEnds = {
  dynamic: {
    program: () => testProgram("e2e", "refresh-at-scale"),
    providerConfig: (emulator: RunningEmulator) => stackConfigFor(emulator),
  },
  native: {
    program: () => ({
      projectDir: nativeProjectDir("chc-native-refresh-at-scale"),
      programModule: path.join(
        repoRoot,
        "dist",
        "test",
        "engine",
        "native",
        "programs",
        "refresh-at-scale",
        "index.js",
      ),
    }),
    providerConfig: (emulator: RunningEmulator) => nativeStackConfig(emulator.fixture),
  },
};

for (const [frontEnd, { program, providerConfig }] of Object.entries(frontEnds)) {
  describe(`refresh at scale: ${alertCount} alerts and ${keyCount} API keys through the real engine (${frontEnd})`, function () {
    this.timeout(300_000);
    let emulator: RunningEmulator;
    let stack: LocalStack;
    let projectDir = "";
    let alertIds: string[] = [];

    before(async () => {
      emulator = await dedicatedEmulator({ provisioningDelayMs: 0 });
      const { fixture } = emulator;
      const dashboard = fixture.dashboards[0]!;
      const paths = program();
      projectDir = paths.projectDir;
      stack = await LocalStack.create({
        ...paths,
        config: {
          ...providerConfig(emulator),
          "e2e:targets": {
            value: JSON.stringify({
              dashboardId: dashboard.id,
              tileId: dashboard.tileIds[0],
              webhookId: fixture.webhooks[0]!.id,
            }),
          },
          "e2e:alertCount": { value: String(alertCount) },
          "e2e:keyCount": { value: String(keyCount) },
        },
      });
      const outputs = await stack.up();
      alertIds = outputs.alertIds.value as string[];
    });

    after(async () => {
      await stack?.destroy().catch(() => undefined);
      await stack?.dispose();
      await emulator?.close();
      if (frontEnd === "native") fs.rmSync(projectDir, { recursive: true, force: true });
    });

    /**
     * The API requests since the last clear, by route ("GET /api/v2/alerts": 1). A read that reaches the provider
     * with no other read within its 10 ms window is sent alone, by design; an engine starved of CPU (the CI machine
     * under load) can space its first read of a collection that far from the rest. So at most one single GET per
     * collection is counted with its list: the list must still be one, and no more than one read may go alone.
     */
    async function requestsByRoute(): Promise<Record<string, number>> {
      const counts: Record<string, number> = {};
      const singleReads = ["GET /api/v2/alerts/:id", "GET /v1/organizations/:organizationId/keys/:keyId"];
      for (const entry of await emulator.control.requests()) {
        if (entry.path.startsWith("/__emulator")) continue;
        const route = entry.route ?? `${entry.method} ${entry.path}`;
        counts[route] = (counts[route] ?? 0) + 1;
      }
      for (const route of singleReads) {
        if (counts[route] === undefined) continue;
        expect(counts[route], `${route}: reads sent alone`).to.be.at.most(1);
        delete counts[route];
      }
      return counts;
    }

    const observability = () =>
      axios.create({
        baseURL: emulator.fixture.observabilityUrl,
        headers: { Authorization: `Bearer ${emulator.fixture.observabilityToken}` },
      });

    it("refresh reads every alert and key from one list of each and finds nothing changed", async () => {
      await emulator.control.clearRequests();
      const changes = await stack.refresh();
      expect(changes).to.deep.equal({ same: alertCount + keyCount + 1 });
      expect(await requestsByRoute()).to.deep.equal({
        "GET /api/v2/alerts": 1,
        "GET /v1/organizations/:organizationId/keys": 1,
      });
    });

    it("up --refresh after one alert changed outside Pulumi: the same lists, and one PUT puts it back", async () => {
      const changedId = alertIds[3]!;
      const api = observability();
      const { data } = await api.get<{ data: RemoteAlert }>(`/api/v2/alerts/${changedId}`);
      const { name, interval, source, thresholdType, channel, tileId, dashboard } = data.data;
      const replaced = { name, interval, source, thresholdType, channel, tileId, dashboardId: dashboard };
      await api.put(`/api/v2/alerts/${changedId}`, { ...replaced, threshold: 9999 });
      await emulator.control.clearRequests();

      const result = await stack.stack.up({ refresh: true, color: "never" });
      expect(result.summary.resourceChanges).to.deep.equal({ update: 1, same: alertCount + keyCount });
      expect(await requestsByRoute()).to.deep.equal({
        "GET /api/v2/alerts": 1,
        "GET /v1/organizations/:organizationId/keys": 1,
        "PUT /api/v2/alerts/:id": 1,
      });
      const { data: after } = await api.get<{ data: RemoteAlert }>(`/api/v2/alerts/${changedId}`);
      expect(after.data.threshold).to.equal(103);
    });
  });
}
