/**
 * Moving a setup from Terraform to Pulumi, as a user does it through the real CLI: objects made through the
 * emulator's APIs (production wire) and a Terraform state (format 4, as OpenTofu writes it with the official
 * ClickHouse provider) that records them, `pulumi-clickhouse-cloud export --from-terraform`, `pulumi import --file`
 * into a YAML project of the native plugin, then a preview of the generated program with no change. The state is
 * written here because the ids of objects the emulator makes are random; the OpenTofu-written state in
 * test/fixtures/terraform is read by the unit tests.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { ObservabilityClient } from "../../../provider/rest/observability";
import { handMadeEndpointId, makeByHand, type HandMade } from "../../support/existingSetup";
import { dedicatedEmulator } from "../../support/emulator";
import { CliProject } from "./support/cliProject";
import { runPackageCommand, type PackageCommandRun } from "./support/packageCommand";
import { nativeProjectYaml, nativeStackConfig } from "../../support/nativeProject";

const official = 'provider["registry.opentofu.org/clickhouse/clickhouse"]';

/** A resource of the state, of the ClickHouse provider's default configuration unless `extra` says otherwise. */
function resource(
  type: string,
  name: string,
  instances: Array<{ index_key?: string | number; attributes: Record<string, unknown> }>,
  extra: Record<string, unknown> = {},
) {
  return { mode: "managed", type, name, provider: official, instances, ...extra };
}

