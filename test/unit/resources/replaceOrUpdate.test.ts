/**
 * Which input changes replace a resource and which update it in place, for every input of every kind, through
 * each provider's diff. The lists are written out here from what the APIs offer, not read from the code:
 * - a reverse private endpoint's one update operation is the PATCH of its custom private DNS names, so they
 *   change in place and every other input replaces it;
 * - a private endpoint registration is identified by its endpoint id and attached to one service; its description
 *   is changed in place;
 * - replica scaling is a PATCH of one service's settings, so each setting updates in place and only
 *   another service (or organization) is another resource;
 * - an API key's name, roles, expireAt, state and IP access list are changed in place by PATCH; its credentials
 *   (hashData, or keyId and keySecret, whose hashes are what is sent) exist only at create, so changing them, or
 *   the rotationTrigger, replaces the key;
 * - an alert is replaced whole by PUT under the same id, so every field of its body updates in place; only
 *   adopting another alert replaces the resource.
 * Organization and adoptId are identities: another one is another object.
 * The engine-level checks of one replace and one update per kind are in test/engine/e2e.
 */
import { createHash } from "node:crypto";
import { expect } from "chai";
import type { PropertyBag } from "../../../provider/propertyBags";
import { providerImplementation, type ResourceKind } from "../../../provider/dynamic/registry";

interface KindCase {
  kind: ResourceKind;
  /** Outputs of an existing resource (they repeat every input under its name). */
  olds: PropertyBag;
  /** The same inputs a program would give. */
  news: PropertyBag;
  /** Each input whose change replaces, with a changed value and the name the diff reports. */
  replaces: Array<[field: string, changedValue: unknown, reported: string]>;
  /** Each input whose change updates in place, with a changed value. */
  updates: Array<[field: string, changedValue: unknown]>;
}

const organizationId = "11111111-2222-4333-8444-555555555555";
const otherOrganizationId = "99999999-2222-4333-8444-555555555555";
const serviceId = "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee";
const otherServiceId = "ffffffff-bbbb-4ccc-8ddd-eeeeeeeeeeee";

/** hashData as the API documents it: base64 SHA-256 of the key id and of the secret, and the id's last 4 characters. */
function hashDataOf(keyId: string, keySecret: string) {
  const digest = (text: string) => createHash("sha256").update(text).digest("base64");
  return { keyIdHash: digest(keyId), keyIdSuffix: keyId.slice(-4), keySecretHash: digest(keySecret) };
}

const reversePrivateEndpointInputs = {
  serviceId,
  organizationId,
  adoptId: "0b0c2a3e-7c57-4d0e-9d9a-000000000001",
  type: "MSK_MULTI_VPC",
  description: "pipes",
  vpcEndpointServiceName: "com.amazonaws.vpce.eu-west-1.vpce-svc-0abc",
  vpcResourceConfigurationId: "rcfg-0abc",
  vpcResourceShareArn: "arn:aws:ram:eu-west-1:123456789012:resource-share/abc",
  mskClusterArn: "arn:aws:kafka:eu-west-1:123456789012:cluster/one/abc",
  mskAuthentication: "SASL_IAM",
  gcpServiceAttachment: "projects/analytics/regions/europe-west1/serviceAttachments/db",
  customPrivateDnsNames: ["db.example.com", "*.internal.example.com"],
};

const apiKeySettings = {
  name: "ci",
  roles: ["developer"],
  expireAt: "2030-01-01T00:00:00Z",
  state: "enabled",
  ipAccessList: [{ source: "10.0.0.0/8", description: "office" }],
  organizationId,
  rotationTrigger: "2026-01",
};
const apiKeyHashData = hashDataOf("OWNKEYID0001", "own-secret-0001");

const alertInputs = {
  threshold: 5,
  interval: "5m",
  source: "tile",
  thresholdType: "above",
  channel: { type: "webhook", webhookId: "65a1f0c2b3d4e5f607180001" },
  dashboardId: "65a1f0c2b3d4e5f607180002",
  tileId: "tile-1",
  savedSearchId: "65a1f0c2b3d4e5f607180003",
  groupBy: "host",
  name: "errors",
  message: "too many errors",
  adoptId: "65a1f0c2b3d4e5f607180004",
};

const scalingInputs = {
  serviceId,
  organizationId,
  minReplicaMemoryGb: 16,
  maxReplicaMemoryGb: 32,
  numReplicas: 3,
  idleScaling: true,
  idleTimeoutMinutes: 10,
};

const privateEndpointInputs = { serviceId, endpointId: "vpce-0abc", organizationId, description: "first" };

