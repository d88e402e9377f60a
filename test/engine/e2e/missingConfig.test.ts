import { expect } from "chai";
import { LocalStack } from "../../../scripts/lib/localStack";
import { testProgram } from "../../support/programs";

const { projectDir, programModule } = testProgram("e2e", "missing-config");

function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

/** A setting every resource needs is missing: the run explains it once, the other resources refer to it. */
describe("a missing setting, reported once per run", function () {
  this.timeout(180_000);
  let stack: LocalStack;

  before(async () => {
    stack = await LocalStack.create({
      projectDir,
      programModule,
      // Empty values count as unset, whatever the test process's own environment holds.
      env: {
        CLICKHOUSE_ORG_ID: "",
        CLICKHOUSE_TOKEN_KEY: "",
        CLICKHOUSE_TOKEN_SECRET: "",
        CLICKHOUSE_API_URL: "",
      },
    });
  });
  after(async () => {
    await stack?.dispose();
  });

  it("a preview succeeds, warning once of each missing key with the command that sets it", async () => {
    const summary = await stack.preview();
    expect(summary).to.deep.equal({ create: 4 });
    const log = stack.logs[stack.logs.length - 1];
    const output = `${log.stdout}\n${log.stderr}`;
    const diagnostics = output.slice(output.indexOf("Diagnostics:"), output.lastIndexOf("Resources:"));
    expect(occurrences(diagnostics, "warning: the settings of the management API are incomplete")).to.equal(
      1,
    );
    for (const line of [
      "clickhouse:organizationId (or env CLICKHOUSE_ORG_ID): missing; run `pulumi config set clickhouse:organizationId <organization-uuid>`",
      "clickhouse:tokenKey (or env CLICKHOUSE_TOKEN_KEY): missing; run `pulumi config set --plaintext clickhouse:tokenKey <key-id>`",
      "clickhouse:tokenSecret (or env CLICKHOUSE_TOKEN_SECRET): missing; run `pulumi config set --secret clickhouse:tokenSecret <key-secret>`",
    ])
      expect(output).to.include(line);
  });

  it("lists every missing key with its command in one error; the other resources get a one-line reference", async () => {
    // Every resource must be attempted whatever the timing: without this the engine stops scheduling creates
    // after the first failure, and on a busy machine a later resource may never start.
    const failure = await stack.up({ continueOnError: true }).then(
      () => expect.fail("up should fail without credentials"),
      (error: Error) => error.message,
    );
    const log = stack.logs[stack.logs.length - 1];
    const output = `${log.stdout}\n${log.stderr}`;
    expect(failure).to.include("configuration for the management API is incomplete");
    // The engine's summary lists each resource's error once: one in full, the other two by reference.
    const diagnostics = output.slice(output.indexOf("Diagnostics:"), output.lastIndexOf("Resources:"));
    // Once in the first error, once in the warning of the checks that ran before the creates.
    expect(
      occurrences(diagnostics, "`pulumi config set --secret clickhouse:tokenSecret <key-secret>`"),
    ).to.equal(2);
    expect(occurrences(diagnostics, "error: configuration for the management API is incomplete:\n")).to.equal(
      1,
    );
    expect(occurrences(diagnostics, "(reported in full once in this run, with how to set each)")).to.equal(2);
    expect(output).to.include(
      "run `pulumi config set --plaintext clickhouse:tokenKey <key-id>` or set CLICKHOUSE_TOKEN_KEY",
    );
    expect(output).to.include(
      "run `pulumi config set clickhouse:organizationId <organization-uuid>` or set CLICKHOUSE_ORG_ID",
    );
    expect(output).to.include(
      "configuration for the management API is incomplete: clickhouse:organizationId (or env CLICKHOUSE_ORG_ID), " +
        "clickhouse:tokenKey (or env CLICKHOUSE_TOKEN_KEY), clickhouse:tokenSecret (or env CLICKHOUSE_TOKEN_SECRET) " +
        "(reported in full once in this run, with how to set each)",
    );
  });
});