describe("export --from-terraform, then `pulumi import --file`, of what a Terraform state manages (production wire)", function () {
  this.timeout(300_000);
  let emulator: RunningEmulator;
  let project: CliProject;
  let made: HandMade;
  let managedWebhook: string;
  let run: PackageCommandRun;

  before(async () => {
    emulator = await dedicatedEmulator({ dialect: "production", provisioningDelayMs: 0 });
    const { fixture } = emulator;
    made = await makeByHand(fixture);
    // A webhook on the production service's managed ClickStack, which a provider configuration with
    // clickstack_service_id set made.
    const managed = new ObservabilityClient(
      {
        apiUrl: fixture.managementUrl,
        apiToken: "",
        clickstack: {
          serviceId: fixture.services.production,
          organizationId: fixture.organizationId,
          tokenKey: fixture.tokenKey,
          tokenSecret: fixture.tokenSecret,
        },
      },
      { throttle: "off" },
    );
    managedWebhook = (
      await managed.webhooks.create({
        name: "managed",
        service: "generic",
        url: "https://hooks.example.com/m",
      })
    ).id;
    project = CliProject.create(nativeProjectYaml("from-terraform", "yaml"));
    await project.initStack("dev", nativeStackConfig(fixture));
  });

  after(async () => {
    project?.dispose();
    await emulator?.close();
  });

  /** The state Terraform would hold for the objects made above. */
  function state() {
    const { fixture } = emulator;
    const production = fixture.services.production;
    const [pager, chat] = fixture.webhooks;
    const [checkout, slow] = fixture.savedSearches;
    return {
      version: 4,
      terraform_version: "1.10.9",
      serial: 3,
      lineage: "0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0",
      outputs: {},
      resources: [
        { ...resource("clickhouse_service", "svc", [{ attributes: { id: production } }]), mode: "data" },
        resource("clickhouse_clickpipes_reverse_private_endpoint", "queue", [
          { attributes: { id: made.reverse, service_id: production, description: "To the queue" } },
        ]),
        resource("clickhouse_clickstack_alert", "error_rate", [{ attributes: { id: made.alert } }]),
        resource("clickhouse_clickstack_saved_search", "search", [
          { index_key: "checkout", attributes: { id: checkout.id } },
          { index_key: "slow", attributes: { id: slow.id } },
        ]),
        resource("clickhouse_clickstack_webhook", "hook", [
          { index_key: 0, attributes: { id: pager.id } },
          { index_key: 1, attributes: { id: chat.id } },
        ]),
        resource("clickhouse_clickstack_webhook", "managed", [{ attributes: { id: managedWebhook } }], {
          provider: `${official}.cloud`,
        }),
        resource("clickhouse_private_endpoint_registration", "office", [
          {
            attributes: {
              private_endpoint_id: handMadeEndpointId,
              cloud_provider: "aws",
              region: "us-east-1",
            },
          },
        ]),
        resource("clickhouse_service", "analytics", [
          {
            attributes: {
              id: production,
              name: "analytics-prod",
              query_api_endpoints: { api_key_ids: [made.key], roles: ["sql_console_read_only"] },
            },
          },
        ]),
        resource("clickhouse_service_private_endpoints_attachment", "office", [
          { attributes: { service_id: production, private_endpoint_ids: [handMadeEndpointId] } },
        ]),
        resource("clickhouse_service_scheduled_scaling", "nightly", [
          { attributes: { id: production, service_id: production } },
        ]),
        resource("clickhouse_service_transparent_data_encryption_key_association", "tde", [
          { attributes: { service_id: production, key_id: "arn:aws:kms:us-east-1:000000000000:key/x" } },
        ]),
        resource("clickhouse_service_upgrade_window", "window", [
          { attributes: { id: production, service_id: production, weekday: 3, start_hour_utc: 12 } },
        ]),
        resource("clickhouse_role", "deployers", [{ attributes: { id: made.role, name: "Deployers" } }]),
        resource("clickhouse_role_assignment", "deployers", [
          { attributes: { id: made.role, role_id: made.role, user_ids: [], api_key_ids: [made.key] } },
        ]),
      ],
    };
  }

  it("export --from-terraform writes each instance's import, names from the addresses", async () => {
    fs.writeFileSync(path.join(project.dir, "terraform.tfstate"), JSON.stringify(state(), null, 2));
    const { fixture } = emulator;
    const production = fixture.services.production;
    const args = ["export", "--from-terraform", "terraform.tfstate", "--stack", "dev"];
    run = await runPackageCommand(project, [
      ...args,
      "--clickstack-service",
      `cloud=${production}`,
      "--out",
      "resources.json",
    ]);
    expect(run.code, `${run.stdout}\n${run.stderr}`).to.equal(0);
    const file: unknown = JSON.parse(fs.readFileSync(path.join(project.dir, "resources.json"), "utf8"));
    const type = (kind: string) => `clickhouse-cloud:index:${kind}`;
    expect(file).to.deep.equal({
      resources: [
        { type: type("ReversePrivateEndpoint"), name: "queue", id: `${production}/${made.reverse}` },
        { type: type("Alert"), name: "errorRate", id: made.alert },
        { type: type("SavedSearch"), name: "searchCheckout", id: fixture.savedSearches[0].id },
        { type: type("SavedSearch"), name: "searchSlow", id: fixture.savedSearches[1].id },
        { type: type("Webhook"), name: "hook0", id: fixture.webhooks[0].id },
        { type: type("Webhook"), name: "hook1", id: fixture.webhooks[1].id },
        { type: type("Webhook"), name: "managed", id: `${production}/${managedWebhook}` },
        { type: type("Service"), name: "analytics", id: production },
        { type: type("ServiceQueryEndpoint"), name: "analyticsQueryEndpoint", id: production },
        {
          type: type("PrivateEndpoint"),
          name: "officeVpce0123456789abcdef0",
          id: `${production}/${handMadeEndpointId}`,
        },
        { type: type("ScalingSchedule"), name: "nightly", id: production },
        { type: type("UpgradeWindow"), name: "window", id: production },
        { type: type("Role"), name: "deployers", id: made.role },
        { type: type("RoleAssignment"), name: "deployersApiKey", id: `${made.role}/apiKey/${made.key}` },
      ],
    });
    expect(run.stderr).to.include("not mapped: data.clickhouse_service.svc: a data source");
    expect(run.stderr).to.match(
      /not mapped: clickhouse_service_transparent_data_encryption_key_association\.tde: no kind of this package manages/,
    );
    expect(run.stderr).to.match(
      /note: clickhouse_private_endpoint_registration\.office: not imported itself/,
    );
    // The default configuration's objects go by their id alone, through the stack's observability API.
    expect(run.stderr).to.include(
      'note: clickhouse_clickstack_alert.error_rate, clickhouse_clickstack_saved_search.search["checkout"], ' +
        'clickhouse_clickstack_saved_search.search["slow"], clickhouse_clickstack_webhook.hook[0], ' +
        "clickhouse_clickstack_webhook.hook[1]: imported by the object id alone",
    );
    expect(run.stdout).to.include(
      "terraform state rm clickhouse_clickpipes_reverse_private_endpoint.queue clickhouse_clickstack_alert.error_rate " +
        `'clickhouse_clickstack_saved_search.search["checkout"]' 'clickhouse_clickstack_saved_search.search["slow"]' ` +
        "'clickhouse_clickstack_webhook.hook[0]' 'clickhouse_clickstack_webhook.hook[1]' " +
        "clickhouse_clickstack_webhook.managed clickhouse_service.analytics " +
        "clickhouse_service_private_endpoints_attachment.office clickhouse_service_scheduled_scaling.nightly " +
        "clickhouse_service_upgrade_window.window clickhouse_role.deployers clickhouse_role_assignment.deployers " +
        "clickhouse_private_endpoint_registration.office\n",
    );
  });

  it("`pulumi import --file` adopts every object, and the generated program previews with no change", async () => {
    const imported = await project.pulumi([
      "import",
      "--file",
      "resources.json",
      "--yes",
      "--out",
      "imported.yaml",
    ]);
    expect(imported.stdout).to.match(/= 14 imported/);
    const program = fs.readFileSync(path.join(project.dir, "imported.yaml"), "utf8");
    for (const name of [
      "queue",
      "errorRate",
      "searchCheckout",
      "hook0",
      "managed",
      "analyticsQueryEndpoint",
    ]) {
      expect(program).to.match(new RegExp(`^  ${name}:$`, "m"));
    }
    // The webhook of the managed ClickStack is read from, and stays on, the production service's ClickStack.
    expect(program).to.include(`clickstackServiceId: ${emulator.fixture.services.production}`);
    fs.appendFileSync(path.join(project.dir, "Pulumi.yaml"), program);
    const preview = await project.pulumi(["preview", "--expect-no-changes"]);
    expect(preview.stdout).to.match(/15 unchanged/);
  });

  it("no command printed the credentials", () => {
    const all = `${run.stdout}\n${run.stderr}`;
    expect(all).to.not.include(emulator.fixture.tokenSecret);
    expect(all).to.not.include(emulator.fixture.observabilityToken);
  });
});
