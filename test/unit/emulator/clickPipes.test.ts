import { expect } from "chai";
import { apiDialects } from "../../../schemas/dialects";
import { validate } from "../../../provider/validation/validate";
import {
  EmulatorHarness,
  delay,
  expectManagementError,
  expectManagementSuccess,
} from "../../support/httpRequests";
import {
  kafkaPassword,
  kafkaPipe,
  orderColumns as columns,
  postgresOrders as orders,
  postgresPipe,
} from "../../support/clickPipeBodies";

const provisioningDelayMs = 100;

// Both wires serve ClickPipes as the published OpenAPI does; the production wire's exchanges are checked against it.
for (const dialect of apiDialects)
  describe(`emulator: ClickPipes (${dialect} wire)`, () => {
    const harness = new EmulatorHarness({ provisioningDelayMs, dialect }).install();
    const collection = () => `${harness.servicePath()}/clickpipes`;
    const create = (body: unknown) => harness.management("POST", collection(), { body });
    const get = (id: string) => harness.management("GET", `${collection()}/${id}`);
    const command = (id: string, name: string) =>
      harness.management("PATCH", `${collection()}/${id}/state`, { body: { command: name } });
    const stateOf = async (id: string) => expectManagementSuccess(await get(id)).state as string;
    const settle = () => delay(provisioningDelayMs * 4);

    it("creates a Kafka pipe that is Provisioning, then Running, and never shows its credentials", async () => {
      const pipe = expectManagementSuccess(await create(kafkaPipe));
      expect(validate("clickPipe", pipe)).to.deep.equal([]);
      expect(pipe).to.include({
        name: "orders",
        state: "Provisioning",
        serviceId: harness.fixture.services.production,
      });
      expect(pipe.source.kafka).to.include({
        type: "confluent",
        topics: "orders",
        consumerGroup: `clickpipes-${pipe.id}`,
      });
      expect(pipe.destination).to.deep.equal(kafkaPipe.destination);
      expect(pipe.scaling).to.deep.equal({ replicas: 1, replicaCpuMillicores: 125, replicaMemoryGb: 0.5 });
      expect(JSON.stringify(pipe)).to.not.include(kafkaPassword);
      await settle();
      expect(await stateOf(pipe.id)).to.equal("Running");
      const listed = expectManagementSuccess(await harness.management("GET", collection()));
      expect(listed.map((each: { id: string }) => each.id)).to.deep.equal([pipe.id]);
      expect(JSON.stringify(listed)).to.not.include(kafkaPassword);
    });

    it("stops and starts a streaming pipe, and refuses to start a running one or resync it", async () => {
      const { id } = expectManagementSuccess(await create(kafkaPipe));
      expectManagementError(await command(id, "start"), 400, "BAD_REQUEST", "already running");
      await settle();
      expect(expectManagementSuccess(await command(id, "stop")).state).to.equal("Stopping");
      await settle();
      expect(await stateOf(id)).to.equal("Stopped");
      expect(expectManagementSuccess(await command(id, "start")).state).to.equal("Provisioning");
      await settle();
      expect(await stateOf(id)).to.equal("Running");
      expectManagementError(await command(id, "resync"), 400, "BAD_REQUEST", "Postgres and MySQL");
    });

    it("takes a Postgres pipe through Setup and Snapshot to Running, and pauses instead of stopping", async () => {
      const pipe = expectManagementSuccess(await create(postgresPipe));
      expect(pipe.scaling).to.equal(null);
      expect(pipe.source.postgres.type).to.equal("postgres");
      const seen = new Set<string>([pipe.state]);
      for (let polls = 0; polls < 40 && !seen.has("Running"); polls += 1) {
        seen.add(await stateOf(pipe.id));
        await delay(provisioningDelayMs / 4);
      }
      expect([...seen]).to.include.members(["Provisioning", "Setup", "Snapshot", "Running"]);
      await command(pipe.id, "stop");
      await settle();
      expect(await stateOf(pipe.id)).to.equal("Paused");
    });

    it("changes a Postgres pipe's table mappings only while it is paused, never the same table out and in", async () => {
      const { id } = expectManagementSuccess(await create(postgresPipe));
      const patch = (postgres: object) =>
        harness.management("PATCH", `${collection()}/${id}`, { body: { source: { postgres } } });
      const refunds = { sourceSchemaName: "public", sourceTable: "refunds", targetTable: "public_refunds" };
      await settle();
      expectManagementError(
        await patch({ tableMappingsToAdd: [refunds] }),
        400,
        "BAD_REQUEST",
        "must be paused to edit",
      );
      await command(id, "stop");
      await settle();
      expectManagementError(
        await patch({ tableMappingsToRemove: [orders], tableMappingsToAdd: [orders] }),
        400,
        "BAD_REQUEST",
        "public.orders",
      );
      const changed = expectManagementSuccess(
        await patch({ tableMappingsToAdd: [refunds], tableMappingsToRemove: [orders] }),
      );
      expect(changed.source.postgres.tableMappings).to.deep.equal([refunds]);
    });

    it("updates the name, columns with their mappings, settings and scaling in place", async () => {
      const { id } = expectManagementSuccess(await create(kafkaPipe));
      const renamed = expectManagementSuccess(
        await harness.management("PATCH", `${collection()}/${id}`, {
          body: {
            name: "orders-v2",
            destination: { columns: [columns[0]] },
            fieldMappings: [{ sourceField: "id", destinationField: "id" }],
          },
        }),
      );
      expect(renamed.name).to.equal("orders-v2");
      expect(renamed.destination.columns).to.deep.equal([columns[0]]);
      expectManagementError(
        await harness.management("PATCH", `${collection()}/${id}`, { body: { fieldMappings: [] } }),
        400,
        "BAD_REQUEST",
      );
      const scaled = expectManagementSuccess(
        await harness.management("PATCH", `${collection()}/${id}/scaling`, { body: { replicas: 3 } }),
      );
      expect(scaled.scaling.replicas).to.equal(3);
      expect(
        expectManagementSuccess(
          await harness.management("PUT", `${collection()}/${id}/settings`, {
            body: { clickhouse_max_threads: 8 },
          }),
        ),
      ).to.deep.equal({ clickhouse_max_threads: 8 });
      expect(
        expectManagementSuccess(
          await harness.management("PUT", `${collection()}/${id}/settings`, {
            body: { streaming_max_insert_wait_ms: 1000 },
          }),
        ),
      ).to.deep.equal({ clickhouse_max_threads: 8, streaming_max_insert_wait_ms: 1000 });
    });

    it("refuses table fields on a database pipe and a streaming pipe without its table", async () => {
      expectManagementError(
        await create({ ...postgresPipe, destination: { database: "shop", table: "orders" } }),
        400,
        "BAD_REQUEST",
        "destination.table",
      );
      const { table: _table, ...noTable } = kafkaPipe.destination;
      expectManagementError(
        await create({ ...kafkaPipe, destination: noTable }),
        400,
        "BAD_REQUEST",
        "destination.table",
      );
    });

    it("answers 424 naming the state while the service is idle, and 404 for a pipe deleted", async () => {
      const { id } = expectManagementSuccess(await create(kafkaPipe));
      await harness.emulator.control.setServiceState(harness.fixture.services.production, "idle");
      expectManagementError(
        await create(kafkaPipe),
        424,
        "FAILED_DEPENDENCY",
        "ClickPipe creation is allowed only when the ClickHouse service is running. Current state: idle",
      );
      expectManagementError(await get(id), 424, "FAILED_DEPENDENCY", "Current state: idle");
      await harness.emulator.control.setServiceState(harness.fixture.services.production, "running");
      // The published API's delete answers the envelope without a result.
      const deleted = await harness.management("DELETE", `${collection()}/${id}`);
      expect(deleted.status, deleted.text).to.equal(200);
      expect(Object.keys(deleted.body).sort()).to.deep.equal(["requestId", "status"]);
      expectManagementError(await get(id), 404, "NOT_FOUND");
    });

    it("has a CDC scaling once a database pipe exists, with 4 GiB per core", async () => {
      const path = `${harness.servicePath()}/clickpipesCdcScaling`;
      expectManagementError(await harness.management("GET", path), 400, "BAD_REQUEST", "database ClickPipe");
      expectManagementSuccess(await create(postgresPipe));
      expect(expectManagementSuccess(await harness.management("GET", path))).to.deep.equal({
        replicaCpuMillicores: 2000,
        replicaMemoryGb: 8,
      });
      expectManagementError(
        await harness.management("PATCH", path, { body: { replicaCpuMillicores: 4000, replicaMemoryGb: 8 } }),
        400,
        "BAD_REQUEST",
        "replicaMemoryGb",
      );
      expect(
        expectManagementSuccess(
          await harness.management("PATCH", path, {
            body: { replicaCpuMillicores: 4000, replicaMemoryGb: 16 },
          }),
        ),
      ).to.deep.equal({ replicaCpuMillicores: 4000, replicaMemoryGb: 16 });
    });
  });
