import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import { assertRuntimeBundleCurrent } from "../../../scripts/lib/runtimeBundle";

const roots: string[] = [];

/** A dist/provider with one compiled module and a runtime bundle beside it, with the given modification times. */
function distWith(times: { compiled: number; bundle?: number }): { bundle: string; compiled: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "chc-runtime-bundle-"));
  roots.push(root);
  const compiled = path.join(root, "provider");
  const module = path.join(compiled, "rest", "http.js");
  fs.mkdirSync(path.dirname(module), { recursive: true });
  fs.writeFileSync(module, "");
  fs.utimesSync(module, times.compiled, times.compiled);
  const bundle = path.join(root, "runtime", "index.js");
  if (times.bundle !== undefined) {
    fs.mkdirSync(path.dirname(bundle), { recursive: true });
    fs.writeFileSync(bundle, "");
    fs.utimesSync(bundle, times.bundle, times.bundle);
  }
  return { bundle, compiled };
}

describe("the engine tests' check that the dynamic-provider runtime bundle was rebuilt", () => {
  after(() => {
    for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
  });

  it("passes when the bundle is newer than every compiled module", () => {
    const { bundle, compiled } = distWith({ compiled: 1_000, bundle: 2_000 });
    expect(() => assertRuntimeBundleCurrent(bundle, compiled)).to.not.throw();
  });

  it("fails, saying to run the build, when a module was compiled after the bundle (a bare tsc)", () => {
    const { bundle, compiled } = distWith({ compiled: 2_000, bundle: 1_000 });
    expect(() => assertRuntimeBundleCurrent(bundle, compiled)).to.throw(
      /index\.js is older than .*provider: the dynamic-provider process would run old provider code; run `npm run build`/,
    );
  });

  it("fails when there is no bundle", () => {
    const { bundle, compiled } = distWith({ compiled: 1_000 });
    expect(() => assertRuntimeBundleCurrent(bundle, compiled)).to.throw(
      /index\.js is missing: .*run `npm run build`/,
    );
  });
});
