import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

// Who may do what in the organization: a custom role, a new API key for CI that holds it, an older key that still
// has the API's role words until `moveLegacyKey` gives it the role by id (in place: the same key and secret), and
// an engineer invited to the role. Once they accept, `joined` swaps the invitation for the member it became.
const config = new pulumi.Config();
const engineer = config.get("engineerEmail") ?? "new.engineer@example.com";
const moveLegacyKey = config.getBoolean("moveLegacyKey") ?? false;
const joined = config.getBoolean("joined") ?? false;

const deployers = new chc.Role("deployers", {
  name: "Deployers",
  policies: [
    {
      allowDeny: "ALLOW",
      permissions: ["control-plane:service:view", "control-plane:service:manage"],
      resources: ["instance/*"],
    },
  ],
});

const ciKey = new chc.ApiKey("ci-key", { name: "ci deployer", assignedRoleIds: [deployers.id] });

const legacyKey = new chc.ApiKey(
  "legacy-key",
  moveLegacyKey
    ? { name: "release tooling", assignedRoleIds: [deployers.id] }
    : { name: "release tooling", roles: ["developer"] },
);

const access = joined
  ? new chc.Member("engineer", { email: engineer, assignedRoleIds: [deployers.id] })
  : new chc.Invitation("engineer", { email: engineer, assignedRoleIds: [deployers.id] });

export const roleId = deployers.id;
export const ciKeyId = ciKey.keyId;
export const ciKeySecret = ciKey.keySecret;
export const legacyKeyId = legacyKey.id;
export const legacyKeySecret = legacyKey.keySecret;
export const legacyKeyRoleIds = legacyKey.assignedRoleIds;
export const engineerAccess = access.id;
