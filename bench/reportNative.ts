/** The figure 8 parts of bench/results.md: its summary rows and its section. */
import { overheadCommands } from "./figures/overhead";
import type { NativeResult } from "./figures/native";
import { goals } from "./results";
import { millis, secondsWithSpread, type Summary } from "./stats";
import { table } from "./markdown";

const label = (command: string) => (command === "preview" ? "no-change preview" : command);
const yesNo = (ok: boolean) => (ok ? "yes" : "**no**");
const spread = (s: Summary) => `[${s.min.toFixed(2)}–${s.max.toFixed(2)}]`;

export function nativeSummaryRows(native: NativeResult | undefined): string[][] {
  if (native === undefined) return [];
  const rows = overheadCommands.map((command) => {
    const t = native.commands[command];
    return [
      "8",
      `\`${label(command)}\` time, native plugin / control (${native.resourcesPerProgram} resources)`,
      `${t.nativeOverControl.toFixed(2)} (native / dynamic ${t.nativeOverDynamic.toFixed(2)})`,
      `≤ ${goals.overheadRatio}`,
      yesNo(t.nativeOverControl <= goals.overheadRatio),
    ];
  });
  const control = native.state.find((row) => row.kind === "control")!.dynamicBytes;
  const kinds = native.state.filter((row) => row.nativeBytes !== undefined);
  const largest = Math.max(...kinds.map((row) => row.nativeBytes!));
  const dynamicLargest = Math.max(...kinds.map((row) => row.dynamicBytes));
  const code = kinds.some((row) => row.nativeHoldsProviderCode);
  rows.push([
    "8",
    "state per resource, native plugin (largest kind)",
    `${Math.round(largest)} B = ${(largest / control).toFixed(2)} × control (dynamic ${Math.round(dynamicLargest)} B); ` +
      `provider code in state: ${code ? "yes" : "none"}`,
    `≤ ${goals.stateRatio} × control, no provider code`,
    yesNo(largest <= goals.stateRatio * control && !code),
  ]);
  rows.push([
    "8",
    "plugin start, spawn to port, median",
    `${Math.round(native.pluginStartMs.median)} ms (dynamic-provider process ${Math.round(native.dynamicHostStartMs.median)} ms)`,
    "",
    "",
  ]);
  return rows;
}

export function nativeSection(native: NativeResult | undefined): string[] {
  if (native === undefined) return [];
  const timing = overheadCommands.map((command) => {
    const t = native.commands[command];
    return [
      label(command),
      secondsWithSpread(t.native),
      secondsWithSpread(t.dynamic),
      secondsWithSpread(t.control),
      `${t.nativeOverControl.toFixed(2)} ${spread(t.pairedOverControl)}`,
      `${t.nativeOverDynamic.toFixed(2)} ${spread(t.pairedOverDynamic)}`,
    ];
  });
  const control = native.state.find((row) => row.kind === "control")!.dynamicBytes;
  const state = native.state.map((row) => [
    row.kind,
    row.nativeBytes === undefined ? "" : String(Math.round(row.nativeBytes)),
    String(Math.round(row.dynamicBytes)),
    row.nativeBytes === undefined ? "" : (row.nativeBytes / control).toFixed(2),
    row.nativeHoldsProviderCode === undefined ? "" : row.nativeHoldsProviderCode ? "**yes**" : "no",
  ]);
  const d = native.deploymentBytesPerResource;
  const start = (name: string, s: Summary) => [
    name,
    `${millis(s.median)} [${millis(s.min)}–${millis(s.max)}]`,
  ];
  return [
    "## Figure 8: native plugin vs dynamic provider",
    "",
    `The same ${native.resourcesPerProgram} resources (figure 1's) through the native plugin, loaded as a project ` +
      "plugin, measured in figure 1's rounds back to back with our dynamic classes and the no-op control; " +
      "throttle off, rate limits off. Seconds of wall time, median [min–max]; ratios of medians, with the " +
      "per-round ratios' spread.",
    "",
    table(
      ["command", "native (s)", "dynamic (s)", "control (s)", "native / control", "native / dynamic"],
      timing,
    ),
    "",
    "State per resource after the first measured `up` (bytes of compact JSON of one resource's entry, mean over " +
      "the kind's resources).",
    "",
    table(["kind", "native (B)", "dynamic (B)", "native / control", "provider code in state"], state),
    "",
    `Whole deployment per resource: native ${Math.round(d.native)} B (its default provider's entry included), ` +
      `dynamic ${Math.round(d.dynamic)} B, control ${Math.round(d.control)} B.`,
    "",
    "Start of a provider process, from spawning its launcher to the port line the engine waits for (5 times each); " +
      "the dynamic-provider process loads our package later, at its first `configure` (figure 1's causes).",
    "",
    table(
      ["process", "ms, median [min–max]"],
      [
        start("native plugin (`pulumi-resource-clickhouse-cloud`)", native.pluginStartMs),
        start("dynamic-provider process (`pulumi-resource-pulumi-nodejs`)", native.dynamicHostStartMs),
      ],
    ),
    "",
  ];
}
