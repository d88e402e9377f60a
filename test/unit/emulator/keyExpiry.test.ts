/**
 * A key without expiry: absent, null or "" expireAt all mean "never expires", as the API documents, and the API shows
 * such a key with `expireAt: null` in every answer (create, get, list, update), never "" or a missing field.
 */
import { expect } from "chai";
import { EmulatorHarness, basicAuth, expectManagementSuccess } from "../../support/httpRequests";

describe("emulator: a key that never expires shows expireAt null", () => {
  const harness = new EmulatorHarness().install();
  const keys = () => `${harness.orgPath}/keys`;

  const neverExpires: Array<[string, Record<string, unknown>]> = [
    ["absent", {}],
    ["null", { expireAt: null }],
    ['""', { expireAt: "" }],
  ];

  for (const [title, expiry] of neverExpires) {
    it(`expireAt ${title} at create: null in the create, get and list answers, and the key works`, async () => {
      const created = expectManagementSuccess(
        await harness.management("POST", keys(), {
          body: { name: `never-${title}`, roles: ["admin"], ...expiry },
        }),
      );
      expect(created.key).to.have.property("expireAt", null);
      const read = expectManagementSuccess(await harness.management("GET", `${keys()}/${created.key.id}`));
      expect(read).to.have.property("expireAt", null);
      const listed = expectManagementSuccess(await harness.management("GET", keys())) as Array<{
        id: string;
      }>;
      expect(listed.find((key) => key.id === created.key.id)).to.have.property("expireAt", null);
      const used = await harness.management("GET", harness.orgPath, {
        headers: { authorization: basicAuth(created.keyId, created.keySecret) },
      });
      expect(used.status, used.text).to.equal(200);
    });
  }

  for (const [title, cleared] of [
    ["null", null],
    ['""', ""],
  ] as const) {
    it(`a PATCH of expireAt ${title} on a dated key answers and keeps null`, async () => {
      const created = expectManagementSuccess(
        await harness.management("POST", keys(), {
          body: { name: "dated", roles: ["admin"], expireAt: "2099-01-01T00:00:00Z" },
        }),
      );
      expect(created.key.expireAt).to.equal("2099-01-01T00:00:00Z");
      const patched = expectManagementSuccess(
        await harness.management("PATCH", `${keys()}/${created.key.id}`, { body: { expireAt: cleared } }),
      );
      expect(patched).to.have.property("expireAt", null);
      const read = expectManagementSuccess(await harness.management("GET", `${keys()}/${created.key.id}`));
      expect(read).to.have.property("expireAt", null);
    });
  }
});
