import { request as httpRequest } from "node:http";
import { expect } from "chai";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { controlRefusal, isLoopbackName } from "../../../emulator/server/controlGuard";
import { basicAuth } from "../../support/httpRequests";

interface RawReply {
  status: number;
  body: string;
}

/** A request with headers fetch() would not let a test set (Host). */
function raw(url: string, method: string, headers: Record<string, string>): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describe("emulator: the control path answers only this machine's own clients", () => {
  let emulator: RunningEmulator;
  let port: string;
  before(async () => {
    emulator = await startEmulator({});
    port = new URL(emulator.url).port;
  });
  after(() => emulator.close());

  const keysOf = async (): Promise<string[]> => {
    const reply = await fetch(`${emulator.url}/v1/organizations/${emulator.fixture.organizationId}/keys`, {
      headers: { authorization: basicAuth(emulator.fixture.tokenKey, emulator.fixture.tokenSecret) },
    });
    const body = (await reply.json()) as { result: Array<{ name: string }> };
    return body.result.map((key) => key.name);
  };

  it("refuses the fixture to a request addressed to another host name (DNS rebinding), without its secrets", async () => {
    for (const host of [
      "evil.example",
      `evil.example:${port}`,
      `rebind.localhost:${port}`,
      `10.0.0.1:${port}`,
    ]) {
      const reply = await raw(`${emulator.url}/__emulator/fixture`, "GET", { host });
      expect(reply.status, host).to.equal(403);
      expect(JSON.parse(reply.body)).to.deep.equal({
        error:
          "the control path answers only requests addressed to a loopback host (localhost, 127.0.0.1, [::1])",
      });
      expect(reply.body).to.not.contain(emulator.fixture.tokenSecret);
    }
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, "localhost"]) {
      const reply = await raw(`${emulator.url}/__emulator/fixture`, "GET", { host });
      expect(reply.status, host).to.equal(200);
      expect(JSON.parse(reply.body).tokenSecret).to.equal(emulator.fixture.tokenSecret);
    }
  });

  it("refuses a cross-site reset, body-less included, and the state stays as it was", async () => {
    const created = await fetch(`${emulator.url}/v1/organizations/${emulator.fixture.organizationId}/keys`, {
      method: "POST",
      headers: {
        authorization: basicAuth(emulator.fixture.tokenKey, emulator.fixture.tokenSecret),
        "content-type": "application/json",
      },
      body: JSON.stringify({ name: "kept-through-refused-reset", roles: ["developer"] }),
    });
    expect(created.status).to.equal(200);
    const host = `127.0.0.1:${port}`;
    const refused: Array<Record<string, string>> = [
      { host, origin: "https://evil.example" },
      { host, origin: "null" },
      { host, "sec-fetch-site": "cross-site" },
    ];
    for (const headers of refused) {
      const reply = await raw(`${emulator.url}/__emulator/reset`, "POST", headers);
      expect(reply.status, JSON.stringify(headers)).to.equal(403);
    }
    expect(await keysOf()).to.include("kept-through-refused-reset");
    const local = await raw(`${emulator.url}/__emulator/reset`, "POST", {
      host,
      origin: `http://localhost:${port}`,
    });
    expect(local.status).to.equal(204);
    expect(await keysOf()).to.not.include("kept-through-refused-reset");
  });

  it("leaves the APIs themselves to their own authentication, whatever the Host", async () => {
    const reply = await raw(`${emulator.url}/v1/organizations/${emulator.fixture.organizationId}`, "GET", {
      host: "api.example.com",
      authorization: basicAuth(emulator.fixture.tokenKey, emulator.fixture.tokenSecret),
    });
    expect(reply.status).to.equal(200);
  });

  it("counts localhost and loopback literals as loopback, and nothing else", () => {
    for (const name of ["localhost", "LOCALHOST", "localhost.", "127.0.0.1", "127.9.8.7", "[::1]", "::1"]) {
      expect(isLoopbackName(name), name).to.equal(true);
    }
    for (const name of ["x.localhost", "0.0.0.0", "127.example.com", "[::2]", "::", "localhost.example"]) {
      expect(isLoopbackName(name), name).to.equal(false);
    }
    expect(controlRefusal({})).to.match(/loopback host/);
  });
});
