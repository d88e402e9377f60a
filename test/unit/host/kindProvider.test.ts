/**
 * The kind's provider both front ends serve: what the operations and the diff's hooks receive once the engine's bags
 * are decoded, and which properties leave it marked secret.
 */
import { expect } from "chai";
import { KindProvider } from "../../../provider/host/kindProvider";
import { ProviderSession } from "../../../provider/host/session";
import type { ResourceDefinition } from "../../../provider/resources/definition";
import { PartialCreateError } from "../../../provider/resources/lifecycle/partialCreate";
import type { ResourceOperations, DiffVerdict } from "../../../provider/resources/operations";
import type { PartlyKnown } from "../../../provider/resources/partlyKnown";
import type { PropertyBag } from "../../../provider/propertyBags";

const sigKey = "4dabf18193072939515e22adb298388d";
const sig = "1b47061264138c4ac30d75fd1eb44270";
const secret = (value: unknown): Record<string, unknown> => ({ [sigKey]: sig, value });
/** The engine's marker for a value not known until apply. */
const unknownValue = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

const definition: ResourceDefinition = {
  kind: "Fake",
  module: "clickhouse",
  description: "A kind for tests.",
  notes: "",
  id: "its id",
  requestSchema: "apiKeyUpdate",
  inputs: {
    name: { description: "n", change: "update" },
    password: { description: "p", change: "replace", secret: true },
    keyId: { description: "k", change: "replace" },
    waitSeconds: { description: "w", change: "none", default: 600 },
  },
  outputs: {
    token: { description: "t", secret: true },
    keyId: { description: "k", secretWhenSet: ["keyId"] },
  },
};

/** Operations that answer what the test sets and record what they were given. */
function fakeOperations() {
  const calls: unknown[][] = [];
  const hooksSaw: unknown[][] = [];
  const answers: Record<string, unknown> = {};
  const answer = async (name: string, ...args: unknown[]) => {
    calls.push([name, ...args]);
    const value = answers[name];
    if (value instanceof Error) throw value;
    return value;
  };
  const operations = {
    create: (inputs: unknown) => answer("create", inputs),
    read: (id: unknown, olds: unknown) => answer("read", id, olds),
    update: (id: unknown, olds: unknown, news: unknown) => answer("update", id, olds, news),
    delete: (id: unknown, olds: unknown) => answer("delete", id, olds),
    comparable: (olds: PropertyBag, news: PartlyKnown) => {
      hooksSaw.push(["comparable", news]);
      return { olds, news: news.known };
    },
    refineDiff: (verdict: DiffVerdict, _olds: PropertyBag, news: PartlyKnown) => {
      hooksSaw.push(["refineDiff", news]);
      return verdict;
    },
  } as unknown as ResourceOperations<PropertyBag, PropertyBag>;
  return {
    calls,
    answers,
    hooksSaw,
    provider: new KindProvider(definition, operations, new ProviderSession()),
  };
}

