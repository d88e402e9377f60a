/** The emulator answers every request of the contract table as the real API does. */
import { expect } from "chai";
import { EmulatorHarness, basicAuth, send } from "../../support/httpRequests";
import { allCases } from "./cases";
import { Like, type CaseIds, type ContractCase } from "./contract";
import { mismatches } from "./template";

describe("contract: the emulator answers as the real APIs do", () => {
  // Endpoints stay Provisioning for the whole case, as a real one does for minutes.
  const harnesses = {
    spec: new EmulatorHarness({ provisioningDelayMs: 600_000 }).install(),
    production: new EmulatorHarness({ provisioningDelayMs: 600_000, dialect: "production" }).install(),
  };

  for (const contractCase of allCases()) {
    const dialect = contractCase.dialect ?? "spec";
    const harness = harnesses[dialect];
    it(`${dialect}: ${contractCase.behaviour} [${contractCase.source}]`, async () => {
      let reply: Awaited<ReturnType<typeof send>>;
      try {
        const made = (await contractCase.arrange?.(harness)) ?? {};
        const ids: CaseIds = { ...harness.fixture, made };
        reply = await send(
          `${harness.emulator.url}${contractCase.request.path(ids)}`,
          contractCase.request.method,
          {
            headers: { ...authorizationOf(contractCase, ids), ...contractCase.request.headers },
            body: contractCase.request.rawBody ?? bodyOf(contractCase, ids),
          },
        );
      } finally {
        await contractCase.restore?.(harness);
      }
      const { response } = contractCase;
      expect(reply.status, reply.text).to.equal(response.status);
      const contentType = reply.headers.get("content-type") ?? "";
      expect(contentType, "content type").to.include(response.contentType ?? "application/json");
      const isText = typeof response.body === "string" || response.body instanceof Like;
      const body = isText ? reply.text : reply.body;
      expect(mismatches(body, response.body), reply.text).to.deep.equal([]);
      for (const [name, { pattern }] of Object.entries(response.headers ?? {})) {
        expect(reply.headers.get(name) ?? "", `header ${name}`).to.match(pattern);
      }
    });
  }
});

function authorizationOf(contractCase: ContractCase, ids: CaseIds): Record<string, string> {
  const auth = contractCase.request.auth ?? "valid";
  if (auth === "none") return {};
  if (auth !== "valid") {
    const { authorization } = auth;
    return { authorization: typeof authorization === "function" ? authorization(ids) : authorization };
  }
  return {
    authorization:
      contractCase.api === "management"
        ? basicAuth(ids.tokenKey, ids.tokenSecret)
        : `Bearer ${ids.observabilityToken}`,
  };
}

function bodyOf(contractCase: ContractCase, ids: CaseIds): unknown {
  const { body } = contractCase.request;
  return typeof body === "function" ? (body as (ids: CaseIds) => unknown)(ids) : body;
}
