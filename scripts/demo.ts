import * as fs from "node:fs";
import * as path from "node:path";
import type { OutputMap } from "@pulumi/pulumi/automation";
import { startEmulator, type RunningEmulator } from "../emulator";
import { renderSeriesChart, type SeriesPoint } from "./lib/chart";
import { exampleConfig } from "./lib/exampleConfig";
import { defaultPassphrase, LocalStack } from "./lib/localStack";

const repoRoot = path.resolve(__dirname, "..", "..");
const demoDir = path.join(repoRoot, ".pulumi-state", "demo");
const projectDir = path.join(repoRoot, "examples", "quickstart");
/** The stack's config file, which the Automation API writes beside the program. */
const stackConfigFile = path.join(projectDir, "Pulumi.demo.yaml");
const keep = process.argv.includes("--keep");

/** Remembers which step is running, so a failure can say where it happened. */
let step = "starting";
function begin(title: string): void {
  step = title;
  console.log(`\n=== ${title}`);
}

/**
 * The main job: starts the emulator with the real rate limits, runs a real `pulumi up` of examples/quickstart on a
 * local file backend, shows the outputs and the series behind the alert's threshold, proves a no-change preview,
 * and destroys the stack. Whatever fails, the stack is destroyed (unless --keep) and the emulator stopped.
 */
async function main(): Promise<void> {
  for (const leftover of [demoDir, stackConfigFile]) fs.rmSync(leftover, { recursive: true, force: true });
  fs.mkdirSync(demoDir, { recursive: true });
  let emulator: RunningEmulator | undefined;
  let stack: LocalStack | undefined;
  let failed = false;
  try {
    begin("starting the emulator (real rate limits on)");
    emulator = await startEmulator({
      port: 0,
      rateLimits: true,
      provisioningDelayMs: 1500,
      statePath: path.join(demoDir, "emulator.json"),
    });
    console.log(`management and observability APIs at ${emulator.url}`);

    begin("creating stack `demo` on a local file backend");
    stack = await LocalStack.create({
      projectDir,
      programModule: path.join(repoRoot, "dist", "examples", "quickstart", "index.js"),
      stackName: "demo",
      backendDir: path.join(demoDir, "backend"),
      config: exampleConfig("quickstart", emulator.fixture),
    });
    stack.echo = true;
    console.log(`state in ${path.relative(repoRoot, stack.backendDir)}`);

    begin("pulumi up");
    const outputs = await stack.up();

    begin("stack outputs");
    printOutputs(outputs);

    begin("the series behind the alert's threshold");
    const points = (outputs.thresholdSeries?.value ?? []) as SeriesPoint[];
    console.log(renderSeriesChart(points, "checkout p95 latency, last full week (daily buckets)"));
    console.log(`alert threshold = round(1.2 × weekly peak) = ${String(outputs.alertThreshold?.value)}`);

    begin("pulumi preview (expect no changes)");
    const summary = await stack.preview();
    const changes = Object.entries(summary).filter(([op, count]) => op !== "same" && count > 0);
    console.log(changes.length === 0 ? "no changes" : `unexpected changes: ${JSON.stringify(summary)}`);
    if (changes.length > 0)
      throw new Error(`the preview after up planned changes: ${JSON.stringify(summary)}`);
  } catch (error) {
    failed = true;
    console.error(
      `\ndemo failed during "${step}": ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    if (stack && !keep) {
      step = "pulumi destroy";
      console.log("\n=== pulumi destroy (and remove the stack)");
      await stack.destroy({ remove: true }).then(
        () => console.log("stack `demo` destroyed and removed; its state directory is deleted next"),
        (error: unknown) => {
          failed = true;
          console.error(`destroy failed: ${error instanceof Error ? error.message : String(error)}`);
        },
      );
    }
    await emulator?.close();
    if (!keep) {
      for (const leftover of [demoDir, stackConfigFile])
        fs.rmSync(leftover, { recursive: true, force: true });
    }
  }
  printNextSteps(emulator);
  if (failed) process.exitCode = 1;
}

function printOutputs(outputs: OutputMap): void {
  for (const [name, output] of Object.entries(outputs)) {
    if (name === "thresholdSeries") continue;
    console.log(`  ${name.padEnd(32)} ${output.secret ? "[secret]" : JSON.stringify(output.value)}`);
  }
}

function printNextSteps(emulator: RunningEmulator | undefined): void {
  const here = (file: string) => path.relative(process.cwd(), file) || ".";
  const cliPath =
    process.env.PULUMI_CLI_ON_CALLER_PATH === "no" && process.env.PULUMI_CLI_DIR
      ? [
          `  export PATH="${process.env.PULUMI_CLI_DIR}:$PATH"   # the Pulumi CLI that npm run demo found or built`,
        ]
      : [];
  if (keep && emulator) {
    const port = new URL(emulator.url).port;
    const project = `--stack demo --cwd ${here(projectDir)}`;
    const passphrase =
      process.env.PULUMI_CONFIG_PASSPHRASE === undefined
        ? `PULUMI_CONFIG_PASSPHRASE=${defaultPassphrase}`
        : "PULUMI_CONFIG_PASSPHRASE # the one this demo ran with";
    console.log(
      [
        "",
        "The stack was kept. To explore it, restart the emulator on the same port with its saved state, then use the CLI:",
        `  npx pulumi-clickhouse-cloud-emulator --port ${port} --state ${here(demoDir)}/emulator.json --pid-file ${here(demoDir)}/emulator.pid --detach --quiet`,
        ...cliPath,
        `  export PULUMI_BACKEND_URL=file://${demoDir}/backend ${passphrase}`,
        `  pulumi stack output ${project} --show-secrets`,
        `  pulumi refresh ${project} --yes`,
        `  pulumi destroy ${project} --yes --remove`,
        `  npx pulumi-clickhouse-cloud-emulator stop --pid-file ${here(demoDir)}/emulator.pid`,
        "The next `npm run demo` starts over.",
      ].join("\n"),
    );
  } else {
    console.log(`
To keep the stack and explore it afterwards: npm run demo -- --keep`);
  }
  console.log(
    [
      "To run the same program against the real APIs, from examples/quickstart with your own stack (a Pulumi CLI",
      "install with its Node.js language host runs it; see examples/quickstart/README.md):",
      "  pulumi stack init '<stack name>'",
      "  pulumi config set clickhouse:organizationId '<organization uuid>'",
      "  pulumi config set --plaintext clickhouse:tokenKey '<key id>'",
      "  pulumi config set --secret clickhouse:tokenSecret '<key secret>'",
      "  pulumi config set observability:apiUrl '<observability API URL>'",
      "  pulumi config set --secret observability:apiToken '<token>'",
      "  pulumi config set serviceId '<service uuid>'   # and dashboardId, tileId, webhookId, sourceId",
      "  pulumi up",
    ].join("\n"),
  );
}

void main();
