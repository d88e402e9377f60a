/** The machine and toolchain a run was measured on, for the report's header. */
import * as os from "node:os";
import { pulumiCommand } from "../scripts/lib/pulumiCli";

export interface Machine {
  readonly cpus: number;
  readonly cpuModel: string;
  readonly memoryGb: number;
  readonly os: string;
  readonly node: string;
  readonly pulumiCli: string;
  readonly pulumiSdk: string;
  /** 1-minute load averages when the run started and ended: how busy the shared machine was. */
  readonly loadAverage: { start: number; end?: number };
}

export async function describeMachine(): Promise<Machine> {
  const cli = await pulumiCommand();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sdk = require("@pulumi/pulumi/package.json") as { version: string };
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? "unknown",
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    pulumiCli: cli.version?.toString() ?? "unknown",
    pulumiSdk: sdk.version,
    loadAverage: { start: os.loadavg()[0] },
  };
}

export function withEndLoad(machine: Machine): Machine {
  return { ...machine, loadAverage: { ...machine.loadAverage, end: os.loadavg()[0] } };
}
