/**
 * The dynamic front end's own key: every bag the engine sends a dynamic resource carries its serialized provider
 * (`__provider`), which the front end takes off before the kind's provider sees the bag, and puts back on the
 * properties of a partial create's failure, the one answer Pulumi's dynamic-provider process does not complete.
 */
import { expect } from "chai";
import { dynamicProvider } from "../../../provider/dynamic/provider";
import { KindProvider } from "../../../provider/host/kindProvider";
import { ProviderSession } from "../../../provider/host/session";
import type { ResourceDefinition } from "../../../provider/resources/definition";
import { PartialCreateError } from "../../../provider/resources/lifecycle/partialCreate";
import type { PropertyBag } from "../../../provider/propertyBags";
import type { ResourceOperations } from "../../../provider/resources/operations";
import type { PartlyKnown } from "../../../provider/resources/partlyKnown";

const definition: ResourceDefinition = {
  kind: "Fake",
  module: "clickhouse",
  description: "A kind for tests.",
  notes: "",
  id: "its id",
  requestSchema: "apiKeyUpdate",
  inputs: { name: { description: "n", change: "update" } },
  outputs: { name: { description: "n" } },
};

const providerText = "exports.handler = () => ({});";

/** The kind's operations, recording what each call and hook was given. */
function recordingProvider(createFails = false) {
  const calls: unknown[][] = [];
  const operations = {
    async create(inputs: unknown) {
      calls.push(["create", inputs]);
      if (createFails) throw new PartialCreateError("half-1", "not ready", { name: "n" });
      return { id: "id-1", outs: { name: "n" } };
    },
    async read(id: unknown, olds: unknown) {
      calls.push(["read", id, olds]);
      return { id: "id-1", outs: { name: "n" } };
    },
    async update(id: unknown, olds: unknown, news: unknown) {
      calls.push(["update", id, olds, news]);
      return { name: "n" };
    },
    async delete(id: unknown, olds: unknown) {
      calls.push(["delete", id, olds]);
    },
    comparable(olds: Record<string, unknown>, news: PartlyKnown) {
      calls.push(["comparable", olds, news.known]);
      return { olds, news: news.known };
    },
  } as unknown as ResourceOperations<PropertyBag, PropertyBag>;
  return {
    calls,
    provider: dynamicProvider(new KindProvider(definition, operations, new ProviderSession())),
  };
}

describe("dynamic front end: the serialized provider stays at the edge", () => {
  it("no operation or hook of the kind receives __provider", async () => {
    const { calls, provider } = recordingProvider();
    const bag = { name: "n", __provider: providerText };
    await provider.diff("id-1", bag, bag);
    await provider.create(bag);
    await provider.read("id-1", bag);
    await provider.update("id-1", bag, bag);
    await provider.delete("id-1", bag);
    expect(calls).to.deep.equal([
      ["comparable", { name: "n" }, { name: "n" }],
      ["create", { name: "n" }],
      ["read", "id-1", { name: "n" }],
      ["update", "id-1", { name: "n" }, { name: "n" }],
      ["delete", "id-1", { name: "n" }],
    ]);
  });

  it("a partial create's failure carries the provider the create arrived with", async () => {
    const { provider } = recordingProvider(true);
    const failure = await provider.create({ name: "n", __provider: providerText }).then(
      () => expect.fail("the create succeeded"),
      (error: unknown) => error as PartialCreateError,
    );
    expect(failure).to.be.instanceOf(PartialCreateError);
    expect(failure.properties).to.deep.equal({ name: "n", __provider: providerText });
  });
});
