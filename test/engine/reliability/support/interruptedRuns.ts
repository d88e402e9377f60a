/**
 * What the interrupted-run tests share: the API routes whose replies they hold back, and the README's recovery
 * steps and the orphans table they follow.
 */
import { expect } from "chai";
import type { RunningEmulator, ScriptedFault } from "../../../../emulator";
import { blocksOf } from "../../../support/docs/markdown";
import type { CliProject, CliState } from "./cliProject";

export const routes = {
  createKey: "POST /v1/organizations/:organizationId/keys",
  deleteKey: "DELETE /v1/organizations/:organizationId/keys/:keyId",
  createAlert: "POST /api/v2/alerts",
  updateAlert: "PUT /api/v2/alerts/:id",
  deleteAlert: "DELETE /api/v2/alerts/:id",
  createEndpoint:
    "POST /v1/organizations/:organizationId/services/:serviceId/dataPipesReversePrivateEndpoints",
  attachPrivateEndpoint: "POST /v1/organizations/:organizationId/services/:serviceId/privateEndpoint",
  scale: "PATCH /v1/organizations/:organizationId/services/:serviceId/replicaScaling",
};

/** The reply is held back longer than any test waits: the run is killed while the API has done its part. */
export const held = (...heldRoutes: string[]): ScriptedFault[] =>
  heldRoutes.map((route) => ({ route, kinds: ["slowAfterProcessing"] }));

/** The replies to the creates of all five kinds, held back. */
export const heldCreates = (): ScriptedFault[] =>
  held(
    routes.createKey,
    routes.createAlert,
    routes.createEndpoint,
    routes.attachPrivateEndpoint,
    routes.scale,
  );

/** The recovery the README documents, one command per line, as written there. */
function documentedRecovery(): string[] {
  const blocks = blocksOf("README.md").filter((block) => block.content.includes("--clear-pending-creates"));
  expect(blocks, "README.md: one block with the recovery steps").to.have.length(1);
  return blocks[0].content.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("#"));
}

/** Rows of the orphans table: kind, id and name (columns are separated by two or more spaces). */
function orphanRows(table: string): Orphan[] {
  return table
    .split("\n")
    .map((line) => /^(ApiKey|ReversePrivateEndpoint|Alert) +(\S+) +(.+?) {2,}/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, kind, id, name]) => ({ kind, id, name }));
}

export interface Orphan {
  kind: string;
  id: string;
  name: string;
}

export interface InterruptedRunContext {
  project: CliProject;
  emulator: RunningEmulator;
  /** Matches the command line of the provider process the killed run must have started. */
  providerProcess: RegExp;
}

async function until(project: CliProject, what: string, reached: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (!(await reached())) {
    if (Date.now() > deadline) {
      throw new Error(`${what} did not happen within 90 s; pulumi up printed:\n${project.output("up.log")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Runs `pulumi up` at the program's `step` with `holds` in force, and kills the whole run (SIGKILL) once `reached`
 * says the API has done its part; returns the state the killed run left.
 */
export async function killedRun(
  { project, emulator, providerProcess }: InterruptedRunContext,
  step: string,
  holds: ScriptedFault[],
  what: string,
  reached: () => Promise<boolean>,
): Promise<CliState> {
  await project.run(`pulumi config set e2e:step ${step}`);
  await emulator.control.setFaults({ slowMs: 60_000, script: holds });
  try {
    await project.start("pulumi up --yes --skip-preview", "up.log");
    await until(project, what, reached);
    const killed = project.killEverything();
    expect(killed.join("\n")).to.match(/pulumi up --yes --skip-preview/);
    expect(killed.join("\n")).to.match(providerProcess);
  } finally {
    await emulator.control.clearFaults();
  }
  expect(project.output("up.log")).to.not.match(/^Resources:/m);
  return project.state();
}

/**
 * The README's steps, as written for the stack `dev`; the ids for `--delete` are those step 4 listed whose names
 * `ours` accepts (the fixture's own objects are listed too, and left alone). Returns what was deleted.
 */
export async function followDocumentedRecovery(
  project: CliProject,
  ours: (name: string) => boolean,
): Promise<Orphan[]> {
  let listed: Orphan[] = [];
  for (const step of documentedRecovery()) {
    if (step.includes("--delete")) {
      if (listed.length === 0) continue; // the README: skip when step 4 lists none of yours
      const ids = listed.map((orphan) => `'${orphan.id}'`).join(" ");
      await project.run(step.replace(/( '<id>')+/, ` ${ids}`));
    } else {
      const run = await project.run(step);
      if (step.includes("orphans")) listed = orphanRows(run.stdout).filter((orphan) => ours(orphan.name));
    }
  }
  return listed;
}
