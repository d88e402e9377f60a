/**
 * The plugin's process entry point run as the engine runs it, without an engine: it prints the port it serves on as
 * the first line of stdout, and when the server cannot start it says why on stderr and exits 1.
 */
import { execFile, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { expect } from "chai";

const entryPoint = path.join(__dirname, "..", "..", "..", "provider", "native", "main.js");

describe("native plugin: its process entry point", function () {
  this.timeout(30_000);

  it("prints the port it serves on as the first line of stdout, and serves there", async () => {
    const plugin = spawn(process.execPath, [entryPoint], { stdio: ["ignore", "pipe", "pipe"] });
    try {
      const firstLine = await new Promise<string>((resolve, reject) => {
        let text = "";
        plugin.stdout.on("data", (chunk: Buffer) => {
          text += chunk.toString("utf8");
          if (text.includes("\n")) resolve(text);
        });
        plugin.on("exit", (code) =>
          reject(new Error(`the plugin exited (${String(code)}) before a port line`)),
        );
      });
      expect(firstLine).to.match(/^\d+\n$/);
      const port = Number(firstLine.trim());
      await new Promise<void>((resolve, reject) => {
        const socket = net.connect(port, "127.0.0.1", () => {
          socket.destroy();
          resolve();
        });
        socket.on("error", reject);
      });
    } finally {
      plugin.kill();
    }
  });

  it("says on stderr that it could not start, and why, and exits 1, when the server cannot bind", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-plugin-entry-"));
    try {
      // Preloaded before the entry point: the gRPC server's bind fails as it does on a port already taken.
      const preload = path.join(dir, "failingBind.js");
      fs.writeFileSync(
        preload,
        `const grpc = require(require.resolve("@grpc/grpc-js", { paths: [${JSON.stringify(path.dirname(entryPoint))}] }));
grpc.Server.prototype.bindAsync = function (_address, _credentials, callback) {
  process.nextTick(() => callback(new Error("No address added out of total 1 resolved")));
};`,
      );
      const failure = await promisify(execFile)(process.execPath, ["--require", preload, entryPoint]).then(
        () => undefined,
        (error: { code?: number; stdout: string; stderr: string }) => error,
      );
      expect(failure?.code).to.equal(1);
      expect(failure?.stdout).to.equal("");
      expect(failure?.stderr).to.equal(
        "clickhouse-cloud: could not start the provider: Error: No address added out of total 1 resolved\n",
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
