/**
 * Where the programs the tests run live. A program's Pulumi project (its Pulumi.yaml) is in the sources; the
 * module the engine loads is its compiled index.js under dist/, since no language host compiles TypeScript here.
 */
import * as path from "node:path";
import type { ExampleName } from "../../scripts/lib/exampleConfig";

/** The checkout's root (this file runs from dist/test/support/). */
export const repoRoot = path.resolve(__dirname, "..", "..", "..");

export interface ProgramPaths {
  readonly projectDir: string;
  readonly programModule: string;
}

/**
 * A program of a suite of the engine tier (the suites whose tests run programs through the engine):
 * `testProgram("e2e", "alert")` is test/engine/e2e/programs/alert.
 */
export function testProgram(suite: "e2e" | "reliability", name: string): ProgramPaths {
  const relative = path.join("test", "engine", suite, "programs", name);
  return {
    projectDir: path.join(repoRoot, relative),
    programModule: path.join(repoRoot, "dist", relative, "index.js"),
  };
}

/** An example under examples/, as a user would run it. */
export function exampleProgram(example: ExampleName): ProgramPaths {
  return {
    projectDir: path.join(repoRoot, "examples", example),
    programModule: path.join(repoRoot, "dist", "examples", example, "index.js"),
  };
}
