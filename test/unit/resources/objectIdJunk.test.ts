/**
 * An observability object id is 24 hex digits and nothing else: one that starts with a valid id and goes on
 * (`<id>zz`, `<id>/../x`) would address another path if it reached a URL, and names no object in a body. Every
 * object-id input of the observability kinds (an alert's targets and adoptId, a saved search's source, a dashboard
 * filter's source, a source's connection) refuses it at preview, naming the input, and so does the native import id
 * of each kind, bare or after a service.
 */
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { ImportIdError } from "../../../provider/resources/adoption/importIds";
import { resources } from "../../../provider/resources/registry";
import { tileAlertBody, searchAlertBody } from "../../support/alertBodies";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { providerOf } from "../../support/providers";

type Bag = Record<string, unknown>;

const valid = "65f1a2b3c4d5e6f708192a3b";
const junkAfter = (id: string) => [`${id}zz`, `${id}/../x`, `${id} `];
const junk = junkAfter(valid);
const service = "0b3c2d4e-5f60-4718-8293-a4b5c6d7e8f9";

describe("observability object ids: a valid id followed by anything else is refused", function () {
  this.timeout(30_000);
  let emulator: RunningEmulator;
  const kinds = ["Alert", "Webhook", "SavedSearch", "Dashboard", "Source"] as const;

  before(async () => {
    emulator = await sharedEmulator();
    for (const kind of kinds) await providerOf(kind).configure(await emulatorConfigureRequest());
  });

  /** The inputs of each kind that name an object by id, each as a change to inputs the check accepts. */
  function idInputs(): Array<{ kind: string; input: string; inputs: (id: string) => Bag; id?: string }> {
    const { fixture } = emulator;
    const tile = tileAlertBody(fixture);
    const search = searchAlertBody(fixture);
    const savedSearch = { name: "s", sourceId: fixture.sources[0].id };
    const filter = (sourceId: string) => ({ type: "QUERY_EXPRESSION", name: "f", expression: "x", sourceId });
    const dashboard = { name: "d", tiles: [] };
    const source = {
      name: "L",
      kind: "log",
      connection: fixture.connections[0].id,
      from: { databaseName: "default", tableName: "logs" },
      timestampValueExpression: "Timestamp",
      defaultTableSelectExpression: "Timestamp, Body",
    };
    return [
      { kind: "Alert", input: "dashboardId", inputs: (id) => ({ ...tile, dashboardId: id }) },
      { kind: "Alert", input: "savedSearchId", inputs: (id) => ({ ...search, savedSearchId: id }) },
      {
        kind: "Alert",
        input: "channel",
        inputs: (id) => ({ ...tile, channel: { type: "webhook", webhookId: id } }),
      },
      { kind: "Alert", input: "adoptId", inputs: (id) => ({ ...tile, adoptId: id }) },
      { kind: "SavedSearch", input: "sourceId", inputs: (id) => ({ ...savedSearch, sourceId: id }) },
      {
        kind: "Dashboard",
        input: "filters",
        inputs: (id) => ({ ...dashboard, filters: [filter(id)] }),
      },
      {
        kind: "Source",
        input: "connection",
        inputs: (id) => ({ ...source, connection: id }),
        // The check reads the connection from the API: a valid id must be one that exists.
        id: fixture.connections[0].id,
      },
    ];
  }

  it("every object-id input accepts the id alone and refuses it followed by anything, naming the input", async () => {
    for (const { kind, input, inputs, id: existing = valid } of idInputs()) {
      const accepted = (await providerOf(kind).check({}, inputs(existing))).failures ?? [];
      expect(accepted, `${kind}.${input} with a valid id`).to.deep.equal([]);
      for (const id of junkAfter(existing)) {
        const failures = (await providerOf(kind).check({}, inputs(id))).failures ?? [];
        const named = failures.map((failure) => `${failure.property} ${failure.reason}`).join("\n");
        expect(failures, `${kind}.${input} = ${JSON.stringify(id)}`).to.not.deep.equal([]);
        expect(named, `${kind}.${input} = ${JSON.stringify(id)}`).to.include(input);
      }
    }
  });

  it("every observability kind's import id refuses it, bare and after a service", () => {
    for (const kind of kinds) {
      const { importId } = resources[kind];
      expect(importId(valid).id, kind).to.equal(valid);
      for (const id of junk) {
        expect(() => importId(id), `${kind} ${id}`).to.throw(ImportIdError);
        expect(() => importId(`${service}/${id}`), `${kind} ${service}/${id}`).to.throw(ImportIdError);
      }
    }
  });
});
