/**
 * Adoption round-trips, for every kind and every field a program can set, through the real CLI in a YAML project of
 * the native plugin: objects made through the emulator's APIs with every field set (`everyFieldSetup`), then
 * `pulumi-clickhouse-cloud export`, `pulumi import --file` (the YAML host writes the program), the program appended
 * to Pulumi.yaml, a preview that must show no change, an update of one field of each resource after which the
 * APIs must show that field changed and nothing else, and a destroy that removes what the stack adopted. On both
 * wires, and on a service's managed ClickStack for the observability kinds.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "chai";
import { parseDocument } from "yaml";
import type { RunningEmulator } from "../../../emulator";
import type { ApiDialect } from "../../../schemas/dialects";
import { dedicatedEmulator } from "../../support/emulator";
import { makeManagementObjects, makeObservabilityObjects } from "../../support/everyFieldSetup";
import { observabilityClientOn } from "../../support/clients";
import { changedFields, organizationSnapshot, type Snapshot } from "../../support/organizationSnapshot";
import { CliProject } from "./support/cliProject";
import { runPackageCommand } from "./support/packageCommand";
import { nativeProjectYaml, nativeStackConfig } from "../../support/nativeProject";

interface ImportEntry {
  readonly type: string;
  readonly name: string;
  readonly id: string;
}

/** One field of a resource the update changes, and what the APIs then show changed. */
interface Edit {
  /** The new properties, from the imported ones. */
  edited(properties: Record<string, unknown>): Record<string, unknown>;
  /**
   * The snapshot fields that must differ afterwards, for the resource's import id, the prefix of its managed
   * ClickStack (or none), the wire and every entry imported.
   */
  shows(id: string, place: string, dialect: ApiDialect, entries: readonly ImportEntry[]): string[];
}

/** The properties with ` (edited)` appended to the text of `field`. */
const renamed =
  (field: string): Edit["edited"] =>
  (properties) => ({ ...properties, [field]: `${String(properties[field])} (edited)` });

/** The part of an observability import id after the service of its managed ClickStack. */
const objectIdOf = (id: string) => id.slice(id.lastIndexOf("/") + 1);
const kindOf = (entry: ImportEntry) => entry.type.replace("clickhouse-cloud:index:", "");

/** The snapshot's collection of each observability kind. */
const collections: Record<string, string> = {
  Alert: "alerts",
  Webhook: "webhooks",
  SavedSearch: "savedSearches",
  Dashboard: "dashboards",
  Source: "sources",
};

/** The snapshot's prefix of an observability object's path: its managed ClickStack's, when its import id names one. */
function placeOf(entry: ImportEntry): string {
  const onClickStack = collections[kindOf(entry)] !== undefined && entry.id.includes("/");
  return onClickStack ? `clickstack:${entry.id.split("/")[0]}/` : "";
}

/**
 * What the update changes, by kind. ReplicaScaling sets what the adopted Service sets on the same service, every
 * field of a ReversePrivateEndpoint and of a RoleAssignment replaces it, and the organization's members (the
 * fixture's two, one its last admin) are adopted with their roles unmanaged: those four are left as imported.
 */
