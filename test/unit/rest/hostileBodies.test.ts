import { Worker } from "node:worker_threads";
import { expect } from "chai";
import { MAX_ERROR_BODY_CHARS, readErrorBody } from "../../../provider/rest/errors/errorBodies";
import { MAX_RESPONSE_BYTES } from "../../../provider/rest/transport/http";
import { managementClientFor, observabilityClientFor } from "../../support/clients";
import { CannedServer } from "../../support/cannedServer";
import { apiErrorOf, testOptions } from "../../support/restHarness";

/**
 * Reads `body` as an error body in a worker thread, so that a pattern that never finishes cannot hold the test's
 * own event loop: the worker is ended after `limitMs` and the read counts as stuck. The limit is a bound on
 * liveness, hundreds of times what a linear reading of a megabyte takes, not a measurement of speed.
 */
function readInWorker(body: string, contentType: string, limitMs: number): Promise<unknown> {
  const script = `
    const { parentPort, workerData } = require("node:worker_threads");
    const { readErrorBody } = require(workerData.module);
    parentPort.postMessage(readErrorBody(502, workerData.body, workerData.contentType));
  `;
  const worker = new Worker(script, {
    eval: true,
    workerData: { module: require.resolve("../../../provider/rest/errors/errorBodies"), body, contentType },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`reading a ${body.length}-character body did not finish within ${limitMs} ms`));
    }, limitMs);
    worker.once("message", (info: unknown) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(info);
    });
    worker.once("error", reject);
  });
}

describe("hostile response bodies", () => {
  const megabyte = 1024 * 1024;
  const hostile: Array<[string, string, string]> = [
    ["unclosed tags labelled HTML", "<a".repeat(megabyte / 2), "text/html"],
    ["titles that never close", "<html><title>".repeat(megabyte / 13), "text/html"],
    ["h1 openings without end", "<!doctype html>" + "<h1 ".repeat(megabyte / 4), "text/html"],
    [
      "a coded error of a megabyte",
      JSON.stringify({ error: `A${"B".repeat(megabyte)}:` }),
      "application/json",
    ],
  ];
  for (const [what, body, contentType] of hostile) {
    it(`reads ${what} (1 MB) without getting stuck, and says little about it`, async () => {
      const info = (await readInWorker(body, contentType, 5_000)) as { detail: string };
      expect(info.detail.length).to.be.at.most(400);
    });
  }

  it("reads only the start of a body: a title past the bound is not looked for", () => {
    const late = `<html><body>${" ".repeat(MAX_ERROR_BODY_CHARS)}<title>Late</title></body></html>`;
    expect(readErrorBody(502, late, "text/html").detail).to.not.contain("Late");
    const early = `<html><title>Bad Gateway</title><body>${"x".repeat(MAX_ERROR_BODY_CHARS)}</body></html>`;
    expect(readErrorBody(502, early, "text/html").detail).to.contain('("Bad Gateway")');
  });

  describe("size bound", () => {
    let server: CannedServer;
    const huge = "x".repeat(MAX_RESPONSE_BYTES + 1024);
    beforeEach(async () => {
      server = await new CannedServer((index) =>
        index === 0
          ? { status: 502, body: huge, headers: { "content-type": "text/html" } }
          : { status: 200, body: `{"status":200,"requestId":"r","result":${JSON.stringify(huge)}}` },
      ).start();
    });
    afterEach(() => server.stop());

    it("stops reading an error body or a success past the bound, with an error saying so", async () => {
      const client = observabilityClientFor(server.url, testOptions([]));
      const failed = await apiErrorOf(client.alerts.get("65f1a2b3c4d5e6f708192a3b"));
      expect(failed.message).to.contain("was larger than 4 MiB and was not read further");
      const management = managementClientFor(server.url, testOptions([]));
      const success = await apiErrorOf(management.organizations.get("0b3c2d4e-5f60-4718-8293-a4b5c6d7e8f9"));
      expect(success.message).to.contain("was larger than 4 MiB and was not read further");
      expect(server.received).to.have.length(2);
    });
  });
});
