/** The emulator's printed next step that configures the stack: `--plugin` for a project of the provider plugin. */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import { configureStep } from "../../../emulator/cli/serve";
import { pluginUseIn } from "../../../emulator/cli/pluginProject";

describe("emulator: the next step that configures the stack", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-configure-step-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("adds --plugin, and says why, in a directory whose project uses the plugin", async () => {
    fs.writeFileSync(path.join(dir, "requirements.txt"), "pulumi>=3.248.0\npulumi_clickhouse_cloud\n");
    expect(configureStep("fixture.json", await pluginUseIn(dir))).to.equal(
      "npx pulumi-clickhouse-cloud-emulator configure --fixture fixture.json --plugin   # points the Pulumi stack " +
        "of this directory at it (requirements.txt depends on its Python SDK)",
    );
  });

  it("keeps the dynamic classes' form elsewhere, saying when --plugin is needed", async () => {
    fs.writeFileSync(
      path.join(dir, "package.json"),
      '{ "dependencies": { "pulumi-clickhouse-cloud": "0.1.0" } }',
    );
    expect(configureStep("my fixture.json", await pluginUseIn(dir))).to.equal(
      "npx pulumi-clickhouse-cloud-emulator configure --fixture 'my fixture.json'   # points the Pulumi stack of " +
        "this directory at it; add --plugin for a stack of the provider plugin",
    );
  });

  it("finds the plugin in each native example's files", async () => {
    const examples = path.resolve(__dirname, "../../../../examples");
    for (const name of ["native-python", "native-go", "native-yaml"]) {
      expect(await pluginUseIn(path.join(examples, name)), name).to.be.a("string");
    }
  });
});
