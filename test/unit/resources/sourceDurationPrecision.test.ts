/**
 * A trace source's `durationPrecision` of 0 (nanoseconds' exponent: whole seconds) is a value, not an absence: the
 * emulator keeps and shows 0 rather than the default it fills in for a source that leaves it out (3), and a Source
 * that sets 0 reads back 0 and shows no change after its create.
 */
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { observabilityClientFor } from "../../support/clients";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { providerOf } from "../../support/providers";

type Bag = Record<string, unknown>;

describe("Source: a trace source's durationPrecision of 0", function () {
  this.timeout(30_000);
  const sources = providerOf("Source");
  let emulator: RunningEmulator;
  const made: string[] = [];

  before(async () => {
    emulator = await sharedEmulator();
    await sources.configure(await emulatorConfigureRequest());
  });

  after(async () => {
    for (const id of made) await sources.delete(id, {}).catch(() => undefined);
  });

  const traceSource = (extra: Bag) => ({
    name: `traces ${process.pid}-${made.length}`,
    kind: "trace",
    connection: emulator.fixture.connections[0].id,
    from: { databaseName: "default", tableName: "traces" },
    timestampValueExpression: "Timestamp",
    durationExpression: "Duration",
    traceIdExpression: "TraceId",
    spanIdExpression: "SpanId",
    parentSpanIdExpression: "ParentSpanId",
    spanNameExpression: "SpanName",
    spanKindExpression: "SpanKind",
    defaultTableSelectExpression: "Timestamp, SpanName",
    ...extra,
  });

  it("is kept and shown as 0 by the API, read back as 0, and no change after the create", async () => {
    const inputs = traceSource({ durationPrecision: 0 });
    expect((await sources.check({}, inputs)).failures ?? []).to.deep.equal([]);
    const { id, outs } = (await sources.create(inputs)) as { id: string; outs: Bag };
    made.push(id);
    const client = observabilityClientFor(emulator.fixture);
    expect((await client.sources.get(id)).durationPrecision).to.equal(0);
    expect(outs.durationPrecision).to.equal(0);
    expect((await sources.diff(id, outs, inputs)).changes).to.equal(false);
    const read = (await sources.read(id, outs)).props as Bag;
    expect(read.durationPrecision).to.equal(0);
    expect((await sources.diff(id, read, inputs)).changes).to.equal(false);
  });

  it("left out, is the API's default, 3, and no change either", async () => {
    const inputs = traceSource({});
    const { id, outs } = (await sources.create(inputs)) as { id: string; outs: Bag };
    made.push(id);
    expect(outs.durationPrecision).to.equal(3);
    expect((await sources.diff(id, outs, inputs)).changes).to.equal(false);
  });
});
