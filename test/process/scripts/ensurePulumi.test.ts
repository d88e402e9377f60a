import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import { pulumiCliDir } from "../../../scripts/lib/pulumiCli";
import { repoRoot } from "../../support/programs";

const script = path.join(repoRoot, "scripts", "ensure-pulumi.sh");
/** The Go version the wrapper module declares: what the messages must name. */
const goMinimum = /^go (\S+)$/m.exec(
  fs.readFileSync(path.join(repoRoot, "tools/pulumi-cli/go.mod"), "utf8"),
)![1];

function ensurePulumi(
  env: Record<string, string>,
  timeout = 30_000,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile("bash", [script], { env, encoding: "utf8", timeout }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** scripts/ensure-pulumi.sh, as `npm test`, `npm run demo` and `npm run setup` use it on a fresh machine. */
describe("scripts/ensure-pulumi.sh: finding the Pulumi CLI, or saying what to install", () => {
  let home: string;
  let fakeBin: string;

  beforeEach(() => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), "ensure-pulumi-"));
    fakeBin = path.join(home, "bin");
    fs.mkdirSync(fakeBin);
  });
  afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

  it("with neither a CLI nor Go: names both, with the Go version go.mod needs", async () => {
    const run = await ensurePulumi({
      PATH: "/usr/bin:/bin",
      HOME: home,
      PULUMI_HOME: path.join(home, ".pulumi"),
    });
    expect(run.code).to.equal(1);
    expect(run.stdout).to.equal("");
    expect(run.stderr).to.include(
      `Install either the Pulumi CLI (https://www.pulumi.com/docs/install/) or Go >= ${goMinimum} (to build it here)`,
    );
  });

  it("with a Go older than go.mod needs: says so before building anything", async () => {
    fs.writeFileSync(
      path.join(fakeBin, "go"),
      '#!/bin/sh\n[ "$1 $2" = "env GOVERSION" ] && echo go1.25.3 && exit 0\necho "go version go1.25.3 linux/amd64"\n',
      { mode: 0o755 },
    );
    const run = await ensurePulumi({
      PATH: `${fakeBin}:/usr/bin:/bin`,
      HOME: home,
      PULUMI_HOME: path.join(home, ".pulumi"),
    });
    expect(run.code).to.equal(1);
    expect(run.stderr).to.include(
      `Building the Pulumi CLI needs Go >= ${goMinimum} (tools/pulumi-cli/go.mod); ${fakeBin}/go is go1.25.3.`,
    );
  });

  it("with the CLI built earlier but not on PATH: uses it and prints the export that puts it on PATH", async () => {
    const cacheBin = path.join(home, ".pulumi", "versions", "3.248.0", "bin");
    fs.mkdirSync(cacheBin, { recursive: true });
    fs.symlinkSync(path.join(pulumiCliDir(), "pulumi"), path.join(cacheBin, "pulumi"));
    fs.symlinkSync(
      path.join(pulumiCliDir(), "pulumi-language-yaml"),
      path.join(cacheBin, "pulumi-language-yaml"),
    );
    const run = await ensurePulumi({
      PATH: "/usr/bin:/bin",
      HOME: home,
      PULUMI_HOME: path.join(home, ".pulumi"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
    });
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.equal(`${cacheBin}\n`);
    expect(run.stderr).to.include("pulumi is not on your PATH; to use it in your shell");
    expect(run.stderr).to.include(`export PATH="${cacheBin}:$PATH"`);
  });

  it("with the CLI but no YAML language host beside it: builds the host there once, from Go modules", async function () {
    this.timeout(600_000);
    const cacheBin = path.join(home, ".pulumi", "versions", "3.248.0", "bin");
    fs.mkdirSync(cacheBin, { recursive: true });
    fs.symlinkSync(path.join(pulumiCliDir(), "pulumi"), path.join(cacheBin, "pulumi"));
    const goBin = path.dirname(execFileSync("bash", ["-c", "command -v go"], { encoding: "utf8" }).trim());
    const env = {
      PATH: `${goBin}:/usr/bin:/bin`,
      HOME: home,
      PULUMI_HOME: path.join(home, ".pulumi"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      // The machine's module and build caches: the test checks the step, not a first download.
      GOPATH: execFileSync("go", ["env", "GOPATH"], { encoding: "utf8" }).trim(),
      GOCACHE: execFileSync("go", ["env", "GOCACHE"], { encoding: "utf8" }).trim(),
    };
    const first = await ensurePulumi(env, 600_000);
    expect(first.code, first.stderr).to.equal(0);
    expect(first.stderr).to.include("building pulumi-language-yaml v1.25.0 from Pulumi's Go modules");
    const host = path.join(cacheBin, "pulumi-language-yaml");
    expect(fs.statSync(host).mode & 0o111, "executable").to.not.equal(0);
    const second = await ensurePulumi(env);
    expect(second.code, second.stderr).to.equal(0);
    expect(second.stderr).to.not.include("building pulumi-language-yaml");
  });

  it("with the CLI, no YAML language host and no Go: says what to install", async () => {
    const cacheBin = path.join(home, ".pulumi", "versions", "3.248.0", "bin");
    fs.mkdirSync(cacheBin, { recursive: true });
    fs.symlinkSync(path.join(pulumiCliDir(), "pulumi"), path.join(cacheBin, "pulumi"));
    const run = await ensurePulumi({
      PATH: "/usr/bin:/bin",
      HOME: home,
      PULUMI_HOME: path.join(home, ".pulumi"),
    });
    expect(run.code).to.equal(1);
    expect(run.stderr).to.include("Building the YAML language host needs Go >= ");
  });
});
