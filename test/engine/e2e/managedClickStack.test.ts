/**
 * Alerting on the managed ClickStack of a service the same program makes, through the real engine on the production
 * wire and both front ends: a Service, and a Source, a Webhook, a SavedSearch and an Alert that name it by
 * `clickstackServiceId: service.id`, on a stack with the management API's settings only (no observability URL or
 * token, no `observability:clickstackServiceId`). Up makes every object under that service's ClickStack routes, a
 * preview then shows no change, a refresh finds none, moving the webhook to another service's ClickStack would
 * replace it, and destroy deletes everything.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { ConfigMap } from "@pulumi/pulumi/automation";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { LocalStack } from "../../../scripts/lib/localStack";
import { dedicatedEmulator } from "../../support/emulator";
import { basicAuth, send } from "../../support/httpRequests";
import { nativeProjectDir, nativeProjectYaml } from "../../support/nativeProject";
import { CliProject } from "../native/support/cliProject";
import { testProgram } from "../../support/programs";

const program = testProgram("e2e", "managed-clickstack");
const frontEnds = ["dynamic", "native"] as const;

/** The management API's settings of an emulator on the production wire, in the front end's namespace. */
function managementOnly(emulator: RunningEmulator, native: boolean): ConfigMap {
  const { fixture } = emulator;
  const key = (name: string) => (native ? `clickhouse-cloud:${name}` : `clickhouse:${name}`);
  return {
    [key("apiUrl")]: { value: fixture.managementUrl },
    [key("organizationId")]: { value: fixture.organizationId },
    [key("tokenKey")]: { value: fixture.tokenKey },
    [key("tokenSecret")]: { value: fixture.tokenSecret, secret: true },
    [key("throttle")]: { value: "off" },
    [key("apiDialect")]: { value: "production" },
  };
}

/** None of the observability settings reaches the providers from the environment either. */
const noObservabilityEnvironment = {
  OBSERVABILITY_API_URL: "",
  OBSERVABILITY_API_TOKEN: "",
  OBSERVABILITY_API_DIALECT: "",
  CLICKSTACK_SERVICE_ID: "",
};

