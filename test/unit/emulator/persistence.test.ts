import { promises as fs } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import { startEmulator } from "../../../emulator";
import type { RunningEmulator } from "../../../emulator";
import { basicAuth, expectManagementSuccess, send } from "../../support/httpRequests";

describe("emulator: persistence with a state file", () => {
  let directory: string;
  let statePath: string;
  const running: RunningEmulator[] = [];

  const start = async () => {
    const emulator = await startEmulator({ statePath });
    running.push(emulator);
    return emulator;
  };
  const management = (emulator: RunningEmulator, method: string, suffix: string, body?: unknown) =>
    send(`${emulator.url}/v1/organizations/${emulator.fixture.organizationId}${suffix}`, method, {
      headers: { authorization: basicAuth(emulator.fixture.tokenKey, emulator.fixture.tokenSecret) },
      body,
    });

  beforeEach(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), "emulator-state-"));
    statePath = path.join(directory, "state.json");
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((emulator) => emulator.close()));
    await fs.rm(directory, { recursive: true, force: true });
  });

  it("keeps the fixture and every change across a restart", async () => {
    const first = await start();
    const created = expectManagementSuccess(
      await management(first, "POST", "/keys", { name: "survivor", roles: ["admin"] }),
    );
    const alert = await send(`${first.url}/api/v2/alerts`, "POST", {
      headers: { authorization: `Bearer ${first.fixture.observabilityToken}` },
      body: {
        threshold: 1,
        interval: "5m",
        source: "search",
        thresholdType: "above",
        channel: { type: "webhook", webhookId: first.fixture.webhooks[0].id },
        savedSearchId: first.fixture.savedSearches[0].id,
      },
    });
    expect(alert.status, alert.text).to.equal(200);
    await first.close();

    const second = await start();
    const { managementUrl: _a, observabilityUrl: _b, ...identity } = second.fixture;
    const { managementUrl: _c, observabilityUrl: _d, ...previous } = first.fixture;
    expect(identity).to.deep.equal(previous);
    const key = expectManagementSuccess(await management(second, "GET", `/keys/${created.key.id}`));
    expect(key.name).to.equal("survivor");
    const asCreatedKey = { authorization: basicAuth(created.keyId, created.keySecret) };
    const viaCreatedKey = await send(
      `${second.url}/v1/organizations/${second.fixture.organizationId}`,
      "GET",
      {
        headers: asCreatedKey,
      },
    );
    expectManagementSuccess(viaCreatedKey);
    const alerts = await send(`${second.url}/api/v2/alerts`, "GET", {
      headers: { authorization: `Bearer ${second.fixture.observabilityToken}` },
    });
    expect(alerts.body.data).to.have.length(1);
  });

  it("stores hashes of key secrets, never the secrets, and leaves no temporary file", async () => {
    const emulator = await start();
    const created = expectManagementSuccess(
      await management(emulator, "POST", "/keys", { name: "hashed", roles: ["admin"] }),
    );
    await emulator.close();
    const text = await fs.readFile(statePath, "utf8");
    expect(text).to.include(created.key.id);
    expect(text).not.to.include(created.keySecret);
    expect(await fs.readdir(directory)).to.deep.equal(["state.json"]);
    expect((await fs.stat(statePath)).mode & 0o777).to.equal(0o600);
  });

  it("reset after a restart goes back to the original fixture", async () => {
    const first = await start();
    await management(first, "PATCH", `/services/${first.fixture.services.production}/replicaScaling`, {
      numReplicas: 7,
    });
    await first.close();
    const second = await start();
    const read = async () =>
      expectManagementSuccess(
        await management(second, "GET", `/services/${second.fixture.services.production}`),
      );
    expect((await read()).numReplicas).to.equal(7);
    await second.control.reset();
    expect((await read()).numReplicas).to.equal(3);
  });

  it("refuses a state file it did not write instead of overwriting it", async () => {
    await fs.writeFile(statePath, '{"something":"else"}');
    let failure: Error | undefined;
    await start().catch((error: Error) => {
      failure = error;
    });
    expect(failure?.message).to.include(statePath);
    expect(await fs.readFile(statePath, "utf8")).to.equal('{"something":"else"}');
  });

  it("refuses a state file without version 1, fixture, initial or current state, or that is not JSON", async () => {
    await (await start()).close();
    running.splice(0);
    const written = JSON.parse(await fs.readFile(statePath, "utf8")) as Record<string, unknown>;
    expect(Object.keys(written)).to.include.members(["version", "fixture", "initial", "current"]);
    const variants: [string, string][] = [
      ["version", JSON.stringify({ ...written, version: 2 })],
      ...["fixture", "initial", "current"].map((key): [string, string] => [
        key,
        JSON.stringify({ ...written, [key]: undefined }),
      ]),
    ];
    for (const [what, text] of variants) {
      await fs.writeFile(statePath, text);
      const failure = await start().then(
        () => undefined,
        (error: Error) => error.message,
      );
      expect(failure, what).to.equal(
        `State file ${statePath} was not written by this emulator; move it away to start fresh`,
      );
    }
    await fs.writeFile(statePath, "{");
    const notJson = await start().then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(notJson).to.match(/^State file .* is not valid JSON \(.+\); move it away to start fresh$/);
  });

  it("a state path it cannot read is an error, not a fresh start", async () => {
    await fs.mkdir(statePath);
    const failure = await start().then(
      () => undefined,
      (error: NodeJS.ErrnoException) => [error.code, error.syscall],
    );
    // Reading fails; a fresh start would fail later, when it writes the file.
    expect(failure).to.deep.equal(["EISDIR", "read"]);
  });
});