describe("kind provider: decoding once for the operations, encoding once for the front ends", () => {
  it("create: the operation gets plain inputs with defaults", async () => {
    const { calls, answers, provider } = fakeOperations();
    answers.create = { id: "new-1", outs: {} };
    await provider.create({ name: secret("n"), password: "p" });
    expect(calls[0]).to.deep.equal(["create", { name: "n", password: "p", waitSeconds: 600 }]);
  });

  it("diff: an input that is or holds a value not known yet reaches the kind's hooks by name only, and changes", () => {
    const { provider, hooksSaw } = fakeOperations();
    const verdict = provider.diff(
      { name: "n", keyId: "k", password: "p" },
      {
        name: "n",
        keyId: ["k", unknownValue],
        password: secret(unknownValue),
        waitSeconds: { s: unknownValue },
      },
    );
    expect(verdict).to.deep.equal({ changes: true, replaces: ["password", "keyId"] });
    // No default fills in for waitSeconds: the program gave it, only its value is not known yet.
    const news = { known: { name: "n" }, unknown: new Set(["keyId", "password", "waitSeconds"]) };
    expect(hooksSaw).to.deep.equal([
      ["comparable", news],
      ["refineDiff", news],
    ]);
  });

  it("diff: with every input known, the hooks see them with defaults and nothing apart", () => {
    const { provider, hooksSaw } = fakeOperations();
    const verdict = provider.diff({ name: "n", keyId: "k" }, { name: "n", keyId: "k" });
    expect(verdict).to.deep.equal({ changes: false, replaces: [] });
    expect(hooksSaw[0]).to.deep.equal([
      "comparable",
      { known: { name: "n", keyId: "k", waitSeconds: 600 }, unknown: new Set() },
    ]);
  });

  it("create: secret outputs, echoed secret inputs, secretWhenSet outputs and what arrived secret are marked", async () => {
    const { answers, provider } = fakeOperations();
    answers.create = { id: "new-1", outs: { token: "t", password: "p", keyId: "k", name: "n" } };
    const made = await provider.create({ name: secret("n"), keyId: "mine", password: "p" });
    expect(made).to.deep.equal({
      id: "new-1",
      outs: { token: secret("t"), password: secret("p"), keyId: secret("k"), name: secret("n") },
    });
  });

  it("create: an output named like a secret input the program left unset stays plain", async () => {
    const { answers, provider } = fakeOperations();
    answers.create = { id: "new-2", outs: { password: "issued", keyId: "k", name: "n" } };
    expect((await provider.create({ name: "n" })).outs).to.deep.equal({
      password: "issued",
      keyId: "k",
      name: "n",
    });
  });

  it("a partial create's outputs leave marked like a create's", async () => {
    const { answers, provider } = fakeOperations();
    answers.create = new PartialCreateError("half-1", "not ready", { token: "t", name: "n" });
    const failure = await provider.create({ name: "n" }).then(
      () => expect.fail("the create succeeded"),
      (error: unknown) => error as PartialCreateError,
    );
    expect(failure).to.be.instanceOf(PartialCreateError);
    expect([failure.id, failure.message]).to.deep.equal(["half-1", "not ready"]);
    expect(failure.properties).to.deep.equal({ token: secret("t"), name: "n" });
  });

  it("update: outputs secret in the olds or news stay secret; the operation gets both decoded", async () => {
    const { calls, answers, provider } = fakeOperations();
    answers.update = { name: "n", other: "o", keyId: "k", token: "t" };
    const outs = await provider.update("id-3", { other: secret("x"), name: "n" }, { name: "n" });
    expect(calls[0]).to.deep.equal([
      "update",
      "id-3",
      { other: "x", name: "n" },
      { name: "n", waitSeconds: 600 },
    ]);
    expect(outs).to.deep.equal({ name: "n", other: secret("o"), keyId: "k", token: secret("t") });
  });

  it("read: outputs and the inputs they stand for are marked by the rules and by what arrived secret", async () => {
    const { answers, provider } = fakeOperations();
    answers.read = { id: "id-4", outs: { name: "n", other: "o", keyId: "k", password: "p" } };
    const found = await provider.read("id-4", { other: secret("x") }, { name: secret("n"), keyId: "mine" });
    expect(found).to.deep.equal({
      id: "id-4",
      outs: { name: secret("n"), other: secret("o"), keyId: secret("k"), password: secret("p") },
      inputs: { name: secret("n"), keyId: "k", password: secret("p") },
    });
    answers.read = undefined;
    expect(await provider.read("id-4", {})).to.equal(undefined);
  });
});

describe("kind provider: check of a kind whose inputs have no wire-specific rules", () => {
  let savedEnv: NodeJS.ProcessEnv;
  beforeEach(() => {
    // The session reads the environment after the config: the test's own must not fill what a test leaves out.
    savedEnv = process.env;
    process.env = {};
  });
  afterEach(() => {
    process.env = savedEnv;
  });

  it("checks the inputs without reading the API's wire, so a wire setting that does not parse fails no check", async () => {
    const settings: Record<string, string> = {
      "clickhouse:apiUrl": "http://127.0.0.1:9",
      "clickhouse:organizationId": "org-1",
      "clickhouse:tokenKey": "key-1",
      "clickhouse:tokenSecret": "secret-1",
      "clickhouse:apiDialect": "not-a-wire",
    };
    const session = new ProviderSession();
    session.configure({ get: (key) => settings[key] });
    const provider = new KindProvider(
      definition,
      {} as ResourceOperations<PropertyBag, PropertyBag>,
      session,
    );
    const outcome = await provider.check({ name: "n" });
    expect(outcome.failures).to.deep.equal([]);
  });
});
