/**
 * The ClickPipe kind through the dynamic front end against the emulator: bad input refused at check naming the
 * field, for each typed family; a Kafka pipe made, read and compared with no change in any order of its columns;
 * its credentials changed in place and never shown; its run state and scaling changed in place; a Postgres pipe's
 * tables changed in place while it is paused; a pipe on an idle service; a Failed pipe started again.
 */
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { UNKNOWN } from "../../../provider/propertyEncoding";
import { PartialCreateError } from "../../../provider/resources/lifecycle/partialCreate";

const secretSignature = "4dabf18193072939515e22adb298388d";
const secretSignatureValue = "1b47061264138c4ac30d75fd1eb44270";
import { entry } from "../../../provider/resources/clickPipe/kind";
import { providerOf } from "../../support/providers";
import { emulatorStackConfig, forEachDialect, sharedEmulator } from "../../support/emulator";
import { configureRequestFrom } from "../../support/stackConfig";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { quickSleeps } from "../../support/quickSleeps";
import { orderColumns } from "../../support/clickPipeBodies";

const kafkaPassword = "kafka-password-1";
const newKafkaPassword = "kafka-password-2";
const postgresPassword = "replicator-password-1";

const columns = orderColumns;
const fieldMappings = [
  { sourceField: "id", destinationField: "id" },
  { sourceField: "total", destinationField: "total" },
];

function kafkaInputs(serviceId: string, name: string, password = kafkaPassword) {
  return {
    serviceId,
    name,
    source: {
      kafka: {
        type: "confluent",
        format: "JSONEachRow",
        brokers: "pkc-1.example.confluent.cloud:9092",
        topics: "orders",
        authentication: "PLAIN",
      },
    },
    credentials: { username: "pipe", password },
    // The API never shows the roles: they count at create only, and never as a change.
    destination: {
      database: "default",
      table: name,
      managedTable: true,
      columns,
      roles: ["clickpipes_writer"],
    },
    fieldMappings,
  };
}

const orders = { sourceSchemaName: "public", sourceTable: "orders", targetTable: "public_orders" };
const customers = { sourceSchemaName: "public", sourceTable: "customers", targetTable: "public_customers" };

function postgresInputs(serviceId: string, name: string, tableMappings: unknown[]) {
  return {
    serviceId,
    name,
    source: { postgres: { host: "db.example.com", port: 5432, database: "shop", tableMappings } },
    credentials: { username: "replicator", password: postgresPassword },
    destination: { database: "shop" },
  };
}

