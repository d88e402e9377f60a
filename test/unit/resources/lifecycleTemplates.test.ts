/**
 * The hooks of the two lifecycle templates, each through a fake API: what the template does with the hook set, and
 * what it does without it where that differs.
 */
import { expect } from "chai";
import { bareProfile, lostReplyError } from "../../support/fakeApiErrors";
import { ApiError, type ObservabilityClient } from "../../../provider/rest";
import type { OperationContext } from "../../../provider/resources/operations";
import {
  apiObjectOperations,
  type ApiObjectKind,
  type KeepUnmanaged,
  type ReplaceableCollection,
} from "../../../provider/resources/lifecycle/apiObjectLifecycle";
import {
  asyncStatusObjectOperations,
  type AsyncStatusObjectKind,
} from "../../../provider/resources/lifecycle/asyncStatusObjectLifecycle";

const profile = bareProfile("observability");
const lostReply = () => lostReplyError("observability");

function notFound(id: string): ApiError {
  return new ApiError(profile, {
    method: "GET",
    path: `/things/${id}`,
    status: 404,
    code: "NOT_FOUND",
    detail: "thing not found",
    subject: `thing ${id}`,
    attempts: 1,
    elapsedMs: 0,
    outcomeUnknown: false,
    objectNotFound: true,
  });
}

/**
 * A context whose time passes only when slept through, recording every progress line and the service of each
 * observability client asked for ("config" when none is named).
 */
function contextOf(lines: string[], services: string[] = []): OperationContext {
  let now = Date.parse("2030-01-01T12:00:00.000Z");
  return {
    management: () => expect.fail("no management client here"),
    observability: (clickstackServiceId) => {
      services.push(clickstackServiceId ?? "config");
      return {} as ObservabilityClient;
    },
    progress: (line) => lines.push(line),
    clock: {
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
    },
  };
}

interface ThingInputs {
  name: string;
  adoptId?: string;
  clickstackServiceId?: string | null;
}
interface ThingRequest {
  name: string;
  note?: string;
}
interface Thing {
  id: string;
  name: string;
  note?: string;
  createdAt?: string;
}
interface ThingOutputs {
  name: string;
  note?: string;
  clickstackServiceId?: string;
}

/**
 * A collection of things; `lostCreates` creates make their thing (its name spelled in upper case, unless `spell`
 * says otherwise) but lose the reply.
 */
function fakeCollection(existing: Thing[], lostCreates = 0, spell = (name: string) => name.toUpperCase()) {
  const things = [...existing];
  const calls: string[] = [];
  let sent = 0;
  const collection: ReplaceableCollection<ThingRequest, Thing> = {
    async create(request) {
      calls.push("create");
      sent += 1;
      const made = {
        id: `made-${sent}`,
        name: spell(request.name),
        createdAt: "2030-01-01T12:00:01.000Z",
      };
      things.push(made);
      if (sent <= lostCreates) throw lostReply();
      return made;
    },
    async list() {
      calls.push("list");
      return [...things];
    },
    async get(id) {
      calls.push(`get ${id}`);
      const found = things.find((thing) => thing.id === id);
      if (found === undefined) throw notFound(id);
      return found;
    },
    async update(id, request, keepUnmanaged?: KeepUnmanaged<ThingRequest, Thing>, current?: Thing) {
      calls.push(current === undefined ? `update ${id}` : `update ${id} as read`);
      const existing = current ?? things.find((thing) => thing.id === id)!;
      const body = keepUnmanaged === undefined ? request : keepUnmanaged(request, existing);
      const replaced = { id, createdAt: existing.createdAt, ...body };
      things.splice(things.indexOf(existing), 1, replaced);
      return replaced;
    },
    async delete(id) {
      calls.push(`delete ${id}`);
    },
  };
  return { collection, calls, things };
}

function thingKind(
  collection: ReplaceableCollection<ThingRequest, Thing>,
  hooks: Partial<ApiObjectKind<ThingInputs, ThingOutputs, ThingRequest, Thing>>,
): ApiObjectKind<ThingInputs, ThingOutputs, ThingRequest, Thing> {
  return {
    what: (inputs) => `thing "${inputs.name}"`,
    collection: () => collection,
    request: (inputs) => ({ name: inputs.name }),
    outputs: (_recorded, shown) => ({ name: shown.name, note: shown.note }),
    newness: "createdAt",
    sentFields: ["name"],
    ...hooks,
  } as ApiObjectKind<ThingInputs, ThingOutputs, ThingRequest, Thing>;
}

