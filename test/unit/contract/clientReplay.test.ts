/**
 * The provider's client makes the right thing of every response of the contract table: each is replayed from a
 * loopback server exactly as the real API would send it, and the outcome is what a resource would act on.
 */
import { expect } from "chai";
import { ApiError, isNotFound } from "../../../provider/rest";
import { HttpCore, type ClientProfile } from "../../../provider/rest/transport/http";
import { MANAGEMENT_PROFILE } from "../../../provider/rest/management/client";
import { OBSERVABILITY_PROFILE } from "../../../provider/rest/observability/client";
import { CannedServer } from "../../support/cannedServer";
import { allCases } from "./cases";
import { Like, type CaseIds, type ContractCase } from "./contract";
import { example } from "./template";

const profiles: Record<ContractCase["api"], ClientProfile> = {
  management: MANAGEMENT_PROFILE,
  observability: OBSERVABILITY_PROFILE,
};

/** Ids to fill paths with; the replay server answers whatever the path. */
const sampleIds = new Proxy({} as CaseIds, {
  get: (_target, key) => (key === "made" ? sampleIds : "3f0c2a5e-8a51-4d7e-9c43-0b8f6e2d7a19"),
});

describe("contract: the client reads each real response as the resources need", () => {
  for (const contractCase of allCases()) {
    const expected = contractCase.client;
    if (expected === undefined) continue;
    it(`${contractCase.behaviour}: ${expected.outcome} [${contractCase.source}]`, async () => {
      const server = await replayServer(contractCase).start();
      try {
        const outcome = await callThrough(contractCase, server.url);
        if (expected.outcome === "ok") {
          expect(outcome, summary(outcome)).to.equal("ok");
        } else if (expected.outcome === "gone") {
          expect(isNotFound(outcome), summary(outcome)).to.equal(true);
        } else {
          expect(outcome, summary(outcome)).to.be.instanceOf(Error);
          expect(
            isNotFound(outcome),
            "a 404 that is not the API's own not-found answer is not 'gone'",
          ).to.equal(false);
          expect((outcome as Error).message).to.match(expected.message);
        }
      } finally {
        await server.stop();
      }
    });
  }
});

function replayServer(contractCase: ContractCase): CannedServer {
  const { response } = contractCase;
  const isText = typeof response.body === "string" || response.body instanceof Like;
  const body = isText ? String(example(response.body)) : JSON.stringify(example(response.body));
  const headers = Object.fromEntries(
    Object.entries(response.headers ?? {}).map(([name, { example: value }]) => [name, value]),
  );
  return new CannedServer(() => ({
    status: response.status,
    body,
    headers: { "content-type": response.contentType ?? "application/json", ...headers },
  }));
}

/** "ok", or the error the client raised. */
async function callThrough(contractCase: ContractCase, baseUrl: string): Promise<"ok" | Error> {
  const http = new HttpCore(
    profiles[contractCase.api],
    { baseUrl, authorization: "Bearer replay", secrets: [] },
    { throttle: "off", retry: { maxAttempts: 1, maxRateLimitedAttempts: 1 } },
  );
  const spec = {
    method: contractCase.request.method,
    path: contractCase.request.path(sampleIds),
    subject: "the replayed object",
  };
  const expected = contractCase.client;
  try {
    if (expected?.outcome === "ok" && expected.resultSchema !== undefined) {
      await http.fetchResult({
        ...spec,
        responseSchema: expected.resultSchema,
        many: expected.many ?? false,
      });
    } else {
      await http.send(spec);
    }
    return "ok";
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  }
}

function summary(outcome: "ok" | Error): string {
  if (outcome === "ok") return "the call succeeded";
  return outcome instanceof ApiError
    ? `ApiError ${outcome.status} ${outcome.code}: ${outcome.message}`
    : outcome.message;
}
