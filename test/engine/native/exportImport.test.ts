/**
 * Adopting a setup made outside Pulumi, as a user does it through the real CLI: objects of every kind made through
 * the emulator's APIs, a YAML project of the native plugin with an empty stack, `pulumi-clickhouse-cloud export`,
 * `pulumi import --file` (Pulumi's YAML language host writes the program), the program appended to Pulumi.yaml,
 * then a preview that expects no changes and an `export` that finds nothing left to adopt; on both wires. The
 * organization's members (the fixture's, made outside any program) are adopted too, and its destroy leaves them.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { observabilityClientFor } from "../../support/clients";
import {
  fixtureObjectImports,
  handMadeImports,
  makeByHand,
  type HandMade,
} from "../../support/existingSetup";
import { dedicatedEmulator, forEachDialect } from "../../support/emulator";
import { basicAuth, send } from "../../support/httpRequests";
import { CliProject } from "./support/cliProject";
import { runPackageCommand, type PackageCommandRun } from "./support/packageCommand";
import { nativeProjectYaml, nativeStackConfig } from "../../support/nativeProject";

forEachDialect((dialect) =>
  describe(`export, then \`pulumi import --file\`, of a setup made outside Pulumi (${dialect} wire)`, function () {
    this.timeout(300_000);
    let emulator: RunningEmulator;
    let project: CliProject;
    let made: HandMade;
    /** Everything the commands printed, searched for the credentials at the end. */
    const printed: string[] = [];

    before(async () => {
      emulator = await dedicatedEmulator({ dialect, provisioningDelayMs: 0 });
      made = await makeByHand(emulator.fixture);
      // A YAML program with no resources yet, whose clickhouse-cloud plugin is the one `npm run build` made.
      project = CliProject.create(nativeProjectYaml("adopt-existing", "yaml"));
      await project.initStack("dev", nativeStackConfig(emulator.fixture));
    });

    after(async () => {
      project?.dispose();
      await emulator?.close();
    });

    async function exportFile(): Promise<{ run: PackageCommandRun; file: unknown }> {
      const args = ["export", "--stack", "dev", "--service", emulator.fixture.services.production];
      const run = await runPackageCommand(project, [...args, "--out", "resources.json"]);
      printed.push(run.stdout, run.stderr);
      if (run.code !== 0) expect.fail(`export failed (${run.code}):\n${run.stdout}\n${run.stderr}`);
      return { run, file: JSON.parse(fs.readFileSync(path.join(project.dir, "resources.json"), "utf8")) };
    }

    it("export writes every object of every kind, with readable names and each kind's import id", async () => {
      const { run, file } = await exportFile();
      expect(file).to.deep.equal({ resources: handMadeImports(emulator.fixture, made) });
      expect(run.stdout).to.include("Wrote 26 resource(s)");
      expect(run.stderr).to.match(/not exported: API key \S+ \(emulator admin key\): the key these settings/);
    });

    it("`pulumi import --file` adopts them all and writes the YAML program", async () => {
      const imported = await project.pulumi([
        "import",
        "--file",
        "resources.json",
        "--yes",
        "--out",
        "imported.yaml",
      ]);
      printed.push(imported.stdout, imported.stderr);
      expect(imported.stdout).to.match(/= 26 imported/);
      const program = fs.readFileSync(path.join(project.dir, "imported.yaml"), "utf8");
      printed.push(program);
      for (const name of [
        "ciDeployer",
        "deployers",
        "deployersCiDeployer",
        "analystExampleCom",
        "adminExampleCom",
        "developerExampleCom",
        "errorRateAbove5",
        "toTheQueue",
        "officeVpn",
        "analyticsProdScaling",
        "analyticsProdScalingSchedule",
        "analyticsProd",
        "analyticsProdQueryEndpoint",
        "analyticsProdUpgradeWindow",
        "analyticsProdClickhouseSettings",
        "emulatedOrganizationSettings",
        ...fixtureObjectImports(emulator.fixture).map((entry) => entry.name),
      ]) {
        expect(program).to.match(new RegExp(`^  ${name}:$`, "m"));
      }
      expect(program).to.include("name: CI deployer");
      expect(program).to.include("name: Deployers");
      expect(program).to.include("name: Error rate above 5%");
      // A member is adopted by user id, its roles and its removal left to the program.
      const members = program
        .split(/^ {2}(?=\S)/m)
        .filter((block) => /type: clickhouse-cloud:(index:)?Member\b/.test(block));
      expect(members).to.have.length(2);
      for (const block of members) expect(block).to.not.include("removeOnDestroy");
      expect(program).to.include(`userId: ${emulator.fixture.members.developer}`);
      expect(program).to.include("email: analyst@example.com");
    });

    it("with the program appended to Pulumi.yaml, preview has nothing to change", async () => {
      const programFile = path.join(project.dir, "Pulumi.yaml");
      fs.appendFileSync(programFile, fs.readFileSync(path.join(project.dir, "imported.yaml"), "utf8"));
      const preview = await project.pulumi(["preview", "--expect-no-changes"]);
      printed.push(preview.stdout, preview.stderr);
      expect(preview.stdout).to.match(/27 unchanged/);
    });

    it("a second export finds nothing left to adopt", async () => {
      const { run, file } = await exportFile();
      expect(file).to.deep.equal({ resources: [] });
      expect(run.stdout).to.include("Nothing to import: every object listed is tracked by dev.");
    });

    it("no command printed the credentials", () => {
      const { tokenSecret, observabilityToken } = emulator.fixture;
      const all = printed.join("\n");
      expect(all).to.not.include(tokenSecret);
      expect(all).to.not.include(observabilityToken);
    });

    it("the stack manages what it adopted: destroy deletes the key, the role, the alert, the pipe, the query endpoint, the window and the schedule, revokes the invitation, resets the setting, and leaves the members and the organization as they are", async () => {
      // The import protects what it adopts (Pulumi's default): lifting that is the user's explicit step.
      await project.pulumi(["state", "unprotect", "--all", "--yes"]);
      // The service stays: the imported program names it by id in the resources on it, so the engine would not
      // order their deletes before its own. Forgetting it is how a team stops managing a service.
      const serviceUrn = `urn:pulumi:dev::adopt-existing::clickhouse-cloud:index:Service::analyticsProd`;
      await project.pulumi(["state", "delete", serviceUrn, "--yes"]);
      const destroyed = await project.pulumi(["destroy", "--yes", "--skip-preview"]);
      // The twenty-five other adopted resources and the stack itself.
      expect(destroyed.stdout).to.match(/- 26 deleted/);
      // Destroying a Member without removeOnDestroy leaves the person in the organization, and says so.
      expect(destroyed.stdout).to.include("developer@example.com (user id");
      expect(destroyed.stdout).to.include("left in the organization: removeOnDestroy is not set");
      const { fixture } = emulator;
      const key = await send(
        `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/keys/${made.key}`,
        "GET",
        { headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) } },
      );
      expect(key.status).to.equal(404);
      const role = await send(
        `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/roles/${made.role}`,
        "GET",
        { headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) } },
      );
      expect(role.status).to.equal(404);
      const pipe = await send(
        `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/services/${fixture.services.production}/clickpipes/${made.clickPipe}`,
        "GET",
        { headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) } },
      );
      expect(pipe.status).to.equal(404);
      const membersAnswer = await send(
        `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/members`,
        "GET",
        { headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) } },
      );
      expect(membersAnswer.body.result.map((member: { userId: string }) => member.userId)).to.deep.equal([
        fixture.members.admin,
        fixture.members.developer,
      ]);
      const invitation = await send(
        `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/invitations/${made.invitation}`,
        "GET",
        { headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) } },
      );
      expect(invitation.status).to.equal(404);
      for (const setting of ["serviceQueryEndpoint", "upgradeWindow"]) {
        const path = `/v1/organizations/${fixture.organizationId}/services/${fixture.services.production}/${setting}`;
        const answer = await send(`${fixture.managementUrl}${path}`, "GET", {
          headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) },
        });
        expect(answer.status, setting).to.equal(404);
      }
      const alert = await observabilityClientFor(fixture)
        .alerts.get(made.alert)
        .then(
          () => "found",
          (error: Error) => error.message,
        );
      expect(alert).to.match(/not found/i);
      // The service's adopted schedule is deleted and its adopted setting reset to the default.
      const servicePath = `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/services/${fixture.services.production}`;
      const authorization = basicAuth(fixture.tokenKey, fixture.tokenSecret);
      const schedule = await send(`${servicePath}/scalingSchedule`, "GET", { headers: { authorization } });
      expect(schedule.status).to.equal(404);
      const settings = await send(`${servicePath}/clickhouseSettings`, "GET", { headers: { authorization } });
      expect(settings.body.result.settings).to.deep.equal([]);
      // The organization's settings are forgotten, never deleted or reset.
      const organization = await send(
        `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}`,
        "GET",
        {
          headers: { authorization },
        },
      );
      expect(organization.body.result).to.include({ name: "Emulated organization", enableCoreDumps: true });
    });
  }),
);

