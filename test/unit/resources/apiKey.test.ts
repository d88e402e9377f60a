import { createHash, randomBytes } from "node:crypto";
import axios from "axios";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { providerOf } from "../../support/providers";
import { providerSession } from "../../../provider/host/session";
import { isSecretMarker, UNKNOWN, unwrapSecrets } from "../../../provider/propertyEncoding";
import { type PropertyBag } from "../../../provider/propertyBags";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";

const keysRoute = "POST /v1/organizations/:organizationId/keys";
/** How the engine hands a secret to a provider that accepts secrets (Pulumi's secret signature). */
const secretWrapper = (value: unknown) => ({
  "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
  value,
});
/** The API's hashData digest: standard base64 of the raw SHA-256 digest. */
const sha256 = (text: string) => createHash("sha256").update(text).digest("base64");

describe("ApiKeyProvider", function () {
  this.timeout(30_000);
  let emulator: RunningEmulator;
  const provider = providerOf("ApiKey");
  // Every key these tests make is named with this prefix, so `after` can remove whatever a failed test left.
  const prefix = `provider-test-${process.pid}-${Date.now().toString(36)}`;
  let counter = 0;
  const uniqueName = (label: string) => `${prefix}-${label}-${++counter}`;

  before(async () => {
    emulator = await sharedEmulator();
    await provider.configure(await emulatorConfigureRequest());
  });

  afterEach(async () => {
    await emulator.control.clearFaults();
  });

  after(async () => {
    const { keys, organizationId } = management();
    for (const key of await keys.list(organizationId)) {
      if (key.name?.startsWith(prefix)) await keys.delete(organizationId, key.id);
    }
  });

  describe("check", () => {
    const failuresOf = async (news: PropertyBag) => (await provider.check({}, news)).failures ?? [];

    it("accepts a minimal key and one that sets every input", async () => {
      expect(await failuresOf({ name: "ci", roles: ["developer"] })).to.deep.equal([]);
      const full = {
        name: "ci",
        roles: ["admin", "query_endpoints"],
        expireAt: "2031-05-01T12:00:00Z",
        state: "disabled",
        ipAccessList: [{ source: "10.0.0.0/8", description: "office" }, { source: "2001:db8::1" }],
        hashData: { keyIdHash: sha256("a"), keyIdSuffix: "abcd", keySecretHash: sha256("b") },
        organizationId: "0b0c2a3e-7c57-4d0e-9d9a-111111111111",
        rotationTrigger: "2025-Q1",
      };
      expect(await failuresOf(full)).to.deep.equal([]);
      for (const expireAt of ["", null])
        expect(await failuresOf({ name: "n", roles: ["admin"], expireAt })).to.deep.equal([]);
    });

    const badInputs: Array<{ title: string; news: PropertyBag; property: string; reason: RegExp }> = [
      { title: "a missing name", news: { roles: ["admin"] }, property: "name", reason: /name is required/ },
      {
        title: "an empty name",
        news: { name: "", roles: ["admin"] },
        property: "name",
        reason: /name must not be empty/,
      },
      { title: "no roles", news: { name: "n", roles: [] }, property: "roles", reason: /at least 1 element/ },
      {
        title: "an unknown role",
        news: { name: "n", roles: ["admin", "root"] },
        property: "roles[1]",
        reason: /one of admin, developer, query_endpoints; got "root"/,
      },
      {
        title: "a repeated role",
        news: { name: "n", roles: ["admin", "admin"] },
        property: "roles",
        reason: /duplicates/,
      },
      {
        title: "an unknown state",
        news: { name: "n", roles: ["admin"], state: "paused" },
        property: "state",
        reason: /enabled, disabled; got "paused"/,
      },
      {
        title: "an expireAt that is no date-time",
        news: { name: "n", roles: ["admin"], expireAt: "next year" },
        property: "expireAt",
        reason: /ISO 8601 date-time, or null or empty/,
      },
      {
        title: "an IP access source that is no address",
        news: { name: "n", roles: ["admin"], ipAccessList: [{ source: "office" }] },
        property: "ipAccessList[0].source",
        reason: /IPv4 or IPv6 address or CIDR range; got "office"/,
      },
      {
        title: "a CIDR prefix that is too long",
        news: { name: "n", roles: ["admin"], ipAccessList: [{ source: "10.0.0.0/33" }] },
        property: "ipAccessList[0].source",
        reason: /CIDR range; got "10.0.0.0\/33"/,
      },
      {
        title: "an IP access entry without source",
        news: { name: "n", roles: ["admin"], ipAccessList: [{ description: "x" }] },
        property: "ipAccessList[0].source",
        reason: /source is required/,
      },
      {
        title: "incomplete hashData",
        news: {
          name: "n",
          roles: ["admin"],
          hashData: { keyIdHash: sha256("a"), keySecretHash: sha256("b") },
        },
        property: "hashData.keyIdSuffix",
        reason: /is required/,
      },
      {
        title: "an adoptId that is no uuid",
        news: { name: "n", roles: ["admin"], adoptId: "my-key" },
        property: "adoptId",
        reason: /uuid of an existing key.*got "my-key"/,
      },
      {
        title: "hashData with adoptId",
        news: {
          name: "n",
          roles: ["admin"],
          adoptId: "0b0c2a3e-7c57-4d0e-9d9a-111111111111",
          hashData: { keyIdHash: sha256("a"), keyIdSuffix: "abcd", keySecretHash: sha256("b") },
        },
        property: "hashData",
        reason: /cannot be combined with adoptId/,
      },
      {
        title: "a rotationTrigger that is no string",
        news: { name: "n", roles: ["admin"], rotationTrigger: 7 },
        property: "rotationTrigger",
        reason: /must be a string.*got 7/,
      },
      {
        title: "an empty organizationId",
        news: { name: "n", roles: ["admin"], organizationId: "" },
        property: "organizationId",
        reason: /^organizationId must be a uuid \(8-4-4-4-12 hex digits, e\.g\. [0-9a-f-]{36}\); got ""$/,
      },
      {
        title: "an organizationId that would address another path",
        news: { name: "n", roles: ["admin"], organizationId: ".." },
        property: "organizationId",
        reason: /must be a uuid .*; got "\.\."$/,
      },
    ];
    for (const { title, news, property, reason } of badInputs) {
      it(`reports ${title} on ${property}`, async () => {
        const failures = await failuresOf(news);
        expect(failures, JSON.stringify(failures)).to.have.length(1);
        // A nested path reaches the engine in the reason, with no property (whose value the engine would print
        // as {<nil>}).
        const nested = /[.[]/.test(property);
        expect(failures[0].property).to.equal(nested ? "" : property);
        expect(failures[0].reason).to.match(reason);
        if (nested) expect(failures[0].reason.startsWith(`${property} `), failures[0].reason).to.equal(true);
      });
    }

    it("never quotes a value of hashData", async () => {
      const hidden = ["hidden-id-hash-1f3a", "hidden-secret-hash-9c2e", "hidden-extra-77d1"];
      const failures = [
        ...(await failuresOf({
          name: "n",
          roles: ["admin"],
          hashData: {
            keyIdHash: hidden[0],
            keyIdSuffix: 42,
            keySecretHash: [hidden[1]],
            plaintext: hidden[2],
          },
        })),
        ...(await failuresOf({ name: "n", roles: ["admin"], hashData: hidden[1] })),
      ];
      expect(failures.map((f) => f.property || f.reason.split(" ", 1)[0])).to.include.members([
        "hashData.keyIdSuffix",
        "hashData.keySecretHash",
        "hashData.plaintext",
        "hashData",
      ]);
      const text = JSON.stringify(failures);
      for (const value of hidden) expect(text).to.not.include(value);
    });

    it("leaves values unknown during preview to be checked when known", async () => {
      expect(await failuresOf({ name: UNKNOWN, roles: UNKNOWN })).to.deep.equal([]);
      expect(
        await failuresOf({ name: "n", roles: ["admin", UNKNOWN], ipAccessList: [{ source: UNKNOWN }] }),
      ).to.deep.equal([]);
    });
  });

  describe("diff", () => {
    const olds: PropertyBag = {
      name: "ci",
      roles: ["admin", "developer"],
      keySuffix: "ab12",
      createdAt: "2025-01-01T00:00:00.000Z",
      expireAt: "2030-01-01T00:00:00.000Z",
      usedAt: "2025-02-01T00:00:00.000Z",
      ipAccessList: [{ source: "10.0.0.0/8", description: "office" }],
      state: "enabled",
      organizationId: "org",
      rotationTrigger: "1",
      keyId: "KEYID",
      keySecret: "4b1dSECRET",
    };
    const news: PropertyBag = {
      name: "ci",
      roles: ["developer", "admin"],
      expireAt: "2030-01-01T00:00:00Z",
      ipAccessList: [{ source: "10.0.0.0/8", description: "office" }],
      rotationTrigger: "1",
    };

    it("sees no change across equal spellings, a default state and a new usedAt", async () => {
      expect(await provider.diff("id", olds, news)).to.deep.equal({ changes: false, replaces: [] });
      const used = { ...olds, usedAt: "2025-03-01T10:00:00.000Z" };
      expect((await provider.diff("id", used, { ...news, state: "enabled" })).changes).to.equal(false);
      const never = { ...olds, expireAt: undefined, ipAccessList: [] };
      for (const expireAt of ["", null, undefined]) {
        const result = await provider.diff("id", never, { ...news, expireAt, ipAccessList: undefined });
        expect(result.changes, String(expireAt)).to.equal(false);
      }
      expect((await provider.diff("id", olds, { ...news, name: secretWrapper("ci") })).changes).to.equal(
        false,
      );
    });

    const updates: Array<[string, PropertyBag]> = [
      ["name", { name: "renamed" }],
      ["roles", { roles: ["admin"] }],
      ["expireAt", { expireAt: "2031-01-01T00:00:00Z" }],
      ["expireAt removed", { expireAt: "" }],
      ["state", { state: "disabled" }],
      ["ipAccessList", { ipAccessList: [{ source: "10.0.0.0/8", description: "hq" }] }],
      ["ipAccessList removed", { ipAccessList: undefined }],
      ["an unknown name", { name: UNKNOWN }],
      ["an unknown role", { roles: ["admin", UNKNOWN] }],
    ];
    for (const [title, change] of updates) {
      it(`updates in place for ${title}`, async () => {
        expect(await provider.diff("id", olds, { ...news, ...change })).to.deep.equal({
          changes: true,
          replaces: [],
        });
      });
    }

    it("updates a key disabled outside Pulumi back to the default state", async () => {
      const disabled = { ...olds, state: "disabled" };
      expect(await provider.diff("id", disabled, news)).to.deep.equal({ changes: true, replaces: [] });
    });

    const replacements: Array<[string, PropertyBag, string]> = [
      ["hashData", { hashData: { keyIdHash: "a", keyIdSuffix: "b", keySecretHash: "c" } }, "hashData"],
      ["organizationId", { organizationId: "other" }, "organizationId"],
      ["rotationTrigger", { rotationTrigger: "2" }, "rotationTrigger"],
      ["a removed rotationTrigger", { rotationTrigger: undefined }, "rotationTrigger"],
      ["an unknown rotationTrigger", { rotationTrigger: UNKNOWN }, "rotationTrigger"],
      ["adoptId", { adoptId: "0b0c2a3e-7c57-4d0e-9d9a-111111111111" }, "adoptId"],
    ];
    for (const [title, change, field] of replacements) {
      it(`replaces for ${title}`, async () => {
        expect(await provider.diff("id", olds, { ...news, ...change })).to.deep.equal({
          changes: true,
          replaces: [field],
        });
      });
    }

    it("ignores an organizationId the program leaves to the configuration", async () => {
      expect((await provider.diff("id", olds, { ...news, organizationId: undefined })).changes).to.equal(
        false,
      );
    });
  });

  describe("lifecycle against the emulator", () => {
    it("creates an issued key in two requests: the create under a marked name, then the rename to its own", async () => {
      await emulator.control.clearRequests();
      const name = uniqueName("two-requests");
      const created = await provider.create({ name, roles: ["developer"] });
      const requests = await emulator.control.requests();
      expect(requests.map((r) => [r.route, r.status])).to.deep.equal([
        [keysRoute, 200],
        ["PATCH /v1/organizations/:organizationId/keys/:keyId", 200],
      ]);
      expect(created.outs).to.include({ name });
      const listed = await providerSession
        .management()
        .client.keys.get(emulator.fixture.organizationId, created.id);
      expect(listed.name).to.equal(name);
      await provider.delete(created.id, created.outs ?? {});
    });

    it("creates a key from the program's own credentials in one request: their suffix is its marker", async () => {
      await emulator.control.clearRequests();
      const created = await provider.create({
        name: uniqueName("own-credentials"),
        roles: ["developer"],
        keyId: "ownKeyId0123456789ab",
        keySecret: "4b1dOwnSecretValue0123456789abcdefghijklmn",
      });
      expect((await emulator.control.requests()).map((r) => [r.route, r.status])).to.deep.equal([
        [keysRoute, 200],
      ]);
      await provider.delete(created.id, created.outs ?? {});
    });

    it("creates a disabled key, enables it in place, and its credentials then work", async () => {
      const name = uniqueName("disabled");
      const created = await provider.create({
        name,
        roles: ["developer"],
        state: "disabled",
        expireAt: "",
        ipAccessList: [],
      });
      expect(created.outs).to.include({
        name,
        state: "disabled",
        organizationId: emulator.fixture.organizationId,
      });
      expect(created.outs).to.not.have.property("id");
      expect(created.outs).to.not.have.property("expireAt");
      // The secret leaves the provider marked as one; the engine encrypts it in state.
      expect(isSecretMarker(created.outs?.keySecret)).to.equal(true);
      const { keyId, keySecret } = unwrapSecrets(created.outs) as { keyId: string; keySecret: string };
      expect(keyId).to.be.a("string").and.not.empty;
      expect(keySecret).to.be.a("string").and.not.empty;
      expect(await authenticate(keyId, keySecret)).to.equal(401);

      await emulator.control.clearRequests();
      const updated = await provider.update(created.id, created.outs, { name, roles: ["developer"] });
      expect(unwrapSecrets(updated.outs)).to.include({ state: "enabled", keyId, keySecret });
      expect((await emulator.control.requests()).map((r) => r.route)).to.deep.equal([
        "PATCH /v1/organizations/:organizationId/keys/:keyId",
      ]);
      expect(await authenticate(keyId, keySecret)).to.equal(200);
      await provider.delete(created.id, updated.outs ?? {});
    });

    it("updates name, roles, expiry and IP access list on the same key", async () => {
      const created = await provider.create({ name: uniqueName("update"), roles: ["admin"] });
      const name = uniqueName("renamed");
      const news = {
        name,
        roles: ["query_endpoints", "developer"],
        expireAt: "2040-06-01T00:00:00Z",
        ipAccessList: [{ source: "127.0.0.1", description: "loopback" }],
      };
      const updated = await provider.update(created.id, created.outs, news);
      const remote = await management().keys.get(emulator.fixture.organizationId, created.id);
      expect(remote.name).to.equal(name);
      expect(Date.parse(String(remote.expireAt))).to.equal(Date.parse(news.expireAt));
      expect(remote.roles).to.deep.equal(["query_endpoints", "developer"]);
      expect(remote.ipAccessList).to.deep.equal(news.ipAccessList);
      expect((await provider.diff(created.id, updated.outs ?? {}, news)).changes).to.equal(false);
      await provider.delete(created.id, updated.outs ?? {});
    });

    it("refresh rebuilds inputs from the key, keeps the wrapped secret, and drops a deleted key", async () => {
      const created = await provider.create({
        name: uniqueName("read"),
        roles: ["developer"],
        rotationTrigger: "r1",
      });
      const { keys, organizationId } = management();
      await keys.update(organizationId, created.id, { state: "disabled", name: "changed outside" });
      const props = { ...created.outs, keySecret: secretWrapper(unwrapSecrets(created.outs?.keySecret)) };
      const read = await provider.read(created.id, props);
      expect(read.id).to.equal(created.id);
      expect(read.props).to.include({
        state: "disabled",
        name: "changed outside",
        keyId: created.outs?.keyId,
        rotationTrigger: "r1",
      });
      expect(read.props?.keySecret).to.deep.equal(props.keySecret);
      expect(read.inputs).to.deep.equal({
        name: "changed outside",
        roles: ["developer"],
        state: "disabled",
        ipAccessList: [],
        organizationId,
        rotationTrigger: "r1",
      });
      await provider.delete(created.id, created.outs ?? {});
      expect(await provider.read(created.id, created.outs ?? {})).to.deep.equal({ id: "", props: {} });
      await provider.delete(created.id, created.outs ?? {});
    });

    it("creates a key from hashData without returning credentials", async () => {
      const keyId = `hashed${randomBytes(7).toString("hex")}`;
      const keySecret = `4b1d${randomBytes(18).toString("hex")}`;
      const hashData = {
        keyIdHash: sha256(keyId),
        keyIdSuffix: keyId.slice(-4),
        keySecretHash: sha256(keySecret),
      };
      const created = await provider.create({ name: uniqueName("hashed"), roles: ["developer"], hashData });
      expect(created.outs).to.not.have.any.keys("keyId", "keySecret");
      expect(created.outs).to.deep.include({ hashData, keySuffix: keyId.slice(-4) });
      expect(await authenticate(keyId, keySecret)).to.equal(200);
      await provider.delete(created.id, created.outs ?? {});
    });

    it("adopts an existing key by its uuid and sets its settings without creating one", async () => {
      const { keys, organizationId } = management();
      const original = await keys.create(organizationId, { name: uniqueName("to-adopt"), roles: ["admin"] });
      await emulator.control.clearRequests();
      const name = uniqueName("adopted");
      const adopted = await provider.create({
        name,
        roles: ["developer"],
        state: "disabled",
        adoptId: original.key.id,
      });
      expect(adopted.id).to.equal(original.key.id);
      expect(adopted.outs).to.include({ name, state: "disabled", adoptId: original.key.id });
      expect(adopted.outs).to.not.have.any.keys("keyId", "keySecret");
      const routes = (await emulator.control.requests()).map((r) => r.route);
      expect(routes).to.not.include(keysRoute);
      expect(routes).to.include("PATCH /v1/organizations/:organizationId/keys/:keyId");
      await provider.delete(adopted.id, adopted.outs ?? {});
    });
  });

  function management() {
    const { client, organizationId } = providerSession.management();
    return { keys: client.keys, organizationId };
  }

  async function authenticate(keyId: string, keySecret: string): Promise<number> {
    const response = await axios.get(
      `${emulator.fixture.managementUrl}/v1/organizations/${emulator.fixture.organizationId}`,
      {
        auth: { username: keyId, password: keySecret },
        validateStatus: () => true,
      },
    );
    return response.status;
  }
});