const edits: Record<string, Edit> = {
  Alert: { edited: renamed("message"), shows: (id, place) => [`${place}alerts/${objectIdOf(id)}.message`] },
  ApiKey: { edited: renamed("name"), shows: (id) => [`keys/${id}.name`] },
  Role: {
    edited: renamed("name"),
    // The production wire shows each key's roles by name: the keys the role's assignments give it to show it.
    shows: (id, _place, dialect, entries) => [
      `roles/${id}.name`,
      ...(dialect === "production"
        ? entries
            .filter((entry) => kindOf(entry) === "RoleAssignment" && entry.id.startsWith(`${id}/apiKey/`))
            .map((entry) => `keys/${entry.id.slice(`${id}/apiKey/`.length)}.assignedRoles`)
        : []),
    ],
  },
  Dashboard: { edited: renamed("name"), shows: (id, place) => [`${place}dashboards/${objectIdOf(id)}.name`] },
  SavedSearch: {
    edited: renamed("name"),
    shows: (id, place) => [`${place}savedSearches/${objectIdOf(id)}.name`],
  },
  Source: { edited: renamed("name"), shows: (id, place) => [`${place}sources/${objectIdOf(id)}.name`] },
  Webhook: { edited: renamed("name"), shows: (id, place) => [`${place}webhooks/${objectIdOf(id)}.name`] },
  Service: { edited: renamed("name"), shows: (id) => [`services/${id}.name`] },
  // The organization's settings: renaming it PATCHes the name alone.
  OrganizationSettings: { edited: renamed("name"), shows: () => ["organization.name"] },
  PrivateEndpoint: {
    edited: renamed("description"),
    // The organization lists its private endpoints with their descriptions.
    shows: () => ["organization.privateEndpoints"],
  },
  ServiceQueryEndpoint: {
    edited: (properties) => ({ ...properties, allowedOrigins: "https://edited.example.com" }),
    shows: (id) => [`services/${id}/serviceQueryEndpoint.allowedOrigins`],
  },
  UpgradeWindow: {
    edited: (properties) => ({ ...properties, startHourUtc: (Number(properties.startHourUtc) + 6) % 24 }),
    shows: (id) => [`services/${id}/upgradeWindow.startHourUtc`],
  },
  ServiceClickHouseSettings: {
    edited: (properties) => ({
      ...properties,
      settings: { ...(properties.settings as object), max_execution_time: "90" },
    }),
    shows: (id) => [`services/${id}/clickhouseSettings.settings`],
  },
  ScalingSchedule: {
    edited: (properties) => {
      const [first, ...others] = properties.entries as Array<Record<string, unknown>>;
      return { ...properties, entries: [{ ...first, name: `${String(first.name)} (edited)` }, ...others] };
    },
    // The production wire's service shows its schedule too.
    shows: (id, _place, dialect) => [
      `services/${id}/scalingSchedule.entries`,
      ...(dialect === "production" ? [`services/${id}.scalingSchedule.entries`] : []),
    ],
  },
};

const scaling = [
  "minReplicaMemoryGb",
  "maxReplicaMemoryGb",
  "numReplicas",
  "idleScaling",
  "idleTimeoutMinutes",
];

/**
 * The properties the imported program must set on the objects `everyFieldSetup` makes, by resource name: every
 * field made (a webhook's headers and query parameters excepted: the API never shows them). The production wire's
 * alert fields only there.
 */
function everyFieldMade(dialect: ApiDialect, onManagedClickStack: boolean): Record<string, string[]> {
  const observability: Record<string, string[]> = {
    incidentBridge: ["name", "service", "url", "description", "body"],
    chatRoom: ["name", "service", "url"],
    appLogs: [
      ...["name", "kind", "connection", "from", "timestampValueExpression", "section", "querySettings"],
      ...[
        "defaultTableSelectExpression",
        "serviceNameExpression",
        "severityTextExpression",
        "bodyExpression",
      ],
      ...["eventAttributesExpression", "resourceAttributesExpression", "implicitColumnExpression"],
      ...["traceIdExpression", "spanIdExpression", "highlightedRowAttributeExpressions"],
    ],
    checkoutErrors: ["name", "sourceId", "select", "where", "whereLanguage", "orderBy", "tags", "filters"],
    checkoutHealth: [
      ...["name", "tiles", "tags", "filters", "containers", "savedQuery", "savedQueryLanguage"],
      "savedFilterValues",
    ],
    checkoutErrorsInRange: [
      ...[
        "name",
        "message",
        "threshold",
        "interval",
        "source",
        "dashboardId",
        "tileId",
        "channel",
        "thresholdType",
      ],
      ...(dialect === "production"
        ? ["thresholdMax", "note", "numConsecutiveWindows", "scheduleOffsetMinutes"]
        : []),
      ...(dialect === "production" && !onManagedClickStack ? ["channels"] : []),
    ],
    checkoutErrorsByService: [
      ...["name", "message", "threshold", "interval", "source", "thresholdType", "savedSearchId", "groupBy"],
      "channel",
    ],
  };
  if (onManagedClickStack) {
    for (const properties of Object.values(observability)) properties.push("clickstackServiceId");
  }
  return {
    ...observability,
    everyField: [
      ...["name", "provider", "region", "ipAccessList", "tags", "releaseChannel", ...scaling],
      ...["backupPeriodInHours", "backupRetentionPeriodInHours"],
    ],
    everyFieldScaling: ["serviceId", ...scaling],
    deployFromCi: ["name", "roles", "expireAt", "state", "ipAccessList"],
    everyFieldRole: ["name", "policies"],
    everyFieldRoleDeployFromCi: ["roleId", "apiKeyId"],
    toTheQueue: ["serviceId", "type", "description", "vpcEndpointServiceName"],
    officeVpn: ["serviceId", "endpointId", "description"],
    everyFieldQueryEndpoint: ["serviceId", "roles", "openApiKeys", "allowedOrigins"],
    everyFieldUpgradeWindow: ["serviceId", "weekday", "startHourUtc"],
    everyFieldClickhouseSettings: ["serviceId", "settings"],
    everyFieldScalingSchedule: ["serviceId", "entries"],
    emulatedOrganizationSettings: ["name", "enableCoreDumps"],
  };
}