for (const frontEnd of frontEnds) {
  describe(`alerting on the managed ClickStack of a service the program makes (${frontEnd} front end, production wire)`, function () {
    this.timeout(300_000);
    let emulator: RunningEmulator;
    let stack: LocalStack;
    let projectDir: string | undefined;
    let serviceId = "";
    let ids: Record<string, string> = {};
    const prefix = `e2e-managed-${frontEnd}-${process.pid}-${Date.now().toString(36)}`;

    /** What the Cloud API answers for a path under the service's ClickStack, with the Cloud key. */
    async function onTheService(suffix: string) {
      const { fixture } = emulator;
      const url = `${emulator.url}/v1/organizations/${fixture.organizationId}/services/${serviceId}/clickstack${suffix}`;
      return send(url, "GET", {
        headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) },
      });
    }

    /** The paths of the observability requests the emulator served: ClickStack's routes or the HyperDX API's. */
    async function observabilityPaths(): Promise<string[]> {
      return (await emulator.control.requests())
        .map((entry) => entry.path)
        .filter((path) => path.includes("/clickstack/") || path.startsWith("/api/v2/"));
    }

    before(async () => {
      emulator = await dedicatedEmulator({ dialect: "production" });
      const native = frontEnd === "native";
      projectDir = native ? nativeProjectDir("chc-managed-clickstack") : undefined;
      stack = await LocalStack.create({
        projectDir: projectDir ?? program.projectDir,
        programModule: program.programModule,
        env: noObservabilityEnvironment,
        config: {
          ...managementOnly(emulator, native),
          "e2e:prefix": { value: prefix },
          "e2e:frontEnd": { value: frontEnd },
          "e2e:connectionId": { value: emulator.fixture.connections[0]?.id as string },
        },
      });
    });

    after(async () => {
      await stack?.dispose();
      if (projectDir !== undefined) fs.rmSync(projectDir, { recursive: true, force: true });
      await emulator?.close();
    });

    it("up makes the service, and every object on its managed ClickStack, each recording the service", async () => {
      const outputs = await stack.up();
      serviceId = String(outputs.serviceId?.value);
      ids = outputs.ids?.value as Record<string, string>;
      const { fixture } = emulator;
      expect(Object.values(fixture.services)).to.not.include(serviceId);
      expect(outputs.recordedServices?.value).to.deep.equal({
        source: serviceId,
        webhook: serviceId,
        search: serviceId,
        alert: serviceId,
      });

      const alert = await onTheService(`/alerts/${ids.alertId}`);
      expect(alert.status).to.equal(200);
      expect(alert.body.result).to.include({ name: `${prefix} on search`, threshold: 1 });
      expect(alert.body.result.channel?.webhookId).to.equal(ids.webhookId);
      const search = await onTheService(`/saved-searches/${ids.searchId}`);
      expect(search.body.result).to.include({ name: `${prefix} errors`, sourceId: ids.sourceId });
      const source = await onTheService(`/sources/${ids.sourceId}`);
      expect(source.body.result).to.include({ name: `${prefix} logs`, kind: "log" });
      const webhooks = (await onTheService("/webhooks")).body.result as Array<{ id: string; name: string }>;
      expect(webhooks.find((webhook) => webhook.id === ids.webhookId)?.name).to.equal(`${prefix} pager`);

      const paths = await observabilityPaths();
      expect(paths.length, "the provider's ClickStack requests").to.be.greaterThan(4);
      const elsewhere = paths.filter((path) => !path.includes(`/services/${serviceId}/clickstack/`));
      expect(elsewhere, "requests anywhere but the service's ClickStack").to.deep.equal([]);
    });

    it("a preview after up shows no change, and neither does a refresh", async () => {
      expect(await stack.preview()).to.deep.equal({ same: 6 });
      const refreshed = await stack.refresh();
      const { same: _same, ...changes } = refreshed;
      expect(changes, JSON.stringify(refreshed)).to.deep.equal({});
      expect(await stack.preview()).to.deep.equal({ same: 6 });
    });

    if (frontEnd === "native") {
      it("pulumi import takes <serviceId>/<objectId>, reads the object on that service's ClickStack and writes the service into the program", async () => {
        // A YAML project of its own, as a user adopts objects with the CLI; the objects stay the first stack's.
        const project = CliProject.create(nativeProjectYaml("chc-managed-clickstack-import", "yaml"));
        try {
          await project.initStack("dev", managementOnly(emulator, true));
          await emulator.control.clearRequests();
          const importId = `${serviceId}/${ids.alertId}`;
          const imported = await project.pulumi([
            ...["import", "clickhouse-cloud:index:Alert", "onSearch", importId],
            ...["--yes", "--protect=false", "--out", "imported.yaml"],
          ]);
          expect(imported.stdout).to.match(/= 1 imported/);
          const program = fs.readFileSync(path.join(project.dir, "imported.yaml"), "utf8");
          expect(program).to.include(`clickstackServiceId: ${serviceId}`);
          expect(program).to.include(`savedSearchId: ${ids.searchId}`);
          const paths = await observabilityPaths();
          expect(paths).to.include(
            `/v1/organizations/${emulator.fixture.organizationId}/services/${serviceId}/clickstack/alerts/${ids.alertId}`,
          );
          expect(paths.filter((path) => !path.includes(`/services/${serviceId}/clickstack/`))).to.deep.equal(
            [],
          );

          // The program as written matches the object: nothing to change.
          fs.appendFileSync(path.join(project.dir, "Pulumi.yaml"), program);
          const preview = await project.pulumi(["preview", "--expect-no-changes"]);
          expect(preview.stdout).to.match(/2 unchanged/);
        } finally {
          project.dispose();
        }
      });
    }

    it("naming another service for the webhook would replace it", async () => {
      await stack.stack.setConfig("e2e:webhookServiceId", { value: emulator.fixture.services.secondary });
      const summary = await stack.preview();
      // The alert names the new webhook's id, which a preview does not know yet: an update.
      expect(summary).to.deep.equal({ same: 4, replace: 1, update: 1 });
      await stack.stack.removeConfig("e2e:webhookServiceId");
      expect(await stack.preview()).to.deep.equal({ same: 6 });
    });

    it("destroy deletes every object on the service's ClickStack, then the service", async () => {
      await emulator.control.clearRequests();
      await stack.destroy();
      const deletes = (await emulator.control.requests())
        .filter((entry) => entry.method === "DELETE" && entry.path.includes("/clickstack/"))
        .map((entry) => entry.path);
      expect(deletes).to.have.length(4);
      expect(deletes.filter((path) => !path.includes(`/services/${serviceId}/clickstack/`))).to.deep.equal(
        [],
      );
      const services = await send(
        `${emulator.url}/v1/organizations/${emulator.fixture.organizationId}/services/${serviceId}`,
        "GET",
        { headers: { authorization: basicAuth(emulator.fixture.tokenKey, emulator.fixture.tokenSecret) } },
      );
      expect(services.status).to.equal(404);
      // The emulator keeps one store of observability objects, which HyperDX's routes show once the service is gone.
      const viaHyperDx = (path: string) =>
        send(`${emulator.url}/api/v2${path}`, "GET", {
          headers: { authorization: `Bearer ${emulator.fixture.observabilityToken}` },
        });
      for (const path of [
        `/alerts/${ids.alertId}`,
        `/saved-searches/${ids.searchId}`,
        `/sources/${ids.sourceId}`,
      ]) {
        expect((await viaHyperDx(path)).status, path).to.equal(404);
      }
      const webhooks = (await viaHyperDx("/webhooks")).body.data as Array<{ id: string }>;
      expect(webhooks.map((webhook) => webhook.id)).to.not.include(ids.webhookId);
    });
  });
}

