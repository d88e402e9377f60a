import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { basicAuth, send } from "../../support/httpRequests";
import { forEachDialect, sharedEmulator } from "../../support/emulator";
import { repoRoot } from "../../support/programs";
import { type CliProject, yamlExampleProject } from "./support/cliProject";
import { pluginDir } from "../../support/nativeProject";

const version = (
  JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string }
).version;

/**
 * examples/native-yaml as a user runs it: Pulumi's YAML language host (built beside the CLI by
 * scripts/ensure-pulumi.sh), the plugin installed from its tarball into an empty Pulumi home, and `pulumi up`,
 * `preview`, an edit of the program, `up` again and `destroy`, checked in the emulator; the same program on both
 * wires.
 */
forEachDialect((dialect) =>
  describe(`native plugin: the YAML example, run by the YAML language host (${dialect} wire)`, function () {
    this.timeout(600_000);
    let emulator: RunningEmulator;
    let project: CliProject;

    before(async () => {
      emulator = await sharedEmulator(dialect);
      // The package declaration names the plugin's version, which is the one installed from the tarball.
      project = await yamlExampleProject(emulator.fixture, {}, (created) =>
        created.pulumi([
          "plugin",
          "install",
          "resource",
          "clickhouse-cloud",
          version,
          "--file",
          path.join(pluginDir, `pulumi-resource-clickhouse-cloud-v${version}.tar.gz`),
        ]),
      );
    });

    after(() => project?.dispose());

    async function alertThreshold(id: string): Promise<number | undefined> {
      const { fixture } = emulator;
      const response = await send(`${fixture.observabilityUrl}/api/v2/alerts/${id}`, "GET", {
        headers: { authorization: `Bearer ${fixture.observabilityToken}` },
      });
      if (response.status === 404) return undefined;
      expect(response.status).to.equal(200);
      return (response.body as { data: { threshold: number } }).data.threshold;
    }

    async function keyStatus(id: string): Promise<number> {
      const { fixture } = emulator;
      const url = `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/keys/${id}`;
      return (
        await send(url, "GET", {
          headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) },
        })
      ).status;
    }

    async function keyIdInState(): Promise<string> {
      const state = JSON.parse((await project.pulumi(["stack", "export"])).stdout) as {
        deployment: { resources: { type: string; id?: string }[] };
      };
      const key = state.deployment.resources.find(
        (resource) => resource.type === "clickhouse-cloud:index:ApiKey",
      );
      expect(key?.id, "the key's id in state").to.be.a("string");
      return key!.id!;
    }

    it("up creates the key, the alerts and what they watch; preview then sees no change; an edit updates; destroy deletes", async () => {
      const created = await project.pulumi(["up", "--yes", "--skip-preview"]);
      // The stack, the key, the source, the webhook, the saved search, the dashboard and three alerts.
      expect(created.stdout).to.include("+ 9 created");
      // No stand-in language host: the CLI would warn of one found on PATH.
      expect(created.stdout + created.stderr).to.not.include("pulumi-language-yaml from $PATH");
      const outputs = await project.outputs();
      const alertId = String(outputs.alertId);
      expect(await alertThreshold(alertId)).to.equal(5);
      expect(String(outputs.keySecret)).to.match(/\S/);
      expect(Object.keys(outputs.tileIds as object)).to.deep.equal(["Errors", "Requests"]);
      const keyId = await keyIdInState();
      expect(await keyStatus(keyId)).to.equal(200);

      await project.pulumi(["preview", "--expect-no-changes"]);

      project.editProgram("threshold: 5", "threshold: 7");
      const updated = await project.pulumi(["up", "--yes", "--skip-preview"]);
      expect(updated.stdout).to.include("~ 1 updated");
      expect(await alertThreshold(alertId)).to.equal(7);

      const destroyed = await project.pulumi(["destroy", "--yes", "--skip-preview"]);
      expect(destroyed.stdout).to.include("- 9 deleted");
      expect(await alertThreshold(alertId)).to.equal(undefined);
      expect(await keyStatus(keyId)).to.equal(404);
    });
  }),
);
