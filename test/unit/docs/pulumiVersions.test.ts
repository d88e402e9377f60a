import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "chai";
import { repoRoot } from "../../support/programs";

const text = (relative: string) => fs.readFileSync(path.join(repoRoot, relative), "utf8");
const json = (relative: string) => JSON.parse(text(relative)) as Record<string, Record<string, string>>;

/**
 * One oldest Pulumi for everything a user installs: the package's peer dependency, each generated SDK's
 * requirement, the examples, the docs, and the CLI the scripts build.
 */
describe("docs: every place names the same minimum Pulumi version", () => {
  const minimum = /^>=(\d+\.\d+\.\d+) <4$/.exec(json("package.json").peerDependencies["@pulumi/pulumi"])?.[1];

  it("is the package's peer dependency, which its own dev dependency and the scripts' CLI match", () => {
    expect(minimum).to.equal("3.248.0");
    expect(json("package.json").devDependencies["@pulumi/pulumi"]).to.equal(minimum);
    expect(text("scripts/ensure-pulumi.sh")).to.include(`readonly PULUMI_VERSION="${minimum}"`);
  });

  it("every SDK and example requires it", () => {
    const required: [string, string][] = [
      ["sdk/nodejs/package.json", `"@pulumi/pulumi": "^${minimum}"`],
      ["sdk/python/pyproject.toml", `"pulumi>=${minimum},<4.0.0"`],
      ["sdk/go/go.mod", `github.com/pulumi/pulumi/sdk/v3 v${minimum}`],
      ["examples/native-python/requirements.txt", `pulumi>=${minimum},<4.0.0`],
      ["examples/native-go/go.mod", `github.com/pulumi/pulumi/sdk/v3 v${minimum}`],
      ["test/engine/native/go-program/go.mod", `github.com/pulumi/pulumi/sdk/v3 v${minimum}`],
    ];
    for (const [file, requirement] of required) expect(text(file), file).to.include(requirement);
  });

  it("the docs name it, and no other", () => {
    const short = minimum!.replace(/\.0$/, "");
    for (const file of ["README.md", "docs/installation-configuration.md"]) {
      const named = [...text(file).matchAll(/`pulumi` >= (\d+\.\d+(?:\.\d+)?)/g)].map((match) => match[1]);
      expect(named, file).to.have.length.greaterThan(0);
      expect(new Set(named), file).to.deep.equal(new Set([short]));
    }
  });
});
