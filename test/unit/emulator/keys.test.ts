import { createHash } from "node:crypto";
import { expect } from "chai";
import { validate } from "../../../provider/validation/validate";
import {
  EmulatorHarness,
  basicAuth,
  expectManagementError,
  expectManagementSuccess,
  uuidV4,
} from "../../support/httpRequests";

const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");
/**
 * A key id and secret with their hashes as the API documents them:
 * `echo -n "<value>" | sha256sum | tr -d '-' | xxd -r -p | base64`, run once in a shell.
 */
const hashed = {
  keyId: "HASHEDKEYID000000001",
  keySecret: "4b1dhashedsecretvalue000000000000000000",
  keyIdHash: "0yZjotJF5FgkFBQ0WVjwhIXLL1t0AQZFc7Kl7jDo3n8=",
  keySecretHash: "HblYk90289fwnRHcao7wGptdTWOiWQaQ3SqqMo+x25g=",
};
const hashData = { keyIdHash: hashed.keyIdHash, keyIdSuffix: "0001", keySecretHash: hashed.keySecretHash };

describe("emulator: API keys", () => {
  const harness = new EmulatorHarness().install();
  const keys = () => `${harness.orgPath}/keys`;
  const createKey = (body: unknown) => harness.management("POST", keys(), { body });
  const asKey = (keyId: string, keySecret: string) => ({
    headers: { authorization: basicAuth(keyId, keySecret) },
  });

  it("creates a key: key object, keyId and keySecret, state enabled by default", async () => {
    const created = expectManagementSuccess(await createKey({ name: "ci", roles: ["developer"] }));
    expect(validate("apiKeyCreateResult", created)).to.deep.equal([]);
    expect(created.key.id).to.match(uuidV4);
    expect(created.key).to.include({ name: "ci", state: "enabled", expireAt: null, usedAt: null });
    expect(created.key.roles).to.deep.equal(["developer"]);
    expect(created.keyId).to.be.a("string").with.length.greaterThan(8);
    expect(created.keySecret).to.be.a("string").with.length.greaterThan(20);
    expect(created.key.keySuffix).to.equal(created.keyId.slice(-4));
  });

  it("a created key authenticates, and its usedAt is set once it has been used", async () => {
    const { key, keyId, keySecret } = expectManagementSuccess(
      await createKey({ name: "runner", roles: ["admin"], expireAt: "" }),
    );
    expectManagementSuccess(await harness.management("GET", harness.orgPath, asKey(keyId, keySecret)));
    const read = expectManagementSuccess(await harness.management("GET", `${keys()}/${key.id}`));
    expect(read.usedAt).to.be.a("string");
  });

  it("a key created disabled, or disabled later, does not authenticate", async () => {
    const disabled = expectManagementSuccess(
      await createKey({ name: "off", roles: ["admin"], state: "disabled" }),
    );
    expect(disabled.key.state).to.equal("disabled");
    expectManagementError(
      await harness.management("GET", harness.orgPath, asKey(disabled.keyId, disabled.keySecret)),
      401,
      "UNAUTHORIZED",
      "disabled",
    );
    const later = expectManagementSuccess(await createKey({ name: "later", roles: ["admin"] }));
    const patched = expectManagementSuccess(
      await harness.management("PATCH", `${keys()}/${later.key.id}`, { body: { state: "disabled" } }),
    );
    expect(patched.state).to.equal("disabled");
    expectManagementError(
      await harness.management("GET", harness.orgPath, asKey(later.keyId, later.keySecret)),
      401,
      "UNAUTHORIZED",
    );
  });

  it("an expired key does not authenticate; extending it makes it work again", async () => {
    const expired = expectManagementSuccess(
      await createKey({ name: "old", roles: ["admin"], expireAt: "2020-01-01T00:00:00Z" }),
    );
    expect(expired.key.expireAt).to.equal("2020-01-01T00:00:00Z");
    const attempt = () => harness.management("GET", harness.orgPath, asKey(expired.keyId, expired.keySecret));
    expectManagementError(await attempt(), 401, "UNAUTHORIZED", "expired");
    await harness.management("PATCH", `${keys()}/${expired.key.id}`, { body: { expireAt: null } });
    expectManagementSuccess(await attempt());
  });

  it("with hashData (base64 SHA-256 digests): no keyId or keySecret returned, and those credentials authenticate", async () => {
    const created = expectManagementSuccess(await createKey({ name: "hashed", roles: ["admin"], hashData }));
    expect(created).to.have.keys(["key"]);
    expect(created.key.keySuffix).to.equal("0001");
    const { keyId, keySecret } = hashed;
    expectManagementSuccess(await harness.management("GET", harness.orgPath, asKey(keyId, keySecret)));
    for (const [id, secret] of [
      [keyId, `${keySecret}x`],
      [`${keyId}x`, keySecret],
    ]) {
      expectManagementError(
        await harness.management("GET", harness.orgPath, asKey(id, secret)),
        401,
        "UNAUTHORIZED",
      );
    }
  });

  const rejected: Array<[string, unknown, string[]]> = [
    ["no roles", { name: "x", roles: [] }, ["roles", "at least 1"]],
    ["an unknown role", { name: "x", roles: ["owner"] }, ["roles.0"]],
    ["a missing name", { roles: ["admin"] }, ["name"]],
    ["an unknown state", { name: "x", roles: ["admin"], state: "paused" }, ["state"]],
    ["a malformed expireAt", { name: "x", roles: ["admin"], expireAt: "tomorrow" }, ["expireAt"]],
    [
      "an IP access entry that isn't an address",
      { name: "x", roles: ["admin"], ipAccessList: [{ source: "home" }] },
      ["ipAccessList[0].source"],
    ],
    [
      "hashData with hex digests instead of base64",
      {
        name: "x",
        roles: ["admin"],
        hashData: {
          ...hashData,
          keyIdHash: sha256Hex(hashed.keyId),
          keySecretHash: sha256Hex(hashed.keySecret),
        },
      },
      ["hashData.keyIdHash", "hashData.keySecretHash"],
    ],
    [
      "hashData with a base64 value of another length (a SHA-1 digest)",
      {
        name: "x",
        roles: ["admin"],
        hashData: { ...hashData, keySecretHash: createHash("sha1").update("s").digest("base64") },
      },
      ["hashData.keySecretHash"],
    ],
    [
      "a keyIdSuffix that is not 4 characters",
      { name: "x", roles: ["admin"], hashData: { ...hashData, keyIdSuffix: "00001" } },
      ["hashData.keyIdSuffix"],
    ],
    [
      "incomplete hashData",
      { name: "x", roles: ["admin"], hashData: { keyIdHash: hashed.keyIdHash } },
      ["hashData.keySecretHash"],
    ],
  ];
  for (const [rule, body, fields] of rejected) {
    it(`rejects ${rule} with a 400 naming ${fields.join(" and ")}`, async () => {
      expectManagementError(await createKey(body), 400, "BAD_REQUEST", ...fields);
    });
  }

  it("lists, gets and patches keys", async () => {
    const { key } = expectManagementSuccess(await createKey({ name: "a", roles: ["admin"] }));
    const listed = expectManagementSuccess(await harness.management("GET", keys()));
    expect(listed.map((item: { id: string }) => item.id)).to.include(key.id);
    expect(listed).to.have.length(2); // the fixture's admin key and this one
    for (const item of listed) expect(validate("apiKey", item)).to.deep.equal([]);
    const patched = expectManagementSuccess(
      await harness.management("PATCH", `${keys()}/${key.id}`, {
        body: {
          name: "b",
          roles: ["developer", "query_endpoints"],
          ipAccessList: [{ source: "10.0.0.0/8" }],
        },
      }),
    );
    expect(patched).to.include({ name: "b" });
    expect(patched.roles).to.deep.equal(["developer", "query_endpoints"]);
    expect(expectManagementSuccess(await harness.management("GET", `${keys()}/${key.id}`))).to.deep.equal(
      patched,
    );
  });

  it("PATCH cannot change hashData, and needs at least one field", async () => {
    const { key } = expectManagementSuccess(await createKey({ name: "a", roles: ["admin"] }));
    const path = `${keys()}/${key.id}`;
    expectManagementError(
      await harness.management("PATCH", path, { body: { hashData } }),
      400,
      "BAD_REQUEST",
      "hashData",
    );
    expectManagementError(await harness.management("PATCH", path, { body: {} }), 400, "BAD_REQUEST");
  });

  it("an IP access list that excludes the caller is a 403; one that includes it works", async () => {
    const outside = expectManagementSuccess(
      await createKey({
        name: "vpn",
        roles: ["admin"],
        ipAccessList: [{ source: "10.0.0.0/8", description: "VPN" }],
      }),
    );
    expectManagementError(
      await harness.management("GET", harness.orgPath, asKey(outside.keyId, outside.keySecret)),
      403,
      "FORBIDDEN",
      "IP access list",
    );
    const inside = expectManagementSuccess(
      await createKey({
        name: "local",
        roles: ["admin"],
        ipAccessList: [{ source: "127.0.0.1/32" }, { source: "::1" }],
      }),
    );
    expectManagementSuccess(
      await harness.management("GET", harness.orgPath, asKey(inside.keyId, inside.keySecret)),
    );
  });

  it("deletes a key with another key; the deleted key no longer authenticates", async () => {
    const created = expectManagementSuccess(await createKey({ name: "temp", roles: ["admin"] }));
    const deleted = expectManagementSuccess(
      await harness.management("DELETE", `${keys()}/${created.key.id}`),
    );
    expect(deleted.id).to.equal(created.key.id);
    expectManagementError(await harness.management("GET", `${keys()}/${created.key.id}`), 404, "NOT_FOUND");
    expectManagementError(
      await harness.management("GET", harness.orgPath, asKey(created.keyId, created.keySecret)),
      401,
      "UNAUTHORIZED",
    );
  });

  it("a key cannot delete itself: 409", async () => {
    const created = expectManagementSuccess(await createKey({ name: "self", roles: ["admin"] }));
    const response = await harness.management(
      "DELETE",
      `${keys()}/${created.key.id}`,
      asKey(created.keyId, created.keySecret),
    );
    expectManagementError(response, 409, "CONFLICT", "cannot delete itself");
    expectManagementSuccess(await harness.management("GET", `${keys()}/${created.key.id}`));
  });

  it("unknown and malformed key ids are a 404 and a 400", async () => {
    const unknown = "44444444-4444-4444-8444-444444444444";
    expectManagementError(await harness.management("GET", `${keys()}/${unknown}`), 404, "NOT_FOUND", unknown);
    expectManagementError(
      await harness.management("PATCH", `${keys()}/${unknown}`, { body: { name: "x" } }),
      404,
      "NOT_FOUND",
    );
    expectManagementError(await harness.management("DELETE", `${keys()}/${unknown}`), 404, "NOT_FOUND");
    expectManagementError(await harness.management("GET", `${keys()}/key-1`), 400, "BAD_REQUEST", "keyId");
  });
});
