import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import { repoRoot } from "../../support/programs";
import { packageVersion as version, releaseDir, releaseDryRun } from "../../support/release";

const platforms = [
  "linux-amd64",
  "linux-arm64",
  "darwin-amd64",
  "darwin-arm64",
  "windows-amd64",
  "windows-arm64",
];
const launcher = "pulumi-resource-clickhouse-cloud";

/** `tar -tvzf`: each entry's mode and name. */
function tarEntries(file: string): { mode: string; name: string }[] {
  return execFileSync("tar", ["-tvzf", file], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => {
      const fields = line.split(/\s+/);
      return { mode: fields[0], name: fields[fields.length - 1] };
    });
}

/** One file of a tarball, as text. */
function fileInTarball(file: string, entry: string): string {
  return execFileSync("tar", ["-xzOf", file, entry], { encoding: "utf8" });
}

function releaseScript(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      [path.join(repoRoot, "dist", "scripts", "release.js"), ...args],
      { env: { ...process.env, GITHUB_REF_TYPE: "", GITHUB_REF_NAME: "", ...env }, encoding: "utf8" },
      (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    ),
  );
}

/** `npm run release -- --dry-run`, as CI runs it through `npm test`: every artifact of a release, built here. */
describe("npm run release -- --dry-run", function () {
  this.timeout(600_000);
  let printed: string;

  before(async () => {
    printed = await releaseDryRun();
  });

  it("writes the plugin for every platform the engine asks for, named as it asks, with that platform's launcher", () => {
    for (const platform of platforms) {
      const asset = path.join(releaseDir, `pulumi-resource-clickhouse-cloud-v${version}-${platform}.tar.gz`);
      const entries = tarEntries(asset);
      const windows = platform.startsWith("windows");
      expect(entries.map((entry) => entry.name).sort(), platform).to.deep.equal(
        [windows ? `${launcher}.cmd` : launcher, `${launcher}.js`, "LICENSE"].sort(),
      );
      if (!windows) {
        expect(entries.find((entry) => entry.name === launcher)!.mode, platform).to.match(/^-rwx/);
        expect(fileInTarball(asset, launcher)).to.match(/^#!\/bin\/sh\n/);
      } else {
        expect(fileInTarball(asset, `${launcher}.cmd`)).to.include(`node "%~dp0${launcher}.js" %*`);
      }
    }
  });

  it("writes SHA-256 sums of every artifact, which sha256sum checks", () => {
    const sums = fs.readFileSync(
      path.join(releaseDir, `pulumi-clickhouse-cloud-v${version}-checksums.txt`),
      "utf8",
    );
    const named = sums
      .trim()
      .split("\n")
      .map((line) => line.split("  ")[1]);
    expect(named).to.have.members([
      ...platforms.map((platform) => `pulumi-resource-clickhouse-cloud-v${version}-${platform}.tar.gz`),
      `npm/pulumi-clickhouse-cloud-${version}.tgz`,
      `npm/pulumi-clickhouse-cloud-native-${version}.tgz`,
      `python/pulumi_clickhouse_cloud-${version}.tar.gz`,
      `python/pulumi_clickhouse_cloud-${version}-py3-none-any.whl`,
    ]);
    const checked = execFileSync(
      "sha256sum",
      ["--check", `pulumi-clickhouse-cloud-v${version}-checksums.txt`],
      {
        cwd: releaseDir,
        encoding: "utf8",
      },
    );
    expect(checked.trim().split("\n"))
      .to.have.length(named.length)
      .and.satisfy((lines: string[]) => lines.every((line) => line.endsWith(": OK")));
  });

  it("packs the plugin's Node.js SDK as an npm package: compiled, typed, and pointing the engine at the release", () => {
    const tarball = path.join(releaseDir, "npm", `pulumi-clickhouse-cloud-native-${version}.tgz`);
    const names = tarEntries(tarball).map((entry) => entry.name);
    expect(names).to.include.members([
      "package/index.js",
      "package/index.d.ts",
      "package/apiKey.js",
      "package/LICENSE",
    ]);
    expect(names.filter((name) => name.endsWith(".ts") && !name.endsWith(".d.ts"))).to.deep.equal([]);
    const manifest = JSON.parse(fileInTarball(tarball, "package/package.json")) as {
      name: string;
      version: string;
      dependencies: Record<string, string>;
      pulumi: { name: string; version: string; server: string };
    };
    expect(manifest).to.include({ name: "pulumi-clickhouse-cloud-native", version });
    expect(manifest.dependencies["@pulumi/pulumi"]).to.equal("^3.248.0");
    expect(manifest.pulumi).to.deep.equal({
      resource: true,
      name: "clickhouse-cloud",
      version,
      server:
        "https://github.com/pulumi-clickhouse-cloud/pulumi-clickhouse-cloud/releases/download/v${VERSION}",
    });
  });

  it("packs this package as npm publishes it", () => {
    const tarball = path.join(releaseDir, "npm", `pulumi-clickhouse-cloud-${version}.tgz`);
    const manifest = JSON.parse(fileInTarball(tarball, "package/package.json")) as {
      name: string;
      version: string;
    };
    expect(manifest).to.include({ name: "pulumi-clickhouse-cloud", version });
    expect(tarEntries(tarball).map((entry) => entry.name)).to.include.members([
      "package/README.md",
      "package/dist/provider/index.js",
      "package/dist/emulator/cli/main.js",
    ]);
  });

  it("builds the Python SDK's sdist and wheel offline, with its README and a pulumi >= 3.248 requirement", () => {
    const sdist = path.join(releaseDir, "python", `pulumi_clickhouse_cloud-${version}.tar.gz`);
    const root = `pulumi_clickhouse_cloud-${version}`;
    const names = tarEntries(sdist).map((entry) => entry.name);
    expect(names).to.include.members([`${root}/pyproject.toml`, `${root}/README.md`, `${root}/LICENSE`]);
    expect(fileInTarball(sdist, `${root}/pyproject.toml`)).to.include('"pulumi>=3.248.0,<4.0.0"');
    expect(fileInTarball(sdist, `${root}/PKG-INFO`)).to.include(
      "provider plugin, which the Pulumi engine downloads",
    );
    // The wheel, unpacked as pip installs it: the package and its plugin manifest, which names the release URL.
    const target = fs.mkdtempSync(path.join(os.tmpdir(), "chc-wheel-"));
    try {
      execFileSync("python3", [
        "-m",
        "zipfile",
        "-e",
        path.join(releaseDir, "python", `pulumi_clickhouse_cloud-${version}-py3-none-any.whl`),
        target,
      ]);
      const plugin = JSON.parse(
        fs.readFileSync(path.join(target, "pulumi_clickhouse_cloud", "pulumi-plugin.json"), "utf8"),
      ) as { server: string; version: string };
      expect(plugin.version).to.equal(version);
      expect(plugin.server).to.match(
        /^https:\/\/github\.com\/pulumi-clickhouse-cloud\/.*\/releases\/download\//,
      );
      expect(fs.existsSync(path.join(target, "pulumi_clickhouse_cloud", "api_key.py"))).to.equal(true);
      const [distInfo] = fs.readdirSync(target).filter((name) => name.endsWith(".dist-info"));
      const metadata = fs.readFileSync(path.join(target, distInfo, "METADATA"), "utf8");
      // setuptools writes the specifier with or without parentheses, by version.
      expect(metadata).to.match(/^Requires-Dist: pulumi ?\(?<4\.0\.0,>=3\.248\.0\)?$/m);
    } finally {
      fs.rmSync(target, { recursive: true, force: true });
    }
  });

  it("names the Go SDK's module and the tag that versions it", () => {
    expect(printed).to.include(
      `Go SDK: module github.com/pulumi-clickhouse-cloud/pulumi-clickhouse-cloud/sdk/go, tag sdk/go/v${version}`,
    );
  });

  it("without --dry-run, builds only from the tag of package.json's version", async () => {
    const untagged = await releaseScript({});
    expect(untagged.code).to.equal(1);
    expect(untagged.stderr).to.include("a release builds from a version tag");
    const otherTag = await releaseScript({ GITHUB_REF_TYPE: "tag", GITHUB_REF_NAME: "v9.9.9" });
    expect(otherTag.code).to.equal(1);
    expect(otherTag.stderr).to.include(`the tag v9.9.9 does not release package.json's version ${version}`);
    const unknownFlag = await releaseScript({}, ["--publish"]);
    expect(unknownFlag.stderr).to.include("unknown: --publish");
  });
});
