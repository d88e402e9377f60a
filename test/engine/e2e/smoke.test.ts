import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import { LocalStack } from "../../../scripts/lib/localStack";
import { testProgram } from "../../support/programs";

const { projectDir, programModule } = testProgram("e2e", "smoke");

describe("e2e harness smoke test (real Pulumi engine)", function () {
  this.timeout(300_000);
  let stack: LocalStack;
  let markerFile: string;

  before(async () => {
    markerFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "chc-smoke-")), "marker.txt");
    stack = await LocalStack.create({
      projectDir,
      programModule,
      config: { "smoke:path": { value: markerFile }, "smoke:content": { value: "hello from the engine" } },
    });
  });

  after(async () => {
    await stack?.dispose();
    if (markerFile !== undefined) fs.rmSync(path.dirname(markerFile), { recursive: true, force: true });
  });

  it("up creates the dynamic resource", async () => {
    const outputs = await stack.up();
    expect(outputs.markerContent.value).to.equal("hello from the engine");
    expect(fs.readFileSync(markerFile, "utf8")).to.equal("hello from the engine");
    const resources = await stack.resources();
    expect(resources.map((r) => r.type)).to.deep.equal(["pulumi-nodejs:dynamic/smoke:Marker"]);
  });

  it("preview reports no changes", async () => {
    const summary = await stack.preview();
    expect(summary).to.deep.equal({ same: 2 });
  });

  it("destroy removes it", async () => {
    const summary = await stack.destroy();
    expect(summary).to.deep.equal({ delete: 2 });
    expect(fs.existsSync(markerFile)).to.equal(false);
    expect(await stack.resources()).to.deep.equal([]);
  });
});
