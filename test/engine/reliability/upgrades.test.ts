import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { ConfigMap } from "@pulumi/pulumi/automation";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { LocalStack } from "../../../scripts/lib/localStack";
import { directApi, managementResult, type DirectApi } from "./support/directApi";
import {
  dedicatedEmulator,
  requestStats,
  stackConfigFor,
  takeRequests,
} from "../../support/reliability/emulators";
import { objectCount, remoteInventory, without, type Inventory } from "./support/inventory";
import { logText } from "./support/leaks";
import { copyProgram, installPackedPackage, packCurrentPackage } from "./support/packedPackage";
import { reportCase } from "../../support/reliability/report";

/** What the changed runtime prints for every provider call it serves: proof that the new code ran. */
const upgradeMarker = "[upgrade] runtime 0.1.1-changed serving";

/**
 * A new release of the package: a changed runtime (it reports each call) and a new version number. The package's
 * `runtime` export, which every state's provider module requires, points at a new file that wraps the old runtime.
 */
function changePackageCode(installed: string): void {
  const manifestPath = path.join(installed, "package.json");
  const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as {
    version: string;
    exports: Record<string, { default: string }>;
  };
  const runtimeExport = manifest.exports["./runtime"];
  const released = path.join(installed, runtimeExport.default);
  expect(fs.existsSync(released), released).to.equal(true);
  const changed = path.join(path.dirname(released), "changed.js");
  fs.writeFileSync(
    changed,
    `const runtime = require(${JSON.stringify(released)});\n` +
      `module.exports = function (kind, ...rest) {\n` +
      `  console.error(${JSON.stringify(upgradeMarker)} + " " + kind);\n` +
      `  return runtime(kind, ...rest);\n` +
      `};\n`,
  );
  runtimeExport.default = `./${path.relative(installed, changed).split(path.sep).join("/")}`;
  fs.writeFileSync(manifestPath, JSON.stringify({ ...manifest, version: "0.1.1-changed" }, null, 2));
}

describe("upgrades: a stack outlives a change of the package's code and a move of its state", function () {
  this.timeout(300_000);
  const workRoot = fs.mkdtempSync(path.join(os.tmpdir(), "chc-upgrade-"));
  const projectDir = path.join(workRoot, "project");
  let emulator: RunningEmulator;
  let api: DirectApi;
  let baseline: Inventory;
  let installed: string;
  let config: ConfigMap;

  before(async () => {
    emulator = await dedicatedEmulator();
    api = directApi(emulator.fixture);
    baseline = await remoteInventory(api);
    installed = installPackedPackage(packCurrentPackage(workRoot), projectDir);
    copyProgram("upgrade", projectDir);
    const { fixture } = emulator;
    config = {
      ...stackConfigFor(emulator),
      "e2e:serviceId": { value: fixture.services.production },
      "e2e:savedSearchId": { value: fixture.savedSearches[0].id },
      "e2e:webhookId": { value: fixture.webhooks[0].id },
      "e2e:keyName": { value: "before-upgrade" },
    };
  });

  after(async () => {
    await emulator?.close();
    fs.rmSync(workRoot, { recursive: true, force: true });
  });

  function stackIn(backendDir: string): Promise<LocalStack> {
    return LocalStack.create({
      projectDir,
      programModule: path.join(projectDir, "index.js"),
      config,
      backendDir,
      stackName: "upgrade",
    });
  }

  it("refresh, preview, update and destroy work after the code changed, also from a moved state", async () => {
    const first = await stackIn(path.join(workRoot, "state"));
    const outputs = await first.up();
    const keyId = String(outputs.keyId.value);
    expect(logText(first.logs)).not.to.contain(upgradeMarker);

    changePackageCode(installed);
    // On a failure, the engine's output of the command says which resources it found changed or gone, and why.
    expect(await first.refresh(), logText(first.logs.slice(-1))).to.deep.equal({ same: 4 });
    expect(logText(first.logs.slice(-1))).to.contain(`${upgradeMarker} ApiKey`);
    expect(await first.preview(), logText(first.logs.slice(-1))).to.deep.equal({ same: 4 });
    config["e2e:keyName"] = { value: "after-upgrade" };
    await first.stack.setAllConfig(config);
    await first.up();
    const key = managementResult<{ name: string }>(await api.management.get(`${api.orgPath}/keys/${keyId}`));
    expect(key.name).to.equal("after-upgrade");
    expect(first.logs.at(-1)?.stdout).to.match(/ApiKey key updated/);

    // The state moves to another directory (another disk, another runner): nothing refers to the old one.
    const movedBackend = path.join(workRoot, "moved", "state");
    fs.mkdirSync(path.dirname(movedBackend));
    fs.renameSync(first.backendDir, movedBackend);
    const moved = await stackIn(movedBackend);
    expect(await moved.preview(), logText(moved.logs.slice(-1))).to.deep.equal({ same: 4 });
    expect(await moved.refresh(), logText(moved.logs.slice(-1))).to.deep.equal({ same: 4 });
    await moved.destroy();
    expect(logText(moved.logs)).to.contain(upgradeMarker);
    expect(await moved.resources()).to.deep.equal([]);
    const stats = requestStats(await takeRequests(emulator));
    const left = without(await remoteInventory(api), baseline);
    expect(objectCount(left)).to.equal(0);
    await moved.dispose();
    reportCase({
      case: "upgrade: packed package, code changed, state moved",
      injected: "runtime export pointed at a changed runtime + version bump; backend dir renamed",
      result: "refresh/preview same, update ok, destroy ok",
      requests: stats.requests,
      tooManyRequests: stats.tooManyRequests,
      faults: stats.faults,
      objectsLeft: objectCount(left),
    });
  });
});
