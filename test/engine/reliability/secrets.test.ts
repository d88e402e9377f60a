import * as path from "node:path";
import type { ConfigMap } from "@pulumi/pulumi/automation";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { LocalStack } from "../../../scripts/lib/localStack";
import { dedicatedEmulator, stackConfigFor, takeRequests } from "../../support/reliability/emulators";
import { credentialForms, expectNoSecret, filesBelow, logText } from "./support/leaks";
import { quickstartStack } from "./support/quickstart";
import { reportCase } from "../../support/reliability/report";
import { testProgram } from "../../support/programs";

const { projectDir: badInputProject, programModule: badInputProgram } = testProgram(
  "reliability",
  "bad-input",
);
/** Marks a value Pulumi encrypted in an exported state. */
const secretSignature = "4dabf18193072939515e22adb298388d";

describe("secrets and auth", function () {
  this.timeout(240_000);
  let emulator: RunningEmulator;

  before(async () => {
    emulator = await dedicatedEmulator();
  });

  after(async () => {
    await emulator?.close();
  });

  it("the key secret and the credentials appear nowhere: state, backend files, engine output", async () => {
    const { fixture } = emulator;
    const stack = await quickstartStack(emulator);
    try {
      const outputs = await stack.up();
      const keyId = String(outputs.apiKeyId.value);
      const keySecret = String(outputs.apiKeySecret.value);
      expect(outputs.apiKeySecret.secret).to.equal(true);
      const [tokenSecret, basicAuth] = credentialForms(fixture.tokenKey, fixture.tokenSecret);
      const [, keyBasicAuth] = credentialForms(keyId, keySecret);
      const secrets = {
        keySecret,
        "the key's Basic authorization": keyBasicAuth,
        "clickhouse:tokenSecret": tokenSecret,
        "the management Basic authorization": basicAuth,
        "observability:apiToken": fixture.observabilityToken,
      };

      const state = JSON.stringify(await stack.exportState());
      expectNoSecret(state, secrets, "the exported state");
      const key = (await stack.resources()).find((resource) => resource.type.endsWith(":ApiKey"));
      expect(JSON.stringify(key?.outputs?.keySecret)).to.contain(secretSignature);

      expect(await stack.preview()).to.deep.equal({ same: 6 });
      expect(await stack.refresh()).to.deep.equal({ same: 6 });
      const configFile = path.join(stack.stack.workspace.workDir, `Pulumi.${stack.stack.name}.yaml`);
      const files = [...filesBelow(stack.backendDir), ...filesBelow(path.dirname(configFile))];
      await stack.destroy();
      files.push(...filesBelow(stack.backendDir));
      // The places searched do hold the stack: its state (with the key) and the engine's report of each step.
      expect(files.some(({ file, text }) => file.endsWith(".json") && text.includes(keyId))).to.equal(true);
      expect(logText(stack.logs)).to.contain("ci-key");
      for (const { file, text } of files) expectNoSecret(text, secrets, file);
      expect(stack.logs).to.have.length(4);
      expectNoSecret(logText(stack.logs), secrets, "the output of up, preview, refresh and destroy");
      reportCase({
        case: "secrets: quickstart up/preview/refresh/destroy",
        injected: "search for 5 secret forms",
        result: `absent from state, ${files.length} files, 4 outputs`,
        objectsLeft: 0,
      });
    } finally {
      await stack.dispose();
    }
  });

  describe("credentials and URLs that must not be used", () => {
    let stack: LocalStack;
    const wrongSecret = "wrong-secret-0123456789abcdef";
    const wrongToken = "wrong-token-0123456789abcdef";

    before(async () => {
      stack = await LocalStack.create({
        projectDir: badInputProject,
        programModule: badInputProgram,
        config: stackConfigFor(emulator),
      });
    });

    after(async () => {
      await stack?.dispose();
    });

    const scaling = () => ({
      kind: "ReplicaScaling",
      args: { serviceId: emulator.fixture.services.production, numReplicas: 3 },
    });
    const series = () => ({
      kind: "Series",
      args: {
        series: [{ sourceId: emulator.fixture.sources[0].id, aggFn: "count" }],
        startTime: 1_767_225_600_000,
        endTime: 1_767_229_200_000,
      },
    });
    const alert = () => {
      const dashboard = emulator.fixture.dashboards[0];
      return {
        kind: "Alert",
        args: {
          threshold: 1,
          interval: "5m",
          source: "tile",
          thresholdType: "above",
          channel: { type: "webhook", webhookId: emulator.fixture.webhooks[0].id },
          dashboardId: dashboard.id,
          tileId: dashboard.tileIds[0],
        },
      };
    };

    /** Runs `up` of one case with some settings replaced (undefined removes one); returns its error and duration. */
    async function failedUp(testCase: object, settings: Record<string, string | undefined>) {
      const config: ConfigMap = {
        ...stackConfigFor(emulator),
        "e2e:case": { value: JSON.stringify(testCase) },
      };
      for (const [key, value] of Object.entries(settings)) {
        if (value === undefined) delete config[key];
        else config[key] = { value, secret: key.endsWith("Secret") || key.endsWith("Token") };
      }
      await stack.stack.removeAllConfig(Object.keys(settings));
      await stack.stack.setAllConfig(config);
      await emulator.control.clearRequests();
      const started = Date.now();
      const error = await stack.up().then(
        () => expect.fail("up succeeded"),
        (e: Error) => e,
      );
      const seconds = (Date.now() - started) / 1000;
      const statuses = (await takeRequests(emulator)).map((entry) => entry.status);
      return { message: error.message, seconds, statuses };
    }

    it("wrong or missing credentials: the error names the settings to fix and quotes no secret", async () => {
      const { fixture } = emulator;
      const secrets = {
        "the wrong secret": wrongSecret,
        "the wrong token": wrongToken,
        "clickhouse:tokenSecret": fixture.tokenSecret,
        "observability:apiToken": fixture.observabilityToken,
      };
      const management = await failedUp(scaling(), { "clickhouse:tokenSecret": wrongSecret });
      expect(management.message)
        .to.contain("rejected the credentials")
        .and.contain("clickhouse:tokenKey")
        .and.contain("clickhouse:tokenSecret");
      const observability = await failedUp(alert(), { "observability:apiToken": wrongToken });
      expect(observability.message)
        .to.contain("rejected the credentials")
        .and.contain("observability:apiToken");
      const query = await failedUp(series(), { "observability:apiToken": wrongToken });
      expect(query.message).to.contain("rejected the credentials").and.contain("observability:apiToken");
      const missing = await failedUp(scaling(), { "clickhouse:tokenSecret": undefined });
      expect(missing.message)
        .to.contain("configuration for the management API is incomplete")
        .and.contain("clickhouse:tokenSecret (or env CLICKHOUSE_TOKEN_SECRET)");
      for (const failure of [management, observability, query]) expect(failure.statuses).to.deep.equal([401]);
      expect(missing.statuses).to.deep.equal([]);

      const errors = [management, observability, query, missing].map((failure) => failure.message).join("\n");
      expectNoSecret(errors, secrets, "the errors");
      expectNoSecret(logText(stack.logs), secrets, "the output of the failed operations");
      reportCase({
        case: "auth: wrong or missing credentials",
        injected: "wrong tokenSecret, wrong apiToken (resource and getSeries), no tokenSecret",
        result: "errors name the config keys; no secret quoted",
        objectsLeft: 0,
      });
    });

    it("http:// to a host that is not loopback is refused before any connection", async () => {
      const refusal = /uses plain http:\/\/ to 192\.0\.2\.1, which would send credentials unencrypted/;
      const management = await failedUp(scaling(), { "clickhouse:apiUrl": "http://192.0.2.1" });
      const observability = await failedUp(series(), { "observability:apiUrl": "http://192.0.2.1" });
      for (const failure of [management, observability]) {
        expect(failure.message).to.match(refusal);
        // No connection was tried: no network error, and far quicker than the 30 s connect timeout.
        expect(failure.message).not.to.match(/ECONN|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|could not complete/);
        expect(failure.seconds).to.be.below(20);
        expect(failure.statuses).to.deep.equal([]);
      }
      expect(management.message).to.contain("clickhouse:apiUrl");
      expect(observability.message).to.contain("observability:apiUrl");
      reportCase({
        case: "auth: http:// to 192.0.2.1",
        injected: "clickhouse:apiUrl and observability:apiUrl",
        result: `refused before connecting (${management.seconds.toFixed(1)} s, ${observability.seconds.toFixed(1)} s)`,
        requests: 0,
        objectsLeft: 0,
      });
    });
  });
});
