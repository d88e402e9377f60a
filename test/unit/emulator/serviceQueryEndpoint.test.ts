import { expect } from "chai";
import { validate } from "../../../provider/validation/validate";
import { apiDialects } from "../../../schemas/dialects";
import {
  EmulatorHarness,
  expectManagementError,
  expectManagementSuccess,
  type Json,
} from "../../support/httpRequests";

const unknownKey = "0b6c1f4e-1f0e-4d52-9a3e-2f7c4c1d9e01";

for (const dialect of apiDialects) {
  describe(`emulator: a service's query API endpoint (${dialect} wire)`, () => {
    const harness = new EmulatorHarness({ dialect }).install();
    const path = (service: "production" | "development" = "production") =>
      `${harness.servicePath(service)}/serviceQueryEndpoint`;
    const upsert = (body: Json, service?: "production" | "development") =>
      harness.management("POST", path(service), { body });
    const keyId = async () =>
      expectManagementSuccess(await harness.management("GET", `${harness.orgPath}/keys`))[0].id as string;

    it("a service has none until one is made: GET and DELETE answer 404", async () => {
      expectManagementError(await harness.management("GET", path()), 404, "NOT_FOUND", "query API endpoint");
      expectManagementError(await harness.management("DELETE", path()), 404, "NOT_FOUND");
    });

    it("POST makes the endpoint with an id, a second POST replaces its fields and keeps the id", async () => {
      const key = await keyId();
      const made = expectManagementSuccess(
        await upsert({
          roles: ["sql_console_read_only"],
          openApiKeys: [key],
          allowedOrigins: "https://a.example.com",
        }),
      );
      expect(validate("serviceQueryEndpoint", made)).to.deep.equal([]);
      expect(made).to.deep.include({
        roles: ["sql_console_read_only"],
        openApiKeys: [key],
        allowedOrigins: "https://a.example.com",
      });
      expect(made.id).to.be.a("string").and.not.equal("");

      const replaced = expectManagementSuccess(
        await upsert({ roles: ["sql_console_admin"], openApiKeys: [key] }),
      );
      expect(replaced).to.deep.equal({
        id: made.id,
        roles: ["sql_console_admin"],
        openApiKeys: [key],
        allowedOrigins: "",
      });
      expect(expectManagementSuccess(await harness.management("GET", path()))).to.deep.equal(replaced);
      // Another service's endpoint is its own.
      expectManagementError(await harness.management("GET", path("development")), 404, "NOT_FOUND");
    });

    it("DELETE removes it and answers status and requestId without result", async () => {
      await upsert({ roles: ["sql_console_admin"], openApiKeys: [await keyId()] });
      const removed = await harness.management("DELETE", path());
      expect(removed.status).to.equal(200);
      expect(Object.keys(removed.body).sort()).to.deep.equal(["requestId", "status"]);
      expectManagementError(await harness.management("GET", path()), 404, "NOT_FOUND");
    });

    it("refuses a key that is not one of the organization's, naming it, and keeps what there was", async () => {
      const key = await keyId();
      await upsert({ roles: ["sql_console_admin"], openApiKeys: [key] });
      expectManagementError(
        await upsert({ roles: ["sql_console_admin"], openApiKeys: [key, unknownKey] }),
        400,
        "BAD_REQUEST",
        `openApiKeys: ${unknownKey} is not an API key of the organization`,
      );
      expect(expectManagementSuccess(await harness.management("GET", path()))).to.deep.include({
        openApiKeys: [key],
      });
    });

    it("refuses a body against the schema, naming each field", async () => {
      const response = await upsert({
        roles: ["sql_console_owner"],
        openApiKeys: ["not-a-uuid"],
        allowedOrigins: "a,,b",
        extra: 1,
      });
      expectManagementError(response, 400, "BAD_REQUEST", "roles", "openApiKeys", "allowedOrigins", "extra");
      expectManagementError(
        await upsert({ roles: [], openApiKeys: [] }),
        400,
        "BAD_REQUEST",
        "roles",
        "openApiKeys",
      );
      expectManagementError(await harness.management("GET", path()), 404, "NOT_FOUND");
    });

    it("a service that does not exist answers 404 for every method", async () => {
      const missing = `${harness.orgPath}/services/00000000-0000-4000-8000-000000000000/serviceQueryEndpoint`;
      const body = { roles: ["sql_console_admin"], openApiKeys: [await keyId()] };
      for (const method of ["GET", "POST", "DELETE"]) {
        expectManagementError(
          await harness.management(method, missing, method === "POST" ? { body } : {}),
          404,
          "NOT_FOUND",
          "Service 00000000-0000-4000-8000-000000000000 not found",
        );
      }
    });
  });
}
