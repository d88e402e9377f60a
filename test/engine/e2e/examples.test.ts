import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "chai";
import type { Fixture } from "../../../emulator";
import { exampleConfig, type ExampleName } from "../../../scripts/lib/exampleConfig";
import { LocalStack } from "../../../scripts/lib/localStack";
import { apiDialects, type ApiDialect } from "../../../schemas/dialects";
import { sharedEmulator } from "../../support/emulator";
import { exampleProgram } from "../../support/programs";
import { throttleOff } from "../../support/stackConfig";
import { managementClientFor } from "../../support/clients";

/**
 * The code at a state's source position (`project:///<path from the project directory>#<line>,<column>`), up to
 * the first opening parenthesis.
 */
function codeAt(projectDir: string, sourcePosition: string | undefined): string {
  const match = /^project:\/\/\/(.+)#(\d+),(\d+)$/.exec(sourcePosition ?? "");
  if (match === null) return `not a project position: ${sourcePosition}`;
  const [, file, line, column] = match;
  const text = fs.readFileSync(path.resolve(projectDir, file), "utf8").split("\n")[Number(line) - 1];
  return text.slice(Number(column) - 1, text.indexOf("(", Number(column) - 1) + 1);
}

/** Each runnable example under examples/: up, a preview with no changes, and destroy, through the real engine. */
describe("examples through the real engine", function () {
  this.timeout(300_000);

  async function exampleStack(
    example: ExampleName,
    dialect: ApiDialect = "spec",
  ): Promise<{ stack: LocalStack; fixture: Fixture }> {
    const { fixture } = await sharedEmulator(dialect);
    const stack = await LocalStack.create({
      ...exampleProgram(example),
      config: { ...exampleConfig(example, fixture), ...throttleOff },
    });
    return { stack, fixture };
  }

  async function upPreviewDestroy(
    stack: LocalStack,
    resourceCount: number,
    afterUp?: () => Promise<void>,
  ): Promise<Record<string, unknown>> {
    try {
      const outputs = await stack.up();
      await afterUp?.();
      expect(await stack.preview()).to.deep.equal({ same: resourceCount + 1 });
      const values = Object.fromEntries(Object.entries(outputs).map(([key, output]) => [key, output.value]));
      expect(await stack.destroy()).to.deep.equal({ delete: resourceCount + 1 });
      expect(await stack.resources()).to.deep.equal([]);
      return values;
    } finally {
      await stack.dispose();
    }
  }

  for (const dialect of apiDialects)
    it(`quickstart (${dialect} wire): one of each resource, the alert's threshold from getSeriesOutput`, async () => {
      const { stack } = await exampleStack("quickstart", dialect);
      let registeredAt: string[] = [];
      const outputs = await upPreviewDestroy(stack, 5, async () => {
        registeredAt = (await stack.resources())
          .map((resource) => codeAt(exampleProgram("quickstart").projectDir, resource.sourcePosition))
          .sort();
      });
      // The state points each resource at the program's `new` expression that made it, not into this package.
      expect(registeredAt).to.deep.equal(
        ["Alert", "ApiKey", "PrivateEndpoint", "ReplicaScaling", "ReversePrivateEndpoint"].map(
          (kind) => `new chc.${kind}(`,
        ),
      );
      expect(outputs.reversePrivateEndpointStatus).to.equal("Ready");
      expect(outputs.serviceReplicas).to.equal(3);
      expect(outputs.alertState).to.equal(dialect === "spec" ? "inactive" : "OK");
      const series = outputs.thresholdSeries as { value: number }[];
      expect(series).to.have.length(7);
      expect(outputs.alertThreshold).to.equal(Math.round(Math.max(...series.map((p) => p.value)) * 1.2));
    });

  it("private-networking: reverse private endpoints of the three types and a private endpoint", async () => {
    const { stack } = await exampleStack("private-networking");
    const outputs = await upPreviewDestroy(stack, 4);
    expect(outputs.endpointStatuses).to.deep.equal(["Ready", "Ready", "Ready"]);
    expect(outputs.privateEndpointId).to.equal("vpce-0123456789abcdef0");
  });

  it("kafka-to-table (production wire): an MSK endpoint, a Kafka pipe through it, an alert on the pipe's errors", async () => {
    const { stack, fixture } = await exampleStack("kafka-to-table", "production");
    await stack.stack.setConfig("chc-kafka-to-table:kafkaPassword", {
      value: "scram-password",
      secret: true,
    });
    const outputs = await upPreviewDestroy(stack, 5, async () => {
      const state = JSON.stringify(await stack.exportState());
      expect(state).to.not.include("scram-password");
    });
    expect(outputs.pipeState).to.equal("Running");
    expect(outputs.consumerGroup).to.equal(`clickpipes-${String(outputs.pipeId)}`);
    const management = managementClientFor(fixture, { throttle: "off" });
    const pipes = await management.clickPipes.list(fixture.organizationId, fixture.services.production);
    expect(pipes.map((pipe) => pipe.id)).to.not.include(outputs.pipeId);
  });

  it("alert-from-series: a saved-search alert with a threshold from last week's hourly series", async () => {
    const { stack } = await exampleStack("alert-from-series");
    const outputs = await upPreviewDestroy(stack, 1);
    expect(outputs.hourlyBuckets).to.equal(7 * 24);
    expect(outputs.alertThreshold).to.be.a("number").and.to.be.greaterThan(0);
  });

  for (const dialect of apiDialects)
    it(`alerting-from-scratch (${dialect} wire): a source, a webhook, a saved search, a dashboard, alerts on both`, async () => {
      const { stack } = await exampleStack("alerting-from-scratch", dialect);
      await stack.stack.setConfig("chc-alerting-from-scratch:webhookToken", {
        value: "Bearer x",
        secret: true,
      });
      const outputs = await upPreviewDestroy(stack, 6);
      expect(Object.keys(outputs.tileIds as object)).to.deep.equal(["Errors", "Requests"]);
      expect(outputs.alertIds).to.have.length(2);
    });

  it("service-from-scratch (production wire): a service, its query endpoint and endpoints, alerting on its ClickStack", async () => {
    const { stack } = await exampleStack("service-from-scratch", "production");
    const emulator = await sharedEmulator("production");
    let clickstackPosts: string[] = [];
    await emulator.control.clearRequests();
    const outputs = await upPreviewDestroy(stack, 9, async () => {
      clickstackPosts = (await emulator.control.requests())
        .filter((request) => request.method === "POST" && request.path.includes("/clickstack/"))
        .map((request) => request.path);
    });
    const serviceId = String(outputs.serviceId);
    // The four ClickStack objects went to the managed ClickStack of the service the program made.
    expect(clickstackPosts.map((path) => path.split("/clickstack/")[0]).sort()).to.deep.equal(
      Array(4).fill(`/v1/organizations/${emulator.fixture.organizationId}/services/${serviceId}`),
    );
    expect((outputs.endpoints as { protocol: string }[]).map((endpoint) => endpoint.protocol)).to.include(
      "https",
    );
    expect(outputs.ordersPostgresDnsNames).to.be.an("array").that.is.not.empty;
  });

  it("team-access (production wire): a role, a new key and an invited engineer on it, a key moved to it in place, the engineer adopted once joined", async () => {
    const { stack, fixture } = await exampleStack("team-access", "production");
    const emulator = await sharedEmulator("production");
    const client = managementClientFor(fixture, { throttle: "off" });
    const org = fixture.organizationId;
    const project = "chc-team-access";
    const email = `engineer-${process.pid}-${Date.now().toString(36)}@example.com`;
    await stack.stack.setConfig(`${project}:engineerEmail`, { value: email });
    const roleNamesOf = (shown: { assignedRoles?: { roleName?: string | null }[] | null }) =>
      (shown.assignedRoles ?? []).map((role) => role.roleName);
    try {
      const first = await stack.up();
      const roleId = String(first.roleId.value);
      const role = await client.roles.get(org, roleId);
      expect(role).to.include({ name: "Deployers", type: "custom" });
      const keys = await client.keys.list(org);
      const ciKey = keys.find((key) => key.name === "ci deployer")!;
      const legacy = keys.find((key) => key.name === "release tooling")!;
      expect(roleNamesOf(ciKey)).to.deep.equal(["Deployers"]);
      expect(legacy.roles).to.deep.equal(["developer"]);
      expect(roleNamesOf(legacy)).to.deep.equal([]);
      const invitation = await client.invitations.get(org, String(first.engineerAccess.value));
      expect(invitation.email).to.equal(email);
      expect(roleNamesOf(invitation)).to.deep.equal(["Deployers"]);
      expect(await stack.preview()).to.deep.equal({ same: 5 });

      await stack.stack.setConfig(`${project}:moveLegacyKey`, { value: "true" });
      const moved = await stack.up();
      expect(moved.legacyKeyId.value, "updated in place, not replaced").to.equal(legacy.id);
      expect(moved.legacyKeySecret.secret).to.equal(true);
      expect(moved.legacyKeySecret.value, "no new secret").to.equal(first.legacyKeySecret.value);
      expect(moved.legacyKeyRoleIds.value).to.deep.equal([roleId]);
      expect(roleNamesOf(await client.keys.get(org, legacy.id))).to.deep.equal(["Deployers"]);
      expect(await stack.preview()).to.deep.equal({ same: 5 });

      const userId = await emulator.control.acceptInvitation(invitation.id);
      await stack.stack.setConfig(`${project}:joined`, { value: "true" });
      const joined = await stack.up();
      expect(joined.engineerAccess.value).to.equal(userId);
      const member = await client.members.get(org, userId);
      expect(member.email).to.equal(email);
      expect(roleNamesOf(member)).to.deep.equal(["Deployers"]);
      expect(await stack.preview()).to.deep.equal({ same: 5 });

      expect(await stack.destroy()).to.deep.equal({ delete: 5 });
      const left = await client.roles.list(org);
      expect(left.map((shown) => shown.id)).to.not.include(roleId);
      const keyIds = (await client.keys.list(org)).map((key) => key.id);
      expect(keyIds).to.not.include.members([ciKey.id, legacy.id]);
      expect((await client.members.get(org, userId)).email, "the engineer stays a member").to.equal(email);
    } finally {
      await stack.destroy().catch(() => undefined);
      await stack.dispose();
    }
  });

  it("api-key-rotation: a changed trigger replaces the key, the new one created before the old one is deleted", async () => {
    const { stack, fixture } = await exampleStack("api-key-rotation");
    const emulator = await sharedEmulator();
    try {
      const first = await stack.up();
      expect(await stack.preview()).to.deep.equal({ same: 2 });
      await emulator.control.clearRequests();
      await stack.stack.setConfig(`chc-api-key-rotation:rotation`, { value: "2026-12" });
      const second = await stack.up();
      expect(second.keyId.value).to.not.equal(first.keyId.value);
      expect(second.keyName.value).to.equal("deploy-2026-12");
      const keyRequests = (await emulator.control.requests()).filter((r) =>
        r.path.startsWith(`/v1/organizations/${fixture.organizationId}/keys`),
      );
      const created = keyRequests.findIndex((r) => r.method === "POST" && r.status === 200);
      const deleted = keyRequests.findIndex((r) => r.method === "DELETE" && r.status === 200);
      expect(created, "the new key is created").to.be.greaterThan(-1);
      expect(deleted, "the old key is deleted after the new one exists").to.be.greaterThan(created);
      expect(await stack.destroy()).to.deep.equal({ delete: 2 });
    } finally {
      await stack.dispose();
    }
  });
});
