import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { expect } from "chai";

const repoRoot = path.resolve(__dirname, "..", "..", "..", "..");

/** `npm run docs`: TypeDoc renders the TSDoc that IDE hover shows, and fails on any warning. */
describe("API reference (TypeDoc)", function () {
  this.timeout(120_000);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "chc-docs-"));

  after(() => fs.rmSync(out, { recursive: true, force: true }));

  it("generates a page per resource with its inputs' and outputs' documentation", async () => {
    await promisify(execFile)("npx", ["typedoc", "--out", out], { cwd: repoRoot });
    const classes = fs.readdirSync(path.join(out, "classes")).sort();
    expect(classes).to.include.members([
      "Alert.html",
      "ApiKey.html",
      "PrivateEndpoint.html",
      "ReplicaScaling.html",
      "ReversePrivateEndpoint.html",
    ]);
    const functions = fs.readdirSync(path.join(out, "functions"));
    expect(functions).to.include.members([
      "getSeries.html",
      "getSeriesOutput.html",
      "getService.html",
      "getServiceOutput.html",
      "getServices.html",
      "getServicesOutput.html",
      "getOrganization.html",
      "getOrganizationOutput.html",
      "getRoles.html",
      "getRolesOutput.html",
    ]);
    // The TSDoc of an output and of an input, rendered: the text IDE hover shows for keySecret.
    const textOf = (file: string) =>
      fs
        .readFileSync(path.join(out, file), "utf8")
        .replace(/<[^>]+>/g, "")
        .replace(/\s+/g, " ");
    expect(textOf("classes/ApiKey.html")).to.include("The key secret for Basic auth (the password)");
    expect(textOf("interfaces/ApiKeyArgs.html")).to.include(
      "The secret of a key made from credentials you chose",
    );
  });
});
