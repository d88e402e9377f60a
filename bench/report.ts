/** bench/results.md: the summary table (what bench/README.md shows of the latest run) and one section per figure. */
import { overheadCommands } from "./figures/overhead";
import { requestPhases } from "./figures/requests";
import { benchKinds } from "./programs/ours/settings";
import { nativeSection, nativeSummaryRows } from "./reportNative";
import { refreshSection, refreshSummaryRows } from "./reportRefresh";
import { scaleSection, scaleSummaryRows } from "./reportScale";
import { sharedKeySection, sharedKeySummaryRows } from "./reportSharedKey";
import { throughputSection, throughputSummaryRows } from "./reportThroughput";
import { goals, type BenchResults } from "./results";
import { millis, secondsWithSpread, type Summary } from "./stats";
import { countsInWords, met, ratioSpread, table } from "./markdown";

export function renderReport(results: BenchResults): string {
  return [
    "# Benchmark results",
    "",
    header(results),
    "",
    "## Summary",
    "",
    table(["#", "measure", "result", "goal", "met"], summaryRows(results)),
    "",
    ...overheadSection(results),
    ...stateSizeSection(results),
    ...requestsSection(results),
    ...throughputSection(results.throughput),
    ...seriesSection(results),
    ...scaleSection(results.scale),
    ...sharedKeySection(results.sharedKey),
    ...nativeSection(results.native),
    ...refreshSection(results.refreshAtScale),
  ].join("\n");
}

function header({ date, machine, durationSeconds, settings }: BenchResults): string {
  const load = machine.loadAverage;
  const end = load.end === undefined ? "" : `, ${load.end.toFixed(1)} at the end`;
  return (
    `Measured ${date} by \`npm run bench\` in ${Math.round(durationSeconds / 60)} min on ${machine.cpus} CPUs ` +
    `(${machine.cpuModel}), ${machine.memoryGb} GB memory, ${machine.os}; Node ${machine.node}, Pulumi CLI ` +
    `${machine.pulumiCli}, @pulumi/pulumi ${machine.pulumiSdk}. Load average (1 min) ${load.start.toFixed(1)} at ` +
    `the start${end}: the machine is shared, so engine timings are ratios against a control run back to back. ` +
    `Figures 1 and 5 ran ${settings.runs} times, figure 4 ${settings.throughputRuns} times on each path; ` +
    "spreads are [min–max] over the runs."
  );
}

