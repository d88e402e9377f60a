/**
 * Loaded by the unit tier (`npm run test:unit`, the files under test/unit/): any attempt to start a process fails
 * the test that makes it, so the tier stays what it promises, tests that run in this process only. A test that
 * starts a process belongs under test/process/, one that runs the engine under test/engine/; `npm test` runs all
 * three tiers.
 */
import childProcess from "node:child_process";

const refuse = (name: string) => () => {
  throw new Error(
    `child_process.${name} in the unit tier: this test starts a process, so it is no unit test ` +
      "(move it to test/process/, or to test/engine/ when it runs the engine)",
  );
};

for (const name of ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"] as const) {
  Object.defineProperty(childProcess, name, { value: refuse(name), configurable: true, writable: true });
}