interface Scenario {
  readonly dialect: ApiDialect;
  /** The observability objects live on this fixture service's managed ClickStack, not the configured API. */
  readonly onManagedClickStack: boolean;
}

const scenarios: Scenario[] = [
  { dialect: "spec", onManagedClickStack: false },
  { dialect: "production", onManagedClickStack: false },
  { dialect: "production", onManagedClickStack: true },
];

for (const { dialect, onManagedClickStack } of scenarios) {
  const where = onManagedClickStack ? "observability objects on a managed ClickStack" : "the configured APIs";
  describe(`adopting every field of every kind, and updating one (${dialect} wire, ${where})`, function () {
    this.timeout(600_000);
    let emulator: RunningEmulator;
    let project: CliProject;
    let serviceId: string;
    let clickstackServiceId: string | undefined;
    let entries: ImportEntry[];
    let atStart: Snapshot;
    const printed: string[] = [];

    /** Where the observability objects are read: the managed ClickStack the stack uses, or the configured API. */
    const places = () => [clickstackServiceId ?? "configured"];
    const snapshot = () => organizationSnapshot(emulator.fixture, [serviceId], places());

    before(async () => {
      emulator = await dedicatedEmulator({ dialect, provisioningDelayMs: 0 });
      const { fixture } = emulator;
      clickstackServiceId = onManagedClickStack ? fixture.services.production : undefined;
      const management = await makeManagementObjects(fixture);
      serviceId = management.serviceId;
      await makeObservabilityObjects(
        observabilityClientOn(fixture, clickstackServiceId),
        dialect === "production",
        onManagedClickStack,
      );
      project = CliProject.create(nativeProjectYaml("adopt-every-field", "yaml"));
      // On managed ClickStack the stack has the management API's settings only, as a team without a separate
      // observability API has it.
      const config = nativeStackConfig(fixture);
      if (onManagedClickStack) {
        for (const key of Object.keys(config).filter((name) => name.includes(":observabilityApi"))) {
          delete config[key];
        }
      }
      await project.initStack("dev", config);
      atStart = await snapshot();
    });

    after(async () => {
      project?.dispose();
      await emulator?.close();
    });

    it("export lists every object made, and `pulumi import --file` adopts them all", async () => {
      const clickstack = clickstackServiceId ? ["--clickstack-service", clickstackServiceId] : [];
      const exported = await runPackageCommand(project, [
        "export",
        "--stack",
        "dev",
        "--service",
        serviceId,
        ...clickstack,
        "--out",
        "resources.json",
      ]);
      printed.push(exported.stdout, exported.stderr);
      expect(exported.code, exported.stderr).to.equal(0);
      entries = (
        JSON.parse(fs.readFileSync(path.join(project.dir, "resources.json"), "utf8")) as {
          resources: ImportEntry[];
        }
      ).resources;
      const kinds = new Set(entries.map(kindOf));
      expect([...kinds].sort()).to.deep.equal(
        [
          ...Object.keys(edits),
          "Member",
          "ReplicaScaling",
          "ReversePrivateEndpoint",
          "RoleAssignment",
        ].sort(),
      );
      const imported = await project.pulumi([
        "import",
        "--file",
        "resources.json",
        "--yes",
        "--out",
        "imported.yaml",
      ]);
      printed.push(imported.stdout, imported.stderr);
      expect(imported.stdout).to.match(new RegExp(`= ${entries.length} imported`));
      expect(changedFields(atStart, await snapshot()), "an import only reads").to.deep.equal([]);
    });

    it("the program it writes sets every field each object was made with", () => {
      const program = fs.readFileSync(path.join(project.dir, "imported.yaml"), "utf8");
      printed.push(program);
      const resources = parseDocument(program).toJS() as {
        resources: Record<string, { properties?: Record<string, unknown> }>;
      };
      const missing = Object.entries(everyFieldMade(dialect, onManagedClickStack)).flatMap(
        ([name, fields]) => {
          const properties = resources.resources[name]?.properties ?? {};
          return fields.filter((field) => properties[field] === undefined).map((field) => `${name}.${field}`);
        },
      );
      expect(missing).to.deep.equal([]);
    });

    it("the program it writes, appended, previews with no change", async () => {
      const program = fs.readFileSync(path.join(project.dir, "imported.yaml"), "utf8");
      fs.appendFileSync(path.join(project.dir, "Pulumi.yaml"), program);
      const preview = await project.pulumi(["preview", "--expect-no-changes", "--diff"]);
      printed.push(preview.stdout);
      expect(preview.stdout).to.match(new RegExp(`${entries.length + 1} unchanged`));
    });

    it("an update of one field of each resource changes that field and nothing else", async () => {
      const file = path.join(project.dir, "Pulumi.yaml");
      const document = parseDocument(fs.readFileSync(file, "utf8"));
      const expected: string[] = [];
      for (const entry of entries) {
        const edit = edits[kindOf(entry)];
        if (edit === undefined) continue;
        const properties = document.getIn(["resources", entry.name, "properties"], false) as {
          toJSON(): Record<string, unknown>;
        };
        document.setIn(["resources", entry.name, "properties"], edit.edited(properties.toJSON()));
        expected.push(...edit.shows(entry.id, placeOf(entry), dialect, entries));
      }
      fs.writeFileSync(file, document.toString());
      const up = await project.pulumi(["up", "--yes", "--skip-preview"]);
      printed.push(up.stdout);
      const changed = changedFields(atStart, await snapshot());
      expect(changed).to.deep.equal([...new Set(expected)].sort());
      const again = await project.pulumi(["preview", "--expect-no-changes"]);
      printed.push(again.stdout);
    });

    it("destroy removes what the stack adopted", async () => {
      await project.pulumi(["state", "unprotect", "--all", "--yes"]);
      const destroyed = await project.pulumi(["destroy", "--yes", "--skip-preview"]);
      printed.push(destroyed.stdout);
      const after = await organizationSnapshot(emulator.fixture, [], places());
      const left = entries.filter((entry) => {
        const kind = kindOf(entry);
        const own: Record<string, string> = { ApiKey: "keys", Role: "roles" };
        const path =
          own[kind] !== undefined
            ? `${own[kind]}/${entry.id}`
            : `${placeOf(entry)}${collections[kind]}/${objectIdOf(entry.id)}`;
        return (own[kind] !== undefined || collections[kind] !== undefined) && after[path] !== undefined;
      });
      expect(left.map((entry) => entry.name)).to.deep.equal([]);
      // A Member without removeOnDestroy leaves the person in the organization.
      const members = entries.filter((entry) => kindOf(entry) === "Member");
      expect(members.map((entry) => entry.id).sort()).to.deep.equal(
        Object.values(emulator.fixture.members).sort(),
      );
      for (const member of members)
        expect(after[`members/${member.id}`], member.name).to.not.equal(undefined);
    });

    it("no command printed the credentials or the webhook's headers", () => {
      const all = printed.join("\n");
      for (const secret of [
        emulator.fixture.tokenSecret,
        emulator.fixture.observabilityToken,
        "bridge-token",
      ]) {
        expect(all).to.not.include(secret);
      }
    });
  });
}
