/**
 * Loaded by the fast tier (`npm run test:unit`): any attempt to start a process fails the test that makes it, so
 * the tier stays what it promises, tests that run in this process only. A test that needs the engine, a CLI or
 * several processes belongs to the whole suite (`npm test`).
 */
import childProcess from "node:child_process";

const refuse = (name: string) => () => {
  throw new Error(
    `child_process.${name} in the fast tier: this test starts a process, so it belongs to npm test only ` +
      "(add it to the ignore list of .mocharc.unit.json)",
  );
};

for (const name of ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"] as const) {
  Object.defineProperty(childProcess, name, { value: refuse(name), configurable: true, writable: true });
}
