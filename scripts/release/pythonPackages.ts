/**
 * The Python SDK's sdist and wheel, built from sdk/python's pyproject.toml by setuptools' own PEP 517 backend,
 * in-process and offline: no build frontend, no isolated environment and no package index. The staged copy gets
 * the LICENSE.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { pythonDir, repoRoot, stagingDir } from "./layout";

/** setuptools >= 61 reads pyproject.toml's [project] table; before 70.1 its wheels also need `wheel`. */
const backendCheck =
  "import setuptools, sys\n" +
  "major, minor = (int(part) for part in setuptools.__version__.split('.')[:2])\n" +
  "assert (major, minor) >= (61, 0), setuptools.__version__\n" +
  "if (major, minor) < (70, 1): import wheel\n";

/** The sdist first, then the wheel from the unpacked sdist: so the wheel proves the sdist is complete. */
const build = [
  "import os, sys, tarfile, tempfile",
  "from setuptools import build_meta",
  "out = os.path.abspath(sys.argv[1])",
  "sdist = build_meta.build_sdist(out)",
  "with tempfile.TemporaryDirectory() as unpacked:",
  "    with tarfile.open(os.path.join(out, sdist)) as archive:",
  "        archive.extractall(unpacked, **({'filter': 'data'} if hasattr(tarfile, 'data_filter') else {}))",
  "    os.chdir(os.path.join(unpacked, sdist[: -len('.tar.gz')]))",
  "    wheel = build_meta.build_wheel(out)",
  "print(sdist)",
  "print(wheel)",
  "",
].join("\n");

/** The first Python whose setuptools can build the packages: $PYTHON, then python3 on PATH, then the system's. */
export function pythonWithSetuptools(): string {
  const candidates = [process.env.PYTHON, "python3", "/usr/bin/python3"].filter(
    (candidate): candidate is string => candidate !== undefined && candidate !== "",
  );
  for (const candidate of candidates) {
    try {
      execFileSync(candidate, ["-c", backendCheck], { stdio: "ignore" });
      return candidate;
    } catch {
      // Not there, or its setuptools cannot build these: try the next.
    }
  }
  throw new Error(
    `no Python with setuptools >= 61 and wheel among ${candidates.join(", ")}: install them (Debian: ` +
      "apt-get install python3-setuptools python3-wheel; elsewhere: pip install setuptools wheel), " +
      "or name a Python that has them in PYTHON",
  );
}

/** Builds the sdist and the wheel into the python folder; returns their names. */
export function buildPythonSdk(): string[] {
  const staged = path.join(stagingDir, "python");
  fs.cpSync(path.join(repoRoot, "sdk", "python"), staged, {
    recursive: true,
    filter: (source) => !/(__pycache__|\.egg-info|\.pyc)$/.test(source),
  });
  fs.copyFileSync(path.join(repoRoot, "LICENSE"), path.join(staged, "LICENSE"));
  const output = execFileSync(pythonWithSetuptools(), ["-c", build, pythonDir], {
    cwd: staged,
    encoding: "utf8",
    // setuptools reports each file it copies on stderr; a failure still shows in the thrown error.
    stdio: ["ignore", "pipe", "pipe"],
  });
  return output.trim().split("\n").slice(-2);
}
