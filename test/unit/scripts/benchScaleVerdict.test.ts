import { expect } from "chai";
import {
  linearFit,
  medianSample,
  scaleOperations,
  type ScaleOperation,
  type ScaleResult,
  type ScaleSample,
  type ScaleSeries,
} from "../../../bench/figures/scale";
import { scaleSummaryRows } from "../../../bench/reportScale";

const sizes = [30, 100, 300];

/** Samples of one command at the three sizes: wall seconds, and the provider's flat memory and linear CPU. */
function samples(seconds: number[]): ScaleSample[] {
  return sizes.map((resources, i) => ({
    resources,
    ms: seconds[i] * 1000,
    providerPeakKb: 150_000 + resources * 40,
    providerCpuMs: 500 + resources * 4,
  }));
}

function series(byCommand: Record<ScaleOperation, number[]>): ScaleSeries {
  const all = Object.fromEntries(scaleOperations.map((op) => [op, samples(byCommand[op])])) as Record<
    ScaleOperation,
    ScaleSample[]
  >;
  const fit = (value: (sample: ScaleSample) => number) =>
    Object.fromEntries(scaleOperations.map((op) => [op, linearFit(all[op], value)])) as Record<
      ScaleOperation,
      ReturnType<typeof linearFit>
    >;
  return {
    samples: all,
    timeFit: fit((s) => s.ms),
    memoryFit: fit((s) => s.providerPeakKb),
    cpuFit: fit((s) => s.providerCpuMs ?? 0),
  };
}

/** The figure's verdict per command: the last cell of its summary row, and the row's result text. */
function verdicts(result: ScaleResult): Record<string, { met: string; text: string }> {
  return Object.fromEntries(
    scaleSummaryRows(result).map((row, i) => [scaleOperations[i], { met: row[4], text: row[2] }]),
  );
}

describe("npm run bench: figure 6's verdict on linear growth", () => {
  // Measured on Pulumi 3.248 (2026-11-25): by default the engine writes the whole state after every step, so both
  // programs' `up` and `destroy` grow with the square of the size; with those writes skipped, both are linear.
  const control = series({ up: [1.5, 2.0, 5.2], refresh: [0.9, 1.0, 1.1], destroy: [1.0, 1.4, 4.3] });
  const controlSkipped = series({ up: [1.6, 1.8, 2.2], refresh: [1.0, 1.0, 1.2], destroy: [1.0, 1.0, 1.1] });
  const ours = series({ up: [1.6, 2.2, 6.0], refresh: [1.0, 1.1, 1.5], destroy: [1.0, 1.5, 4.5] });
  /** The verdicts for these default times, with ours' times when the checkpoints are skipped. */
  const verdictsWithSkipped = (oursSkipped: ScaleSeries) =>
    verdicts({
      kinds: ["ApiKey"],
      fixedCounts: [],
      ours,
      control,
      withoutCheckpoints: { ours: oursSkipped, control: controlSkipped },
    });

  it("judges time with the engine's checkpoints skipped, and shows what they take for both programs", () => {
    const oursSkipped = series({ up: [1.7, 2.0, 2.9], refresh: [1.1, 1.2, 1.7], destroy: [1.1, 1.2, 1.5] });
    const verdict = verdictsWithSkipped(oursSkipped);
    // The default time at 300 (6.0 s) is above 1.25 times what 30 to 100 predicts (3.9 s): not what is judged.
    expect(verdict.up.met).to.equal("yes");
    expect(verdict.up.text).to.include(
      "with the engine's checkpoints skipped 1.7 / 2.0 / 2.9 s, 4.5 ms per resource (linear: yes)",
    );
    expect(verdict.up.text).to.include(
      "the engine's checkpoints take 0.0 / 0.2 / 3.1 s (control 0.0 / 0.2 / 3.0 s)",
    );
    expect(verdict.destroy.met).to.equal("yes");
    expect(verdict.refresh.met).to.equal("yes");
  });

  it("fails a command whose time with the engine's checkpoints skipped grows faster than linearly", () => {
    // 1.1, 1.5 and then 4.4 s, where the growth from 30 to 100 predicts 2.6 s at 300.
    const oursSkipped = series({ up: [1.7, 2.0, 2.9], refresh: [1.1, 1.2, 1.7], destroy: [1.1, 1.5, 4.4] });
    const verdict = verdictsWithSkipped(oursSkipped);
    expect(verdict.destroy.met).to.equal("**no**");
    expect(verdict.destroy.text).to.include("1.1 / 1.5 / 4.4 s");
    expect(verdict.destroy.text).to.include("(linear: no)");
    expect(verdict.up.met).to.equal("yes");
  });

  it("takes each measure's median over a size's runs, each measure on its own", () => {
    expect(
      medianSample([
        { resources: 100, ms: 3_000, providerPeakKb: 150_000, providerCpuMs: 900 },
        { resources: 100, ms: 9_000, providerPeakKb: 140_000, providerCpuMs: 1_100 },
        { resources: 100, ms: 3_200, providerPeakKb: 160_000, providerCpuMs: 1_000 },
      ]),
    ).to.deep.equal({ resources: 100, ms: 3_200, providerPeakKb: 150_000, providerCpuMs: 1_000 });
  });
});
