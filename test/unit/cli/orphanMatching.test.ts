import { expect } from "chai";
import { expandDeleteIds, parseOptions } from "../../../provider/cli/main";
import { selectForDeletion, untracked, type OrganizationObject } from "../../../provider/cli/orphans";
import { configSource } from "../../../provider/cli/stackReader";
import { addTrackedObjects, emptyTracked, trackedIdsOf } from "../../../provider/cli/trackedObjects";

/** A stack export as `pulumi stack export` prints it, trimmed to the fields that matter here. */
function exportOf(resources: unknown[], pending: unknown[] = []): unknown {
  return {
    version: 3,
    deployment: {
      manifest: { time: "2026-11-23T10:00:00Z" },
      secrets_providers: { type: "passphrase" },
      resources: [
        {
          urn: "urn:pulumi:dev::app::pulumi:pulumi:Stack::app-dev",
          custom: false,
          type: "pulumi:pulumi:Stack",
        },
        ...resources,
      ],
      ...(pending.length > 0 ? { pending_operations: pending } : {}),
    },
  };
}

const serviceId = "5a1ff2b4-6f0f-4b5b-9d53-0c7e3b3d1a11";
const keyUuid = "b4d5c1a6-8d2e-4d7f-9c1b-2a3e4f5a6b7c";

function resource(type: string, id: string, serviceIdOutput?: string): unknown {
  return {
    urn: `urn:pulumi:dev::app::${type}::r-${id}`,
    custom: true,
    id,
    type,
    inputs: serviceIdOutput ? { serviceId: serviceIdOutput } : {},
    outputs: {
      __provider: "exports.handler = __f0; ...",
      ...(serviceIdOutput ? { serviceId: serviceIdOutput } : {}),
      keySecret: {
        "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
        ciphertext: "v1:abc",
      },
    },
  };
}

const object = (kind: OrganizationObject["kind"], id: string, extra: Partial<OrganizationObject> = {}) =>
  ({ kind, id, name: `${kind} ${id}`, ...extra }) as OrganizationObject;

describe("orphans: what stacks track and what is left", () => {
  it("reads ids by the resources' type tokens and the services they refer to", () => {
    const tracked = emptyTracked();
    addTrackedObjects(
      tracked,
      exportOf([
        resource("pulumi-nodejs:dynamic/clickhouse:ApiKey", keyUuid),
        resource("pulumi-nodejs:dynamic/clickhouse:ReversePrivateEndpoint", "rpe-1", serviceId),
        resource("pulumi-nodejs:dynamic/observability:Alert", "65a1b2c3d4e5f60718293a4b"),
        resource("pulumi-nodejs:dynamic/clickhouse:ReplicaScaling", serviceId, serviceId),
        resource(
          "pulumi-nodejs:dynamic/clickhouse:PrivateEndpoint",
          "vpce-0a1b2c3d4e5f60718",
          "other-service",
        ),
        resource("pulumi:providers:aws", "provider-id"),
      ]),
    );
    expect([...trackedIdsOf(tracked, "ApiKey")]).to.deep.equal([keyUuid]);
    expect([...trackedIdsOf(tracked, "ReversePrivateEndpoint")]).to.deep.equal(["rpe-1"]);
    expect([...trackedIdsOf(tracked, "Alert")]).to.deep.equal(["65a1b2c3d4e5f60718293a4b"]);
    expect([...tracked.serviceIds]).to.deep.equal([serviceId, "other-service"]);
  });

  it("counts the objects of pending operations, and a pending create's service, from every stack", () => {
    const tracked = emptyTracked();
    addTrackedObjects(
      tracked,
      exportOf(
        [],
        [
          {
            resource: resource("pulumi-nodejs:dynamic/clickhouse:ApiKey", "key-being-deleted"),
            type: "deleting",
          },
          {
            resource: {
              urn: "urn:pulumi:dev::app::pulumi-nodejs:dynamic/clickhouse:ReversePrivateEndpoint::msk",
              type: "pulumi-nodejs:dynamic/clickhouse:ReversePrivateEndpoint",
              custom: true,
              inputs: { serviceId: "service-of-a-pending-create" },
            },
            type: "creating",
          },
        ],
      ),
    );
    addTrackedObjects(tracked, exportOf([resource("pulumi-nodejs:dynamic/observability:Alert", "alert-2")]));
    expect([...trackedIdsOf(tracked, "ApiKey")]).to.deep.equal(["key-being-deleted"]);
    expect(
      [...trackedIdsOf(tracked, "ReversePrivateEndpoint")],
      "a pending create has no id yet",
    ).to.deep.equal([]);
    expect([...trackedIdsOf(tracked, "Alert")]).to.deep.equal(["alert-2"]);
    expect([...tracked.serviceIds]).to.deep.equal(["service-of-a-pending-create"]);
  });

  it("reads an empty or unfamiliar export as tracking nothing", () => {
    const tracked = emptyTracked();
    addTrackedObjects(tracked, { version: 3, deployment: {} });
    addTrackedObjects(tracked, {
      deployment: { resources: [null, 3, { type: 5 }], pending_operations: [{}] },
    });
    expect(
      trackedIdsOf(tracked, "ApiKey").size +
        trackedIdsOf(tracked, "ReversePrivateEndpoint").size +
        trackedIdsOf(tracked, "Alert").size,
    ).to.equal(0);
  });

  it("an object is an orphan when no stack tracks its id under its own kind", () => {
    const tracked = emptyTracked();
    addTrackedObjects(tracked, exportOf([resource("pulumi-nodejs:dynamic/clickhouse:ApiKey", "shared-id")]));
    const listed = [
      object("ApiKey", "shared-id"),
      object("ApiKey", "left-behind"),
      object("Alert", "shared-id"),
      object("ReversePrivateEndpoint", "rpe-9", { serviceId }),
    ];
    expect(untracked(listed, tracked).map((o) => `${o.kind} ${o.id}`)).to.deep.equal([
      "ApiKey left-behind",
      "Alert shared-id",
      "ReversePrivateEndpoint rpe-9",
    ]);
  });

  it("an alert of the configured observability API is tracked by a resource on its ClickStack, not on another", () => {
    const [configured, other] = [serviceId, "0b3c2d4e-5f60-4718-8293-a4b5c6d7e8f9"];
    const alert = (id: string, clickstackServiceId?: string) => ({
      urn: `urn:pulumi:dev::app::clickhouse-cloud:index:Alert::r-${id}`,
      type: "clickhouse-cloud:index:Alert",
      id,
      outputs: clickstackServiceId === undefined ? {} : { clickstackServiceId },
    });
    const tracked = emptyTracked();
    addTrackedObjects(
      tracked,
      exportOf([
        alert("65a1b2c3d4e5f60718293a4b", configured),
        alert("65a1b2c3d4e5f60718293a4c", other),
        alert("65a1b2c3d4e5f60718293a4d"),
      ]),
    );
    const listed = [
      object("Alert", "65a1b2c3d4e5f60718293a4b"),
      object("Alert", "65a1b2c3d4e5f60718293a4c"),
      object("Alert", "65a1b2c3d4e5f60718293a4d"),
    ];
    // The configured observability API is the managed ClickStack of `configured`.
    expect(untracked(listed, tracked, configured).map((o) => o.id)).to.deep.equal([
      "65a1b2c3d4e5f60718293a4c",
    ]);
    // It is an API of its own: only the resource that leaves its place to the config tracks its alert.
    expect(untracked(listed, tracked).map((o) => o.id)).to.deep.equal([
      "65a1b2c3d4e5f60718293a4b",
      "65a1b2c3d4e5f60718293a4c",
    ]);
  });

  it("deletes only named orphans: refuses unknown ids and the key in use before deleting anything", () => {
    const orphans = [object("ApiKey", "k1"), object("Alert", "a1"), object("ApiKey", "k0", { inUse: true })];
    expect(selectForDeletion(orphans, ["a1", "k1", "a1"]).map((o) => o.id)).to.deep.equal(["a1", "k1"]);
    expect(() => selectForDeletion(orphans, ["k1", "tracked-key"])).to.throw(
      "not in the orphan list: tracked-key",
    );
    expect(() => selectForDeletion(orphans, ["k0"])).to.throw(
      "API key k0 looks like the key these settings authenticate with",
    );
  });
});

