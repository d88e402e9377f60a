/** API keys created from hashes of a key id and secret the client chose (`hashData`). */
import { ANY_DATE_TIME, ANY_UUID, like, type CaseIds, type ContractCase } from "../contract";

const keys = (ids: CaseIds) => `/v1/organizations/${ids.organizationId}/keys`;

/**
 * A key id and secret with their hashes as the API documents them, computed once in a shell with
 * `echo -n "<value>" | sha256sum | tr -d '-' | xxd -r -p | base64`.
 */
const chosen = {
  keyId: "HASHEDKEYID000000001",
  keySecret: "4b1dhashedsecretvalue000000000000000000",
  hashData: {
    keyIdHash: "0yZjotJF5FgkFBQ0WVjwhIXLL1t0AQZFc7Kl7jDo3n8=",
    keyIdSuffix: "0001",
    keySecretHash: "HblYk90289fwnRHcao7wGptdTWOiWQaQ3SqqMo+x25g=",
  },
};
const openApiHashData =
  "ClickHouse OpenAPI spec, ApiKeyHashData: each hash is `sha256sum | xxd -r -p | base64` of the value, keyIdSuffix the id's last 4 characters";

export const cases: ContractCase[] = [
  {
    behaviour: "a key created from hashData comes back with keyIdSuffix as its keySuffix",
    source: openApiHashData,
    api: "management",
    request: {
      method: "POST",
      path: keys,
      body: { name: "from-hashes", roles: ["developer"], hashData: chosen.hashData },
    },
    response: {
      status: 200,
      body: {
        status: 200,
        requestId: ANY_UUID,
        result: {
          key: {
            id: ANY_UUID,
            name: "from-hashes",
            roles: ["developer"],
            keySuffix: "0001",
            state: "enabled",
            createdAt: ANY_DATE_TIME,
            expireAt: null,
            usedAt: null,
            ipAccessList: [],
          },
        },
      },
    },
    client: { outcome: "ok", resultSchema: "apiKeyCreateResult" },
  },
  {
    behaviour: "a key created from hashData authenticates with the key id and secret that hash to them",
    source: `${openApiHashData}; Basic auth with key id and secret (ClickHouse Cloud docs, Managing API keys)`,
    api: "management",
    arrange: async (harness) => {
      const created = await harness.management("POST", `${harness.orgPath}/keys`, {
        body: { name: "from-hashes", roles: ["admin"], hashData: chosen.hashData },
      });
      return { key: created.body.result.key.id };
    },
    request: {
      method: "GET",
      path: (ids) => `${keys(ids)}/${ids.made.key}`,
      auth: {
        authorization: () => `Basic ${Buffer.from(`${chosen.keyId}:${chosen.keySecret}`).toString("base64")}`,
      },
    },
    response: {
      status: 200,
      body: {
        status: 200,
        requestId: ANY_UUID,
        result: { id: ANY_UUID, keySuffix: "0001", usedAt: ANY_DATE_TIME },
      },
    },
  },
  {
    behaviour: "hex digests in hashData are a 400 naming both hashes",
    source: openApiHashData,
    api: "management",
    request: {
      method: "POST",
      path: keys,
      body: {
        name: "hex",
        roles: ["developer"],
        hashData: {
          // sha256 of "a" and "b" in hex: the right digests, the wrong encoding.
          keyIdHash: "ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb",
          keyIdSuffix: "abcd",
          keySecretHash: "3e23e8160039594a33894f6564e1b1348bbd7a0088d42c4acb73eeaed59c009d",
        },
      },
    },
    response: {
      status: 400,
      body: {
        status: 400,
        error: like(
          /^BAD_REQUEST: .*hashData\.keyIdHash.*hashData\.keySecretHash/,
          "BAD_REQUEST: hashData.keyIdHash: Invalid format; hashData.keySecretHash: Invalid format",
        ),
        requestId: ANY_UUID,
      },
    },
  },
];
