import { expect } from "chai";
import { defaultCode, readErrorBody } from "../../../provider/rest/errors/errorBodies";

const requestId = "7b4c6c1e-3f51-4f0e-9d2f-0c8f5f3b2a11";

describe("error bodies", () => {
  it("reads the management shape: code, message and request id", () => {
    const body = JSON.stringify({
      status: 400,
      error: "BAD_REQUEST: numReplicas must be at least 2",
      requestId,
    });
    expect(readErrorBody(400, body, "application/json")).to.deep.equal({
      code: "BAD_REQUEST",
      detail: "numReplicas must be at least 2",
      requestId,
    });
  });

  it("reads the management 429 shape, a bare code", () => {
    expect(readErrorBody(429, '{"error":"TOO_MANY_REQUESTS"}', "application/json")).to.deep.equal({
      code: "TOO_MANY_REQUESTS",
      detail: "Too Many Requests",
    });
  });

  it("reads the observability shapes {message} and {error}", () => {
    expect(readErrorBody(404, '{"message":"Alert not found"}', "application/json")).to.deep.equal({
      code: "NOT_FOUND",
      detail: "Alert not found",
    });
    expect(readErrorBody(400, '{"error":"Invalid dashboard id"}', "application/json")).to.deep.equal({
      code: "BAD_REQUEST",
      detail: "Invalid dashboard id",
    });
  });

  it("summarizes an HTML page by its title instead of dumping it", () => {
    const page =
      "<html>\r\n<head><title>504 Gateway Time-out</title></head>\r\n<body><center><h1>504 Gateway Time-out</h1>" +
      "</center><script>var secretish = 1;</script></body></html>";
    const info = readErrorBody(504, page, "text/html; charset=utf-8");
    expect(info.code).to.equal("GATEWAY_TIMEOUT");
    expect(info.detail).to.contain('"504 Gateway Time-out"').and.contain("proxy");
    expect(info.detail).not.to.contain("<");
  });

  it("names an HTML page without a title by its first heading, markup and line breaks dropped", () => {
    const page = '<html><body><h1 class="err">502\n  <b>Bad</b>\tGateway</h1><p>nginx</p></body></html>';
    expect(readErrorBody(502, page, "text/html").detail).to.contain('("502 Bad Gateway")');
    // Markup alone between two words still parts them.
    const spans = "<html><title><span>502</span><span>Bad Gateway</span></title></html>";
    expect(readErrorBody(502, spans, "text/html").detail).to.contain('("502 Bad Gateway")');
    const bare = readErrorBody(502, "<html><body><p>upstream down</p></body></html>", "text/html").detail;
    expect(bare).to.contain("HTML page").and.not.contain('("');
    const long = readErrorBody(502, `<html><title>${"t".repeat(200)}</title></html>`, "text/html").detail;
    expect(long).to.contain(`("${"t".repeat(119)}…")`);
  });

  it("uses a plain-text body as the explanation", () => {
    expect(readErrorBody(401, "Unauthorized", "text/plain")).to.deep.equal({
      code: "UNAUTHORIZED",
      detail: "Unauthorized",
    });
  });

  it("reads a sentence labelled text/html, as Express sends the observability API's 429, as the sentence", () => {
    const sentence = "Too many requests, please try again later.";
    expect(readErrorBody(429, sentence, "text/html; charset=utf-8")).to.deep.equal({
      code: "TOO_MANY_REQUESTS",
      detail: sentence,
    });
    expect(readErrorBody(404, "<pre>Cannot GET /x</pre>", "text/html").detail).to.contain("HTML page");
  });

  it("falls back to the status text for an empty body and bounds long text", () => {
    expect(readErrorBody(503, "", undefined)).to.deep.equal({
      code: "SERVICE_UNAVAILABLE",
      detail: "Service Unavailable",
    });
    expect(readErrorBody(500, "x".repeat(5000), "text/plain").detail.length).to.be.at.most(300);
  });

  it("derives codes for statuses without a body code", () => {
    expect(defaultCode(409)).to.equal("CONFLICT");
    expect(defaultCode(599)).to.equal("HTTP_599");
  });

  it("reads a JSON body with blanks around it, and a status without a text as HTTP <status>", () => {
    expect(readErrorBody(400, '  {"error":"BAD_REQUEST: bad name"}\n', "application/json")).to.deep.equal({
      code: "BAD_REQUEST",
      detail: "bad name",
    });
    expect(readErrorBody(599, "", undefined)).to.deep.equal({ code: "HTTP_599", detail: "HTTP 599" });
  });

  it("explains a coded error by its own text first, a bare code by the message", () => {
    const read = (body: object) => readErrorBody(400, JSON.stringify(body), "application/json").detail;
    expect(read({ error: "BAD_REQUEST: name too long", message: "other" })).to.equal("name too long");
    expect(read({ error: "Invalid tile id", message: "other" })).to.equal("Invalid tile id");
    expect(read({ error: "NOT_FOUND", message: "Alert not found" })).to.equal("Alert not found");
  });

  it("names an HTML page by a title with spaces, and says no more than that it is a page when it has no title", () => {
    const page = "<html><head><title>502 Bad\nGateway</title></head><body></body></html>";
    expect(readErrorBody(502, page, "text/html").detail).to.equal(
      'an HTML page ("502 Bad Gateway") instead of an API response, probably from a proxy or load balancer in front of the API',
    );
    expect(readErrorBody(502, "<html><body><p>down</p></body></html>", "text/html").detail).to.equal(
      "an HTML page instead of an API response, probably from a proxy or load balancer in front of the API",
    );
  });
});