describe("ClickPipeProvider", function () {
  quickSleeps();
  this.timeout(60_000);
  let emulator: RunningEmulator;
  let serviceId: string;
  const provider = providerOf("ClickPipe");

  before(async () => {
    emulator = await sharedEmulator();
    serviceId = emulator.fixture.services.production;
    await provider.configure(await emulatorConfigureRequest());
  });

  afterEach(async () => {
    await emulator.control.setServiceState(serviceId, "running");
  });

  describe("check: bad input of each typed family is refused, naming the field", () => {
    const failuresOf = async (news: Record<string, unknown>) =>
      (await provider.check({}, news)).failures ?? [];
    /**
     * The reason of each failure by the field it names: a top-level input's failure names it as its property; a
     * nested field's has none (the engine could not show its value) and starts with the field's path.
     */
    const byProperty = async (news: Record<string, unknown>) =>
      Object.fromEntries(
        (await failuresOf(news)).map((failure) => [
          failure.property || failure.reason.split(/:? /, 1)[0],
          failure.reason,
        ]),
      );

    it("accepts a Kafka pipe with its credentials, and a Postgres pipe", async () => {
      expect(await failuresOf(kafkaInputs(serviceId, "ok"))).to.deep.equal([]);
      expect(await failuresOf(postgresInputs(serviceId, "ok", [orders]))).to.deep.equal([]);
    });

    it("Kafka: credentials that do not fit the authentication, a bad offset timestamp, an http registry", async () => {
      const { credentials: _omitted, ...withoutCredentials } = kafkaInputs(serviceId, "k");
      expect((await byProperty(withoutCredentials)).credentials).to.equal(
        "Kafka authentication PLAIN takes credentials.username and credentials.password; got none",
      );
      const wrongShape = {
        ...kafkaInputs(serviceId, "k"),
        credentials: { accessKeyId: "a", secretKey: "b" },
      };
      expect((await byProperty(wrongShape)).credentials).to.match(
        /takes credentials\.username .*got accessKeyId, secretKey/,
      );
      const base = kafkaInputs(serviceId, "k");
      const kafka = base.source.kafka;
      const failures = await byProperty({
        ...base,
        source: {
          kafka: {
            ...kafka,
            offset: { strategy: "from_timestamp", timestamp: "yesterday" },
            schemaRegistry: { url: "http://registry.example.com", authentication: "PLAIN" },
          },
        },
        schemaRegistryCredentials: { username: "r", password: "s" },
      });
      expect(failures["source.kafka.offset.timestamp"]).to.match(/UTC minute/);
      expect(failures["source.kafka.schemaRegistry.url"]).to.match(/https:\/\/ URL/);
      const registryWithout = await byProperty({
        ...base,
        source: {
          kafka: { ...kafka, schemaRegistry: { url: "https://r.example.com", authentication: "PLAIN" } },
        },
      });
      expect(registryWithout.schemaRegistryCredentials).to.match(
        /required with source\.kafka\.schemaRegistry/,
      );
    });

    it("object storage: an unknown format, and keys without IAM_USER", async () => {
      const failures = await byProperty({
        serviceId,
        name: "s3",
        source: { objectStorage: { type: "s3", format: "XML", url: "https://b.s3.amazonaws.com/*.json" } },
        credentials: { accessKeyId: "a", secretKey: "b" },
        destination: { database: "default", table: "t", columns },
      });
      expect(failures["source.objectStorage.format"]).to.match(/JSONEachRow/);
      expect(failures.credentials).to.equal(
        "object storage authentication (none: public files) takes no credentials; got accessKeyId, secretKey",
      );
    });

    it("Postgres: a port out of range, no tables, a table's columns and scaling of its own", async () => {
      const failures = await byProperty({
        ...postgresInputs(serviceId, "pg", []),
        source: { postgres: { host: "db", port: 70000, database: "shop", tableMappings: [] } },
        destination: { database: "shop", table: "t" },
        scaling: { replicas: 2 },
      });
      expect(failures["source.postgres.port"]).to.match(/65535/);
      expect(failures["source.postgres.tableMappings"]).to.match(/at least 1/);
      expect(failures["destination.table"]).to.match(/not taken by a Postgres pipe/);
      expect(failures.scaling).to.match(/ClickPipesCdcScaling/);
    });
    it("a family the API does not have, none, or two; a run state and a resync the pipe cannot take", async () => {
      const unknown = await byProperty({
        ...kafkaInputs(serviceId, "k"),
        source: { sqs: { queueUrl: "q" } },
      });
      expect(unknown["source.sqs"]).to.equal("source.sqs is not a known property");
      const none = await byProperty({ ...kafkaInputs(serviceId, "k"), source: {} });
      expect(none.source).to.equal(
        "source must name exactly one source: kafka, objectStorage, postgres, mysql, kinesis, pubsub, bigquery, mongodb; got none",
      );
      const two = await byProperty({
        ...postgresInputs(serviceId, "k", [orders]),
        source: { ...kafkaInputs(serviceId, "k").source, ...postgresInputs(serviceId, "k", [orders]).source },
      });
      expect(two.source).to.match(/; got kafka and postgres$/);
      const other = await byProperty({ ...kafkaInputs(serviceId, "k"), state: "Paused", resyncTrigger: "1" });
      expect(other.state).to.equal('state must be Running or Stopped; got "Paused"');
      expect(other.resyncTrigger).to.equal(
        "resyncTrigger is taken only by a Postgres or MySQL pipe (the API resyncs those); this is a kafka pipe",
      );
    });

    it("MySQL, Kinesis, Pub/Sub, BigQuery and MongoDB: each family's own rules, naming the field", async () => {
      const database = { serviceId, name: "db", destination: { database: "shop" } };
      const mysql = await byProperty({
        ...database,
        source: { mysql: { host: "db", port: 3306, settings: {}, tableMappings: [orders], serverId: 0 } },
        credentials: { username: "u" },
      });
      expect(mysql["source.mysql.settings.replicationMode"]).to.match(/required/);
      expect(mysql["source.mysql.serverId"]).to.match(/at least 1/);
      expect(mysql.credentials).to.equal(
        "MySQL authentication basic takes credentials.username and credentials.password; got username",
      );
      const kinesis = await byProperty({
        serviceId,
        name: "k",
        source: {
          kinesis: {
            format: "JSONEachRow",
            streamName: "s",
            region: "us-east-1",
            iteratorType: "AT_TIMESTAMP",
            authentication: "IAM_USER",
          },
        },
        destination: { database: "d", table: "t", columns },
      });
      expect(kinesis["source.kinesis.timestamp"]).to.match(/required/);
      expect(kinesis.credentials).to.equal(
        "Kinesis authentication IAM_USER takes credentials.accessKeyId and credentials.secretKey; got none",
      );
      const pubsub = await byProperty({
        serviceId,
        name: "p",
        source: {
          pubsub: {
            format: "JSONEachRow",
            projectId: "p",
            topic: "t",
            authentication: "SERVICE_ACCOUNT",
            seekType: "latest",
            seekTimestamp: "2026-04-10T12:00:00Z",
            ackDeadline: 5,
          },
        },
        credentials: { serviceAccountKey: "e30=" },
        destination: { database: "d", table: "t", columns },
      });
      expect(pubsub["source.pubsub"]).to.equal(
        "source.pubsub takes seekTimestamp only with seekType timestamp; got an object",
      );
      expect(pubsub["source.pubsub.ackDeadline"]).to.match(/at least 10/);
      const bigquery = await byProperty({
        ...database,
        source: {
          bigquery: {
            snapshotStagingPath: "s3://bucket/staging",
            tableMappings: [{ sourceDatasetName: "sales", sourceTable: "orders", targetTable: "orders" }],
          },
        },
        scaling: { replicas: 2 },
      });
      expect(bigquery["source.bigquery.snapshotStagingPath"]).to.match(/gs:\/\/ path/);
      expect(bigquery.credentials).to.equal("BigQuery takes credentials.serviceAccountKey; got none");
      expect(bigquery.scaling).to.match(/not taken by a BigQuery pipe/);
      const mongodb = await byProperty({
        ...database,
        source: {
          mongodb: {
            uri: "https://cluster0.example.mongodb.net",
            readPreference: "anywhere",
            settings: { replicationMode: "cdc" },
            tableMappings: [{ sourceDatabaseName: "app", sourceCollection: "users", targetTable: "users" }],
          },
        },
        credentials: { username: "u", password: "p" },
      });
      expect(mongodb["source.mongodb.uri"]).to.match(/mongodb:\/\/ or mongodb\+srv:\/\/ URI/);
      expect(mongodb["source.mongodb.readPreference"]).to.match(/secondaryPreferred/);
    });

    it("leaves credentials that are not known yet to be checked later", async () => {
      const { credentials: _omitted, ...rest } = kafkaInputs(serviceId, "k");
      expect(await failuresOf({ ...rest, credentials: UNKNOWN })).to.deep.equal([]);
    });
  });

  describe("a Kafka pipe's life against the emulator", () => {
    it("is created Running, read with no change in any order, and never shows its credentials", async () => {
      const inputs = kafkaInputs(serviceId, `orders-${Date.now()}`);
      const created = await provider.create(inputs);
      expect(created.outs).to.include({ state: "Running", status: "Running", serviceId, name: inputs.name });
      expect(created.outs.source.kafka).to.include({
        consumerGroup: `clickpipes-${created.id}`,
        topics: "orders",
      });
      expect(JSON.stringify(created.outs)).to.not.include(kafkaPassword);
      // A secret output, as the dynamic front end writes one: the engine encrypts it in state.
      expect(created.outs.credentialsFingerprint).to.include({ [secretSignature]: secretSignatureValue });
      expect(created.outs.credentialsFingerprint.value).to.match(/^[\w-]{22}:[\w-]{43}$/);
      expect(await emulator.control.clickPipeCredentialsSent(created.id)).to.equal(1);

      const read = await provider.read(created.id, created.outs);
      expect(JSON.stringify(read)).to.not.include(kafkaPassword);
      const reordered = {
        ...inputs,
        destination: { ...inputs.destination, columns: [...columns].reverse() },
        fieldMappings: [...fieldMappings].reverse(),
      };
      expect((await provider.diff(created.id, read.props, reordered)).changes).to.equal(false);
      expect((await provider.diff(created.id, read.props, inputs)).changes).to.equal(false);
      await provider.delete(created.id, read.props);
      expect((await provider.read(created.id, read.props)).id).to.equal("");
    });

    it("changes its credentials, scaling and run state in place, and a broker replaces it", async () => {
      const inputs = kafkaInputs(serviceId, `scaled-${Date.now()}`);
      const created = await provider.create(inputs);
      const changedPassword = kafkaInputs(serviceId, inputs.name, newKafkaPassword);
      const credentialsDiff = await provider.diff(created.id, created.outs, changedPassword);
      expect(credentialsDiff).to.include({ changes: true });
      expect(credentialsDiff.replaces).to.deep.equal([]);
      const updated = await provider.update(created.id, created.outs, changedPassword);
      expect(await emulator.control.clickPipeCredentialsSent(created.id)).to.equal(2);
      expect(updated.outs.credentialsFingerprint.value).to.not.equal(
        created.outs.credentialsFingerprint.value,
      );
      expect(JSON.stringify(updated.outs)).to.not.include(newKafkaPassword);
      expect((await provider.diff(created.id, updated.outs, changedPassword)).changes).to.equal(false);

      const stopped = { ...changedPassword, state: "Stopped", scaling: { replicas: 3 } };
      const afterStop = await provider.update(created.id, updated.outs, stopped);
      expect(afterStop.outs).to.include({ state: "Stopped", status: "Stopped" });
      expect(afterStop.outs.scaling).to.include({ replicas: 3 });
      // The password did not change again, so it was not sent again.
      expect(await emulator.control.clickPipeCredentialsSent(created.id)).to.equal(2);
      expect((await provider.diff(created.id, afterStop.outs, stopped)).changes).to.equal(false);
      const running = await provider.update(created.id, afterStop.outs, { ...stopped, state: "Running" });
      expect(running.outs).to.include({ state: "Running", status: "Running" });

      const moved = {
        ...changedPassword,
        source: { kafka: { ...changedPassword.source.kafka, brokers: "other:9092" } },
      };
      expect((await provider.diff(created.id, running.outs, moved)).replaces).to.deep.equal(["source"]);
      const otherTable = {
        ...changedPassword,
        destination: { ...changedPassword.destination, table: "elsewhere" },
      };
      expect((await provider.diff(created.id, running.outs, otherTable)).replaces).to.deep.equal([
        "destination",
      ]);
      await provider.delete(created.id, running.outs);
    });

    it("is created on an idle service once the service is awake", async () => {
      await emulator.control.setServiceState(serviceId, "idle");
      const created = await provider.create(kafkaInputs(serviceId, `woken-${Date.now()}`));
      expect(created.outs).to.include({ state: "Running" });
      await provider.delete(created.id, created.outs);
    });
    it("still Provisioning when its wait runs out: recorded, not lost, and the next update waits for it", async () => {
      // Long enough that even a throttled poll finds it still Provisioning after the 1 s wait.
      await emulator.control.updateSettings({ provisioningDelayMs: 4_000 });
      try {
        const inputs = { ...kafkaInputs(serviceId, `slow-${Date.now()}`), readyTimeoutSeconds: 1 };
        const error = await provider.create(inputs).then(
          () => undefined,
          (caught: unknown) => caught,
        );
        expect(error).to.be.instanceOf(PartialCreateError);
        const partial = error as PartialCreateError;
        expect(partial.message).to.match(
          /^ClickPipe [0-9a-f-]{36} was created and is recorded; then: ClickPipe [0-9a-f-]{36} was still Provisioning after 1 s \(readyTimeoutSeconds\); the next `pulumi up` waits for it again$/,
        );
        expect(partial.properties).to.include({ status: "Provisioning" });
        const { readyTimeoutSeconds: _once, ...withDefaultWait } = inputs;
        const news = { ...withDefaultWait, readyTimeoutSeconds: 600 };
        const diff = await provider.diff(partial.id, partial.properties, news);
        expect(diff).to.include({ changes: true });
        expect(diff.replaces).to.deep.equal([]);
        const updated = await provider.update(partial.id, partial.properties, news);
        expect(updated.outs).to.include({ state: "Running", status: "Running" });
        await emulator.control.updateSettings({ provisioningDelayMs: 200 });
        await provider.delete(partial.id, updated.outs);
      } finally {
        await emulator.control.updateSettings({ provisioningDelayMs: 200 });
      }
    });

    it("found Failed, shows a change and is started by the next update", async () => {
      const inputs = kafkaInputs(serviceId, `failing-${Date.now()}`);
      const created = await provider.create(inputs);
      await emulator.control.failClickPipe(created.id);
      const read = await provider.read(created.id, created.outs);
      expect(read.props).to.include({ state: "Failed", status: "Failed" });
      expect(read.inputs).to.include({ state: "Running" });
      const diff = await provider.diff(created.id, read.props, inputs);
      expect(diff).to.include({ changes: true });
      expect(diff.replaces).to.deep.equal([]);
      const updated = await provider.update(created.id, read.props, inputs);
      expect(updated.outs).to.include({ state: "Running", status: "Running" });
      await provider.delete(created.id, updated.outs);
    });
  });

  describe("a Postgres pipe's tables", () => {
    it("change in place while the pipe is paused, and compare in any order", async () => {
      const name = `shop-${Date.now()}`;
      const created = await provider.create(postgresInputs(serviceId, name, [orders]));
      expect(created.outs).to.include({ state: "Running" });
      const two = postgresInputs(serviceId, name, [customers, orders]);
      const diff = await provider.diff(created.id, created.outs, two);
      expect(diff).to.include({ changes: true });
      expect(diff.replaces).to.deep.equal([]);
      const updated = await provider.update(created.id, created.outs, two);
      expect(updated.outs).to.include({ state: "Running" });
      const tables = (updated.outs.source.postgres.tableMappings as Array<{ sourceTable: string }>).map(
        (mapping) => mapping.sourceTable,
      );
      expect(tables.sort()).to.deep.equal(["customers", "orders"]);
      const reversed = postgresInputs(serviceId, name, [orders, customers]);
      expect((await provider.diff(created.id, updated.outs, reversed)).changes).to.equal(false);
      // A table whose options change is removed and added again, in two updates.
      const excluded = postgresInputs(serviceId, name, [
        { ...orders, excludedColumns: ["secret"] },
        customers,
      ]);
      const changed = await provider.update(created.id, updated.outs, excluded);
      expect((await provider.diff(created.id, changed.outs, excluded)).changes).to.equal(false);
      await provider.delete(created.id, changed.outs);
    });
  });

  describe("import ids", () => {
    it("take <serviceId>/<clickPipeId>, each a uuid", () => {
      const pipe = "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f";
      expect(entry.importId(`${serviceId}/${pipe}`)).to.deep.equal({ id: pipe, properties: { serviceId } });
      expect(() => entry.importId(pipe)).to.throw(/a ClickPipe is imported by "<serviceId>\/<clickPipeId>"/);
      expect(() => entry.importId(`${serviceId}/${pipe}/..`)).to.throw(/clickPipeId must be a uuid/);
    });
  });
});

