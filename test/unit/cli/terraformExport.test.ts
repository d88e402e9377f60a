/**
 * `export --from-terraform`: a Terraform state's instances as import entries (every Terraform type of the table),
 * what is not mapped and why, the names made from the addresses, the `state rm` addresses, and the state files and
 * command lines it refuses.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import { parseExportOptions, runExport } from "../../../provider/cli/exportCommand";
import {
  clickStackServices,
  exportFromTerraform,
  shellWord,
} from "../../../provider/cli/terraform/exportFromTerraform";
import { mapTerraformState, type ClickStackServices } from "../../../provider/cli/terraform/mapState";
import { notManagedTypes } from "../../../provider/cli/terraform/notManaged";
import { originTable, type OriginTable } from "../../../provider/cli/terraform/originTable";
import { parseTerraformState } from "../../../provider/cli/terraform/state";
import { UsageError } from "../../../provider/cli/usageError";
import { commandOutputOf } from "../../support/commandOutput";
import { failureOf } from "../../support/failureOf";
import { repoRoot } from "../../support/programs";

const fixtureFile = path.join(
  repoRoot,
  "test",
  "fixtures",
  "terraform",
  "opentofu-1.10.9-clickhouse-state.json",
);
const official = 'provider["registry.terraform.io/clickhouse/clickhouse"]';
const service = "0b3c2d4e-5f60-4718-8293-a4b5c6d7e8f9";
const otherService = "6f1e2d3c-4b5a-4697-8877-665544332211";
const reverseId = "9a8b7c6d-5e4f-4321-9abc-def012345678";
const pipeId = "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f";
const eu = "1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const role = "2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b";
const user = "3f4a5b6c-7d8e-4f9a-8b1c-2d3e4f5a6b7c";
const apiKey = "4a5b6c7d-8e9f-4a0b-9c2d-3e4f5a6b7c8d";
const organization = "5b6c7d8e-9f0a-4b1c-8d3e-4f5a6b7c8d9e";

function instance(attributes: Record<string, unknown>, indexKey?: string | number) {
  return indexKey === undefined ? { schema_version: 0, attributes } : { index_key: indexKey, attributes };
}

function resource(type: string, name: string, instances: unknown[], extra: Record<string, unknown> = {}) {
  return { mode: "managed", type, name, provider: official, instances, ...extra };
}

function stateText(resources: unknown[]): string {
  return JSON.stringify({ version: 4, terraform_version: "1.9.8", serial: 1, lineage: "x", resources });
}

function exported(resources: unknown[], services: ClickStackServices = new Map(), namesInUse: string[] = []) {
  return exportFromTerraform(stateText(resources), "state.json", services, namesInUse);
}

/** One managed instance of every Terraform type the table maps, and of the covered type, with what it becomes. */
const everyType = [
  resource("clickhouse_service", "analytics", [
    instance({ id: service, name: "analytics", query_api_endpoints: { api_key_ids: [], roles: ["x"] } }),
  ]),
  resource("clickhouse_service", "plain", [instance({ id: otherService, query_api_endpoints: null })]),
  resource("clickhouse_private_endpoint_registration", "office", [
    instance({ private_endpoint_id: "vpce-0123456789abcdef0", cloud_provider: "aws", region: "us-east-1" }),
  ]),
  resource("clickhouse_service_private_endpoints_attachment", "attached", [
    instance({
      service_id: service,
      private_endpoint_ids: ["vpce-0123456789abcdef0", "vpce-0fedcba9876543210"],
    }),
  ]),
  resource("clickhouse_clickpipes_reverse_private_endpoint", "queue", [
    instance({ id: reverseId, service_id: service, description: "queue" }),
  ]),
  resource("clickhouse_clickpipes_reverse_private_endpoint_custom_private_dns", "queue", [
    instance({
      id: `${service}:${reverseId}`,
      service_id: service,
      reverse_private_endpoint_id: reverseId,
      mapping: [{ private_dns_name: "queue.example.com" }],
    }),
  ]),
  // Terraform's id of a pipe is `<service_id>:<id>`; the pipe's own id is the import's second part.
  resource("clickhouse_clickpipe", "orders", [instance({ id: pipeId, service_id: service, name: "orders" })]),
  resource("clickhouse_clickpipe_cdc_infrastructure", "cdc", [
    instance({ id: service, service_id: service }),
  ]),
  resource("clickhouse_service_upgrade_window", "window", [instance({ id: service, service_id: service })]),
  resource("clickhouse_service_scheduled_scaling", "nightly", [
    instance({ id: service, service_id: service }),
  ]),
  resource("clickhouse_role", "deployers", [instance({ id: role, name: "deployers", policies: [] })]),
  resource("clickhouse_role_assignment", "deployers", [
    instance({ id: role, role_id: role, user_ids: [user], api_key_ids: [apiKey] }),
  ]),
  resource("clickhouse_role_assignment", "billing", [
    instance({ id: eu, role_id: eu, user_ids: null, api_key_ids: [apiKey] }),
  ]),
  resource("clickhouse_organization_settings", "settings", [
    instance({ id: organization, core_dumps_enabled: false }),
  ]),
  resource("clickhouse_clickstack_alert", "errors", [instance({ id: "aaaaaaaaaaaaaaaaaaaaaaa1" })]),
  resource("clickhouse_clickstack_dashboard", "health", [instance({ id: "aaaaaaaaaaaaaaaaaaaaaaa2" })]),
  resource("clickhouse_clickstack_saved_search", "slow", [instance({ id: "aaaaaaaaaaaaaaaaaaaaaaa3" })]),
  resource("clickhouse_clickstack_source", "logs", [instance({ id: "aaaaaaaaaaaaaaaaaaaaaaa4" })]),
  resource("clickhouse_clickstack_webhook", "pager", [instance({ id: "aaaaaaaaaaaaaaaaaaaaaaa5" })]),
];

