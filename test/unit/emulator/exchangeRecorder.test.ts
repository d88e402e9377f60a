import { expect } from "chai";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import {
  exchangeRecordingFile,
  redactedMarker,
  type RecordedExchange,
} from "../../../emulator/server/exchangeRecorder";
import { managementClientFor } from "../../support/clients";
import { basicAuth, send } from "../../support/httpRequests";

describe("emulator: the exchange recording (CHC_RECORD_EXCHANGES)", () => {
  let dir: string;
  let file: string;
  let emulator: RunningEmulator;
  const lines = (): RecordedExchange[] =>
    fs
      .readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as RecordedExchange);

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-exchanges-"));
    file = path.join(dir, "exchanges.jsonl");
    emulator = await startEmulator({ dialect: "production", recordExchangesTo: file });
  });

  afterEach(async () => {
    await emulator.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("appends one line per management exchange: dialect, method, url, client, bodies and status", async () => {
    const { fixture } = emulator;
    const created = await managementClientFor(fixture).keys.create(fixture.organizationId, {
      name: "recorded",
      roles: ["developer"],
    });
    const refused = await send(
      `${emulator.url}/v1/organizations/${fixture.organizationId}/keys?x=1`,
      "POST",
      {
        headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) },
        body: { name: "no roles", unknown: true },
      },
    );
    expect(refused.status, refused.text).to.equal(400);

    const [provider, probe, ...rest] = lines();
    expect(rest).to.deep.equal([]);
    expect(provider).to.deep.include({
      dialect: "production",
      method: "POST",
      url: `/v1/organizations/${fixture.organizationId}/keys`,
      client: "provider",
      requestBody: { name: "recorded", roles: ["developer"] },
      status: 200,
    });
    expect(provider.responseBody).to.deep.include({ status: 200 });
    expect((provider.responseBody as { result: object }).result).to.deep.include({
      keyId: created.keyId,
      keySecret: redactedMarker,
    });
    expect(probe).to.deep.include({
      method: "POST",
      url: `/v1/organizations/${fixture.organizationId}/keys?x=1`,
      client: "other",
      requestBody: { name: "no roles", unknown: true },
      status: 400,
      responseBody: refused.body,
    });
  });

  it("never writes a secret, a password or a header: secret-named fields become the marker at any depth", async () => {
    const { fixture } = emulator;
    const sha256 = (text: string) => createHash("sha256").update(text).digest("base64");
    const secretHash = sha256("the key's secret");
    const created = await managementClientFor(fixture).keys.create(fixture.organizationId, {
      name: "with a secret",
      roles: ["admin"],
    });
    const hashed = await send(`${emulator.url}/v1/organizations/${fixture.organizationId}/keys`, "POST", {
      headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) },
      body: {
        name: "hashed",
        roles: ["admin"],
        hashData: { keyIdHash: sha256("the key's id"), keyIdSuffix: "abcd", keySecretHash: secretHash },
      },
    });
    expect(hashed.status, hashed.text).to.equal(200);

    const text = fs.readFileSync(file, "utf8");
    expect(created.keySecret).to.be.a("string").and.not.equal("");
    for (const secret of [created.keySecret!, fixture.tokenSecret, secretHash]) {
      expect(text).not.to.include(secret);
    }
    expect(text.toLowerCase()).not.to.include("authorization");
    expect(text).not.to.include("Basic ");
    const hashedLine = lines()[1];
    expect(hashedLine.requestBody).to.deep.equal({
      name: "hashed",
      roles: ["admin"],
      hashData: { keyIdHash: sha256("the key's id"), keyIdSuffix: "abcd", keySecretHash: redactedMarker },
    });
  });

  it("records neither the observability API nor the control path", async () => {
    const { fixture } = emulator;
    await send(`${emulator.url}/api/v2/alerts`, "GET", {
      headers: { authorization: `Bearer ${fixture.observabilityToken}` },
    });
    await send(`${emulator.url}/__emulator/settings`, "GET");
    await send(`${emulator.url}/v1/organizations/${fixture.organizationId}`, "GET", {
      headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) },
    });
    expect(lines().map((line) => `${line.method} ${line.url} ${line.status}`)).to.deep.equal([
      `GET /v1/organizations/${fixture.organizationId} 200`,
    ]);
  });

  it("refuses to start when the recording file cannot be written", async () => {
    const unwritable = path.join(dir, "missing-directory", "exchanges.jsonl");
    let failure: unknown;
    try {
      await startEmulator({ recordExchangesTo: unwritable });
    } catch (error) {
      failure = error;
    }
    expect(String(failure)).to.include("ENOENT").and.include(unwritable);
  });

  it("is turned on by CHC_RECORD_EXCHANGES naming a file, and off when it is unset or empty", () => {
    expect(exchangeRecordingFile({ CHC_RECORD_EXCHANGES: "/tmp/x.jsonl" })).to.equal("/tmp/x.jsonl");
    expect(exchangeRecordingFile({ CHC_RECORD_EXCHANGES: "" })).to.equal(undefined);
    expect(exchangeRecordingFile({})).to.equal(undefined);
  });
});
