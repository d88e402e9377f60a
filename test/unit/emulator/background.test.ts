/**
 * `stop --pid-file` ends only a process that runs the emulator: the check of the process's command line (as
 * /proc/<pid>/cmdline has it, arguments separated by NUL) accepts the emulator's bin and its script at each path
 * releases have used, and refuses any other process the pid may have been reused for.
 */
import { expect } from "chai";
import { namesEmulatorScript, stopEmulator } from "../../../emulator/cli/background";
import { failureOf } from "../../support/failureOf";
import * as fs from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";

const commandLine = (...words: string[]) => `${words.join("\0")}\0`;

describe("emulator: which process `stop` ends", () => {
  it("accepts the emulator's script at its path, at the path of earlier releases, and its bin", () => {
    const started = [
      commandLine("/usr/bin/node", "/srv/app/node_modules/pulumi-clickhouse-cloud/dist/emulator/cli/main.js"),
      commandLine(
        "/usr/bin/node",
        "/srv/app/node_modules/pulumi-clickhouse-cloud/dist/emulator/cli.js",
        "--port",
        "0",
      ),
      commandLine("node", "C:\\app\\dist\\emulator\\cli\\main.js"),
      commandLine("node", "C:\\app\\dist\\emulator\\cli.js"),
      commandLine(
        "node",
        "/srv/app/node_modules/.bin/pulumi-clickhouse-cloud-emulator",
        "--pid-file",
        "e.pid",
      ),
    ];
    for (const line of started) expect(namesEmulatorScript(line), line).to.equal(true);
  });

  it("refuses other processes, whatever else they name", () => {
    const others = [
      commandLine("/usr/bin/node", "/srv/app/server.js"),
      commandLine("/usr/bin/node", "/srv/app/dist/emulator/server/index.js"),
      commandLine("/usr/bin/node", "/srv/app/dist/provider/cli/main.js"),
      commandLine("/usr/bin/python3", "-m", "http.server"),
    ];
    for (const line of others) expect(namesEmulatorScript(line), line).to.equal(false);
  });

  it("refuses to stop this process, which runs no emulator, and says why", async function () {
    if (process.platform !== "linux") {
      // The check reads the process's command line from /proc, which only Linux has.
      console.log("      SKIPPED: not Linux, so there is no /proc/<pid>/cmdline to read");
      this.skip();
    }
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), "emulator-stop-"));
    try {
      const pidFile = path.join(directory, "emulator.pid");
      await fs.writeFile(pidFile, `${process.pid}\n`);
      const refusal = await failureOf(() => stopEmulator(pidFile));
      expect(refusal.message).to.match(new RegExp(`^pid ${process.pid} from .* is not a .* process`));
      expect(await fs.readFile(pidFile, "utf8")).to.equal(`${process.pid}\n`);
    } finally {
      await fs.rm(directory, { recursive: true, force: true });
    }
  });
});