describe("ClickPipesCdcScalingProvider", function () {
  quickSleeps();
  this.timeout(60_000);
  let emulator: RunningEmulator;
  const provider = providerOf("ClickPipesCdcScaling");
  const pipes = providerOf("ClickPipe");

  before(async () => {
    emulator = await sharedEmulator();
    await provider.configure(await emulatorConfigureRequest());
    await pipes.configure(await emulatorConfigureRequest());
  });

  it("refuses memory that is not 4 GiB per core, and cores that are not whole, at check", async () => {
    const serviceId = emulator.fixture.services.production;
    const failures = (await provider.check({}, { serviceId, replicaCpuMillicores: 2000, replicaMemoryGb: 4 }))
      .failures;
    expect(failures).to.deep.equal([
      {
        property: "replicaMemoryGb",
        reason: "replicaMemoryGb must be 4 GiB per core: 8 for 2000 millicores; got 4",
      },
    ]);
    const partCore = (await provider.check({}, { serviceId, replicaCpuMillicores: 1500, replicaMemoryGb: 6 }))
      .failures;
    expect(partCore?.map((failure) => failure.property)).to.include("replicaCpuMillicores");
  });

  it("says a service without a database pipe has none yet, then scales one that has", async () => {
    const serviceId = emulator.fixture.services.development;
    const inputs = { serviceId, replicaCpuMillicores: 4000, replicaMemoryGb: 16 };
    const error = await provider.create(inputs).then(
      () => undefined,
      (caught: unknown) => caught as Error,
    );
    expect(error?.message).to.match(
      new RegExp(`service ${serviceId} has no CDC compute to scale yet: .*depend on a Postgres ClickPipe`),
    );
    const pipe = await pipes.create(postgresInputs(serviceId, `cdc-${Date.now()}`, [orders]));
    const created = await provider.create(inputs);
    expect(created.id).to.equal(serviceId);
    expect(created.outs).to.include({ replicaCpuMillicores: 4000, replicaMemoryGb: 16 });
    const updated = await provider.update(serviceId, created.outs, {
      ...inputs,
      replicaCpuMillicores: 2000,
      replicaMemoryGb: 8,
    });
    expect(updated.outs).to.include({ replicaCpuMillicores: 2000, replicaMemoryGb: 8 });
    const read = await provider.read(serviceId, updated.outs);
    expect(read.props).to.include({ replicaCpuMillicores: 2000, replicaMemoryGb: 8 });
    await provider.delete(serviceId, read.props);
    // Nothing was removed: the API keeps the compute.
    expect((await provider.read(serviceId, read.props)).props).to.include({ replicaCpuMillicores: 2000 });
    await pipes.delete(pipe.id, pipe.outs);
  });
});