function summaryRows(r: BenchResults): string[][] {
  const rows: string[][] = [];
  if (r.overhead) {
    for (const command of overheadCommands) {
      const { ratio, bareRatio } = r.overhead.commands[command];
      const label = command === "preview" ? "no-change preview" : command;
      rows.push([
        "1",
        `\`${label}\` time, ours / control (${r.overhead.resourcesPerProgram} resources)`,
        `${ratio.toFixed(2)} (/ bare no-op ${bareRatio.toFixed(2)})`,
        `≤ ${goals.overheadRatio}`,
        met(ratio <= goals.overheadRatio),
      ]);
    }
  }
  if (r.stateSize) {
    const ours = r.stateSize.rows.filter((row) => row.kind !== "control");
    const largest = Math.max(...ours.map((row) => row.providerBytes));
    const inState = Math.max(...ours.map((row) => row.providerBytesInState));
    const result = `${largest} B (${inState} B in state: inputs and outputs each hold a copy)`;
    rows.push([
      "2",
      "`__provider` per resource",
      result,
      `≤ ${goals.providerBytes} B`,
      met(largest <= goals.providerBytes),
    ]);
    const perResource = Math.max(...ours.map((row) => row.resourceBytes));
    const control = r.stateSize.rows.find((row) => row.kind === "control")!.resourceBytes;
    const over = ours.filter((row) => row.resourceBytes > goals.stateRatio * control).map((row) => row.kind);
    const share = `${Math.round(perResource)} B = ${(perResource / control).toFixed(2)} × control (${Math.round(control)} B)`;
    const which = over.length === 0 ? "" : `; over: ${over.join(", ")}`;
    const goal = `≤ ${goals.stateRatio} × control`;
    rows.push(["2", "state per resource (largest kind)", share + which, goal, met(over.length === 0)]);
  }
  if (r.requests) {
    const preview = Math.max(...r.requests.map((k) => k.phases.preview.perResource));
    // The kinds whose preview sends requests, named with their count: a bare maximum would not say whose it is.
    const previewing = r.requests
      .filter((k) => k.phases.preview.perResource > goals.previewRequests)
      .map((k) => `${k.kind} ${formatCount(k.phases.preview.perResource)}`);
    rows.push([
      "3",
      "requests per resource, no-change preview",
      previewing.length === 0 ? formatCount(preview) : `${previewing.join(", ")}; the other kinds 0`,
      String(goals.previewRequests),
      met(preview === goals.previewRequests),
    ]);
    for (const phase of ["create", "refresh", "update", "delete"] as const) {
      const perKind = r.requests
        .map((k) => `${k.kind} ${formatCount(k.phases[phase].perResource)}`)
        .join(", ");
      rows.push(["3", `requests per resource, ${phase}`, perKind, "least the API allows", "see figure 3"]);
    }
  }
  rows.push(...throughputSummaryRows(r.throughput));
  if (r.series) {
    const s = r.series;
    rows.push([
      "5",
      "getSeries (5 series) latency, median / p99",
      `${millis(s.median.median)} / ${millis(s.p99.median)} ms`,
      "",
      "",
    ]);
    const share = `${millis(s.providerMedian.median)} / ${millis(s.providerP99.median)} ms (${Math.round(s.providerShare * 100)} % of the median)`;
    rows.push(["5", "provider's share of it, median / p99", share, "", ""]);
  }
  rows.push(...scaleSummaryRows(r.scale));
  rows.push(...sharedKeySummaryRows(r.sharedKey));
  rows.push(...nativeSummaryRows(r.native));
  rows.push(...refreshSummaryRows(r.refreshAtScale));
  return rows;
}

function overheadSection(r: BenchResults): string[] {
  if (!r.overhead) return [];
  const o = r.overhead;
  const rows = overheadCommands.map((command) => {
    const t = o.commands[command];
    return [
      command,
      secondsWithSpread(t.ours),
      secondsWithSpread(t.control),
      t.ratio.toFixed(2),
      ratioSpread(t.pairedRatios),
      secondsWithSpread(t.bare),
      t.bareRatio.toFixed(2),
    ];
  });
  const c = o.causes;
  return [
    "## Figure 1: provider overhead",
    "",
    `${o.resourcesPerProgram} resources per program (${countsInWords(o.counts)}: a kind that manages something ` +
      "of an existing service has as many as the emulator's four services carry), against the in-process emulator " +
      "with rate limits and service transition delays off and the " +
      "provider's throttle off (`clickhouse:throttle` and `observability:throttle` = `off`). Seconds of wall time; " +
      "ratio = median(ours) / median(control); per-run ratios pair the two programs' runs back to back. The " +
      "control's no-op resources are registered as ours are (the same inputs, secrets and declared outputs), so " +
      "the program and the engine do the same work for each; the bare no-op resources (two inputs each) were the " +
      "control of runs before 2026-11-26 and are shown for comparison.",
    "",
    table(
      ["command", "ours (s)", "control (s)", "ratio", "per-run ratios", "bare no-op (s)", "ours / bare"],
      rows,
    ),
    "",
    "What one program pays and the other does not, measured alone:",
    "",
    table(
      ["cost", "median [min–max]", "paid"],
      [
        [
          "serializing our provider into state",
          "none: the provider module's text is written as it is",
          "never",
        ],
        [
          "serializing a no-op provider (the control's)",
          `${millis(c.noopSerializeMs.median)} ms ${msSpread(c.noopSerializeMs)}`,
          "once (its resources share one provider object)",
        ],
        [
          "loading `pulumi-clickhouse-cloud/runtime` in the provider process",
          `${millis(c.runtimeLoadMs.median)} ms ${msSpread(c.runtimeLoadMs)}`,
          "once per command",
        ],
        [
          `loading it and checking one resource of each of the ${benchKinds.length} kinds`,
          `${millis(c.runtimeFirstChecksMs.median)} ms ${msSpread(c.runtimeFirstChecksMs)}`,
          "once per up or preview (the checks before the first request)",
        ],
        [
          "loading the HTTP libraries (axios, axios-retry: their own bundle) after that",
          `${millis(c.httpLibrariesLoadMs.median)} ms ${msSpread(c.httpLibrariesLoadMs)}`,
          "once per command that sends a request (a no-change preview sends only those of the checks that read " +
            "the API: figure 3's preview column)",
        ],
      ],
    ),
    "",
  ];
}

