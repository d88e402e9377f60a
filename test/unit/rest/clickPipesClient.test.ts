/**
 * The management client's ClickPipes calls against the emulator: what each sends and reads, the reads a list answers,
 * and an idle service woken before a pipe is made.
 */
import { expect } from "chai";
import { systemClock } from "../../../provider/clock";
import { ApiError } from "../../../provider/rest";
import { ManagementClient } from "../../../provider/rest/management";
import { useEmulator } from "../../support/emulator";
import { apiDialects } from "../../../schemas/dialects";
import { loggedRequests, testOptions } from "../../support/restHarness";
import { kafkaPassword, kafkaPipe, postgresPipe } from "../../support/clickPipeBodies";

describe("management client: ClickPipes", () => {
  const setup = useEmulator({ provisioningDelayMs: 50 });
  let lines: string[];
  beforeEach(() => {
    lines = [];
  });
  const ids = () => {
    const { organizationId, services } = setup.emulator.fixture;
    return { org: organizationId, service: services.production };
  };
  const pipesPath = () => `/v1/organizations/${ids().org}/services/${ids().service}/clickpipes`;
  const api = () => {
    const { managementUrl, tokenKey, tokenSecret } = setup.emulator.fixture;
    return new ManagementClient(
      { apiUrl: managementUrl, tokenKey, tokenSecret },
      // The emulator wakes services in real time.
      { ...testOptions([], { clock: systemClock }), wake: { report: (line) => lines.push(line) } },
    ).clickPipes;
  };

  it("makes, reads, changes and deletes a pipe, each with its one request", async () => {
    const pipes = api();
    const { org, service } = ids();
    const created = await pipes.create(org, service, kafkaPipe);
    expect(created).to.include({ name: "orders", state: "Provisioning" });
    expect((await pipes.get(org, service, created.id)).id).to.equal(created.id);
    const renamed = await pipes.update(org, service, created.id, { name: "orders-v2" });
    expect(renamed.name).to.equal("orders-v2");
    expect((await pipes.scale(org, service, created.id, { replicas: 2 })).scaling?.replicas).to.equal(2);
    expect(await pipes.putSettings(org, service, created.id, { clickhouse_max_threads: 4 })).to.deep.equal({
      clickhouse_max_threads: 4,
    });
    expect((await pipes.command(org, service, created.id, "stop")).state).to.equal("Stopping");
    await pipes.delete(org, service, created.id);
    const requests = (await loggedRequests(setup.emulator)).filter((line) => line.includes("/clickpipes"));
    const one = `${pipesPath()}/${created.id}`;
    expect(requests).to.deep.equal([
      `POST ${pipesPath()} 200`,
      `GET ${one} 200`,
      `PATCH ${one} 200`,
      `PATCH ${one}/scaling 200`,
      `PUT ${one}/settings 200`,
      `PATCH ${one}/state 200`,
      `DELETE ${one} 200`,
    ]);
    const gone = await pipes.get(org, service, created.id).catch((error: unknown) => error);
    expect(gone).to.be.instanceOf(ApiError);
    expect((gone as ApiError).status).to.equal(404);
  });

  it("answers reads that come together from one list of the service's pipes", async () => {
    const { org, service } = ids();
    const first = await api().create(org, service, kafkaPipe);
    const second = await api().create(org, service, { ...kafkaPipe, name: "refunds" });
    const reader = api();
    const [readFirst, readSecond] = await Promise.all([
      reader.read(org, service, first.id),
      reader.read(org, service, second.id),
    ]);
    expect([readFirst.name, readSecond.name]).to.deep.equal(["orders", "refunds"]);
    const gets = (await loggedRequests(setup.emulator)).filter(
      (line) => line.startsWith("GET ") && line.includes("/clickpipes"),
    );
    expect(gets).to.deep.equal([`GET ${pipesPath()} 200`]);
  });

  it("refuses a bad request before sending it, without quoting its credentials", async () => {
    const { org, service } = ids();
    const refused = await api()
      .create(org, service, { ...kafkaPipe, source: { kafka: { ...kafkaPipe.source.kafka, brokers: "" } } })
      .catch((error: unknown) => error);
    expect(String(refused)).to.include("source.kafka.brokers");
    expect(String(refused)).to.not.include(kafkaPassword);
    const sent = (await loggedRequests(setup.emulator)).filter((line) => line.startsWith("POST "));
    expect(sent).to.deep.equal([]);
  });

  it("wakes an idle service before making a pipe on it, in one line", async () => {
    const { org, service } = ids();
    await setup.emulator.control.setServiceState(service, "idle");
    const created = await api().create(org, service, kafkaPipe);
    const posts = (await loggedRequests(setup.emulator)).filter((line) => line.startsWith("POST "));
    expect(posts).to.deep.equal([`POST ${pipesPath()} 424`, `POST ${pipesPath()} 200`]);
    expect((await api().list(org, service)).map((pipe) => pipe.id)).to.deep.equal([created.id]);
    expect(lines).to.have.length(1);
    expect(lines[0]).to.include(
      `service ${service} is idle, and the API refuses ClickPipes operations until it runs`,
    );
  });

  it("reads and sets the CDC scaling once a database pipe exists", async () => {
    const { org, service } = ids();
    await api().create(org, service, postgresPipe);
    expect(await api().cdcScaling(org, service)).to.deep.equal({
      replicaCpuMillicores: 2000,
      replicaMemoryGb: 8,
    });
    expect(
      await api().updateCdcScaling(org, service, { replicaCpuMillicores: 3000, replicaMemoryGb: 12 }),
    ).to.deep.equal({ replicaCpuMillicores: 3000, replicaMemoryGb: 12 });
  });
});

