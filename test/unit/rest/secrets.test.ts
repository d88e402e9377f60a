import { inspect } from "node:util";
import { expect } from "chai";
import { ManagementClient, managementClient } from "../../../provider/rest/management";
import { ObservabilityClient, observabilityClient } from "../../../provider/rest/observability";
import { CannedServer } from "../../support/cannedServer";
import { managementClientFor, observabilityClientFor } from "../../support/clients";
import { useEmulator } from "../../support/emulator";
import { apiErrorOf, testOptions, unusedPort } from "../../support/restHarness";

const SERVICE_ROUTE = "GET /v1/organizations/:organizationId/services/:serviceId";

/** Every textual form an error takes when Pulumi or a user prints it. */
function renderings(error: Error): string[] {
  return [error.message, String(error.stack), inspect(error, { depth: 5 }), JSON.stringify(error)];
}

describe("credentials stay out of errors and logs", () => {
  const setup = useEmulator();

  it("in every failure the tests can provoke, and in every retry and pause log line", async () => {
    const { fixture, control } = setup.emulator;
    const secrets = [
      fixture.tokenSecret,
      fixture.observabilityToken,
      Buffer.from(`${fixture.tokenKey}:${fixture.tokenSecret}`).toString("base64"),
    ];
    const logs: string[] = [];
    const errors: Error[] = [];
    const options = testOptions(logs, { retry: { maxAttempts: 2, maxRateLimitedAttempts: 2 } });
    const management = managementClientFor(fixture, options);
    const observability = observabilityClientFor(fixture, options);
    const { organizationId, services } = fixture;

    await control.setFaults({
      script: [{ route: SERVICE_ROUTE, kinds: ["503", "429", "504html", "drop", "500", "500"] }],
    });
    for (let i = 0; i < 3; i++) {
      errors.push(await apiErrorOf(management.services.get(organizationId, services.production)));
    }
    errors.push(
      await apiErrorOf(management.keys.get(organizationId, "6a1f3e2c-0000-4000-8000-000000000000")),
    );
    errors.push(await apiErrorOf(observability.alerts.get("0123456789abcdef01234567")));
    const wrongSecret = managementClientFor({ ...fixture, tokenSecret: `${fixture.tokenSecret}x` }, options);
    errors.push(await apiErrorOf(wrongSecret.organizations.get(organizationId)));
    const refused = { ...fixture, managementUrl: `http://127.0.0.1:${await unusedPort()}` };
    errors.push(await apiErrorOf(managementClientFor(refused, options).organizations.get(organizationId)));
    const invalid = await management.keys
      .create(organizationId, { name: "", roles: [] })
      .catch((e: Error) => e);
    errors.push(invalid as Error);

    expect(errors).to.have.length(8);
    expect(logs.length).to.be.at.least(3);
    const everything = [...errors.flatMap(renderings), ...logs].join("\n");
    for (const secret of [...secrets, `${fixture.tokenSecret}x`]) {
      expect(everything).not.to.contain(secret);
    }
  });

  it("even when a server echoes the Authorization header back in its error body", async () => {
    const server = await new CannedServer((_, request) => ({
      status: 400,
      body: JSON.stringify({ message: `bad header: ${request.headers.authorization ?? ""}` }),
    })).start();
    try {
      const client = new ObservabilityClient(
        { apiUrl: server.url, apiToken: "echoed-token-value" },
        testOptions([]),
      );
      const error = await apiErrorOf(client.alerts.list());
      expect(error.detail).to.equal("bad header: Bearer [redacted]");
      for (const text of renderings(error)) expect(text).not.to.contain("echoed-token-value");
    } finally {
      await server.stop();
    }
  });
});

describe("client cache", () => {
  const management = { apiUrl: "https://api.example.com", tokenKey: "key-a", tokenSecret: "secret-a" };
  const observability = { apiUrl: "https://obs.example.com", apiToken: "token-a" };

  it("creates one client per process per base URL and credential", () => {
    expect(managementClient(management)).to.equal(managementClient({ ...management }));
    expect(managementClient(management)).to.be.instanceOf(ManagementClient);
    expect(managementClient(management)).not.to.equal(
      managementClient({ ...management, tokenSecret: "secret-b" }),
    );
    expect(managementClient(management)).not.to.equal(
      managementClient({ ...management, apiUrl: "https://other.example.com" }),
    );
    expect(observabilityClient(observability)).to.equal(observabilityClient({ ...observability }));
    // The specification's wire is the default: naming it is the same connection, and shares its client.
    expect(observabilityClient(observability)).to.equal(
      observabilityClient({ ...observability, dialect: "spec" }),
    );
    expect(observabilityClient(observability)).not.to.equal(
      observabilityClient({ ...observability, dialect: "production" }),
    );
    expect(observabilityClient(observability)).not.to.equal(
      observabilityClient({ ...observability, apiToken: "b" }),
    );
  });
});
