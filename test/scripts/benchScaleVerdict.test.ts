import { expect } from "chai";
import {
  linearFit,
  medianSample,
  scaleOperations,
  type ScaleOperation,
  type ScaleResult,
  type ScaleSample,
  type ScaleSeries,
} from "../../bench/figures/scale";
import { scaleSummaryRows } from "../../bench/reportScale";

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
  // The engine's destroy grows with the square of the size (as measured on Pulumi 3.248): 1.6, 2.2, 7.4 s.
  const control = series({ up: [2.7, 3.8, 8.4], refresh: [1.5, 1.8, 1.8], destroy: [1.6, 2.2, 7.4] });

  it("judges what our program adds to the engine's time, and names the engine when its own cost is not linear", () => {
    // Ours = the control's time plus a fixed 10 ms per resource.
    const ours = series({ up: [3.0, 4.8, 11.4], refresh: [1.8, 2.8, 4.8], destroy: [1.9, 3.2, 10.4] });
    const verdict = verdicts({ kinds: ["ApiKey"], ours, control });
    expect(verdict.destroy.met).to.equal("yes");
    expect(verdict.destroy.text).to.include("time over the control's 0.3 / 1.0 / 3.0 s (linear: yes)");
    expect(verdict.destroy.text).to.include("the control's own `destroy` is not linear: the engine's");
    expect(verdict.up.met).to.equal("yes");
    expect(verdict.up.text).to.not.include("not linear");
  });

  it("fails a command whose added time grows faster than linearly", () => {
    // Ours adds 0.3, 1.0 and then 9.0 s, where the growth from 30 to 100 predicts 3.0 s at 300.
    const ours = series({ up: [3.0, 4.8, 11.4], refresh: [1.8, 2.8, 4.8], destroy: [1.9, 3.2, 16.4] });
    const verdict = verdicts({ kinds: ["ApiKey"], ours, control });
    expect(verdict.destroy.met).to.equal("**no**");
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
