/**
 * What a resource class hands to `pulumi.CustomResource` (type token, props with `__provider`, secrets, options),
 * the provider module's text, and the runtime that text loads in the dynamic-provider process, called in this
 * process.
 */
import * as pulumi from "@pulumi/pulumi";
import { expect } from "chai";
import { dynamicRegistration, type ResourceClassSpec } from "../../../provider/dynamic/resource";
import { providerImplementation } from "../../../provider/dynamic/registry";
import type * as RegistryModule from "../../../provider/dynamic/registry";
import { providerModule } from "../../../provider/dynamic/shim";
import runtime from "../../../provider/dynamic/runtime";
import { configureRequestFrom } from "../../support/stackConfig";
import { freshlyLoaded } from "../../support/freshlyLoaded";

const spec: ResourceClassSpec = {
  kind: "ApiKey",
  module: "clickhouse",
  outputs: ["keyId", "keySecret", "name"],
  secretInputs: ["password"],
  secretOutputs: ["keySecret"],
  secretOutputsWhenSet: { keyId: ["keyId", "hashData"], hashData: ["hashData"] },
};

async function isSecret(value: unknown): Promise<boolean> {
  return pulumi.Output.isInstance(value) ? await pulumi.isSecret(value as pulumi.Output<unknown>) : false;
}

describe("dynamic resources: what the classes register", () => {
  it("registers the dynamic type token, every output, the inputs and the provider module", () => {
    const [type, name, props, opts] = dynamicRegistration(spec, "ci", { name: "ci", roles: ["developer"] });
    expect(type).to.equal("pulumi-nodejs:dynamic/clickhouse:ApiKey");
    expect(name).to.equal("ci");
    expect(props).to.deep.equal({
      keyId: undefined,
      keySecret: undefined,
      name: "ci",
      roles: ["developer"],
      __provider: providerModule("ApiKey"),
    });
    expect(Object.keys(props)).to.include.members(["keyId", "keySecret"]);
    expect(opts).to.deep.equal({ additionalSecretOutputs: ["keySecret"] });
  });

  it("gives a kind whose create marks its object the resource's URN as __urn, and other kinds nothing", async () => {
    const [, , marked] = dynamicRegistration({ ...spec, markedCreate: true }, "ci", { name: "ci" });
    expect(pulumi.Output.isInstance(marked.__urn)).to.equal(true);
    const urn = await new Promise((resolve) => (marked.__urn as pulumi.Output<string>).apply(resolve));
    expect(urn).to.match(/::pulumi-nodejs:dynamic\/clickhouse:ApiKey::ci$/);
    const [, , plain] = dynamicRegistration(spec, "ci", { name: "ci" });
    expect(plain).to.not.have.property("__urn");
  });

  it("keeps secret inputs secret, and makes outputs secret when the program set the inputs they come from", async () => {
    const [, , props, opts] = dynamicRegistration(
      spec,
      "ci",
      { name: "ci", password: "p", hashData: { a: 1 } },
      {
        additionalSecretOutputs: ["name"],
        protect: true,
      },
    );
    expect(await isSecret(props.password)).to.equal(true);
    expect(await isSecret(props.name)).to.equal(false);
    expect(opts.protect).to.equal(true);
    expect(opts.additionalSecretOutputs).to.deep.equal(["name", "keySecret", "keyId", "hashData"]);
  });

  it("marks no conditional secret when none of its inputs is set, and leaves unset secret inputs out", async () => {
    const [, , props, opts] = dynamicRegistration(spec, "ci", { name: "ci", keyId: undefined });
    expect(Object.keys(props)).to.not.include("password");
    expect(opts.additionalSecretOutputs).to.deep.equal(["keySecret"]);
  });

  it("refuses a program that sets __provider itself", () => {
    expect(() => dynamicRegistration(spec, "ci", { __provider: "x" })).to.throw(
      "A dynamic resource must not define the __provider key",
    );
  });

  it("writes a provider module that loads the runtime by package name with the kind", () => {
    expect(providerModule("Alert")).to.equal(
      'exports.handler = () => ({ configure(request) { return require("pulumi-clickhouse-cloud/runtime")("Alert", this, request); } });\n',
    );
  });
});

describe("dynamic resources: the runtime the provider module loads", () => {
  it("gives the implementation of a kind, made once per process", () => {
    const provider = runtime("ApiKey");
    for (const call of ["check", "diff", "create", "read", "update", "delete", "configure"] as const)
      expect(provider[call], call).to.be.a("function");
    expect(runtime("ApiKey")).to.equal(provider);
    expect(providerImplementation("ApiKey")).to.equal(provider);
  });

  it("makes the implementation on a process's first call for the kind", () => {
    // A copy of the registry with nothing made yet, as in a provider process that just started.
    const fresh = freshlyLoaded<typeof RegistryModule>(require.resolve("../../../provider/dynamic/registry"));
    const provider = fresh.providerImplementation("Alert");
    expect(provider?.create).to.be.a("function");
    expect(fresh.providerImplementation("Alert")).to.equal(provider);
  });

  it("refuses a kind this version does not serve, and names what to install", () => {
    for (const kind of ["Cluster", "toString", "constructor"]) {
      expect(providerImplementation(kind), kind).to.equal(undefined);
      expect(() => runtime(kind)).to.throw(
        `this version of pulumi-clickhouse-cloud has no provider for ${kind}; ` +
          "install the version the stack was created with, or a newer one",
      );
    }
  });

  it("called as the provider module's configure, puts the implementation's calls on the module's object", async () => {
    const shim: Record<string, unknown> = {};
    await runtime("Alert", shim, configureRequestFrom({}));
    expect(Object.keys(shim).sort()).to.deep.equal(["check", "create", "delete", "diff", "read", "update"]);
    const checked = await (shim.check as pulumi.dynamic.ResourceProvider["check"])!({}, {});
    expect(checked.failures?.length ?? 0).to.be.greaterThan(0);
  });
});