describe("orphans: command line", () => {
  it("takes --delete ids after one flag or one flag each", () => {
    expect(
      expandDeleteIds(["orphans", "--delete", "a", "b", "--stack", "dev", "--delete", "c"]),
    ).to.deep.equal(["orphans", "--delete", "a", "--delete", "b", "--stack", "dev", "--delete", "c"]);
    const options = parseOptions([
      "orphans",
      "--stack",
      "dev",
      "--stack",
      "prod",
      "--delete",
      "a",
      "b",
      "--json",
    ]);
    expect(options).to.deep.equal({
      stacks: ["dev", "prod"],
      services: [],
      deleteIds: ["a", "b"],
      json: true,
      yes: false,
    });
    expect(parseOptions(["orphans", "--stack", "dev", "--delete", "a", "--yes"])).to.include({ yes: true });
  });

  it("takes a --service only in the form of a service id, so that it cannot address another path", () => {
    const service = "1c4d3e5f-6a71-4829-9304-b5c6d7e8f9a0";
    expect(parseOptions(["orphans", "--stack", "dev", "--service", service])).to.deep.include({
      services: [service],
    });
    for (const bad of ["..", ".", "", "svc-1", `${service}/..`]) {
      expect(() => parseOptions(["orphans", "--stack", "dev", "--service", bad]), bad).to.throw(
        `--service must be a uuid (8-4-4-4-12 hex digits, e.g. 0b3c2d4e-5f60-4718-8293-a4b5c6d7e8f9); got ${JSON.stringify(bad)}`,
      );
    }
  });

  it("says what is missing", () => {
    expect(() => parseOptions(["orphans"])).to.throw("--stack <name>");
    expect(() => parseOptions(["orphan", "--stack", "dev"])).to.throw('unknown command "orphan"');
    expect(() => parseOptions(["--stack", "dev"])).to.throw("no command given");
  });

  it("reads string config values of `pulumi config --json`, secret or not", () => {
    const source = configSource({
      "clickhouse:tokenSecret": { value: "s3cr3t", secret: true },
      "clickhouse:organizationId": { value: "org-1", secret: false },
      "app:tags": { objectValue: { a: 1 }, secret: false },
    });
    expect(source.get("clickhouse:tokenSecret")).to.equal("s3cr3t");
    expect(source.get("clickhouse:organizationId")).to.equal("org-1");
    expect(source.get("app:tags")).to.equal(undefined);
    expect(source.get("clickhouse:apiUrl")).to.equal(undefined);
  });
});