const token = (kind: string) => `clickhouse-cloud:index:${kind}`;

describe("export --from-terraform: the mapping", () => {
  it("maps the OpenTofu state of the fixture: the reverse endpoint and the four ClickStack objects, by object id", () => {
    const result = exportFromTerraform(fs.readFileSync(fixtureFile, "utf8"), "fixture.json", new Map());
    expect(result.file).to.deep.equal({
      resources: [
        {
          type: token("ReversePrivateEndpoint"),
          name: "vpce",
          id: "5a259a63-7314-4d49-afa5-dbe3ab252a3d/b42465fb-dc22-4d4c-a0a5-ffa536ddd925",
        },
        { type: token("Alert"), name: "band", id: "458046f7c0069210e96e6af7" },
        { type: token("Dashboard"), name: "dash", id: "2f302551514c6e3c4ec5b8e1" },
        { type: token("SavedSearch"), name: "errors", id: "1393a88d0b6314d8332c3301" },
        { type: token("Webhook"), name: "hook", id: "faf54603d8c5b4d154b97b0e" },
      ],
    });
    expect(result.addresses).to.deep.equal([
      "clickhouse_clickpipes_reverse_private_endpoint.vpce",
      "clickhouse_clickstack_alert.band",
      "clickhouse_clickstack_dashboard.dash",
      "clickhouse_clickstack_saved_search.errors",
      "clickhouse_clickstack_webhook.hook",
    ]);
    expect(result.notMapped).to.deep.equal([
      "data.clickhouse_service.svc: a data source; Terraform only reads it, so there is nothing to import",
    ]);
    expect(result.notes).to.have.length(1);
    expect(result.notes[0]).to.match(
      /^clickhouse_clickstack_alert\.band, clickhouse_clickstack_dashboard\.dash, clickhouse_clickstack_saved_search\.errors, clickhouse_clickstack_webhook\.hook: imported by the object id alone/,
    );
    expect(result.notes[0]).to.include("clickhouse-cloud:clickstackServiceId");
    expect(result.notes[0]).to.include("--clickstack-service <serviceId>");
  });

  it("puts the service named for the provider configuration in front of the ClickStack objects' ids", () => {
    const text = fs.readFileSync(fixtureFile, "utf8");
    const result = exportFromTerraform(text, "fixture.json", new Map([["", service]]));
    expect(result.file.resources.slice(1).map((entry) => entry.id)).to.deep.equal([
      `${service}/458046f7c0069210e96e6af7`,
      `${service}/2f302551514c6e3c4ec5b8e1`,
      `${service}/1393a88d0b6314d8332c3301`,
      `${service}/faf54603d8c5b4d154b97b0e`,
    ]);
    expect(result.notes).to.deep.equal([]);
  });

  it("maps every Terraform type of the table, each instance to its kind's import id", () => {
    const result = exported(everyType);
    expect(result.file.resources).to.deep.equal([
      { type: token("Service"), name: "analytics", id: service },
      { type: token("ServiceQueryEndpoint"), name: "analyticsQueryEndpoint", id: service },
      { type: token("Service"), name: "plain", id: otherService },
      {
        type: token("PrivateEndpoint"),
        name: "attachedVpce0123456789abcdef0",
        id: `${service}/vpce-0123456789abcdef0`,
      },
      {
        type: token("PrivateEndpoint"),
        name: "attachedVpce0fedcba9876543210",
        id: `${service}/vpce-0fedcba9876543210`,
      },
      { type: token("ReversePrivateEndpoint"), name: "queue", id: `${service}/${reverseId}` },
      { type: token("ClickPipe"), name: "orders", id: `${service}/${pipeId}` },
      { type: token("ClickPipesCdcScaling"), name: "cdc", id: service },
      { type: token("UpgradeWindow"), name: "window", id: service },
      { type: token("ScalingSchedule"), name: "nightly", id: service },
      { type: token("Role"), name: "deployers", id: role },
      // One Terraform assignment holds every actor of its role: each is an assignment here, named by its actor.
      {
        type: token("RoleAssignment"),
        name: `deployersUser${user.replace(/-/g, "")}`,
        id: `${role}/user/${user}`,
      },
      {
        type: token("RoleAssignment"),
        name: `deployersApiKey${apiKey.replace(/-/g, "")}`,
        id: `${role}/apiKey/${apiKey}`,
      },
      { type: token("RoleAssignment"), name: "billingApiKey", id: `${eu}/apiKey/${apiKey}` },
      { type: token("OrganizationSettings"), name: "settings", id: organization },
      { type: token("Alert"), name: "errors", id: "aaaaaaaaaaaaaaaaaaaaaaa1" },
      { type: token("Dashboard"), name: "health", id: "aaaaaaaaaaaaaaaaaaaaaaa2" },
      { type: token("SavedSearch"), name: "slow", id: "aaaaaaaaaaaaaaaaaaaaaaa3" },
      { type: token("Source"), name: "logs", id: "aaaaaaaaaaaaaaaaaaaaaaa4" },
      { type: token("Webhook"), name: "pager", id: "aaaaaaaaaaaaaaaaaaaaaaa5" },
    ]);
    // The registration is removed from the Terraform state with the attachment that takes it over.
    expect(result.addresses).to.deep.equal([
      "clickhouse_service.analytics",
      "clickhouse_service.plain",
      "clickhouse_service_private_endpoints_attachment.attached",
      "clickhouse_clickpipes_reverse_private_endpoint.queue",
      "clickhouse_clickpipe.orders",
      "clickhouse_clickpipe_cdc_infrastructure.cdc",
      "clickhouse_service_upgrade_window.window",
      "clickhouse_service_scheduled_scaling.nightly",
      "clickhouse_role.deployers",
      "clickhouse_role_assignment.deployers",
      "clickhouse_role_assignment.billing",
      "clickhouse_organization_settings.settings",
      "clickhouse_clickstack_alert.errors",
      "clickhouse_clickstack_dashboard.health",
      "clickhouse_clickstack_saved_search.slow",
      "clickhouse_clickstack_source.logs",
      "clickhouse_clickstack_webhook.pager",
      "clickhouse_private_endpoint_registration.office",
      "clickhouse_clickpipes_reverse_private_endpoint_custom_private_dns.queue",
    ]);
    expect(result.notMapped).to.deep.equal([]);
    expect(result.notes[0]).to.match(
      /^clickhouse_private_endpoint_registration\.office: not imported itself; taken over by/,
    );
    expect(result.notes[1]).to.equal(
      "clickhouse_clickpipes_reverse_private_endpoint_custom_private_dns.queue: not imported itself; taken over " +
        "by the ReversePrivateEndpoint of the same state that imports its endpoint, whose customPrivateDnsNames " +
        "input holds the names",
    );
  });

  it("has a test instance of every type the registry's kinds take over", () => {
    const table = originTable();
    const tested = new Set(everyType.map((entry) => entry.type));
    expect(
      [...table.imports.keys(), ...table.covered.keys()].filter((type) => !tested.has(type)),
    ).to.deep.equal([]);
    // No type is both taken over and listed as not managed.
    expect(
      notManagedTypes.filter(({ type }) => table.imports.has(type) || table.covered.has(type)),
    ).to.deep.equal([]);
  });

  it("lists custom private DNS names whose endpoint the state does not import, with why", () => {
    const result = exported([
      resource("clickhouse_clickpipes_reverse_private_endpoint_custom_private_dns", "alone", [
        instance({
          id: `${service}:${reverseId}`,
          service_id: service,
          reverse_private_endpoint_id: reverseId,
        }),
      ]),
    ]);
    expect(result.addresses).to.deep.equal([]);
    expect(result.notMapped).to.deep.equal([
      "clickhouse_clickpipes_reverse_private_endpoint_custom_private_dns.alone: custom private DNS names are an " +
        "input of a ReversePrivateEndpoint (customPrivateDnsNames), and no clickhouse_clickpipes_reverse_private_endpoint " +
        "of this state imports this endpoint",
    ]);
  });

  it("lists a registration that no attachment of the state takes over, with why", () => {
    const result = exported([
      resource("clickhouse_private_endpoint_registration", "lonely", [
        instance({ private_endpoint_id: "vpce-0123456789abcdef0" }),
      ]),
      // The deprecated `id` names the endpoint of a registration made by an older provider.
      resource("clickhouse_private_endpoint_registration", "old", [
        instance({ id: "vpce-0fedcba9876543210" }),
      ]),
      resource("clickhouse_service_private_endpoints_attachment", "a", [
        instance({ service_id: service, private_endpoint_ids: ["vpce-0fedcba9876543210"] }),
      ]),
    ]);
    expect(result.addresses).to.deep.equal([
      "clickhouse_service_private_endpoints_attachment.a",
      "clickhouse_private_endpoint_registration.old",
    ]);
    expect(result.notMapped).to.have.length(1);
    expect(result.notMapped[0]).to.match(
      /^clickhouse_private_endpoint_registration\.lonely: .*no clickhouse_service_private_endpoints_attachment of this state attaches this endpoint$/,
    );
  });

  it("maps each instance of a count or for_each, with its key in the name and the address", () => {
    const result = exported([
      resource("clickhouse_clickstack_webhook", "hook", [
        instance({ id: "bbbbbbbbbbbbbbbbbbbbbbb0" }, 0),
        instance({ id: "bbbbbbbbbbbbbbbbbbbbbbb1" }, 1),
      ]),
      resource(
        "clickhouse_service",
        "main",
        [instance({ id: service }, "eu-west"), instance({ id: otherService }, "us")],
        { module: 'module.db["prod"]' },
      ),
    ]);
    expect(result.file.resources.map(({ name, id }) => [name, id])).to.deep.equal([
      ["hook0", "bbbbbbbbbbbbbbbbbbbbbbb0"],
      ["hook1", "bbbbbbbbbbbbbbbbbbbbbbb1"],
      ["dbProdMainEuWest", service],
      ["dbProdMainUs", otherService],
    ]);
    expect(result.addresses).to.deep.equal([
      "clickhouse_clickstack_webhook.hook[0]",
      "clickhouse_clickstack_webhook.hook[1]",
      'module.db["prod"].clickhouse_service.main["eu-west"]',
      'module.db["prod"].clickhouse_service.main["us"]',
    ]);
  });

  it("names each object of a counted instance by the instance's key and the object", () => {
    const result = exported([
      resource("clickhouse_service_private_endpoints_attachment", "attached", [
        instance({ service_id: service, private_endpoint_ids: ["vpce-0123456789abcdef0"] }, 0),
      ]),
    ]);
    expect(result.file.resources.map(({ name }) => name)).to.deep.equal(["attached0Vpce0123456789abcdef0"]);
  });

  it("names an instance of a nested module by every module, and takes an empty module for the root", () => {
    const result = exported([
      resource("clickhouse_service", "main", [instance({ id: service })], { module: "module.db.module.net" }),
      resource("clickhouse_service", "root", [instance({ id: otherService })], { module: "" }),
    ]);
    expect(result.file.resources.map(({ name }) => name)).to.deep.equal(["dbNetMain", "root"]);
    expect(result.addresses).to.deep.equal([
      "module.db.module.net.clickhouse_service.main",
      "clickhouse_service.root",
    ]);
  });

  it("makes names unique ignoring case and avoids the names the stacks use", () => {
    const result = exported(
      [
        resource("clickhouse_service", "main", [instance({ id: service })]),
        resource("clickhouse_service_upgrade_window", "main", [instance({ service_id: service })]),
        resource("clickhouse_service_scheduled_scaling", "Main", [instance({ service_id: service })]),
        resource("clickhouse_clickstack_source", "2xx", [instance({ id: "ccccccccccccccccccccccc1" })]),
      ],
      new Map(),
      ["main"],
    );
    expect(result.file.resources.map(({ name }) => name)).to.deep.equal([
      "main2",
      "main3",
      "main4",
      "source2xx",
    ]);
  });

  it("puts each provider configuration's service in front of its ClickStack objects, and notes the others", () => {
    const result = exported(
      [
        resource("clickhouse_clickstack_alert", "eu", [instance({ id: "ddddddddddddddddddddddd1" })], {
          provider: `${official}.eu`,
        }),
        resource("clickhouse_clickstack_alert", "us", [instance({ id: "ddddddddddddddddddddddd2" })], {
          provider: `${official}.us`,
        }),
      ],
      clickStackServices([`eu=${eu}`]),
    );
    expect(result.file.resources.map(({ id }) => id)).to.deep.equal([
      `${eu}/ddddddddddddddddddddddd1`,
      "ddddddddddddddddddddddd2",
    ]);
    expect(result.notes).to.have.length(1);
    expect(result.notes[0]).to.match(/^clickhouse_clickstack_alert\.us: imported by the object id alone/);
    expect(result.notes[0]).to.include('the configuration with alias "us"');
    expect(result.notes[0]).to.include("--clickstack-service us=<serviceId>");
  });

  it("says how to give the service of the default provider configuration's ClickStack", () => {
    const result = exported([
      resource("clickhouse_clickstack_webhook", "pager", [instance({ id: "aaaaaaaaaaaaaaaaaaaaaaa5" })]),
      resource("clickhouse_clickstack_alert", "errors", [instance({ id: "aaaaaaaaaaaaaaaaaaaaaaa1" })]),
    ]);
    expect(result.notes).to.deep.equal([
      "clickhouse_clickstack_webhook.pager, clickhouse_clickstack_alert.errors: imported by the object id alone, as " +
        "the state does not record which service's managed ClickStack the default configuration of the " +
        "ClickHouse provider used (its clickstack_service_id). For a managed ClickStack, set " +
        "clickhouse-cloud:clickstackServiceId in the stack's config to that service, or export again with " +
        "--clickstack-service <serviceId>; for a self-hosted one (clickstack_endpoint), set " +
        "clickhouse-cloud:observabilityApiUrl and observabilityApiToken",
    ]);
  });

  it("lists what it cannot map, with why: other types, data sources, other providers, bad attributes", () => {
    const result = exported([
      resource("clickhouse_service_transparent_data_encryption_key_association", "tde", [
        instance({ service_id: service, key_id: "arn:aws:kms:x" }),
      ]),
      resource("clickhouse_udf", "parse", [instance({ id: "u" })]),
      resource("clickhouse_something_new", "n", [instance({ id: "p" })]),
      { ...resource("clickhouse_api_key_id", "key", [instance({})]), mode: "data" },
      resource("aws_vpc_endpoint", "vpce", [instance({ id: "vpce-1" })], {
        provider: 'provider["registry.terraform.io/hashicorp/aws"]',
      }),
      resource("aws_vpc", "main", [instance({ id: "vpc-1" })], {
        provider: 'provider["registry.terraform.io/hashicorp/aws"]',
      }),
      resource("clickhouse_clickpipes_reverse_private_endpoint", "broken", [
        instance({ id: reverseId, service_id: null }),
      ]),
      resource("clickhouse_service_upgrade_window", "bad", [instance({ service_id: "not-a-uuid" })]),
      resource("clickhouse_clickstack_webhook", "short", [instance({ id: "abc" })]),
      resource("clickhouse_service_private_endpoints_attachment", "none", [
        instance({ service_id: service, private_endpoint_ids: [] }),
      ]),
    ]);
    expect(result.file.resources).to.deep.equal([]);
    expect(result.addresses).to.deep.equal([]);
    expect(result.notMapped).to.have.length(9);
    const [tde, udf, unknown, data, broken, bad, short, none, others] = result.notMapped;
    expect(tde).to.match(
      /^clickhouse_service_transparent_data_encryption_key_association\.tde: no kind of this package manages the association of a service with its transparent data encryption key/,
    );
    expect(udf).to.equal("clickhouse_udf.parse: no kind of this package manages user-defined functions yet");
    expect(unknown).to.match(
      /^clickhouse_something_new\.n: clickhouse_something_new is not a resource type of the ClickHouse provider at commit c320db9/,
    );
    expect(data).to.equal(
      "data.clickhouse_api_key_id.key: a data source; Terraform only reads it, so there is nothing to import",
    );
    expect(broken).to.equal(
      "clickhouse_clickpipes_reverse_private_endpoint.broken: attribute service_id is null; expected a non-empty string",
    );
    expect(bad).to.match(
      /^clickhouse_service_upgrade_window\.bad: an UpgradeWindow is imported by "<id>": the id must be a uuid/,
    );
    expect(short).to.match(
      /^clickhouse_clickstack_webhook\.short: a Webhook is imported by "<objectId> or <serviceId>\/<objectId>": the id /,
    );
    expect(none).to.equal("clickhouse_service_private_endpoints_attachment.none: names no object to import");
    expect(others).to.equal(
      "resources of other providers than the ClickHouse provider: 2 of registry.terraform.io/hashicorp/aws",
    );
  });

  it("reads the ClickHouse provider from any registry, and OpenTofu's module-declared provider configurations", () => {
    const result = exported([
      resource("clickhouse_service", "a", [instance({ id: service })], {
        provider: 'provider["registry.opentofu.org/clickhouse/clickhouse"]',
      }),
      resource("clickhouse_service", "b", [instance({ id: otherService })], {
        module: "module.m",
        provider: 'module.m.provider["registry.terraform.io/clickhouse/clickhouse"]',
      }),
      // A source address without its host names the default registry's provider.
      resource("clickhouse_service", "c", [instance({ id: eu })], {
        provider: 'provider["clickhouse/clickhouse"]',
      }),
    ]);
    expect(result.file.resources.map(({ name }) => name)).to.deep.equal(["a", "mB", "c"]);
  });

  it("counts what other providers manage by their source, and a provider it cannot read as it is written", () => {
    const aws = 'provider["registry.terraform.io/hashicorp/aws"]';
    const result = exported([
      resource("aws_vpc", "a", [instance({ id: "vpc-1" })], { provider: aws }),
      resource("google_compute_network", "b", [instance({ id: "net-1" })], {
        provider: 'provider["registry.terraform.io/hashicorp/google"]',
      }),
      resource("aws_vpc", "c", [instance({ id: "vpc-2" })], { provider: aws }),
      // Terraform 0.12 wrote a provider without its source address.
      resource("clickhouse_service", "legacy", [instance({ id: service })], {
        provider: "provider.clickhouse",
      }),
      // Another namespace's provider whose name only starts like the ClickHouse provider's.
      resource("clickhouse_service", "fork", [instance({ id: service })], {
        provider: 'provider["registry.terraform.io/clickhouse/clickhouse-fork"]',
      }),
      // Text after the alias makes it no provider configuration Terraform writes.
      resource("clickhouse_service", "garbled", [instance({ id: service })], {
        provider: `${official}.eu.x`,
      }),
    ]);
    expect(result.file.resources).to.deep.equal([]);
    expect(result.notMapped).to.deep.equal([
      "resources of other providers than the ClickHouse provider: 2 of registry.terraform.io/hashicorp/aws, " +
        "1 of registry.terraform.io/hashicorp/google, 1 of provider.clickhouse, " +
        "1 of registry.terraform.io/clickhouse/clickhouse-fork, " +
        '1 of provider["registry.terraform.io/clickhouse/clickhouse"].eu.x',
    ]);
  });

  it("names the attribute it cannot use, showing what the state holds there", () => {
    const attachment = (attributes: Record<string, unknown>) =>
      exported([resource("clickhouse_service_private_endpoints_attachment", "a", [instance(attributes)])]);
    const endpoint = "vpce-0123456789abcdef0";
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ private_endpoint_ids: [endpoint] }, "attribute service_id is missing; expected a non-empty string"],
      [
        { service_id: "", private_endpoint_ids: [endpoint] },
        'attribute service_id is ""; expected a non-empty string',
      ],
      [
        { service_id: 5, private_endpoint_ids: [endpoint] },
        "attribute service_id is 5; expected a non-empty string",
      ],
      [{ service_id: [service] }, "attribute service_id is a list; expected a non-empty string"],
      [{ service_id: { id: service } }, "attribute service_id is an object; expected a non-empty string"],
      [
        { service_id: service, private_endpoint_ids: endpoint },
        `attribute private_endpoint_ids is "${endpoint}"; expected a list of strings`,
      ],
      [
        { service_id: service, private_endpoint_ids: { endpoint } },
        "attribute private_endpoint_ids is an object; expected a list of strings",
      ],
      [
        { service_id: service, private_endpoint_ids: [endpoint, 5] },
        "attribute private_endpoint_ids[1] is 5; expected a non-empty string",
      ],
      [
        { service_id: service, private_endpoint_ids: [""] },
        'attribute private_endpoint_ids[0] is ""; expected a non-empty string',
      ],
      // An absent list is an empty one.
      [{ service_id: service }, "names no object to import"],
    ];
    for (const [attributes, why] of cases) {
      expect(attachment(attributes).notMapped, JSON.stringify(attributes)).to.deep.equal([
        `clickhouse_service_private_endpoints_attachment.a: ${why}`,
      ]);
    }
  });

  it("lists a covered instance whose key it cannot read, naming the attribute", () => {
    const result = exported([
      resource("clickhouse_private_endpoint_registration", "unnamed", [instance({ cloud_provider: "aws" })]),
    ]);
    expect(result.addresses).to.deep.equal([]);
    expect(result.notMapped).to.deep.equal([
      "clickhouse_private_endpoint_registration.unnamed: attribute id is missing; expected a non-empty string",
    ]);
  });

  it("lets a failure of a kind's own mapping through as it is, instead of reporting it as the state's", () => {
    const bug = new TypeError("a kind's origin failed");
    const fails = () => {
      throw bug;
    };
    const table: OriginTable = {
      imports: new Map([
        [
          "clickhouse_service",
          [{ kind: "Service", origin: { type: "clickhouse_service", source: "", rule: "", objects: fails } }],
        ],
      ]),
      covered: new Map([
        [
          "clickhouse_private_endpoint_registration",
          [
            {
              kind: "PrivateEndpoint",
              covered: {
                type: "clickhouse_private_endpoint_registration",
                source: "",
                rule: "",
                key: fails,
                uncovered: "",
              },
            },
          ],
        ],
      ]),
    };
    for (const type of ["clickhouse_service", "clickhouse_private_endpoint_registration"]) {
      const state = parseTerraformState(
        stateText([resource(type, "a", [instance({ id: service })])]),
        "s.json",
      );
      expect(() => mapTerraformState(state, new Map(), table), type).to.throw(bug);
    }
  });
});

