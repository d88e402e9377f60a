/**
 * A 404 means "the object is gone" only when it is the API's own not-found answer. Every other 404 (a proxy's HTML
 * page, a gateway's JSON, plain text) is an error that names the URL, so a refresh or delete never forgets an
 * object that may still exist.
 */
import { expect } from "chai";
import { isNotFound } from "../../../provider/rest";
import { deleteIfPresent, readOrGone } from "../../../provider/resources/lifecycle/readOrGone";
import { CannedServer, type CannedResponse } from "../../support/cannedServer";
import { managementClientFor, observabilityClientFor } from "../../support/clients";
import { apiErrorOf, testOptions } from "../../support/restHarness";

const ORG = "0f8e5a52-6c1d-4a7e-9d0b-3c2f1e4d5a6b";
const SERVICE = "5b2d9c4e-1a3f-4e6d-8b7c-9a0e1f2d3c4b";
const ENDPOINT = "7c3e1a2b-4d5f-4a6b-8c9d-0e1f2a3b4c5d";
const ALERT = "65a1f0c2b3d4e5f60718293a";

const nginxPage =
  "<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n" +
  "<center><h1>404 Not Found</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";
const expressPage =
  '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n' +
  `<body>\n<pre>Cannot GET /api/v2/alerts/${ALERT}</pre>\n</body>\n</html>\n`;

const html = (body: string): CannedResponse => ({
  status: 404,
  body,
  headers: { "content-type": "text/html; charset=utf-8" },
});
const json = (body: unknown): CannedResponse => ({ status: 404, body: JSON.stringify(body) });
const text = (body: string): CannedResponse => ({
  status: 404,
  body,
  headers: { "content-type": "text/plain; charset=utf-8" },
});

describe("a 404 is 'gone' only when it is the API's own not-found answer", () => {
  let server: CannedServer;
  let next: CannedResponse;
  beforeEach(async () => {
    server = await new CannedServer(() => next).start();
  });
  afterEach(async () => {
    await server.stop();
  });
  const once = { maxAttempts: 1 };
  const management = () => managementClientFor(server.url, testOptions([], { retry: once }));
  const observability = () => observabilityClientFor(server.url, testOptions([], { retry: once }));
  const getEndpoint = () => management().reversePrivateEndpoints.get(ORG, SERVICE, ENDPOINT);
  const endpointUrl = () =>
    `${server.url}/v1/organizations/${ORG}/services/${SERVICE}/dataPipesReversePrivateEndpoints/${ENDPOINT}`;

  it("the management API's NOT_FOUND envelope is gone", async () => {
    next = json({ status: 404, error: "NOT_FOUND: Reverse private endpoint not found", requestId: "r-1" });
    const error = await apiErrorOf(getEndpoint());
    expect(isNotFound(error)).to.equal(true);
    expect(error.message).to.contain(
      `reverse private endpoint ${ENDPOINT} of service ${SERVICE} was not found`,
    );
  });

  const foreignManagement: Array<[string, CannedResponse, RegExp]> = [
    ["a proxy's HTML page", html(nginxPage), /an HTML page \("404 Not Found"\)/],
    [
      "a gateway's JSON of another shape",
      json({ message: "no Route matched with those values" }),
      /no Route/,
    ],
    [
      "a JSON error without the NOT_FOUND code",
      json({ status: 404, error: "Route missing" }),
      /Route missing/,
    ],
    ["plain text", text("404 page not found"), /404 page not found/],
    ["an empty body", { status: 404, body: "" }, /Not Found/],
  ];
  for (const [what, response, detail] of foreignManagement) {
    it(`a management 404 with ${what} is an error naming the URL, not gone`, async () => {
      next = response;
      const error = await apiErrorOf(getEndpoint());
      expect(error.status).to.equal(404);
      expect(isNotFound(error)).to.equal(false);
      expect(error.message)
        .to.contain(`GET ${endpointUrl()} answered 404`)
        .and.contain("not the management API's own not-found answer")
        .and.contain("clickhouse:apiUrl (or CLICKHOUSE_API_URL)")
        .and.match(detail)
        .and.not.contain("was not found");
      expect(error.message).not.to.match(/<\/?(html|head|title|center)/);
    });
  }

  it("the observability API's {message: '... not found'} is gone", async () => {
    next = json({ message: "Alert not found" });
    expect(isNotFound(await apiErrorOf(observability().alerts.get(ALERT)))).to.equal(true);
    expect(isNotFound(await apiErrorOf(observability().alerts.delete(ALERT)))).to.equal(true);
  });

  const foreignObservability: Array<[string, CannedResponse]> = [
    ["Express's HTML page for an unknown route", html(expressPage)],
    ["a gateway's bare {message: 'Not Found'}", json({ message: "Not Found" })],
    ["an {error} body", json({ error: "Alert not found" })],
    ["plain text", text("Not Found")],
  ];
  for (const [what, response] of foreignObservability) {
    it(`an observability 404 with ${what} is an error naming the URL, not gone`, async () => {
      next = response;
      const error = await apiErrorOf(observability().alerts.get(ALERT));
      expect(isNotFound(error)).to.equal(false);
      expect(error.message)
        .to.contain(`GET ${server.url}/api/v2/alerts/${ALERT} answered 404`)
        .and.contain("not the observability API's own not-found answer");
    });
  }

  it("a read or delete that meets a proxy's 404 fails instead of reporting the object gone", async () => {
    next = html(nginxPage);
    const read = readOrGone(async () => ({ id: ENDPOINT, outs: await getEndpoint() }));
    expect((await apiErrorOf(read)).status).to.equal(404);
    const remove = deleteIfPresent(() => management().reversePrivateEndpoints.delete(ORG, SERVICE, ENDPOINT));
    expect((await apiErrorOf(remove)).message).to.contain(`DELETE ${endpointUrl()} answered 404`);
    next = json({ status: 404, error: "NOT_FOUND: gone", requestId: "r-2" });
    expect(await readOrGone(async () => ({ id: ENDPOINT, outs: await getEndpoint() }))).to.equal(undefined);
    await deleteIfPresent(() => management().reversePrivateEndpoints.delete(ORG, SERVICE, ENDPOINT));
  });
});
