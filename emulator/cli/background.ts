/**
 * The emulator as a background process: `--detach` starts it and returns once it serves (so the next line of a
 * script may use it), `stop --pid-file` ends it and returns once it has exited (so its port is free again).
 */
import { spawn } from "node:child_process";
import { fchmodSync, openSync, promises as fs, readFileSync } from "node:fs";
import { CliError, commandName, shellWord } from "./support";
import type { ServeOptions } from "./serve";
import { checkServePaths } from "./serve";

/** Set in the environment of the background process: it reports readiness over IPC instead of printing. */
export const detachedChildVariable = "PULUMI_CLICKHOUSE_EMULATOR_DETACHED";

/** What the background process tells the command that started it. */
export type ChildReport = { ready: true; banner: string } | { ready: false; error: string };

const readyTimeoutMs = 30_000;
const stopTimeoutMs = 10_000;

/**
 * Starts the same command without `--detach` as a background process in its own session, waits until it
 * reports that it serves (or why it could not), prints its banner and returns.
 */
export async function startDetached(argv: readonly string[], options: ServeOptions): Promise<void> {
  await checkServePaths(options);
  const output = options.logFile === undefined ? "ignore" : openLogFile(options.logFile);
  const child = spawn(process.execPath, [process.argv[1], ...argv.filter((arg) => arg !== "--detach")], {
    detached: true,
    stdio: ["ignore", output, output, "ipc"],
    env: { ...process.env, [detachedChildVariable]: "1" },
  });
  const report = await new Promise<ChildReport>((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve({ ready: false, error: `the emulator did not start within ${readyTimeoutMs / 1000} s` });
    }, readyTimeoutMs);
    child.once("message", (message: ChildReport) => {
      clearTimeout(timer);
      resolve(message);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      const log = options.logFile ? `; its output is in ${options.logFile}` : "";
      resolve({
        ready: false,
        error: `the emulator exited before it served (${signal ?? `code ${code}`})${log}`,
      });
    });
  });
  if (!report.ready) throw new CliError(report.error);
  child.disconnect();
  child.unref();
  process.stdout.write(report.banner);
}

/**
 * The log file, readable by its owner only: the background process writes its banner there, credentials
 * included. A file that already exists is made private too.
 */
function openLogFile(file: string): number {
  const descriptor = openSync(file, "a", 0o600);
  fchmodSync(descriptor, 0o600);
  return descriptor;
}

/**
 * In the background process: tells the parent the outcome of the start and lets go of the channel. Resolves once
 * the message is sent, so a failing child may exit right after without losing it.
 */
export function reportToParent(report: ChildReport): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(report, () => {
      process.disconnect?.();
      resolve();
    });
  });
}

/**
 * `stop --pid-file <file>`: SIGTERM to the emulator whose pid the file holds, then waits until it has exited.
 * Stopping one that has already stopped succeeds, so a cleanup step may run twice.
 */
export async function stopEmulator(pidFile: string): Promise<string> {
  const text = await fs.readFile(pidFile, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw new CliError(`--pid-file ${pidFile}: cannot read it (${error.code ?? error.message})`);
  });
  if (text === undefined)
    return `no emulator to stop: ${pidFile} does not exist (an emulator removes its pid file when it stops)`;
  const pid = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || pid <= 1)
    throw new CliError(
      `--pid-file ${pidFile} does not hold a process id; got ${JSON.stringify(text.trim())}`,
    );
  if (!isRunning(pid)) {
    await fs.rm(pidFile, { force: true });
    return `the emulator (pid ${pid}) had already stopped; removed ${pidFile}`;
  }
  if (!(await isEmulator(pid)))
    throw new CliError(
      `pid ${pid} from ${pidFile} is not a ${commandName.split(" ")[1]} process (the pid was reused?); ` +
        `not stopping it. Remove ${shellWord(pidFile)} if the emulator is gone`,
    );
  process.kill(pid, "SIGTERM");
  const deadline = Date.now() + stopTimeoutMs;
  while (isRunning(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, "SIGKILL");
      await fs.rm(pidFile, { force: true });
      return `the emulator (pid ${pid}) did not stop within ${stopTimeoutMs / 1000} s of SIGTERM and was killed`;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await fs.rm(pidFile, { force: true });
  return `stopped the emulator (pid ${pid})`;
}

/** Whether the process exists and has not exited; an exited one its parent has not reaped yet (a zombie) has. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true; // no /proc (not Linux): kill(pid, 0) is all there is
  }
}

/** Where /proc exists (Linux), the process's command line must name the emulator's script. */
async function isEmulator(pid: number): Promise<boolean> {
  const commandLine = await fs.readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => undefined);
  if (commandLine === undefined) return true;
  return namesEmulatorScript(commandLine);
}

/**
 * Whether a command line runs the emulator: its bin, or its script at either path releases have used
 * (`emulator/cli/main.js`, and `emulator/cli.js` in earlier ones), since an emulator an earlier release started may
 * still be running after the package is upgraded, and `stop` must end it.
 */
export function namesEmulatorScript(commandLine: string): boolean {
  return /emulator[/\\]cli(?:[/\\]main)?\.js|pulumi-clickhouse-cloud-emulator/.test(commandLine);
}