const adoption = {
  idOf: (inputs: ThingInputs) => inputs.adoptId,
  matches: (shown: Thing, request: ThingRequest) => shown.name === request.name,
  noun: "thing",
};

/** Keeps the note the thing has when the request has none. */
const keepNote: KeepUnmanaged<ThingRequest, Thing> = (request, current) =>
  current.note === undefined ? request : ({ ...request, note: current.note } as ThingRequest);

describe("the lifecycle of an API object with a list, a get and a replacing PUT: its hooks", () => {
  it("adoption after a lost reply: isMadeBy recognises the listed object in the API's own spelling", async () => {
    const { collection, calls } = fakeCollection([], 1);
    const kind = thingKind(collection, {
      isMadeBy: (listed, request) => listed.name.toLowerCase() === request.name,
    } as Partial<ApiObjectKind<ThingInputs, ThingOutputs, ThingRequest, Thing>>);
    delete (kind as { sentFields?: unknown }).sentFields;
    const lines: string[] = [];
    const made = await apiObjectOperations(kind).create({ name: "pager" }, contextOf(lines));
    expect(made).to.deep.equal({ id: "made-1", outs: { name: "PAGER" } });
    expect(calls).to.deep.equal(["create", "list"]);
    expect(lines).to.deep.equal([
      `the reply to creating thing "pager" was lost; the API shows it was made (made-1)`,
    ]);
  });

  it("without isMadeBy, sentFields compare as sent, so the same lost create is sent again", async () => {
    const { collection, calls } = fakeCollection([], 1);
    const made = await apiObjectOperations(thingKind(collection, {})).create(
      { name: "pager" },
      contextOf([]),
    );
    expect(made.id).to.equal("made-2");
    expect(calls).to.deep.equal(["create", "list", "create"]);
  });

  it("sentFields with newness by the list before: adopts what the lost create made, never an older twin", async () => {
    const { collection, calls } = fakeCollection([{ id: "old-1", name: "pager" }], 1, (name) => name);
    const lines: string[] = [];
    const made = await apiObjectOperations(thingKind(collection, { newness: "listedBefore" })).create(
      { name: "pager" },
      contextOf(lines),
    );
    expect(made).to.deep.equal({ id: "made-1", outs: { name: "pager" } });
    expect(calls).to.deep.equal(["list", "create", "list"]);
    expect(lines).to.deep.equal([
      `the reply to creating thing "pager" was lost; the API shows it was made (made-1)`,
    ]);
  });

  it("sentFields with newness by createdAt: adopts what the lost create made, never a twin made before it was sent", async () => {
    const older = { id: "old-1", name: "pager", createdAt: "2020-01-01T00:00:00.000Z" };
    const { collection, calls } = fakeCollection([older], 1, (name) => name);
    const lines: string[] = [];
    const made = await apiObjectOperations(thingKind(collection, { newness: "createdAt" })).create(
      { name: "pager" },
      contextOf(lines),
    );
    expect(made).to.deep.equal({ id: "made-1", outs: { name: "pager" } });
    expect(calls).to.deep.equal(["create", "list"]);
    expect(lines).to.deep.equal([
      `the reply to creating thing "pager" was lost; the API shows it was made (made-1)`,
    ]);
  });

  it("sentFields: a field the create did not send may have any value in the object it made", async () => {
    const { collection, calls, things } = fakeCollection([]);
    const lostOnce: ReplaceableCollection<ThingRequest, Thing> = {
      ...collection,
      async create(request) {
        calls.push("create");
        const made = {
          id: "made-1",
          ...request,
          note: "filled in by the API",
          createdAt: "2030-01-01T12:00:01.000Z",
        };
        things.push(made);
        throw lostReply();
      },
    };
    const kind = thingKind(lostOnce, { sentFields: ["name", "note"] } as Partial<
      ApiObjectKind<ThingInputs, ThingOutputs, ThingRequest, Thing>
    >);
    const made = await apiObjectOperations(kind).create({ name: "pager" }, contextOf([]));
    expect(made).to.deep.equal({ id: "made-1", outs: { name: "pager", note: "filled in by the API" } });
    expect(calls).to.deep.equal(["create", "list"]);
  });

  it("sentFields: a new object that carries only some of the fields sent is not the one the lost create made", async () => {
    const { collection, calls, things } = fakeCollection([]);
    const createdAt = "2030-01-01T12:00:01.000Z";
    const lostOnce: ReplaceableCollection<ThingRequest, Thing> = {
      ...collection,
      async create(request) {
        calls.push("create");
        // Someone else made a thing of the same name at the same moment, with another note.
        things.push({ id: "theirs-1", name: request.name, note: "theirs", createdAt });
        things.push({ id: "made-1", name: request.name, note: request.note, createdAt });
        throw lostReply();
      },
    };
    const kind = thingKind(lostOnce, {
      request: (inputs: ThingInputs & { note?: string }) => ({ name: inputs.name, note: inputs.note }),
      sentFields: ["name", "note"],
    } as Partial<ApiObjectKind<ThingInputs, ThingOutputs, ThingRequest, Thing>>);
    const made = await apiObjectOperations(kind).create(
      { name: "pager", note: "mine" } as ThingInputs,
      contextOf([]),
    );
    expect(made).to.deep.equal({ id: "made-1", outs: { name: "pager", note: "mine" } });
  });

  it("a read for an import, without the importedRecord hook, records the object as shown", async () => {
    const { collection, calls } = fakeCollection([{ id: "old-1", name: "pager", note: "set in the app" }]);
    const read = await apiObjectOperations(thingKind(collection, {})).read(
      "old-1",
      {} as ThingOutputs,
      contextOf([]),
      "import",
    );
    expect(read).to.deep.equal({ id: "old-1", outs: { name: "pager", note: "set in the app" } });
    expect(calls).to.deep.equal(["get old-1"]);
  });

  it("adoption by id: takes the object without a create, and writes nothing when it matches", async () => {
    const { collection, calls } = fakeCollection([{ id: "old-1", name: "pager", note: "set in the app" }]);
    const operations = apiObjectOperations(thingKind(collection, { adoption, keepUnmanaged: keepNote }));
    const lines: string[] = [];
    const adopted = await operations.create({ name: "pager", adoptId: "old-1" }, contextOf(lines));
    expect(adopted).to.deep.equal({ id: "old-1", outs: { name: "pager", note: "set in the app" } });
    expect(calls).to.deep.equal(["get old-1"]);
    expect(lines).to.deep.equal([]);
  });

  it("adoption by id: an object that differs is updated from what was read, keeping unmanaged fields", async () => {
    const { collection, calls } = fakeCollection([{ id: "old-1", name: "other", note: "set in the app" }]);
    const operations = apiObjectOperations(thingKind(collection, { adoption, keepUnmanaged: keepNote }));
    const lines: string[] = [];
    const adopted = await operations.create({ name: "pager", adoptId: "old-1" }, contextOf(lines));
    expect(adopted).to.deep.equal({ id: "old-1", outs: { name: "pager", note: "set in the app" } });
    expect(calls).to.deep.equal(["get old-1", "update old-1 as read"]);
    expect(lines).to.deep.equal([
      "adopted thing old-1 differs from the program's inputs; replacing its fields",
    ]);
  });

  it("without the adoption hook, an adoptId input is no adoption: the object is created", async () => {
    const { collection, calls } = fakeCollection([{ id: "old-1", name: "pager" }]);
    const made = await apiObjectOperations(thingKind(collection, {})).create(
      { name: "pager", adoptId: "old-1" },
      contextOf([]),
    );
    expect(made.id).to.equal("made-1");
    expect(calls).to.deep.equal(["create"]);
  });

  it("keeping unmanaged fields: the update hands keepUnmanaged to the collection's update", async () => {
    const { collection, calls } = fakeCollection([{ id: "old-1", name: "pager", note: "set in the app" }]);
    const withHook = apiObjectOperations(thingKind(collection, { keepUnmanaged: keepNote }));
    const outs = await withHook.update("old-1", { name: "pager" }, { name: "pages" }, contextOf([]));
    expect(outs).to.deep.equal({ name: "pages", note: "set in the app" });
    const withoutHook = apiObjectOperations(thingKind(collection, {}));
    expect(await withoutHook.update("old-1", outs, { name: "pagers" }, contextOf([]))).to.deep.equal({
      name: "pagers",
    });
    expect(calls).to.deep.equal(["update old-1", "update old-1"]);
  });
});

