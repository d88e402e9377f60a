import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { ConfigMap } from "@pulumi/pulumi/automation";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { LocalStack } from "../../../scripts/lib/localStack";
import { directApi, type DirectApi } from "./support/directApi";
import { dedicatedEmulator, stackConfigFor } from "../../support/reliability/emulators";
import { objectCount, remoteInventory, stateInventory, without, type Inventory } from "./support/inventory";
import { copyProgram, installPackedPackage, packCurrentPackage } from "./support/packedPackage";
import { repoRoot } from "../../support/programs";
import { plainStackExport } from "../../support/stackExport";

/** The last release before resources were generated from definitions, as `npm pack` made it. */
const previousRelease = path.join(repoRoot, "test", "fixtures", "pulumi-clickhouse-cloud-0.1.0.tgz");
const ownKeySecret = "previous-release-secret-4f1d9a";

describe("a stack deployed with the previous release keeps working with this one", function () {
  this.timeout(300_000);
  const workRoot = fs.mkdtempSync(path.join(os.tmpdir(), "chc-previous-release-"));
  const projectDir = path.join(workRoot, "project");
  let emulator: RunningEmulator;
  let api: DirectApi;
  let baseline: Inventory;
  let config: ConfigMap;

  before(async () => {
    emulator = await dedicatedEmulator();
    api = directApi(emulator.fixture);
    baseline = await remoteInventory(api);
    const previous = installPackedPackage(previousRelease, projectDir);
    expect(fs.existsSync(path.join(previous, "dist", "provider", "resources", "definitions.js"))).to.equal(
      false,
    );
    copyProgram("previous-release", projectDir);
    const { fixture } = emulator;
    config = {
      ...stackConfigFor(emulator),
      "e2e:serviceId": { value: fixture.services.production },
      "e2e:savedSearchId": { value: fixture.savedSearches[0].id },
      "e2e:webhookId": { value: fixture.webhooks[0].id },
      "e2e:keyName": { value: "made by 0.1.0" },
      "e2e:keySecret": { value: ownKeySecret, secret: true },
    };
  });

  after(async () => {
    await emulator?.close();
    fs.rmSync(workRoot, { recursive: true, force: true });
  });

  it("refreshes and previews with no change, updates in place, keeps secrets encrypted, and destroys", async () => {
    const stack = await LocalStack.create({
      projectDir,
      programModule: path.join(projectDir, "index.js"),
      config,
      backendDir: path.join(workRoot, "state"),
      stackName: "previous-release",
    });
    const installedVersion = JSON.parse(
      fs.readFileSync(
        path.join(projectDir, "node_modules", "pulumi-clickhouse-cloud", "package.json"),
        "utf8",
      ),
    ) as { version: string };
    expect(installedVersion.version).to.equal("0.1.0");
    const outputs = await stack.up();
    const deployed = without(await remoteInventory(api), baseline);
    expect(objectCount(deployed)).to.equal(5);

    const current = installPackedPackage(packCurrentPackage(workRoot), projectDir);
    // This release serves resources from their registry; the previous one had no such module.
    expect(fs.existsSync(path.join(current, "dist", "provider", "resources", "registry.js"))).to.equal(true);
    // The stack and six resources of five kinds (two keys), each read through the new code: nothing differs.
    expect(await stack.refresh()).to.deep.equal({ same: 7 });
    expect(await stack.preview()).to.deep.equal({ same: 7 });

    config["e2e:keyName"] = { value: "renamed by the current release" };
    await stack.stack.setAllConfig(config);
    expect(await stack.preview()).to.deep.equal({ same: 6, update: 1 });
    await stack.up();
    const after = without(await remoteInventory(api), baseline);
    expect(after.keys).to.include(`${String(outputs.issuedKeyId.value)} renamed by the current release`);
    expect(objectCount(after)).to.equal(5);
    expect(stateInventory(await stack.resources())).to.deep.equal(after);
    expect(await plainStackExport(stack)).not.to.contain(ownKeySecret);

    await stack.destroy();
    expect(objectCount(without(await remoteInventory(api), baseline))).to.equal(0);
    await stack.dispose();
  });
});
