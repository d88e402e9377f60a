import * as pulumi from "@pulumi/pulumi";
import { expect } from "chai";
import {
  AmbiguousServiceNameError,
  getService,
  getServiceOutput,
  getServices,
  getServicesOutput,
  ServiceNotFoundError,
} from "../../../provider";
import { RequestValidationError } from "../../../provider/validation/validate";
import { failureOf } from "../../support/failureOf";
import { forEachDialect, useEmulator } from "../../support/emulator";
import { basicAuth, send, type Json } from "../../support/httpRequests";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { providerOf } from "../../support/providers";
import { configureRequestFrom, stackConfigFor } from "../../support/stackConfig";

/** What a managed service keeps from its program; a read of the API alone never has it. */
// What a Service's outputs hold besides a read of the service object: what the resource carries over, and its
// backup configuration (a read of its own, which the functions do not make).
const carriedOver = [
  "password",
  "passwordRotationTrigger",
  "backupId",
  "waitTimeoutMinutes",
  "backupPeriodInHours",
  "backupRetentionPeriodInHours",
  "backupStartTime",
];

forEachDialect((dialect) => {
  describe(`getService and getServices on the ${dialect} wire`, function () {
    this.timeout(60_000);
    const use = useEmulator({ dialect });
    const managedService = providerOf("Service");
    let savedConfig: Record<string, string>;

    const api = async (method: string, path: string, body?: Json): Promise<Json> => {
      const { tokenKey, tokenSecret, organizationId } = use.emulator.fixture;
      const response = await send(`${use.emulator.url}/v1/organizations/${organizationId}${path}`, method, {
        headers: { authorization: basicAuth(tokenKey, tokenSecret) },
        body,
      });
      expect(response.status, response.text).to.equal(200);
      return response.body.result;
    };
    /** Makes a service with the emulator's POST, as another stack or the console would, and answers its id. */
    const made = async (name: string, tags: { key: string; value?: string }[] = []): Promise<string> =>
      (await api("POST", "/services", { name, provider: "aws", region: "eu-west-1", tags })).service.id;
    const idsOf = (services: readonly { id: string }[]) => services.map((service) => service.id);
    const sent = async () => (await use.emulator.control.requests()).map((entry) => entry.route);

    beforeEach(() => {
      // The functions read the stack config from the Pulumi SDK's process-wide store, as in a program.
      savedConfig = pulumi.runtime.allConfig();
      const config = stackConfigFor(use.emulator);
      pulumi.runtime.setAllConfig(
        Object.fromEntries(Object.entries(config).map(([key, entry]) => [key, entry.value])),
      );
    });
    afterEach(() => pulumi.runtime.setAllConfig(savedConfig));
    after(async () => {
      // Every other test file expects the process's provider context pointed at the shared emulator.
      await managedService.configure(await emulatorConfigureRequest());
    });

    it("getService by id answers what a managed service's read reports, with its id and without a password", async () => {
      const id = await made("orders", [{ key: "team", value: "data" }, { key: "critical" }]);
      const found = await getService({ id });
      expect(found).to.include({
        id,
        organizationId: use.emulator.fixture.organizationId,
        name: "orders",
        provider: "aws",
        region: "eu-west-1",
      });
      expect(found.tags).to.deep.equal({ team: "data", critical: "" });
      expect(found).to.not.have.any.keys(...carriedOver);
      await managedService.configure(configureRequestFrom(stackConfigFor(use.emulator)));
      const read = await managedService.read(id, {});
      const reported = Object.fromEntries(
        Object.entries(read.props ?? {}).filter(([name]) => !carriedOver.includes(name)),
      );
      expect(found).to.deep.equal({ id, ...reported });
    });

    it("getService by name answers the one service of that name, as by id", async () => {
      const production = use.emulator.fixture.services.production;
      const byName = await getService({ name: "analytics-prod" });
      expect(byName.id).to.equal(production);
      expect(byName).to.deep.equal(await getService({ id: production }));
      const direct = await api("GET", `/services/${production}`);
      expect(byName).to.include({
        tier: "production",
        state: direct.state,
        numReplicas: direct.numReplicas,
        createdAt: direct.createdAt,
        dataWarehouseId: direct.dataWarehouseId,
        isPrimary: true,
      });
      expect(byName.endpoints.map((endpoint) => endpoint.protocol)).to.include("https");
    });

    it("getServiceOutput resolves its Inputs and answers what getService answers", async () => {
      const id = use.emulator.fixture.services.secondary;
      const output = getServiceOutput({ name: pulumi.output("analytics-reporting") });
      expect(await valueOf(output)).to.deep.equal(await getService({ id }));
    });

    it("getService of a name no service has fails naming the name and the names there are", async () => {
      const error = await failureOf(() => getService({ name: "analytics-staging" }));
      expect(error).to.be.instanceOf(ServiceNotFoundError);
      expect(error.message).to.equal(
        'getService found no service named "analytics-staging" in organization ' +
          `${use.emulator.fixture.organizationId}; its services are named "analytics-prod", "analytics-dev", ` +
          '"analytics-reporting", "analytics-trial". Names must match exactly (case too); or look the service ' +
          "up by id.",
      );
    });

    it("getService of a name two services have fails naming both ids", async () => {
      const first = await made("twin");
      const second = await made("twin");
      const error = await failureOf(() => getService({ name: "twin" }));
      expect(error).to.be.instanceOf(AmbiguousServiceNameError);
      expect(error.message).to.equal(
        `getService found 2 services named "twin" in organization ${use.emulator.fixture.organizationId}: ` +
          `${first}, ${second}. Look the one you mean up by id instead.`,
      );
    });

    it("getService of an id no service has fails with the API's 404", async () => {
      const error = await failureOf(() => getService({ id: "0b3c2d4e-5f60-4718-8293-a4b5c6d7e8f9" }));
      expect(error.message).to.match(/^service 0b3c2d4e-5f60-4718-8293-a4b5c6d7e8f9 was not found: .*\(404 /);
    });

    it("refuses arguments that break a rule before any request, naming the field and the rule", async () => {
      await use.emulator.control.clearRequests();
      const reasonOf = async (args: Parameters<typeof getService>[0]) => {
        const error = await failureOf(() => getService(args));
        expect(error).to.be.instanceOf(RequestValidationError);
        return error.message;
      };
      const id = use.emulator.fixture.services.production;
      expect(await reasonOf({})).to.equal(
        "the getService arguments is invalid: id: exactly one of id (the service's uuid) and name (its name) " +
          "must be given; got neither",
      );
      expect(await reasonOf({ id, name: "analytics-prod" })).to.equal(
        "the getService arguments is invalid: name: exactly one of id (the service's uuid) and name (its name) " +
          `must be given; got both, id "${id}" and name "analytics-prod"`,
      );
      expect(await reasonOf({ id: "../keys" })).to.equal(
        "the getService arguments is invalid: id: id must be a uuid (8-4-4-4-12 hex digits, e.g. " +
          '0b3c2d4e-5f60-4718-8293-a4b5c6d7e8f9); got "../keys"',
      );
      expect(await reasonOf({ name: " " })).to.equal(
        'the getService arguments is invalid: name: name must be a non-empty string; got " "',
      );
      expect(await reasonOf({ id, organizationId: "acme" })).to.match(
        /^the getService arguments is invalid: organizationId: organizationId must be a uuid .*; got "acme"$/,
      );
      const servicesError = await failureOf(() =>
        getServices({ name: "", tags: { team: 7 } as unknown as Record<string, string> }),
      );
      expect(servicesError).to.be.instanceOf(RequestValidationError);
      expect(servicesError.message).to.equal(
        'the getServices arguments is invalid: name: name must be a non-empty string; got ""; tags: the value ' +
          'of tag "team" must be a string ("" for a tag without a value); got 7',
      );
      expect(await sent()).to.deep.equal([]);
    });

    it("getServices answers every service of the organization in the API's order", async () => {
      const listed = await api("GET", "/services");
      const all = await getServices();
      expect(all.organizationId).to.equal(use.emulator.fixture.organizationId);
      expect(idsOf(all.services)).to.deep.equal(idsOf(listed));
      expect(all.services.map((service) => service.name)).to.deep.equal([
        "analytics-prod",
        "analytics-dev",
        "analytics-reporting",
        "analytics-trial",
      ]);
      expect(all.services[0]).to.deep.equal(await getService({ id: listed[0].id }));
    });

    it("getServices filters by exact name and by tags, an empty value asking for a tag without one", async () => {
      const critical = await made("etl", [{ key: "team", value: "data" }, { key: "critical" }]);
      const plain = await made("etl", [{ key: "team", value: "data" }]);
      const web = await made("web", [
        { key: "team", value: "web" },
        { key: "critical", value: "yes" },
      ]);
      const matching = async (args: Parameters<typeof getServices>[0]) =>
        idsOf((await getServices(args)).services);
      expect(await matching({ name: "etl" })).to.deep.equal([critical, plain]);
      expect(await matching({ name: "ETL" })).to.deep.equal([]);
      expect(await matching({ tags: { team: "data" } })).to.deep.equal([critical, plain]);
      expect(await matching({ tags: { team: "data", critical: "" } })).to.deep.equal([critical]);
      expect(await matching({ tags: { critical: "" } })).to.deep.equal([critical]);
      expect(await matching({ tags: { critical: "yes" } })).to.deep.equal([web]);
      expect(await matching({ tags: { team: "" } })).to.deep.equal([]);
      expect(await matching({ name: "web", tags: { team: "data" } })).to.deep.equal([]);
      expect(await matching({ tags: {} })).to.have.length(7);
      const output = getServicesOutput({ name: pulumi.output("etl"), tags: { critical: pulumi.output("") } });
      expect(idsOf((await valueOf(output)).services)).to.deep.equal([critical]);
    });
  });
});

/** The value of an Output, or the error its apply threw. `promise()` is the SDK's own accessor. */
function valueOf<T>(output: pulumi.Output<T>): Promise<T> {
  return (output as unknown as { promise(): Promise<T> }).promise();
}