describe("the lifecycle of an API object: where the object lives", () => {
  const serviceA = "0b3c2d4e-5f60-4718-8293-a4b5c6d7e8f9";

  it("a create goes to the named service's ClickStack and the outputs record the service", async () => {
    const { collection } = fakeCollection([]);
    const services: string[] = [];
    const made = await apiObjectOperations(thingKind(collection, {})).create(
      { name: "pager", clickstackServiceId: serviceA },
      contextOf([], services),
    );
    expect(made.outs).to.deep.equal({ name: "PAGER", clickstackServiceId: serviceA });
    expect(services).to.deep.equal([serviceA]);
  });

  it("read, update and delete go where the outputs say the object lives, and keep saying it", async () => {
    const { collection } = fakeCollection([{ id: "old-1", name: "pager" }]);
    const operations = apiObjectOperations(thingKind(collection, {}));
    const services: string[] = [];
    const olds = { name: "pager", clickstackServiceId: serviceA };
    const read = await operations.read("old-1", olds, contextOf([], services), "refresh");
    expect(read?.outs).to.deep.equal({ name: "pager", clickstackServiceId: serviceA });
    const updated = await operations.update(
      "old-1",
      olds,
      { name: "pages", clickstackServiceId: serviceA },
      contextOf([], services),
    );
    expect(updated).to.deep.equal({ name: "pages", clickstackServiceId: serviceA });
    await operations.delete("old-1", updated, contextOf([], services));
    expect(services).to.deep.equal([serviceA, serviceA, serviceA]);
  });

  it("without a service in the inputs or the outputs (an older version's state), the stack config decides", async () => {
    const { collection } = fakeCollection([{ id: "old-1", name: "pager" }]);
    const operations = apiObjectOperations(thingKind(collection, {}));
    const services: string[] = [];
    const made = await operations.create({ name: "other" }, contextOf([], services));
    expect(made.outs).to.deep.equal({ name: "OTHER" });
    const read = await operations.read("old-1", { name: "pager" }, contextOf([], services), "refresh");
    expect(read?.outs).to.deep.equal({ name: "pager" });
    await operations.update("old-1", { name: "pager" }, { name: "pages" }, contextOf([], services));
    await operations.delete("old-1", { name: "pages" }, contextOf([], services));
    expect(services).to.deep.equal(["config", "config", "config", "config"]);
  });
});

