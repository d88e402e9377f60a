/**
 * `export` reading the APIs, run in this process as the command runs it: the stacks read through a stand-in Pulumi
 * CLI on PATH, the organization from the emulator's production wire; what it writes to the file and prints on stdout
 * and stderr.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import { runExport, type ExportOptions } from "../../../provider/cli/exportCommand";
import { managementClientFor } from "../../support/clients";
import { commandOutputOf } from "../../support/commandOutput";
import { useEmulator } from "../../support/emulator";
import { nativeStackConfig } from "../../support/nativeProject";

/** The environment variables that hold settings: a test's stacks alone must decide them. */
const settingEnvVars = [
  "CLICKHOUSE_ORG_ID",
  "CLICKHOUSE_TOKEN_KEY",
  "CLICKHOUSE_TOKEN_SECRET",
  "CLICKHOUSE_API_URL",
  "CLICKHOUSE_THROTTLE",
  "OBSERVABILITY_API_URL",
  "OBSERVABILITY_API_TOKEN",
  "OBSERVABILITY_THROTTLE",
  "CLICKSTACK_SERVICE_ID",
];

describe("export: the file it writes and what it prints, from the APIs", () => {
  const setup = useEmulator({ provisioningDelayMs: 0, dialect: "production" });
  const fixture = () => setup.emulator.fixture;
  let scratch: string;
  let project: string;
  let saved: Record<string, string | undefined>;
  beforeEach(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "chc-export-command-"));
    project = path.join(scratch, "project");
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, "Pulumi.yaml"), "name: app\nruntime: nodejs\n");
    saved = Object.fromEntries([...settingEnvVars, "PATH"].map((name) => [name, process.env[name]]));
    for (const name of settingEnvVars) delete process.env[name];
    process.env.PATH = `${scratch}${path.delimiter}${saved.PATH ?? ""}`;
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  /**
   * A stand-in `pulumi` on PATH that answers every stack's `stack export` with a state of `stateResources` and its
   * `config --json` with the emulator's management settings and `extra`.
   */
  function stacksTracking(stateResources: unknown[], extra: Record<string, string> = {}): void {
    const management = Object.entries(nativeStackConfig(fixture())).filter(
      ([key]) => !key.startsWith("clickhouse-cloud:observability"),
    );
    const config = Object.fromEntries([
      ...management.map(([key, { value }]) => [key, { value, secret: false }]),
      ...Object.entries(extra).map(([key, value]) => [key, { value, secret: false }]),
    ]);
    const exported = { version: 3, deployment: { resources: stateResources } };
    const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
    const script = [
      "#!/bin/sh",
      `if [ "$1" = stack ]; then printf '%s' ${quote(JSON.stringify(exported))}; fi`,
      `if [ "$1" = config ]; then printf '%s' ${quote(JSON.stringify(config))}; fi`,
    ].join("\n");
    fs.writeFileSync(path.join(scratch, "pulumi"), script, { mode: 0o755 });
  }

  function nativeResource(kind: string, name: string, id: string) {
    const type = `clickhouse-cloud:index:${kind}`;
    return { urn: `urn:pulumi:dev::app::${type}::${name}`, type, id, inputs: {}, outputs: {} };
  }

  const exportWith = (options: Partial<ExportOptions>) =>
    commandOutputOf(() =>
      runExport({ stacks: ["dev"], services: [], out: "resources.json", ...options }, project),
    );
  const written = () => fs.readFileSync(path.join(project, "resources.json"), "utf8");

  /** What the command says of an observability kind when no observability API is configured. */
  const noObservabilityApi = (noun: string) =>
    `not exported: ${noun}: no observability API is configured (observability:apiUrl and observability:apiToken, ` +
    "or OBSERVABILITY_API_URL and OBSERVABILITY_API_TOKEN)\n";

  it("writes every object no stack tracks, lists each, counts them by kind, and says which services it read", async () => {
    const { services, members, organizationId } = fixture();
    const keys = await managementClientFor(fixture(), { throttle: "off" }).keys.list(organizationId);
    const [adminKey] = keys.filter((key) => key.name === "emulator admin key");
    await setup.emulator.control.setServiceState(services.production, "idle");
    stacksTracking([nativeResource("OrganizationSettings", "settings", organizationId)]);
    const output = await exportWith({ services: [services.production, services.secondary] });
    const resources = [
      { type: "clickhouse-cloud:index:Member", name: "adminExampleCom", id: members.admin },
      { type: "clickhouse-cloud:index:Member", name: "developerExampleCom", id: members.developer },
      {
        type: "clickhouse-cloud:index:ReplicaScaling",
        name: "analyticsProdScaling",
        id: services.production,
      },
      {
        type: "clickhouse-cloud:index:ReplicaScaling",
        name: "analyticsReportingScaling",
        id: services.secondary,
      },
      { type: "clickhouse-cloud:index:Service", name: "analyticsProd", id: services.production },
      { type: "clickhouse-cloud:index:Service", name: "analyticsReporting", id: services.secondary },
    ];
    expect(written()).to.equal(`${JSON.stringify({ resources }, null, 2)}\n`);
    expect(output.stdout).to.equal(
      `Services whose endpoints and scaling were read: ${services.production}, ${services.secondary}\n` +
        "Services whose managed ClickStack was read: none (add --clickstack-service <id>)\n" +
        `  clickhouse-cloud:index:Member  adminExampleCom  ${members.admin}\n` +
        `  clickhouse-cloud:index:Member  developerExampleCom  ${members.developer}\n` +
        `  clickhouse-cloud:index:ReplicaScaling  analyticsProdScaling  ${services.production}\n` +
        `  clickhouse-cloud:index:ReplicaScaling  analyticsReportingScaling  ${services.secondary}\n` +
        `  clickhouse-cloud:index:Service  analyticsProd  ${services.production}\n` +
        `  clickhouse-cloud:index:Service  analyticsReporting  ${services.secondary}\n` +
        "Wrote 6 resource(s) (2 Member, 2 ReplicaScaling, 2 Service) to resources.json. To adopt them: pulumi " +
        "import --file resources.json in the stack that is to manage them, then add the code it writes to the " +
        "program\n",
    );
    expect(output.stderr).to.equal(
      `service ${services.production} is idle, and the API refuses ClickPipes operations until it ` +
        "runs: waking it up and waiting up to 600 s\n" +
        noObservabilityApi("alerts") +
        `not exported: API key ${adminKey.id} (emulator admin key): the key these settings authenticate with; manage ` +
        "it outside the stack\n" +
        noObservabilityApi("dashboards") +
        noObservabilityApi("saved searches") +
        noObservabilityApi("sources") +
        noObservabilityApi("webhooks"),
    );
  });

  it("names the managed ClickStacks it read: the configured observability API's, then each --clickstack-service", async () => {
    const { services } = fixture();
    stacksTracking([], { "clickhouse-cloud:clickstackServiceId": services.production });
    const output = await exportWith({ clickStackServiceIds: [services.secondary] });
    expect(output.stdout.split("\n")[1]).to.equal(
      `Services whose managed ClickStack was read: ${services.production} (the configured observability API), ` +
        services.secondary,
    );
  });

  it("writes an empty list when the stacks track everything it lists, and names the stacks", async () => {
    const { members, organizationId } = fixture();
    stacksTracking([
      nativeResource("OrganizationSettings", "settings", organizationId),
      nativeResource("Member", "admin", members.admin),
      nativeResource("Member", "developer", members.developer),
    ]);
    const output = await exportWith({ stacks: ["dev", "prod"] });
    expect(written()).to.equal('{\n  "resources": []\n}\n');
    expect(output.stdout).to.equal(
      "Services whose endpoints and scaling were read: none (add --service <id>)\n" +
        "Services whose managed ClickStack was read: none (add --clickstack-service <id>)\n" +
        "Nothing to import: every object listed is tracked by dev, prod. Wrote an empty list to resources.json.\n",
    );
  });
});
