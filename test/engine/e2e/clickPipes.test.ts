/**
 * ClickPipes through the real engine, on the production wire (the one checked against the published OpenAPI; the
 * specification's wire serves ClickPipes with the same routes): a Kafka pipe over a reverse private endpoint to
 * MSK and an S3 pipe made, one stopped and started, its scaling and a credential changed, a Postgres CDC pipe made
 * on an idle service with its CDC scaling, both changed in place, all destroyed; after each step a preview and a refresh find
 * no change, and no credential is in the state or the outputs in plain text.
 */
import axios from "axios";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { LocalStack } from "../../../scripts/lib/localStack";
import { dedicatedEmulator } from "../../support/emulator";
import { testProgram } from "../../support/programs";
import { stackConfigFor } from "../../support/stackConfig";

const { projectDir, programModule } = testProgram("e2e", "click-pipes");

const kafkaPassword = "scram-password-first";
const newKafkaPassword = "scram-password-second";
const s3SecretKey = "s3-secret-key-value";
const postgresPassword = "replicator-password-value";
const secrets = [kafkaPassword, newKafkaPassword, s3SecretKey, postgresPassword];

describe("ClickPipe through the real engine (production wire)", function () {
  this.timeout(300_000);
  let emulator: RunningEmulator;
  let stack: LocalStack;

  const pipe = async (id: unknown) => {
    const { fixture } = emulator;
    const response = await axios.get(
      `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/services/${fixture.services.production}/clickpipes/${String(id)}`,
      { auth: { username: fixture.tokenKey, password: fixture.tokenSecret }, validateStatus: () => true },
    );
    return response;
  };
  const remote = async (id: unknown) => (await pipe(id)).data.result;
  const set = (key: string, value: string, secret = false) =>
    stack.stack.setConfig(`e2e:${key}`, { value, secret });

  /** A preview and a refresh find nothing to change, and nothing secret is in the state or the outputs. */
  async function noChangeAndNoSecrets(resources: number): Promise<void> {
    expect(await stack.preview()).to.deep.equal({ same: resources + 1 });
    expect(await stack.refresh()).to.deep.equal({ same: resources + 1 });
    expect(await stack.preview()).to.deep.equal({ same: resources + 1 });
    const state = JSON.stringify(await stack.exportState());
    const outputs = JSON.stringify(await stack.stack.outputs());
    for (const secret of secrets) {
      expect(state, "state").to.not.include(secret);
      expect(outputs, "outputs").to.not.include(secret);
    }
    const logs = JSON.stringify(stack.logs);
    for (const secret of secrets) expect(logs, "the engine's output").to.not.include(secret);
  }

  before(async () => {
    emulator = await dedicatedEmulator({ dialect: "production" });
    stack = await LocalStack.create({
      projectDir,
      programModule,
      config: {
        ...stackConfigFor(emulator),
        "e2e:serviceId": { value: emulator.fixture.services.production },
        "e2e:kafkaPassword": { value: kafkaPassword, secret: true },
        "e2e:s3SecretKey": { value: s3SecretKey, secret: true },
        "e2e:postgresPassword": { value: postgresPassword, secret: true },
        "e2e:kafkaReplicas": { value: "1" },
        "e2e:kafkaState": { value: "Running" },
      },
    });
  });

  after(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("up makes the endpoint, then the Kafka pipe through it, and the S3 pipe; both Running", async () => {
    const outputs = await stack.up();
    expect(outputs.kafkaState.value).to.equal("Running");
    expect(outputs.s3State.value).to.equal("Running");
    const kafka = await remote(outputs.kafkaPipeId.value);
    expect(kafka.state).to.equal("Running");
    expect(kafka.source.kafka.reversePrivateEndpointIds).to.deep.equal([outputs.endpointId.value]);
    expect(kafka.source.kafka.consumerGroup).to.equal(`clickpipes-${String(outputs.kafkaPipeId.value)}`);
    expect((await remote(outputs.s3PipeId.value)).source.objectStorage).to.include({ isContinuous: true });
    expect(await emulator.control.clickPipeCredentialsSent(String(outputs.kafkaPipeId.value))).to.equal(1);
    await noChangeAndNoSecrets(3);
  });

  it("stops the Kafka pipe and scales it in place", async () => {
    const before = (await stack.stack.outputs()).kafkaPipeId.value;
    await set("kafkaState", "Stopped");
    await set("kafkaReplicas", "3");
    expect(await stack.preview()).to.deep.equal({ same: 3, update: 1 });
    const outputs = await stack.up();
    expect(outputs.kafkaPipeId.value).to.equal(before);
    expect(outputs.kafkaState.value).to.equal("Stopped");
    const kafka = await remote(before);
    expect(kafka.state).to.equal("Stopped");
    expect(kafka.scaling.replicas).to.equal(3);
    await noChangeAndNoSecrets(3);
  });

  it("starts it again and sends a changed password in place, once", async () => {
    const id = String((await stack.stack.outputs()).kafkaPipeId.value);
    await set("kafkaState", "Running");
    await set("kafkaPassword", newKafkaPassword, true);
    expect(await stack.preview()).to.deep.equal({ same: 3, update: 1 });
    const outputs = await stack.up();
    expect(outputs.kafkaPipeId.value).to.equal(id);
    expect((await remote(id)).state).to.equal("Running");
    expect(await emulator.control.clickPipeCredentialsSent(id)).to.equal(2);
    await noChangeAndNoSecrets(3);
    expect(await emulator.control.clickPipeCredentialsSent(id)).to.equal(2);
  });

  it("makes a Postgres CDC pipe on an idle service once the service is awake, then its CDC scaling", async () => {
    await emulator.control.setServiceState(emulator.fixture.services.production, "idle");
    await set("postgresTables", JSON.stringify(["orders"]));
    const outputs = await stack.up();
    const postgres = await remote(outputs.postgresPipeId.value);
    expect(postgres.state).to.equal("Running");
    expect(
      postgres.source.postgres.tableMappings.map((table: { sourceTable: string }) => table.sourceTable),
    ).to.deep.equal(["orders"]);
    expect(stack.logs.map((log) => log.stdout).join("")).to.match(
      /is idle, and the API refuses ClickPipes operations until it runs: waking it up/,
    );
    expect(outputs.cdcCpu.value).to.equal(2000);
    await noChangeAndNoSecrets(5);
  });

  it("changes the Postgres pipe's tables and the CDC scaling in place, pausing the pipe meanwhile", async () => {
    const id = (await stack.stack.outputs()).postgresPipeId.value;
    await set("postgresTables", JSON.stringify(["customers", "orders"]));
    await set("cdcCores", "4");
    expect(await stack.preview()).to.deep.equal({ same: 4, update: 2 });
    const outputs = await stack.up();
    expect(outputs.postgresPipeId.value).to.equal(id);
    const postgres = await remote(id);
    expect(postgres.state).to.equal("Running");
    expect(
      postgres.source.postgres.tableMappings
        .map((table: { sourceTable: string }) => table.sourceTable)
        .sort(),
    ).to.deep.equal(["customers", "orders"]);
    expect(stack.logs.at(-1)!.stdout).to.include("pausing ClickPipe");
    expect(outputs.cdcCpu.value).to.equal(4000);
    const { fixture } = emulator;
    const cdc = await axios.get(
      `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/services/${fixture.services.production}/clickpipesCdcScaling`,
      { auth: { username: fixture.tokenKey, password: fixture.tokenSecret } },
    );
    expect(cdc.data.result).to.deep.equal({ replicaCpuMillicores: 4000, replicaMemoryGb: 16 });
    // The same tables in another order are no change.
    await set("postgresTables", JSON.stringify(["orders", "customers"]));
    await noChangeAndNoSecrets(5);
  });

  it("preview refuses bad input of each family, naming the field, and sends nothing", async () => {
    const cases = [
      {
        key: "kafkaReplicas",
        bad: "50",
        good: "3",
        reason: /'orders' has a problem: scaling\.replicas must be at most 40; got 50/,
      },
      {
        key: "s3Format",
        bad: "XML",
        good: "JSONEachRow",
        reason:
          /'events' has a problem: source\.objectStorage\.format must be one of JSONEachRow, .*; got "XML"/,
      },
      {
        key: "postgresPort",
        bad: "70000",
        good: "5432",
        reason: /'shop' has a problem: source\.postgres\.port must be at most 65535; got 70000/,
      },
    ];
    for (const { key, bad, good, reason } of cases) {
      await set(key, bad);
      await emulator.control.clearRequests();
      const failure = await stack.preview().then(
        () => "no failure",
        () => stack.logs.at(-1)?.stdout ?? "",
      );
      expect(failure, key).to.match(reason);
      const writes = (await emulator.control.requests()).filter((entry) => entry.method !== "GET");
      expect(writes, key).to.deep.equal([]);
      await set(key, good);
    }
    expect(await stack.preview()).to.deep.equal({ same: 6 });
  });

  it("destroy deletes every pipe and the endpoint, and leaves the CDC compute, saying so", async () => {
    const outputs = await stack.stack.outputs();
    await stack.destroy();
    for (const id of [outputs.kafkaPipeId.value, outputs.s3PipeId.value, outputs.postgresPipeId.value]) {
      expect((await pipe(id)).status).to.equal(404);
    }
    expect(stack.logs.at(-1)!.stdout).to.include(
      "the API cannot remove the compute of its database ClickPipes",
    );
  });
});