interface Endpoint {
  id: string;
  status: string;
}
interface EndpointInputs {
  name: string;
  adoptId?: string;
  timeoutSeconds: number;
}

/** Endpoints whose status is read from `statuses`, one per read, the last one staying. */
function fakeEndpoints(statuses: string[], existing: Endpoint[] = []) {
  const calls: string[] = [];
  const endpoints = [...existing];
  let reads = 0;
  const statusNow = () => statuses[Math.min(reads, statuses.length - 1)]!;
  const kind: AsyncStatusObjectKind<EndpointInputs, Endpoint, string, { name: string }, Endpoint> = {
    place: () => "service-1",
    what: (place) => `an endpoint of ${place}`,
    request: (inputs) => ({ name: inputs.name }),
    async create() {
      calls.push("create");
      const made = { id: "made-1", status: statusNow() };
      endpoints.push(made);
      return made;
    },
    async list() {
      calls.push("list");
      return [...endpoints];
    },
    async get(_place, id) {
      calls.push(`get ${id}`);
      reads += 1;
      if (!endpoints.some((endpoint) => endpoint.id === id)) throw notFound(id);
      return { id, status: statusNow() };
    },
    read(place, id) {
      return this.get(place, id);
    },
    async delete(_place, id) {
      calls.push(`delete ${id}`);
      throw notFound(id);
    },
    outputs: (_recorded, _place, endpoint) => endpoint,
    newness: { listedBefore: true },
    hasSentFields: () => true,
    status: {
      inProgress: (endpoint) => endpoint.status === "Provisioning",
      timeoutSeconds: (inputs) => inputs.timeoutSeconds,
      pollIntervalMs: 1_000,
      waitingLine: (endpoint, waited) => `${endpoint.id}: Provisioning after ${waited} s`,
      timedOut: (endpoint, inputs, place) =>
        new Error(`${endpoint.id} of ${place} not Ready after ${inputs.timeoutSeconds} s`),
      reached: (endpoint, _inputs, _place, context) => {
        context.progress(`${endpoint.id}: reached ${endpoint.status}`);
        if (endpoint.status === "Failed") throw new Error(`${endpoint.id} failed`);
        return endpoint;
      },
    },
  };
  return { kind, calls };
}

