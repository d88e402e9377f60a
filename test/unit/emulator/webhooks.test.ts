/**
 * The emulator's webhooks, as HyperDX's external API v2 serves them on both wires: created and listed (paged,
 * never showing headers or query parameters), no GET of one, a PUT that keeps the secrets it does not carry and
 * clears the description it leaves out, the API's refusals, and a DELETE refused while alerts use the webhook.
 */
import { expect } from "chai";
import { tileAlertBody } from "../../support/alertBodies";
import { EmulatorHarness, expectObservabilityInvalid, type Json } from "../../support/httpRequests";

const webhooks = "/api/v2/webhooks";
const pager = {
  name: "pager",
  service: "generic",
  url: "https://hooks.example.com/pager",
  description: "on call",
  headers: { Authorization: "Bearer top-secret" },
  queryParams: { key: "hidden-value" },
  body: '{"text":"{{title}}"}',
};

for (const dialect of ["spec", "production"] as const) {
  describe(`emulator: webhooks (${dialect})`, () => {
    const harness = new EmulatorHarness({ dialect }).install();
    const create = async (body: object): Promise<Json> => {
      const response = await harness.observability("POST", webhooks, { body });
      expect(response.status, response.text).to.equal(200);
      return response.body.data;
    };

    it("creates a webhook and shows it without its headers or query parameters", async () => {
      const created = await create(pager);
      expect(created.id).to.match(/^[0-9a-f]{24}$/);
      expect(created).to.include({
        name: "pager",
        service: "generic",
        url: pager.url,
        description: "on call",
      });
      expect(created.body).to.equal(pager.body);
      expect(created).to.not.have.any.keys("headers", "queryParams");
      const listed = await harness.observability("GET", webhooks);
      expect(listed.text).to.not.include("top-secret").and.not.include("hidden-value");
      expect(listed.body.data.map((hook: Json) => hook.id)).to.include(created.id);
    });

    it("shows a body for the generic service only", async () => {
      const incident = await create({ ...pager, name: "incident", service: "incidentio" });
      expect(incident).to.not.have.property("body");
    });

    it("pages the list: limit, offset, meta and X-Total-Count", async () => {
      const total = harness.fixture.webhooks.length + 3;
      for (const n of [1, 2, 3]) await create({ ...pager, name: `hook ${n}` });
      const page = await harness.observability("GET", `${webhooks}?limit=2&offset=1`);
      expect(page.body.meta).to.deep.equal({ total, limit: 2, offset: 1 });
      expect(page.headers.get("x-total-count")).to.equal(String(total));
      expect(page.body.data).to.have.length(2);
      const refused = await harness.observability("GET", `${webhooks}?limit=1001`);
      expect(refused.status).to.equal(400);
      expect(refused.body.message).to.match(/^Query validation failed: limit/);
    });

    it("serves no GET of one webhook", async () => {
      const created = await create(pager);
      const response = await harness.observability("GET", `${webhooks}/${created.id}`);
      expect(response.status).to.equal(405);
      expect(response.headers.get("allow")).to.not.include("GET");
    });

    it("a PUT clears the description it leaves out", async () => {
      const created = await create(pager);
      const { description: _dropped, headers: _headers, queryParams: _query, ...rest } = pager;
      const put = await harness.observability("PUT", `${webhooks}/${created.id}`, {
        body: { ...rest, name: "renamed" },
      });
      expect(put.status, put.text).to.equal(200);
      expect(put.body.data).to.include({ id: created.id, name: "renamed" });
      expect(put.body.data).to.not.have.property("description");
    });

    it("refuses what the API refuses, in its words", async () => {
      expectObservabilityInvalid(
        await harness.observability("POST", webhooks, { body: { ...pager, service: "slack" } }),
        "headers: headers is not supported for the slack webhook service",
        "queryParams: queryParams is not supported",
        "body: body is not supported",
      );
      expectObservabilityInvalid(
        await harness.observability("POST", webhooks, { body: { ...pager, headers: { "1x": "v" } } }),
        "headers.1x: Header name cannot start with a number",
      );
      const control = await harness.observability("POST", webhooks, {
        body: { ...pager, headers: { Authorization: "Bearer top-secret\r\nX: 1" } },
      });
      expectObservabilityInvalid(
        control,
        "headers.Authorization: Header values cannot contain control characters",
      );
      expect(control.text).to.not.include("top-secret");
      expectObservabilityInvalid(
        await harness.observability("POST", webhooks, {
          body: { ...pager, headers: { X: "v".repeat(4097) } },
        }),
        "headers.X: String must contain at most 4096 character(s)",
      );
      const slackHost = await harness.observability("POST", webhooks, {
        body: { name: "chat", service: "slack", url: "https://example.com/hook" },
      });
      expect(slackHost.status).to.equal(400);
      expect(slackHost.body).to.deep.equal({
        message: "Slack Webhook URL https://example.com/hook does not have hostname that ends in 'slack.com'",
      });
      for (const url of [
        "http://localhost:9/x",
        "http://127.0.0.1/x",
        "http://10.1.2.3/x",
        "http://[::1]/x",
      ]) {
        const local = await harness.observability("POST", webhooks, { body: { ...pager, url } });
        expect(local.body, url).to.deep.equal({
          message: "Webhook URL resolves to a private or reserved address.",
        });
      }
    });

    it("refuses headers, query parameters, body or url of the wrong type, each problem once", async () => {
      const cases: Array<[object, string]> = [
        [{ headers: "Authorization: x" }, "headers: Expected object"],
        [{ headers: null }, "headers: Expected object"],
        [{ queryParams: ["key"] }, "queryParams: Expected object"],
        [{ body: 5 }, "body: Expected string"],
        [{ url: 5 }, "url: Expected string"],
        [{ headers: { "X-Count": 5 } }, "headers.X-Count: Expected string"],
      ];
      // zod words a type error "Expected <type>, received <type>"; the emulator's wording stops after the first type.
      for (const [fields, problem] of cases) {
        const response = await harness.observability("POST", webhooks, { body: { ...pager, ...fields } });
        expect(response.status, problem).to.equal(400);
        expect(Object.keys(response.body)).to.deep.equal(["message"]);
        expect(response.body.message).to.match(
          new RegExp(`^Body validation failed: ${problem.replace(".", "\\.")}(, received \\w+)?$`),
        );
      }
    });

    it("refuses a URL that is not http or https as an invalid url", async () => {
      for (const url of ["hooks.example.com/pager", "ftp://hooks.example.com/pager"]) {
        const response = await harness.observability("POST", webhooks, { body: { ...pager, url } });
        expect([response.status, response.body], url).to.deep.equal([
          400,
          { message: "Body validation failed: url: Invalid url" },
        ]);
      }
    });

    it("refuses an http URL whose host does not parse", async () => {
      for (const url of ["http://[::1/hook", "https://:443/hook"]) {
        const response = await harness.observability("POST", webhooks, { body: { ...pager, url } });
        expect([response.status, response.body], url).to.deep.equal([
          400,
          { message: "Webhook URL is invalid" },
        ]);
      }
    });

    it("refuses a blank name as the name's problem, not the URL's", async () => {
      const response = await harness.observability("POST", webhooks, { body: { ...pager, name: "   " } });
      expect(response.status).to.equal(400);
      expect(response.body.message).to.match(/^Body validation failed: name: /);
      expect(response.body.message).to.not.include("url");
    });

    it("takes a body of up to 16384 characters", async () => {
      expect((await create({ ...pager, body: "x".repeat(16384) })).body).to.have.length(16384);
      const longer = await harness.observability("POST", webhooks, {
        body: { ...pager, name: "longer", body: "x".repeat(16385) },
      });
      expect(longer.body).to.deep.equal({
        message: "Body validation failed: body: String must contain at most 16384 character(s)",
      });
    });

    it("refuses empty and malformed header and query parameter names, and query parameter values with control characters, in the API's words", async () => {
      const cases: Array<[object, string]> = [
        [{ headers: { "": "v" } }, "headers.: Header name cannot be empty"],
        [
          { headers: { "X Team": "v" } },
          "headers.X Team: Invalid header name. Only alphanumeric characters and !#$%&'*+-.^_`|~ are allowed",
        ],
        [{ queryParams: { "": "v" } }, "queryParams.: Query parameter name cannot be empty"],
        [
          { queryParams: { "a\u0001b": "v" } },
          "queryParams.a\u0001b: Query parameter names cannot contain control characters",
        ],
        [
          { queryParams: { q: "a\u0007b" } },
          "queryParams.q: Query parameter values cannot contain control characters",
        ],
      ];
      for (const [fields, problem] of cases) {
        const response = await harness.observability("POST", webhooks, { body: { ...pager, ...fields } });
        expect(response.body, problem).to.deep.equal({ message: `Body validation failed: ${problem}` });
      }
    });

    it("takes 100 headers and 100 query parameters, and refuses more", async () => {
      const entries = (prefix: string, count: number) =>
        Object.fromEntries(Array.from({ length: count }, (_, n) => [`${prefix}${n}`, "v"]));
      await create({ ...pager, headers: entries("X-", 100), queryParams: entries("q", 100) });
      const headers = await harness.observability("POST", webhooks, {
        body: { ...pager, name: "headers", headers: entries("X-", 101) },
      });
      expect(headers.body).to.deep.equal({
        message: "Body validation failed: headers: A webhook cannot have more than 100 headers",
      });
      const query = await harness.observability("POST", webhooks, {
        body: { ...pager, name: "query", queryParams: entries("q", 101) },
      });
      expect(query.body).to.deep.equal({
        message: "Body validation failed: queryParams: A webhook cannot have more than 100 query parameters",
      });
    });

    it("takes Slack URLs on slack.com and its subdomains only", async () => {
      for (const url of ["https://slack.com/hook", "https://hooks.slack.com/services/T0/B0/x"]) {
        expect((await create({ name: url, service: "slack", url })).url).to.equal(url);
      }
      for (const url of ["https://notslack.com/hook", "https://slack.com.example.net/hook"]) {
        const refused = await harness.observability("POST", webhooks, {
          body: { name: "chat", service: "slack", url },
        });
        expect([refused.status, refused.body], url).to.deep.equal([
          400,
          { message: `Slack Webhook URL ${url} does not have hostname that ends in 'slack.com'` },
        ]);
      }
    });

    it("refuses unspecified, private, link-local and shared addresses, and takes public ones", async () => {
      const reserved = [
        "0.0.0.0",
        "169.254.169.254",
        "172.16.0.1",
        "172.31.255.1",
        "192.168.1.1",
        "100.64.0.1",
        "100.127.0.1",
        "[::]",
        "[fc00::1]",
        "[fd12:3456::1]",
        "[fe80::1]",
        "[feb0::1]",
      ];
      for (const host of reserved) {
        const refused = await harness.observability("POST", webhooks, {
          body: { ...pager, url: `http://${host}/hook` },
        });
        expect([refused.status, refused.body], host).to.deep.equal([
          400,
          { message: "Webhook URL resolves to a private or reserved address." },
        ]);
      }
      const public_ = [
        "8.8.8.8",
        "93.184.216.34",
        "8.16.0.1",
        "8.64.0.1",
        "8.168.0.1",
        "8.254.0.1",
        "169.1.0.1",
        "172.15.0.1",
        "172.32.0.1",
        "192.1.0.1",
        "100.63.0.1",
        "100.128.0.1",
        "[2606:4700::1111]",
        "[2606:fc00::1]",
        "[2606:fe80::1]",
      ];
      for (const host of public_) {
        const url = `http://${host}/hook`;
        expect((await create({ ...pager, name: host, url })).url, host).to.equal(url);
      }
    });

    it("takes a name another service's webhook has", async () => {
      await create({ ...pager, service: "incidentio" });
      expect((await create(pager)).service).to.equal("generic");
    });

    it("refuses a second webhook of the same service and name", async () => {
      await create(pager);
      const again = await harness.observability("POST", webhooks, { body: pager });
      expect(again.status).to.equal(400);
      expect(again.body).to.deep.equal({ message: "A webhook with this service and name already exists" });
      expect((await create({ ...pager, service: "incidentio" })).name).to.equal("pager");
    });

    it("refuses to delete a webhook alerts use; deletes it once they are gone; 404 after", async () => {
      const created = await create(pager);
      const alert = await harness.observability("POST", "/api/v2/alerts", {
        body: { ...tileAlertBody(harness.fixture), channel: { type: "webhook", webhookId: created.id } },
      });
      expect(alert.status, alert.text).to.equal(200);
      const refused = await harness.observability("DELETE", `${webhooks}/${created.id}`);
      expect(refused.status).to.equal(409);
      expect(refused.body.message).to.equal(
        "Cannot delete webhook: 1 alert(s) still reference it. Reassign or remove those alerts first.",
      );
      await harness.observability("DELETE", `/api/v2/alerts/${alert.body.data.id}`);
      const deleted = await harness.observability("DELETE", `${webhooks}/${created.id}`);
      expect([deleted.status, deleted.body]).to.deep.equal([200, {}]);
      const again = await harness.observability("DELETE", `${webhooks}/${created.id}`);
      expect([again.status, again.body]).to.deep.equal([404, { message: "Webhook not found" }]);
      const put = await harness.observability("PUT", `${webhooks}/${created.id}`, { body: pager });
      expect([put.status, put.body]).to.deep.equal([404, { message: "Webhook not found" }]);
    });

    it("refuses a path id that is no object id, a valid body's answer naming only the id", async () => {
      const response = await harness.observability("PUT", `${webhooks}/nope`, { body: pager });
      expect([response.status, response.body]).to.deep.equal([
        400,
        { message: "Params validation failed: id: Invalid ObjectId" },
      ]);
    });

    it("refuses a path id that is no object id, with the body's problems in one answer", async () => {
      const response = await harness.observability("PUT", `${webhooks}/nope`, {
        body: { ...pager, service: "sms" },
      });
      expect(response.status).to.equal(400);
      expect(response.body.message).to.match(
        /^Body validation failed: service: .*; Params validation failed: id: Invalid ObjectId$/,
      );
    });
  });
}