describe("management client: ClickPipes schema discovery", () => {
  for (const dialect of apiDialects) {
    describe(`${dialect} wire`, () => {
      const setup = useEmulator({ provisioningDelayMs: 0, dialect });
      const api = () => {
        const { managementUrl, tokenKey, tokenSecret } = setup.emulator.fixture;
        return new ManagementClient({ apiUrl: managementUrl, tokenKey, tokenSecret }, testOptions([]))
          .clickPipes;
      };
      const ids = () => ({
        org: setup.emulator.fixture.organizationId,
        service: setup.emulator.fixture.services.production,
      });

      it("infers a topic's fields from its messages: types, order of first appearance, optional when some lack one", async () => {
        await setup.emulator.control.setStreamSample("kafka", "orders", [
          { id: 1, total: 9.5, paid: true, customer: "ada", note: null },
          { id: 2, total: 3, paid: false, customer: "bob", tags: ["x"] },
          { id: 3, total: 4, paid: "yes", customer: "cy" },
        ]);
        const { org, service } = ids();
        const answer = await api().discoverSchema(org, service, {
          source: { kafka: kafkaPipe.source.kafka },
        });
        expect(answer.fields).to.deep.equal([
          { name: "id", type: "Int64", optional: false },
          // 9.5, 3 and 4: numbers of both kinds are Float64.
          { name: "total", type: "Float64", optional: false },
          // true, false and "yes": values of several types are String.
          { name: "paid", type: "String", optional: false },
          { name: "customer", type: "String", optional: false },
          { name: "note", type: "String", optional: true },
          { name: "tags", type: "String", optional: true },
        ]);
      });

      it("refuses a stream without messages, and a request with no source, before reading anything", async () => {
        const { org, service } = ids();
        const kinesis = {
          format: "JSONEachRow" as const,
          streamName: "clicks",
          region: "us-east-1",
          iteratorType: "LATEST" as const,
          authentication: "IAM_ROLE" as const,
          iamRole: "arn:aws:iam::123456789012:role/clickpipes",
        };
        const empty = await api()
          .discoverSchema(org, service, { source: { kinesis } })
          .then(
            () => undefined,
            (error: unknown) => error as ApiError,
          );
        expect(empty?.status).to.equal(400);
        expect(empty?.detail).to.include("No messages found to infer a schema from in stream clicks");
        const none = await api()
          .discoverSchema(org, service, { source: {} } as never)
          .then(
            () => undefined,
            (error: unknown) => error as Error,
          );
        expect(none?.message).to.match(/source must set at least one of kafka, kinesis/);
      });
    });
  }
});
