/**
 * The machines that run this suite keep UTC, where a time read as local time is read right by accident. So the
 * tests of everything that reads or writes times (rate-limit resets, key expiry, creation windows, silences,
 * series buckets, date-time formats) run again here under zones with odd offsets, on both sides of UTC and one with
 * daylight saving time: any place that parses or prints local time fails there.
 */
import { execFile } from "node:child_process";
import * as path from "node:path";
import { expect } from "chai";

const repoRoot = path.resolve(__dirname, "../../../..");
const mocha = path.join(repoRoot, "node_modules", "mocha", "bin", "mocha.js");

/** The compiled test files that handle time, relative to the repository. */
export const timeHandlingTests = [
  "dist/test/unit/rest/rateLimitHeaders.test.js",
  "dist/test/unit/resources/createWithReconcile.test.js",
  "dist/test/unit/resources/apiKeyLostReply.test.js",
  "dist/test/unit/resources/alertRealApi.test.js",
  "dist/test/unit/emulator/keyExpiry.test.js",
  "dist/test/unit/emulator/alertSilence.test.js",
  "dist/test/unit/emulator/seriesGranularity.test.js",
  "dist/test/unit/emulator/seriesValues.test.js",
  "dist/test/unit/functions/seriesRequest.test.js",
  "dist/test/unit/functions/seriesReading.test.js",
  "dist/test/unit/schemas/management-requests.test.js",
];

function runUnder(zone: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [mocha, "--config", ".mocharc.json", "--reporter", "dot", ...timeHandlingTests],
      { cwd: repoRoot, env: { ...process.env, TZ: zone }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
        resolve({ code, output: `${stdout}\n${stderr}` });
      },
    );
  });
}

describe("time handling under time zones other than UTC", function () {
  this.timeout(600_000);

  for (const zone of ["America/St_Johns", "Asia/Kathmandu"]) {
    it(`passes every time-handling test with TZ=${zone}`, async () => {
      const run = await runUnder(zone);
      expect(run.code, run.output).to.equal(0);
      expect(run.output).to.match(/\d+ passing/);
    });
  }
});
