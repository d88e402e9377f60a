import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import { repoRoot } from "../../support/programs";

const script = path.join(repoRoot, "scripts", "ensure-redis.sh");

/** scripts/ensure-redis.sh, which scripts/bootstrap.sh runs for the tests of the budget shared through Redis. */
describe("scripts/ensure-redis.sh: redis-server when missing, from Debian's package", () => {
  let dir: string;
  let fakeBin: string;
  let aptLog: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "ensure-redis-"));
    fakeBin = path.join(dir, "bin");
    aptLog = path.join(dir, "apt-get.log");
    fs.mkdirSync(fakeBin);
    // The tools the script runs, from a PATH that holds no redis-server: env, and stand-ins for id and apt-get.
    fs.symlinkSync("/usr/bin/env", path.join(fakeBin, "env"));
    fs.writeFileSync(
      path.join(fakeBin, "apt-get"),
      `#!/bin/sh\necho "$*" >> ${aptLog}\n` +
        `case "$*" in *install*) printf '#!/bin/sh\\n' > ${fakeBin}/redis-server; /bin/chmod +x ${fakeBin}/redis-server;; esac\n`,
      { mode: 0o755 },
    );
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function asUser(uid: number): void {
    fs.writeFileSync(path.join(fakeBin, "id"), `#!/bin/sh\necho ${uid}\n`, { mode: 0o755 });
  }

  function ensureRedis(): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(
        "/bin/bash",
        [script],
        { env: { PATH: fakeBin }, encoding: "utf8", timeout: 30_000 },
        (error, stdout, stderr) =>
          resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
      );
    });
  }

  it("one on PATH: prints its path and installs nothing", async () => {
    fs.writeFileSync(path.join(fakeBin, "redis-server"), "#!/bin/sh\n", { mode: 0o755 });
    asUser(0);
    const run = await ensureRedis();
    expect(run).to.include({ code: 0, stdout: `${path.join(fakeBin, "redis-server")}\n` });
    expect(fs.existsSync(aptLog)).to.equal(false);
  });

  it("none, as root: installs Debian's redis-server with apt-get and prints its path", async () => {
    asUser(0);
    const run = await ensureRedis();
    expect(run).to.include({ code: 0, stdout: `${path.join(fakeBin, "redis-server")}\n` });
    const calls = fs.readFileSync(aptLog, "utf8").trim().split("\n");
    expect(calls).to.have.length(2);
    expect(calls[0]).to.match(/^update/);
    expect(calls[1]).to.match(/^install -y .*redis-server$/);
  });

  it("none, and neither root nor sudo: says what to run as root, and fails", async () => {
    asUser(1000);
    const run = await ensureRedis();
    expect(run.code).to.equal(1);
    expect(run.stdout).to.equal("");
    expect(run.stderr).to.contain("run `apt-get install -y redis-server` as root");
    expect(fs.existsSync(aptLog)).to.equal(false);
  });
});
