import { execFile } from "node:child_process";
import * as path from "node:path";
import { expect } from "chai";

const runner = path.resolve(__dirname, "..", "..", "..", "bench", "run.js");

function runBench(env: Record<string, string>): Promise<{ code: number; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [runner],
      { env: { ...process.env, ...env }, encoding: "utf8", timeout: 30_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** A bad benchmark setting stops `npm run bench` at once with what to type instead, and no stack trace. */
describe("npm run bench: bad settings", () => {
  it("BENCH_FIGURES naming a figure that does not exist", async () => {
    const run = await runBench({ BENCH_FIGURES: "1,10" });
    expect(run.code).to.equal(2);
    expect(run.stderr).to.equal(
      'npm run bench: BENCH_FIGURES must list figure numbers from 1, 2, 3, 4, 5, 6, 7, 8, 9, separated by commas (e.g. BENCH_FIGURES=1,3); got "1,10", where "10" is not a figure\n',
    );
    expect(run.stdout).to.equal("");
  });

  it("BENCH_FIGURES with words instead of numbers, and an empty entry", async () => {
    const run = await runBench({ BENCH_FIGURES: "overhead,,3" });
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include('got "overhead,,3", where "overhead", "" are not figures');
    expect(run.stderr).to.not.match(/\n\s+at /);
  });

  it("BENCH_RUNS that is not a whole number above 0", async () => {
    const run = await runBench({ BENCH_RUNS: "0" });
    expect(run.code).to.equal(2);
    expect(run.stderr).to.equal(
      'npm run bench: BENCH_RUNS must be a whole number above 0 (e.g. BENCH_RUNS=2); got "0"\n',
    );
  });
});