describe("export --from-terraform: the state files it refuses", () => {
  const refused = (text: string) => () => exportFromTerraform(text, "s.json", new Map());

  it("refuses what is not JSON, naming the file", () => {
    expect(refused("terraform {")).to.throw(UsageError, /^--from-terraform s\.json: not JSON \(/);
  });

  it("refuses another format version, and what is no JSON object", () => {
    expect(refused(JSON.stringify({ version: 3, resources: [] }))).to.throw(
      UsageError,
      '--from-terraform s.json: "version" is 3; this reads state format version 4',
    );
    expect(refused(JSON.stringify({ resources: [] }))).to.throw(UsageError, '"version" is missing');
    expect(refused("[]")).to.throw(UsageError, "the file holds no JSON object");
  });

  it("refuses a state with no resources", () => {
    expect(refused(JSON.stringify({ version: 4 }))).to.throw(
      UsageError,
      '"resources" is missing or not a list',
    );
    expect(refused(JSON.stringify({ version: 4, resources: [] }))).to.throw(
      UsageError,
      '"resources" is empty: the state records no resources',
    );
  });

  it("refuses a state that is null, and resources or instances that are no objects", () => {
    const good = resource("clickhouse_service", "a", [instance({ id: service })]);
    expect(refused("null")).to.throw(UsageError, "the file holds no JSON object");
    for (const resource of [5, null, [good]]) {
      expect(refused(stateText([resource]))).to.throw(
        UsageError,
        "--from-terraform s.json: resources[0] is not an object",
      );
    }
    for (const instance of [5, null, []]) {
      expect(refused(stateText([{ ...good, instances: [instance] }]))).to.throw(
        UsageError,
        "--from-terraform s.json: resources[0].instances[0] is not an object",
      );
    }
  });

  it("names the field of a malformed resource or instance", () => {
    const good = resource("clickhouse_service", "a", [instance({ id: service })]);
    expect(refused(stateText([{ ...good, type: "" }]))).to.throw(
      UsageError,
      "resources[0].type is missing or not a string",
    );
    expect(refused(stateText([{ ...good, module: 5 }]))).to.throw(
      UsageError,
      "resources[0].module is not a string",
    );
    expect(refused(stateText([good, { ...good, type: 5 }]))).to.throw(
      UsageError,
      "resources[1].type is missing or not a string",
    );
    expect(refused(stateText([{ ...good, mode: "list" }]))).to.throw(
      UsageError,
      'resources[0].mode is "list"',
    );
    expect(refused(stateText([{ ...good, instances: {} }]))).to.throw(
      UsageError,
      "resources[0].instances is missing",
    );
    expect(refused(stateText([{ ...good, instances: [{ index_key: 1 }] }]))).to.throw(
      UsageError,
      "resources[0].instances[0].attributes is missing or not an object",
    );
    expect(refused(stateText([{ ...good, instances: [{ index_key: [1], attributes: {} }] }]))).to.throw(
      UsageError,
      "resources[0].instances[0].index_key is neither a number nor a string",
    );
  });
});

describe("export --from-terraform: the command line", () => {
  it("takes the state file and the ClickStack services, and needs no stack", () => {
    expect(
      parseExportOptions([
        "--from-terraform",
        "terraform.tfstate",
        "--clickstack-service",
        service,
        "--clickstack-service",
        `eu=${eu}`,
        "--out",
        "r.json",
      ]),
    ).to.deep.equal({
      stacks: [],
      services: [],
      out: "r.json",
      fromTerraform: "terraform.tfstate",
      clickStackServices: new Map([
        ["", service],
        ["eu", eu],
      ]),
    });
    expect(
      parseExportOptions(["--from-terraform", "s.json", "--stack", "dev", "--out", "r.json"]),
    ).to.include({
      fromTerraform: "s.json",
    });
  });

  it("refuses --service with it, an alias of --clickstack-service without it, and a service that is no uuid or named twice", () => {
    expect(() =>
      parseExportOptions(["--from-terraform", "s.json", "--service", service, "--out", "r.json"]),
    ).to.throw(UsageError, "--service reads the APIs");
    expect(() =>
      parseExportOptions(["--stack", "dev", "--clickstack-service", `eu=${eu}`, "--out", "r.json"]),
    ).to.throw(UsageError, "goes with --from-terraform <state file> only");
    expect(() => clickStackServices(["eu=prod"])).to.throw(UsageError, "--clickstack-service must be a uuid");
    expect(() => clickStackServices([service, otherService])).to.throw(
      UsageError,
      "names the service of the default provider configuration twice",
    );
    expect(() => parseExportOptions(["--from-terraform", "", "--out", "r.json"])).to.throw(
      UsageError,
      "name the state file",
    );
    expect(() => parseExportOptions(["--from-terraform", "s.json"])).to.throw(UsageError, "--out <file>");
  });

  it("takes a --clickstack-service with an empty alias for the default provider configuration's", () => {
    expect(clickStackServices([`=${service}`])).to.deep.equal(new Map([["", service]]));
  });

  it("refuses an alias named twice, naming it", () => {
    expect(() => clickStackServices([`eu=${eu}`, `eu=${service}`])).to.throw(
      UsageError,
      '--clickstack-service names the service of alias "eu" twice',
    );
  });

  it("quotes the addresses of the state rm line for the shell", () => {
    expect(shellWord("clickhouse_service.main")).to.equal("clickhouse_service.main");
    expect(shellWord('module.db["eu"].clickhouse_service.main')).to.equal(
      `'module.db["eu"].clickhouse_service.main'`,
    );
    expect(shellWord('clickhouse_service.main["eu"]')).to.equal(`'clickhouse_service.main["eu"]'`);
    expect(shellWord(`x["it's"]`)).to.equal(`'x["it'\\''s"]'`);
  });
});

describe("export --from-terraform: what the command writes and prints", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-terraform-export-"));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** `export --from-terraform <stateFile> --out resources.json`, run in `dir`. */
  const exportFrom = (stateFile: string) =>
    runExport({ stacks: [], services: [], out: "resources.json", fromTerraform: stateFile }, dir);
  const written = () => fs.readFileSync(path.join(dir, "resources.json"), "utf8");

  it("writes the import file, lists its entries, what is not mapped and the notes, and ends with the state rm", async () => {
    fs.writeFileSync(
      path.join(dir, "terraform.tfstate"),
      stateText([
        resource("clickhouse_service", "main", [instance({ id: service }, "eu")]),
        resource("clickhouse_clickstack_webhook", "pager", [instance({ id: "aaaaaaaaaaaaaaaaaaaaaaa5" })]),
        resource("clickhouse_udf", "parse", [instance({ id: "u" })]),
      ]),
    );
    const output = await commandOutputOf(() => exportFrom("terraform.tfstate"));
    const resources = [
      { type: token("Service"), name: "mainEu", id: service },
      { type: token("Webhook"), name: "pager", id: "aaaaaaaaaaaaaaaaaaaaaaa5" },
    ];
    expect(written()).to.equal(`${JSON.stringify({ resources }, null, 2)}\n`);
    expect(output.stdout).to.equal(
      `  clickhouse-cloud:index:Service  mainEu  ${service}\n` +
        "  clickhouse-cloud:index:Webhook  pager  aaaaaaaaaaaaaaaaaaaaaaa5\n" +
        "Wrote 2 resource(s) from 2 Terraform instance(s) to resources.json. To adopt them: pulumi import --file " +
        "resources.json in the stack that is to manage them, add the code it writes to the program, and once " +
        "`pulumi preview` shows no change, remove them from the Terraform state so that only Pulumi manages them " +
        "(tofu state rm for OpenTofu):\n" +
        `terraform state rm 'clickhouse_service.main["eu"]' clickhouse_clickstack_webhook.pager\n`,
    );
    const [notMapped, note, ...rest] = output.stderr.split("\n");
    expect(notMapped).to.equal(
      "not mapped: clickhouse_udf.parse: no kind of this package manages user-defined functions yet",
    );
    expect(note).to.match(/^note: clickhouse_clickstack_webhook\.pager: imported by the object id alone, /);
    expect(rest).to.deep.equal([""]);
  });

  it("writes an empty list when the state holds nothing to import, and says so", async () => {
    fs.writeFileSync(
      path.join(dir, "terraform.tfstate"),
      stateText([{ ...resource("clickhouse_api_key_id", "key", [instance({})]), mode: "data" }]),
    );
    const output = await commandOutputOf(() => exportFrom("terraform.tfstate"));
    expect(written()).to.equal('{\n  "resources": []\n}\n');
    expect(output.stdout).to.equal(
      "Nothing to import from terraform.tfstate. Wrote an empty list to resources.json.\n",
    );
    expect(output.stderr).to.equal(
      "not mapped: data.clickhouse_api_key_id.key: a data source; Terraform only reads it, so there is nothing to " +
        "import\n",
    );
  });

  it("refuses a state file it cannot read, naming it and why, and writes nothing", async () => {
    const error = await failureOf(() => exportFrom("missing.tfstate"));
    expect(error).to.be.instanceOf(UsageError);
    expect(error.message).to.equal("--from-terraform missing.tfstate: cannot be read (ENOENT)");
    expect(fs.readdirSync(dir)).to.deep.equal([]);
  });
});