describe("an object on a named service's managed ClickStack, on a stack without the management API's settings", function () {
  this.timeout(180_000);
  let emulator: RunningEmulator;
  let stack: LocalStack;
  const oneKind = testProgram("e2e", "one-kind");

  before(async () => {
    emulator = await dedicatedEmulator({ dialect: "production" });
    const { fixture } = emulator;
    stack = await LocalStack.create({
      projectDir: oneKind.projectDir,
      programModule: oneKind.programModule,
      // Empty values count as unset, whatever the test process's own environment holds.
      env: {
        CLICKHOUSE_ORG_ID: "",
        CLICKHOUSE_TOKEN_KEY: "",
        CLICKHOUSE_TOKEN_SECRET: "",
        CLICKSTACK_SERVICE_ID: "",
      },
      config: {
        // The observability API's settings are complete: the object does not use them.
        "observability:apiUrl": { value: fixture.observabilityUrl },
        "observability:apiToken": { value: fixture.observabilityToken, secret: true },
        "clickhouse:apiUrl": { value: fixture.managementUrl },
        "e2e:kind": { value: "Webhook" },
        "e2e:frontEnd": { value: "dynamic" },
        "e2e:outputNames": { value: JSON.stringify(["clickstackServiceId"]) },
        "e2e:inputs": {
          value: JSON.stringify({
            name: "needs the management key",
            service: "generic",
            url: "https://hooks.example.com/x",
            clickstackServiceId: fixture.services.production,
          }),
        },
      },
    });
  });
  after(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("a preview warns of the management API's missing keys before any request, and up fails naming them", async () => {
    expect(await stack.preview()).to.deep.equal({ create: 2 });
    const log = stack.logs[stack.logs.length - 1];
    const output = `${log.stdout}\n${log.stderr}`;
    expect(output).to.include(
      "warning: the settings of the management API (through which managed ClickStack is reached) are incomplete",
    );
    for (const key of ["clickhouse:organizationId", "clickhouse:tokenKey", "clickhouse:tokenSecret"]) {
      expect(output).to.include(`${key} (or env`);
    }
    expect(output).to.not.include("observability:apiToken (or env");
    expect(await emulator.control.requests()).to.deep.equal([]);

    const failure = await stack.up().then(
      () => expect.fail("up should fail without the management key"),
      (error: Error) => error.message,
    );
    expect(failure).to.include(
      "configuration for the management API (through which managed ClickStack is reached) is incomplete",
    );
    expect(await emulator.control.requests()).to.deep.equal([]);
  });
});