describe("export: usage errors, through the command", function () {
  this.timeout(120_000);
  let project: CliProject;

  before(async () => {
    project = CliProject.create(nativeProjectYaml("adopt-errors", "yaml"));
    await project.initStack("dev", {});
  });

  after(() => project?.dispose());

  async function refused(args: readonly string[]): Promise<string> {
    const run = await runPackageCommand(project, ["export", ...args]);
    expect(run.code, run.stderr).to.equal(2);
    expect(fs.existsSync(path.join(project.dir, "r.json")), "no file written").to.equal(false);
    return run.stderr;
  }

  it("prints its options for --help", async () => {
    const run = await runPackageCommand(project, ["export", "--help"]);
    expect(run.code).to.equal(0);
    expect(run.stdout).to.match(/^Usage: pulumi-clickhouse-cloud export --stack <name>/);
    expect(run.stdout).to.include("--out <file>");
  });

  it("names both commands in the package command's help and for an unknown command", async () => {
    const help = await runPackageCommand(project, ["--help"]);
    expect(help.code).to.equal(0);
    expect(help.stdout).to.match(/^ {2}export +write them as a file for `pulumi import --file`/m);
    const run = await runPackageCommand(project, ["exports", "--stack", "dev"]);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.match(/^error: unknown command "exports"; commands: orphans, export\n/);
  });

  it("asks for a stack, with the usage", async () => {
    const stderr = await refused(["--out", "r.json"]);
    expect(stderr).to.match(/^error: name the stacks whose state tracks the objects: --stack <name>/);
    expect(stderr).to.include("Usage: pulumi-clickhouse-cloud export");
  });

  it("says which stack it cannot read", async () => {
    const stderr = await refused(["--stack", "nope", "--out", "r.json"]);
    expect(stderr).to.include('error: stack "nope" is not in this project\'s backend');
  });

  it("refuses an output file it cannot write before reading anything", async () => {
    const stderr = await refused(["--stack", "nope", "--out", "/sys/r.json"]);
    expect(stderr).to.equal("error: --out /sys/r.json: cannot be written (EACCES)\n");
  });

  it("names the settings a stack lacks, with the command for that stack", async () => {
    const stderr = await refused(["--stack", "dev", "--out", "r.json"]);
    expect(stderr).to.match(/^error: stack "dev": configuration for the management API is incomplete:/);
    expect(stderr).to.include(
      "run `pulumi config set --stack dev clickhouse:organizationId <organization-uuid>`",
    );
  });
});