function stateSizeSection(r: BenchResults): string[] {
  if (!r.stateSize) return [];
  const s = r.stateSize;
  const rows = s.rows.map((row) => [
    row.kind,
    String(row.resources),
    String(row.providerBytes),
    String(row.providerBytesInState),
    String(Math.round(row.resourceBytes)),
  ]);
  return [
    "## Figure 2: state size",
    "",
    "From `pulumi stack export` after figure 1's `up`; bytes of compact JSON. The engine stores `__provider` in " +
      "both the inputs and the outputs of a dynamic resource.",
    "",
    table(
      [
        "kind",
        "resources",
        "`__provider` (B, one copy)",
        "`__provider` in state (B)",
        "state per resource (B)",
      ],
      rows,
    ),
    "",
    `Whole deployment per resource: ours ${Math.round(s.deploymentBytesPerResource.ours)} B, control ` +
      `${Math.round(s.deploymentBytesPerResource.control)} B.`,
    "",
    "Where one resource's entry goes (B; inputs and outputs without `__provider`; other = urn, type, id, " +
      "dependencies and the engine's other fields), and its largest fields:",
    "",
    table(
      ["kind", "inputs", "outputs", "other", "largest fields (B)"],
      s.rows.map((row) => [
        row.kind,
        String(row.parts.inputs),
        String(row.parts.outputs),
        String(row.parts.other),
        row.largestFields.map((f) => `${f.field} ${f.bytes}`).join(", "),
      ]),
    ),
    "",
  ];
}

function requestsSection(r: BenchResults): string[] {
  if (!r.requests) return [];
  const rows = r.requests.map((k) => [
    k.kind,
    String(k.resources),
    ...requestPhases.map((phase) => formatCount(k.phases[phase].perResource)),
  ]);
  const details = r.requests.flatMap((k) => [
    `- **${k.kind}**`,
    ...requestPhases.map((phase) => {
      const routes = Object.entries(k.phases[phase].routes).map(
        ([route, n]) => `${formatCount(n / k.resources)} × \`${route}\``,
      );
      return `  - ${phase}: ${routes.length === 0 ? "none" : routes.join(", ")}`;
    }),
  ]);
  return [
    "## Figure 3: HTTP requests per resource",
    "",
    "From the emulator's request log; each kind alone, figure 1's resources of it, requests divided by their " +
      "number. ReversePrivateEndpoint cannot update in place: its update is a replacement.",
    "",
    table(["kind", "resources", ...requestPhases], rows),
    "",
    "Requests per resource by route:",
    "",
    ...details,
    "",
  ];
}

function seriesSection(r: BenchResults): string[] {
  if (!r.series) return [];
  const s = r.series;
  const row = (label: string, summary: Summary) => [label, `${millis(summary.median)} ${msSpread(summary)}`];
  return [
    "## Figure 5: getSeries latency",
    "",
    `${s.callsPerRun} sequential calls of a ${s.seriesPerQuery}-series query per run, from the runner process as a ` +
      "program would call it; rate limits and the throttle off. Provider = client time minus the emulator's own " +
      "time for the request. Values are the median over the runs of each run's statistic, in ms.",
    "",
    table(
      ["statistic", "ms, median [min–max] over runs"],
      [
        row("latency p50", s.median),
        row("latency p99", s.p99),
        row("provider p50", s.providerMedian),
        row("provider p99", s.providerP99),
      ],
    ),
    "",
  ];
}

function msSpread(summary: Summary): string {
  return `[${millis(summary.min)}–${millis(summary.max)}]`;
}

/** Requests per resource: whole numbers as they are, fractions with up to two decimals. */
function formatCount(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/0+$/, "");
}
