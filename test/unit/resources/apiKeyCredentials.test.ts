import { createHash } from "node:crypto";
import axios from "axios";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { providerOf } from "../../support/providers";
import { providerSession } from "../../../provider/host/session";
import { UNKNOWN } from "../../../provider/propertyEncoding";
import { type PropertyBag } from "../../../provider/propertyBags";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { RecordingProxy } from "../../support/recordingProxy";

/** How the engine hands a secret to a provider that accepts secrets (Pulumi's secret signature). */
const secret = (value: unknown) => ({
  "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
  value,
});

/**
 * A key id and secret a program chose, and their hashes as the API documents them, computed once in a shell with
 * `echo -n "<value>" | sha256sum | tr -d '-' | xxd -r -p | base64`.
 */
const chosen = {
  keyId: "ChosenKeyId-2026",
  keySecret: "4b1dChosenSecretValueNotSentAnywhere",
  hashData: {
    keyIdHash: "TM62olt9uogOsltemNtl+JG2l4SszYq4GzqGYFb10xM=",
    keyIdSuffix: "2026",
    keySecretHash: "7fgn4wPTrM7xKNApPGK243il194AL3wJMTsoUeyGyUs=",
  },
};

describe("ApiKeyProvider: keys made from the program's own credentials", function () {
  this.timeout(30_000);
  let emulator: RunningEmulator;
  const provider = providerOf("ApiKey");
  const prefix = `provider-own-${process.pid}-${Date.now().toString(36)}`;

  before(async () => {
    emulator = await sharedEmulator();
    await provider.configure(await emulatorConfigureRequest());
  });

  after(async () => {
    const { client, organizationId } = providerSession.management();
    for (const key of await client.keys.list(organizationId)) {
      if (key.name?.startsWith(prefix)) await client.keys.delete(organizationId, key.id);
    }
  });

  describe("check", () => {
    const failuresOf = async (news: PropertyBag) =>
      (await provider.check({}, { name: "n", roles: ["admin"], ...news })).failures ?? [];

    it("accepts keyId with keySecret, secret or not, and hashData in the API's base64 form", async () => {
      expect(await failuresOf({ keyId: chosen.keyId, keySecret: chosen.keySecret })).to.deep.equal([]);
      expect(
        await failuresOf({ keyId: secret(chosen.keyId), keySecret: secret(chosen.keySecret) }),
      ).to.deep.equal([]);
      expect(await failuresOf({ hashData: chosen.hashData })).to.deep.equal([]);
    });

    const refused: Array<{ title: string; news: PropertyBag; property: string; reason: RegExp }> = [
      {
        title: "keyId without keySecret",
        news: { keyId: chosen.keyId },
        property: "keySecret",
        reason: /keySecret is required when keyId is set/,
      },
      {
        title: "keySecret without keyId",
        news: { keySecret: secret(chosen.keySecret) },
        property: "keyId",
        reason: /keyId is required when keySecret is set/,
      },
      {
        title: "both ways of giving credentials",
        news: { keyId: chosen.keyId, keySecret: chosen.keySecret, hashData: chosen.hashData },
        property: "hashData",
        reason: /cannot be combined with keyId and keySecret/,
      },
      {
        title: "own credentials for an adopted key",
        news: {
          keyId: chosen.keyId,
          keySecret: chosen.keySecret,
          adoptId: "0b0c2a3e-7c57-4d0e-9d9a-111111111111",
        },
        property: "keyId",
        reason: /keyId and keySecret cannot be combined with adoptId/,
      },
      {
        title: "a keyId shorter than its 4-character suffix",
        news: { keyId: "abc", keySecret: chosen.keySecret },
        property: "keyId",
        reason: /at least 4 printable ASCII characters/,
      },
      {
        title: "a keyId with a colon, which ends a Basic-auth user name",
        news: { keyId: "team:key", keySecret: chosen.keySecret },
        property: "keyId",
        reason: /without spaces or ":"/,
      },
      {
        title: "a keySecret outside printable ASCII",
        news: { keyId: chosen.keyId, keySecret: "sécret" },
        property: "keySecret",
        reason: /printable ASCII/,
      },
      {
        title: "an empty keySecret",
        news: { keyId: chosen.keyId, keySecret: "" },
        property: "keySecret",
        reason: /non-empty string/,
      },
      {
        title: "a hex digest where the API wants base64",
        news: {
          hashData: {
            ...chosen.hashData,
            keySecretHash: createHash("sha256").update(chosen.keySecret).digest("hex"),
          },
        },
        property: "hashData.keySecretHash",
        reason: /base64 encoding of a SHA-256 digest \(32 bytes: 44 characters ending in "="\)/,
      },
      {
        title: "a keyIdSuffix that is not 4 characters",
        news: { hashData: { ...chosen.hashData, keyIdSuffix: "26" } },
        property: "hashData.keyIdSuffix",
        reason: /last 4 characters of the key id/,
      },
    ];
    for (const { title, news, property, reason } of refused) {
      it(`refuses ${title}, naming ${property}`, async () => {
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

    it("never quotes a credential or its hash", async () => {
      const failures = [
        ...(await failuresOf({ keyId: "ab:", keySecret: "sécret-value" })),
        ...(await failuresOf({ keyId: "lonely-key-id" })),
        ...(await failuresOf({
          keyId: chosen.keyId,
          keySecret: chosen.keySecret,
          hashData: chosen.hashData,
        })),
      ];
      expect(failures).to.have.length(4);
      const text = JSON.stringify(failures);
      for (const value of [
        "ab:",
        "sécret-value",
        "lonely-key-id",
        chosen.keySecret,
        chosen.hashData.keyIdHash,
      ])
        expect(text).to.not.include(value);
    });

    it("leaves a credential unknown during preview to be checked when known", async () => {
      expect(await failuresOf({ keyId: chosen.keyId, keySecret: UNKNOWN })).to.deep.equal([]);
      expect(await failuresOf({ keyId: UNKNOWN, keySecret: secret(UNKNOWN) })).to.deep.equal([]);
    });
  });

  describe("diff", () => {
    /** The outputs of a key created from `chosen`, as create returns them. */
    const olds: PropertyBag = {
      name: "n",
      roles: ["admin"],
      state: "enabled",
      ipAccessList: [],
      keySuffix: "2026",
      keyId: chosen.keyId,
      keySecret: chosen.keySecret,
      hashData: chosen.hashData,
    };
    const news: PropertyBag = {
      name: "n",
      roles: ["admin"],
      keyId: chosen.keyId,
      keySecret: chosen.keySecret,
    };

    it("sees no change for the same credentials, given plainly, as secrets or as their hashes", async () => {
      expect(await provider.diff("id", olds, news)).to.deep.equal({ changes: false, replaces: [] });
      const wrapped = { ...news, keyId: secret(chosen.keyId), keySecret: secret(chosen.keySecret) };
      expect((await provider.diff("id", olds, wrapped)).changes).to.equal(false);
      const asHashes = { name: "n", roles: ["admin"], hashData: chosen.hashData };
      expect((await provider.diff("id", olds, asHashes)).changes).to.equal(false);
    });

    const replacements: Array<[string, PropertyBag]> = [
      ["a new secret", { ...news, keySecret: `${chosen.keySecret}-2` }],
      ["a new key id", { ...news, keyId: "ChosenKeyId-2027" }],
      ["credentials left to the API", { name: "n", roles: ["admin"] }],
      ["a secret not known yet", { ...news, keySecret: UNKNOWN }],
    ];
    for (const [title, changed] of replacements) {
      it(`replaces the key for ${title}`, async () => {
        expect(await provider.diff("id", olds, changed)).to.deep.equal({
          changes: true,
          replaces: ["hashData"],
        });
      });
    }

    it("replaces a key the API issued credentials for once the program chooses its own", async () => {
      const issued = { ...olds, keyId: "ISSUEDKEYID000000001", keySecret: "4b1dissued", hashData: undefined };
      expect(await provider.diff("id", issued, news)).to.deep.equal({
        changes: true,
        replaces: ["hashData"],
      });
      expect((await provider.diff("id", issued, { name: "n", roles: ["admin"] })).changes).to.equal(false);
    });
  });

  describe("lifecycle against the emulator", () => {
    it("sends only the hashes, keeps the credentials as outputs, and the key authenticates with them", async () => {
      const proxy = await new RecordingProxy(emulator.fixture.managementUrl).start();
      const configure = await emulatorConfigureRequest();
      const throughProxy = (key: string) =>
        key === "clickhouse:apiUrl" ? proxy.url : configure.config.get(key);
      await provider.configure({ config: { get: throughProxy, require: (key) => throughProxy(key) ?? "" } });
      try {
        const name = `${prefix}-chosen`;
        const created = await provider.create({
          name,
          roles: ["developer"],
          keyId: secret(chosen.keyId),
          keySecret: secret(chosen.keySecret),
        });
        const creates = proxy.requests.filter((r) => r.method === "POST" && r.url.endsWith("/keys"));
        expect(creates).to.have.length(1);
        expect(JSON.parse(creates[0].body)).to.deep.equal({
          name,
          roles: ["developer"],
          hashData: chosen.hashData,
        });
        expect(proxy.everythingSent()).to.not.include(chosen.keySecret);
        expect(proxy.everythingSent()).to.not.include(chosen.keyId);

        // The credentials and the hashData that stands for them leave the provider marked secret.
        expect(created.outs).to.deep.include({
          keyId: secret(chosen.keyId),
          keySecret: secret(chosen.keySecret),
          hashData: secret(chosen.hashData),
          keySuffix: "2026",
        });
        expect(await authenticate(chosen.keyId, chosen.keySecret)).to.equal(200);
        expect(await authenticate(chosen.keyId, `${chosen.keySecret}x`)).to.equal(401);

        const props = { ...created.outs, keyId: secret(chosen.keyId), keySecret: secret(chosen.keySecret) };
        const read = await provider.read(created.id, props);
        expect(read.inputs).to.deep.include({ keyId: props.keyId, keySecret: props.keySecret });
        expect(read.inputs).to.not.have.property("hashData");
        expect(read.props?.keySecret).to.deep.equal(props.keySecret);

        const updated = await provider.update(created.id, created.outs ?? {}, {
          name: `${name}-renamed`,
          roles: ["developer"],
          keyId: chosen.keyId,
          keySecret: chosen.keySecret,
        });
        expect(updated.outs).to.deep.include({ name: `${name}-renamed`, hashData: secret(chosen.hashData) });
        expect(await authenticate(chosen.keyId, chosen.keySecret)).to.equal(200);
        await provider.delete(created.id, updated.outs ?? {});
        expect(await authenticate(chosen.keyId, chosen.keySecret)).to.equal(401);
      } finally {
        await provider.configure(configure);
        await proxy.stop();
      }
    });
  });

  async function authenticate(keyId: string, keySecret: string): Promise<number> {
    const response = await axios.get(
      `${emulator.fixture.managementUrl}/v1/organizations/${emulator.fixture.organizationId}`,
      { auth: { username: keyId, password: keySecret }, validateStatus: () => true },
    );
    return response.status;
  }
});