const kinds: KindCase[] = [
  {
    kind: "ReversePrivateEndpoint",
    olds: { ...reversePrivateEndpointInputs, status: "Ready", endpointId: "vpce-out", dnsNames: [] },
    news: reversePrivateEndpointInputs,
    replaces: [
      ["serviceId", otherServiceId, "serviceId"],
      ["organizationId", otherOrganizationId, "organizationId"],
      ["adoptId", "0b0c2a3e-7c57-4d0e-9d9a-000000000002", "adoptId"],
      ["type", "VPC_RESOURCE", "type"],
      ["description", "other pipes", "description"],
      ["vpcEndpointServiceName", "com.amazonaws.vpce.eu-west-1.vpce-svc-0def", "vpcEndpointServiceName"],
      ["vpcResourceConfigurationId", "rcfg-0def", "vpcResourceConfigurationId"],
      ["vpcResourceShareArn", "arn:aws:ram:eu-west-1:123456789012:resource-share/def", "vpcResourceShareArn"],
      ["mskClusterArn", "arn:aws:kafka:eu-west-1:123456789012:cluster/two/def", "mskClusterArn"],
      ["mskAuthentication", "SASL_SCRAM", "mskAuthentication"],
      [
        "gcpServiceAttachment",
        "projects/analytics/regions/europe-west1/serviceAttachments/other",
        "gcpServiceAttachment",
      ],
    ],
    updates: [
      ["customPrivateDnsNames", ["db.example.com"]],
      ["customPrivateDnsNames", []],
    ],
  },
  {
    kind: "PrivateEndpoint",
    olds: { ...privateEndpointInputs, cloudProvider: "aws", region: "us-east-1" },
    news: privateEndpointInputs,
    replaces: [
      ["serviceId", otherServiceId, "serviceId"],
      ["endpointId", "vpce-0def", "endpointId"],
      ["organizationId", otherOrganizationId, "organizationId"],
    ],
    updates: [["description", "second"]],
  },
  {
    kind: "ReplicaScaling",
    olds: {
      ...scalingInputs,
      name: "production",
      managedFields: [
        "minReplicaMemoryGb",
        "maxReplicaMemoryGb",
        "numReplicas",
        "idleScaling",
        "idleTimeoutMinutes",
      ],
    },
    news: scalingInputs,
    replaces: [
      ["serviceId", otherServiceId, "serviceId"],
      ["organizationId", otherOrganizationId, "organizationId"],
    ],
    updates: [
      ["minReplicaMemoryGb", 24],
      ["maxReplicaMemoryGb", 64],
      ["numReplicas", 2],
      ["idleScaling", false],
      ["idleTimeoutMinutes", 15],
    ],
  },
  {
    kind: "ApiKey",
    olds: { ...apiKeySettings, hashData: apiKeyHashData, keySuffix: "0001" },
    news: { ...apiKeySettings, hashData: apiKeyHashData },
    replaces: [
      ["hashData", hashDataOf("OWNKEYID0002", "own-secret-0001"), "hashData"],
      ["organizationId", otherOrganizationId, "organizationId"],
      ["rotationTrigger", "2026-02", "rotationTrigger"],
    ],
    updates: [
      ["name", "ci-renamed"],
      ["roles", ["admin"]],
      ["expireAt", "2031-01-01T00:00:00Z"],
      ["state", "disabled"],
      ["ipAccessList", [{ source: "192.168.0.0/16", description: "office" }]],
    ],
  },
  {
    kind: "ApiKey",
    // A key made from credentials the program chose: only their hashes were sent, and are in the outputs.
    olds: {
      ...apiKeySettings,
      keyId: "OWNKEYID0001",
      keySecret: "own-secret-0001",
      hashData: apiKeyHashData,
    },
    news: { ...apiKeySettings, keyId: "OWNKEYID0001", keySecret: "own-secret-0001" },
    replaces: [
      ["keyId", "OWNKEYID0002", "hashData"],
      ["keySecret", "own-secret-0002", "hashData"],
    ],
    updates: [],
  },
  {
    kind: "ApiKey",
    olds: { ...apiKeySettings, adoptId: "0b0c2a3e-7c57-4d0e-9d9a-000000000001" },
    news: { ...apiKeySettings, adoptId: "0b0c2a3e-7c57-4d0e-9d9a-000000000001" },
    replaces: [["adoptId", "0b0c2a3e-7c57-4d0e-9d9a-000000000002", "adoptId"]],
    updates: [],
  },
  {
    kind: "Alert",
    olds: { ...alertInputs, state: "inactive", team: "65a1f0c2b3d4e5f607180005", silenced: false },
    news: alertInputs,
    replaces: [["adoptId", "65a1f0c2b3d4e5f607180006", "adoptId"]],
    updates: [
      ["threshold", 6],
      ["interval", "15m"],
      ["source", "search"],
      ["thresholdType", "below"],
      ["channel", { type: "webhook", webhookId: "65a1f0c2b3d4e5f607180007" }],
      ["dashboardId", "65a1f0c2b3d4e5f607180008"],
      ["tileId", "tile-2"],
      ["savedSearchId", "65a1f0c2b3d4e5f607180009"],
      ["groupBy", "service"],
      ["name", "warnings"],
      ["message", "too many warnings"],
    ],
  },
];

describe("provider diff: which input changes replace and which update in place, for every kind", () => {
  for (const { kind, olds, news, replaces, updates } of kinds) {
    const provider = providerImplementation(kind);
    if (!provider) throw new Error(`no provider for ${kind}`);
    const diff = (inputs: PropertyBag) => provider.diff("id", olds, inputs);

    describe(kind, () => {
      it(`unchanged inputs are no change (${Object.keys(news).join(", ")})`, async () => {
        expect((await diff(news)).changes).to.equal(false);
      });

      for (const [field, changedValue, reported] of replaces) {
        it(`a changed ${field} replaces it`, async () => {
          expect(await diff({ ...news, [field]: changedValue })).to.deep.equal({
            changes: true,
            replaces: [reported],
          });
        });
      }

      for (const [field, changedValue] of updates) {
        it(`a changed ${field} updates it in place`, async () => {
          const result = await diff({ ...news, [field]: changedValue });
          expect(result.changes).to.equal(true);
          expect(result.replaces ?? []).to.deep.equal([]);
        });
      }
    });
  }
});
