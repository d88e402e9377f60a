import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { builtinModules } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { expect } from "chai";
import { repoRoot } from "../../support/docs/markdown";
import { describeRun, Sandbox } from "../../support/docs/sandbox";

interface PackedFile {
  path: string;
}

interface Manifest {
  name: string;
  version: string;
  license: string;
  repository: { type: string; url: string };
  homepage: string;
  bugs: { url: string };
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
}

const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as Manifest;

/** What `npm pack` would put in the tarball, from a dry run (scripts skipped: dist is built already). */
function packedFiles(cwd: string, ignoreScripts = true): string[] {
  const output = execFileSync(
    "npm",
    ["pack", "--dry-run", "--json", ...(ignoreScripts ? ["--ignore-scripts"] : [])],
    { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
  );
  const json = output.slice(output.indexOf("[\n"));
  return (JSON.parse(json) as { files: PackedFile[] }[])[0].files.map((file) => file.path);
}

/** The package as users receive it from the registry. */
describe("docs: the package as npm pack makes it", function () {
  this.timeout(300_000);

  it("holds the built provider and emulator, README and LICENSE; no source maps, tests or build info", () => {
    const files = packedFiles(repoRoot);
    expect(files).to.include.members([
      "package.json",
      "README.md",
      "LICENSE",
      "dist/provider/index.js",
      "dist/provider/index.d.ts",
      // what the dynamic-provider process runs: the runtime's bundle and the HTTP libraries' beside it
      "dist/runtime/index.js",
      "dist/runtime/httpModules.js",
      "dist/emulator/cli/main.js",
      "dist/emulator/index.js",
      // the orphan finder, the package's own bin
      "dist/provider/cli/main.js",
      // the APIs' schemas and the provider's settings, shared as data by the provider and the emulator
      "dist/schemas/index.js",
      "dist/schemas/settings.js",
      // the native provider plugin: its launchers, its one-file bundle and the tarball `pulumi plugin install` takes
      "dist/plugin/pulumi-resource-clickhouse-cloud",
      "dist/plugin/pulumi-resource-clickhouse-cloud.cmd",
      "dist/plugin/pulumi-resource-clickhouse-cloud.js",
      `dist/plugin/pulumi-resource-clickhouse-cloud-v${manifest.version}.tar.gz`,
    ]);
    expect(
      files.filter((file) => file.endsWith(".map")),
      "maps whose sources are not shipped",
    ).to.deep.equal([]);
    expect(
      files.filter(
        (file) =>
          !/^(dist\/(schemas|provider|emulator|plugin|runtime)\/|README\.md$|LICENSE$|package\.json$)/.test(
            file,
          ),
      ),
    ).to.deep.equal([]);
  });

  it("is Apache-2.0 with the license's full text, and names its repository, home page and issue tracker", () => {
    expect(manifest.license).to.equal("Apache-2.0");
    const license = fs.readFileSync(path.join(repoRoot, "LICENSE"), "utf8");
    expect(license).to.include("Apache License\n                           Version 2.0, January 2004");
    expect(license).to.include("9. Accepting Warranty or Additional Liability.");
    expect(license).to.include("END OF TERMS AND CONDITIONS");
    const repository = "https://github.com/pulumi-clickhouse-cloud/pulumi-clickhouse-cloud";
    expect(manifest.repository).to.deep.equal({ type: "git", url: `git+${repository}.git` });
    expect(manifest.homepage).to.equal(`${repository}#readme`);
    expect(manifest.bugs).to.deep.equal({ url: `${repository}/issues` });
  });

  it("README.md opens with the install line for the registry's page", () => {
    const readme = fs.readFileSync(path.join(repoRoot, "README.md"), "utf8");
    const install = readme.indexOf("npm install pulumi-clickhouse-cloud @pulumi/pulumi");
    expect(install).to.be.greaterThan(0);
    expect(install, "the install line comes before the reference sections").to.be.lessThan(
      readme.indexOf("## Configuration"),
    );
  });

  it("`npm pack` in a clean clone builds first (prepack), so the tarball has the code", async () => {
    const sandbox = Sandbox.checkout(".", { withDist: false });
    try {
      expect(fs.existsSync(path.join(sandbox.cwd, "dist"))).to.equal(false);
      const run = await sandbox.run("npm pack --dry-run --json > pack.json", { timeoutMs: 240_000 });
      if (run.code !== 0) expect.fail(describeRun(run));
      const text = fs.readFileSync(path.join(sandbox.cwd, "pack.json"), "utf8");
      const files = (JSON.parse(text.slice(text.indexOf("[\n"))) as { files: PackedFile[] }[])[0].files;
      expect(files.map((file) => file.path)).to.include.members([
        "dist/provider/index.js",
        "dist/emulator/cli/main.js",
        // Written by the build (never checked in), where validate.js requires it.
        "dist/provider/validation/validators.generated.js",
      ]);
    } finally {
      sandbox.dispose();
    }
  });

  it("the packed code needs only the declared dependencies (the demo's asciichart is a dev dependency)", () => {
    expect(manifest.dependencies).to.not.have.property("asciichart");
    expect(manifest.devDependencies).to.have.property("asciichart");
    const declared = new Set([
      ...Object.keys(manifest.dependencies),
      ...Object.keys(manifest.peerDependencies),
      manifest.name,
    ]);
    const undeclared = new Set<string>();
    // The plugin's bundle carries its dependencies inside (a test runs it where no node_modules is reachable).
    const unbundled = packedFiles(repoRoot).filter((f) => f.endsWith(".js") && !f.startsWith("dist/plugin/"));
    for (const file of unbundled) {
      const source = fs.readFileSync(path.join(repoRoot, file), "utf8");
      for (const [, specifier] of source.matchAll(/require\("([^"]+)"\)/g)) {
        if (specifier.startsWith(".") || specifier.startsWith("node:") || builtinModules.includes(specifier))
          continue;
        const name = specifier.startsWith("@")
          ? specifier.split("/").slice(0, 2).join("/")
          : specifier.split("/")[0];
        if (!declared.has(name)) undeclared.add(`${name} (${file})`);
      }
    }
    expect([...undeclared]).to.deep.equal([]);
  });

  it("npm ci of the lock file on Node 20 gives no EBADENGINE warning", async () => {
    expect(process.versions.node.split(".")[0], "this check means something on Node 20").to.equal("20");
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "chc-engines-"));
    try {
      for (const file of ["package.json", "package-lock.json"])
        fs.copyFileSync(path.join(repoRoot, file), path.join(directory, file));
      const { stdout, stderr } = await promisify(execFile)(
        "npm",
        ["ci", "--dry-run", "--ignore-scripts", "--no-audit", "--no-fund"],
        { cwd: directory, encoding: "utf8" },
      );
      expect(`${stdout}${stderr}`).to.not.include("EBADENGINE");
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });

  it("what the documented commands leave behind is ignored by git and prettier", () => {
    const outputs = [
      "fixture.json",
      "emulator.pid",
      "emulator.log",
      "Pulumi.dev.yaml",
      ".pulumi-state/backend/x.json",
      "examples/quickstart/fixture.json",
      "examples/quickstart/emulator.pid",
      "examples/quickstart/Pulumi.dev.yaml",
      "examples/quickstart/.pulumi-state/x.json",
    ];
    for (const output of outputs) {
      expect(
        () => execFileSync("git", ["check-ignore", "-q", output], { cwd: repoRoot }),
        `git: ${output}`,
      ).to.not.throw();
      const info = JSON.parse(
        execFileSync("npx", ["prettier", "--file-info", output], { cwd: repoRoot, encoding: "utf8" }),
      ) as { ignored: boolean };
      expect(info.ignored, `prettier: ${output}`).to.equal(true);
    }
  });
});
