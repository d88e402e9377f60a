/**
 * `npm run check:openapi` against ClickHouse Cloud's published OpenAPI document itself: the provider's real traffic
 * (a service made, its IP list and tags changed, its password set; a reverse private endpoint made with custom
 * private DNS names, which a PATCH then changes and clears) passes, and the same recording with one request field's
 * name planted wrong fails, naming the field. The document is not part of the repository; the test finds it
 * as `npm test` does and says loudly when it is not there.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import type { RecordedExchange } from "../../../emulator/server/exchangeRecorder";
import { providerSession } from "../../../provider/host/session";
import { operations as endpointOperations } from "../../../provider/resources/reversePrivateEndpoint/operations";
import type { ReversePrivateEndpointInputs } from "../../../provider/resources/reversePrivateEndpoint/shapes";
import { operations } from "../../../provider/resources/service/operations";
import type { ServiceInputs } from "../../../provider/resources/service/shapes";
import { checkOpenApiCommand } from "../../../scripts/openapi/command";
import { providerOf } from "../../support/providers";
import { quickSleeps } from "../../support/quickSleeps";
import { configureRequestFrom, stackConfigFor } from "../../support/stackConfig";

const repoRoot = path.resolve(__dirname, "..", "..", "..", "..");
const reference = path.join("shared", "reference", "clickhouse-cloud-openapi.json");

/** The URL of the checkout's origin, from its git config (the unit tier starts no child process). */
function originUrl(): string | undefined {
  const config = path.join(repoRoot, ".git", "config");
  if (!fs.existsSync(config)) return undefined;
  const section = /\[remote "origin"\]([^[]*)/.exec(fs.readFileSync(config, "utf8"));
  return section === null ? undefined : /^\s*url\s*=\s*(.+)$/m.exec(section[1])?.[1].trim();
}

/** CHC_OPENAPI_SPEC, else the document beside the checkout, else beside the local repository it was cloned from. */
function referenceDocument(): string | undefined {
  if (process.env.CHC_OPENAPI_SPEC) return process.env.CHC_OPENAPI_SPEC;
  const origin = originUrl();
  const candidates = [path.resolve(repoRoot, "..", reference)];
  if (origin !== undefined) candidates.push(path.resolve(origin, "..", reference));
  return candidates.find((candidate) => fs.existsSync(candidate));
}

describe("check:openapi against ClickHouse Cloud's published document", function () {
  this.timeout(60_000);
  quickSleeps();
  const spec = referenceDocument();
  let dir: string;
  let recording: string;
  let emulator: RunningEmulator;

  before(async function () {
    if (spec === undefined) {
      console.warn(
        `######## SKIPPED: no ${reference} beside the checkout or its origin, nor CHC_OPENAPI_SPEC`,
      );
      this.skip();
    }
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-openapi-reference-"));
    recording = path.join(dir, "exchanges.jsonl");
    emulator = await startEmulator({
      port: 0,
      dialect: "production",
      awakeningDelayMs: 0,
      provisioningDelayMs: 0,
      recordExchangesTo: recording,
    });
    await providerOf("Service").configure(configureRequestFrom(stackConfigFor(emulator)));
    const context = { ...providerSession.operationContext("Service"), progress: () => undefined };
    const inputs: ServiceInputs = {
      name: "conformance",
      provider: "aws",
      region: "eu-west-1",
      waitTimeoutMinutes: 5,
      ipAccessList: [{ source: "203.0.113.0/24", description: "office" }],
      tags: { team: "platform" },
    };
    const made = await operations.create(inputs, context);
    await operations.update(
      made.id,
      made.outs,
      {
        ...inputs,
        ipAccessList: [{ source: "198.51.100.7" }],
        tags: { team: "data" },
        password: "Rotated-1",
      },
      context,
    );
    const endpointContext = {
      ...providerSession.operationContext("ReversePrivateEndpoint"),
      progress: () => undefined,
    };
    const endpointInputs: ReversePrivateEndpointInputs = {
      serviceId: made.id,
      type: "VPC_ENDPOINT_SERVICE",
      vpcEndpointServiceName: "com.amazonaws.vpce.eu-west-1.vpce-svc-0a1b2c3d4e5f60718",
      customPrivateDnsNames: ["db.example.com"],
      readyTimeoutSeconds: 60,
    };
    const endpoint = await endpointOperations.create(endpointInputs, endpointContext);
    const renamed = await endpointOperations.update(
      endpoint.id,
      endpoint.outs,
      { ...endpointInputs, customPrivateDnsNames: ["db.example.com", "*.example.com"] },
      endpointContext,
    );
    const cleared = await endpointOperations.update(
      endpoint.id,
      renamed,
      { ...endpointInputs, customPrivateDnsNames: [] },
      endpointContext,
    );
    await endpointOperations.delete(endpoint.id, cleared, endpointContext);
  });

  after(async () => {
    await emulator?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const check = (file: string) =>
    checkOpenApiCommand([spec!, file], {}, path.join(repoRoot, "scripts", "openapi", "allowlist.json"));

  it("passes the provider's traffic as recorded", () => {
    const outcome = check(recording);
    expect(outcome.stdout).to.match(/: [1-9]\d* exchanges of the production management API checked/);
    expect(outcome.stdout).to.include("0 distinct mismatches in 0 exchanges;");
    expect(outcome.exitCode, outcome.stdout + outcome.stderr).to.equal(0);
  });

  const recorded = () =>
    fs
      .readFileSync(recording, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as RecordedExchange);
  const endpointPatch = /\/clickpipesReversePrivateEndpoints\/[^/]+$/;

  it("checks the PATCH of a reverse private endpoint's custom private DNS names", () => {
    const sent = recorded().filter((line) => line.method === "PATCH" && endpointPatch.test(line.url));
    expect(sent.map((line) => [line.client, line.status, line.requestBody])).to.deep.equal([
      [
        "provider",
        200,
        {
          customPrivateDnsMappings: [
            { privateDnsName: "db.example.com" },
            { privateDnsName: "*.example.com" },
          ],
        },
      ],
      ["provider", 200, { customPrivateDnsMappings: [] }],
    ]);
  });

  it("fails the same traffic with the PATCH's customPrivateDnsMappings planted as privateDnsNames", () => {
    const planted = path.join(dir, "planted-patch.jsonl");
    const lines = recorded();
    const patch = lines.find((line) => line.method === "PATCH" && endpointPatch.test(line.url));
    expect(patch, "the recorded PATCH").to.not.equal(undefined);
    patch!.requestBody = { privateDnsNames: ["db.example.com"] };
    fs.writeFileSync(planted, lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
    const outcome = check(planted);
    expect(outcome.stdout).to.include(
      "MISMATCH PATCH /v1/organizations/{organizationId}/services/{serviceId}/clickpipesReversePrivateEndpoints/{reversePrivateEndpointId} -> 200",
    );
    expect(outcome.stdout).to.include('sends a field the spec does not define: "privateDnsNames"');
    expect(outcome.exitCode).to.equal(1);
  });

  it("fails the same traffic with the create's ipAccessList planted as ipAccessLists, naming the field", () => {
    const planted = path.join(dir, "planted.jsonl");
    const lines = fs
      .readFileSync(recording, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as RecordedExchange);
    const create = lines.find((line) => line.method === "POST" && /\/services$/.test(line.url));
    expect(create, "the recorded create").to.not.equal(undefined);
    const { ipAccessList, ...rest } = create!.requestBody as Record<string, unknown>;
    expect(ipAccessList, "the create sent the IP list").to.not.equal(undefined);
    create!.requestBody = { ...rest, ipAccessLists: ipAccessList };
    fs.writeFileSync(planted, lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
    const outcome = check(planted);
    expect(outcome.stdout).to.include("MISMATCH POST /v1/organizations/{organizationId}/services -> 200");
    expect(outcome.stdout).to.include('sends a field the spec does not define: "ipAccessLists"');
    expect(outcome.exitCode).to.equal(1);
  });
});