// On both wires: the production wire's exchanges are checked against the published OpenAPI.
forEachDialect((dialect) =>
  describe(`ClickPipeProvider: MySQL, Kinesis, Pub/Sub, BigQuery and MongoDB against the emulator (${dialect} wire)`, function () {
    quickSleeps();
    this.timeout(60_000);
    let emulator: RunningEmulator;
    let serviceId: string;
    const provider = providerOf("ClickPipe");
    const unique = (name: string) => `${name}-${Date.now()}`;

    before(async () => {
      emulator = await sharedEmulator(dialect);
      serviceId = emulator.fixture.services.production;
      await provider.configure(configureRequestFrom(await emulatorStackConfig(dialect)));
    });

    after(async () => {
      await provider.configure(await emulatorConfigureRequest());
    });

    const mysqlInputs = (name: string, tables: string[], password = "mysql-password-1") => ({
      serviceId,
      name,
      source: {
        mysql: {
          host: "mysql.example.com",
          port: 3306,
          settings: { replicationMode: "cdc" },
          tableMappings: tables.map((table) => ({
            sourceSchemaName: "shop",
            sourceTable: table,
            targetTable: table,
          })),
        },
      },
      credentials: { username: "replicator", password },
      destination: { database: "shop" },
    });

    it("MySQL: tables and the password change in place (the update names host and port), and a resync is sent", async () => {
      const name = unique("mysql");
      const created = await provider.create(mysqlInputs(name, ["orders"]));
      expect(created.outs).to.include({ state: "Running" });
      expect(created.outs.source.mysql).to.include({ type: "mysql" });
      const changed = mysqlInputs(name, ["orders", "customers"], "mysql-password-2");
      expect((await provider.diff(created.id, created.outs, changed)).replaces).to.deep.equal([]);
      const updated = await provider.update(created.id, created.outs, changed);
      const tables = (updated.outs.source.mysql.tableMappings as { sourceTable: string }[]).map(
        (t) => t.sourceTable,
      );
      expect(tables.sort()).to.deep.equal(["customers", "orders"]);
      expect(await emulator.control.clickPipeCredentialsSent(created.id)).to.equal(2);
      expect((await provider.diff(created.id, updated.outs, changed)).changes).to.equal(false);
      await emulator.control.clearRequests();
      const resynced = await provider.update(created.id, updated.outs, { ...changed, resyncTrigger: "1" });
      expect(resynced.outs).to.include({ state: "Running", resyncTrigger: "1" });
      const commands = (await emulator.control.requests()).filter((entry) => entry.route?.endsWith("/state"));
      expect(commands).to.have.length(1);
      await provider.delete(created.id, resynced.outs);
    });

    it("Kinesis: an IAM user's key is sent as the access key, and a new one in place", async () => {
      const inputs = (secretKey: string) => ({
        serviceId,
        name: "clicks",
        source: {
          kinesis: {
            format: "JSONEachRow",
            streamName: "clicks",
            region: "us-east-1",
            iteratorType: "TRIM_HORIZON",
            authentication: "IAM_USER",
          },
        },
        credentials: { accessKeyId: "AKIAEXAMPLE", secretKey },
        destination: { database: "default", table: "clicks", columns },
      });
      const created = await provider.create(inputs("kinesis-secret-1"));
      expect(JSON.stringify(created.outs)).to.not.include("kinesis-secret-1");
      const diff = await provider.diff(created.id, created.outs, inputs("kinesis-secret-2"));
      expect(diff).to.include({ changes: true });
      expect(diff.replaces).to.deep.equal([]);
      const updated = await provider.update(created.id, created.outs, inputs("kinesis-secret-2"));
      expect(await emulator.control.clickPipeCredentialsSent(created.id)).to.equal(2);
      const moved = {
        ...inputs("kinesis-secret-2"),
        source: { kinesis: { ...inputs("").source.kinesis, region: "eu-west-1" } },
      };
      expect((await provider.diff(created.id, updated.outs, moved)).replaces).to.deep.equal(["source"]);
      await provider.delete(created.id, updated.outs);
    });

    it("Pub/Sub: an ack deadline changes in place, with the service account the update always names", async () => {
      const inputs = (ackDeadline: number) => ({
        serviceId,
        name: "events",
        source: {
          pubsub: {
            format: "JSONEachRow",
            projectId: "analytics",
            topic: "events",
            authentication: "SERVICE_ACCOUNT",
            seekType: "earliest",
            ackDeadline,
          },
        },
        credentials: { serviceAccountKey: "eyJ0eXBlIjoic2VydmljZV9hY2NvdW50In0=" },
        destination: { database: "default", table: "events", columns },
      });
      const created = await provider.create(inputs(60));
      const updated = await provider.update(created.id, created.outs, inputs(120));
      expect(updated.outs.source.pubsub).to.include({ ackDeadline: 120 });
      expect(await emulator.control.clickPipeCredentialsSent(created.id)).to.equal(2);
      expect((await provider.diff(created.id, updated.outs, inputs(120))).changes).to.equal(false);
      await provider.delete(created.id, updated.outs);
    });

    it("BigQuery: a snapshot that completes is Running to the program; any source change replaces it", async () => {
      const inputs = (path: string) => ({
        serviceId,
        name: "warehouse",
        source: {
          bigquery: {
            snapshotStagingPath: path,
            tableMappings: [{ sourceDatasetName: "sales", sourceTable: "orders", targetTable: "orders" }],
          },
        },
        credentials: { serviceAccountKey: "eyJ0eXBlIjoic2VydmljZV9hY2NvdW50In0=" },
        destination: { database: "sales" },
      });
      const created = await provider.create(inputs("gs://staging/sales/")); // Create waits through Provisioning and Setup; the snapshot, however long, then ends Completed.
      expect(created.outs).to.include({ state: "Running" });
      expect(["Snapshot", "Completed"]).to.include(created.outs.status);
      expect((await provider.diff(created.id, created.outs, inputs("gs://staging/sales/"))).changes).to.equal(
        false,
      );
      expect(
        (await provider.diff(created.id, created.outs, inputs("gs://staging/other/"))).replaces,
      ).to.deep.equal(["source"]);
      await provider.delete(created.id, created.outs);
    });

    it("MongoDB: a collection is added in place while the pipe is paused", async () => {
      const inputs = (collections: string[]) => ({
        serviceId,
        name: "app",
        source: {
          mongodb: {
            uri: "mongodb+srv://cluster0.example.mongodb.net",
            readPreference: "secondaryPreferred",
            settings: { replicationMode: "cdc" },
            tableMappings: collections.map((collection) => ({
              sourceDatabaseName: "app",
              sourceCollection: collection,
              targetTable: `app_${collection}`,
            })),
          },
        },
        credentials: { username: "reader", password: "mongo-password" },
        destination: { database: "app" },
      });
      const created = await provider.create(inputs(["users"]));
      const updated = await provider.update(created.id, created.outs, inputs(["users", "orders"]));
      expect(updated.outs).to.include({ state: "Running" });
      const collections = (updated.outs.source.mongodb.tableMappings as { sourceCollection: string }[]).map(
        (mapping) => mapping.sourceCollection,
      );
      expect(collections.sort()).to.deep.equal(["orders", "users"]);
      expect((await provider.diff(created.id, updated.outs, inputs(["orders", "users"]))).changes).to.equal(
        false,
      );
      await provider.delete(created.id, updated.outs);
    });
  }),
);