describe("the lifecycle of a management object with an asynchronous status: its hooks", () => {
  it("the status wait: reads again while in progress, then acts on the status reached", async () => {
    const { kind, calls } = fakeEndpoints(["Provisioning", "Provisioning", "Ready"]);
    const lines: string[] = [];
    const made = await asyncStatusObjectOperations(kind).create(
      { name: "e", timeoutSeconds: 60 },
      contextOf(lines),
    );
    expect(made).to.deep.equal({ id: "made-1", outs: { id: "made-1", status: "Ready" } });
    expect(calls).to.deep.equal(["list", "create", "get made-1", "get made-1"]);
    expect(lines).to.deep.equal([
      "made-1: Provisioning after 0 s",
      "made-1: Provisioning after 1 s",
      "made-1: reached Ready",
    ]);
  });

  it("the status wait: fails with the kind's error when the status is still in progress at the timeout", async () => {
    const { kind } = fakeEndpoints(["Provisioning"]);
    const failed = await asyncStatusObjectOperations(kind)
      .create({ name: "e", timeoutSeconds: 3 }, contextOf([]))
      .then(
        () => expect.fail("the create succeeded"),
        (error: Error) => error,
      );
    expect(failed.message).to.equal("made-1 of service-1 not Ready after 3 s");
  });

  it("the status reached: an update reads the object again and fails with what reached says", async () => {
    const { kind, calls } = fakeEndpoints(["Failed"], [{ id: "old-1", status: "Provisioning" }]);
    const inputs = { name: "e", timeoutSeconds: 60 };
    const failed = await asyncStatusObjectOperations(kind)
      .update("old-1", { id: "old-1", status: "Provisioning" }, inputs, contextOf([]))
      .then(
        () => expect.fail("the update succeeded"),
        (error: Error) => error,
      );
    expect(failed.message).to.equal("old-1 failed");
    expect(calls).to.deep.equal(["get old-1"]);
  });

  it("adoption by id: reads the object named instead of creating one, and waits on its status", async () => {
    const { kind, calls } = fakeEndpoints(
      ["Provisioning", "Provisioning", "Ready"],
      [{ id: "old-1", status: "Provisioning" }],
    );
    kind.adoptId = (inputs) => inputs.adoptId;
    const operations = asyncStatusObjectOperations(kind);
    const adopted = await operations.create(
      { name: "e", adoptId: "old-1", timeoutSeconds: 60 },
      contextOf([]),
    );
    expect(adopted).to.deep.equal({ id: "old-1", outs: { id: "old-1", status: "Ready" } });
    expect(calls).to.deep.equal(["get old-1", "get old-1"]);
  });

  it("the delete wait: untilGone runs after the delete, even of an object already gone", async () => {
    const { kind, calls } = fakeEndpoints(["Ready"]);
    kind.untilGone = async (place, id) => {
      calls.push(`until ${id} of ${place} is gone`);
    };
    await asyncStatusObjectOperations(kind).delete("old-1", { id: "old-1", status: "Ready" }, contextOf([]));
    expect(calls).to.deep.equal(["delete old-1", "until old-1 of service-1 is gone"]);
  });
});
