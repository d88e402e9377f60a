/**
 * Who may do what in an organization, on the production wire: roles, members and their refusals as the real API
 * answers them. Sources: ClickHouse Cloud's OpenAPI (clickhousectl
 * `crates/clickhouse-cloud-api/clickhouse_cloud_openapi.json`), clickhousectl's live integration suite against the
 * real API (`crates/clickhouse-cloud-api/tests/integration_org_test.rs`, commit d966006c), and the official Terraform
 * provider (ClickHouse/terraform-provider-clickhouse, commit c320db99).
 */
import {
  ANY_DATE_TIME,
  ANY_UUID,
  like,
  type CaseIds,
  type ContractCase,
  type ContractResponse,
} from "../contract";

const liveSuite = "clickhousectl crates/clickhouse-cloud-api/tests/integration_org_test.rs";
const org = (ids: CaseIds) => `/v1/organizations/${ids.organizationId}`;
const roles = (ids: CaseIds) => `${org(ids)}/roles`;
const refused = (pattern: RegExp, example: string): ContractResponse => ({
  status: 400,
  body: { status: 400, error: like(pattern, example), requestId: ANY_UUID },
});

export const cases: ContractCase[] = [
  {
    behaviour: "an organization on custom roles refuses a member PATCH of the deprecated role",
    source: `${liveSuite}:130-133`,
    api: "management",
    dialect: "production",
    request: {
      method: "PATCH",
      path: (ids) => `${org(ids)}/members/${ids.members.developer}`,
      body: { role: "admin" },
    },
    response: refused(
      /^BAD_REQUEST: Organization has migrated to Custom Roles\. Use 'assignedRoleIds' instead of 'role'\.$/,
      "BAD_REQUEST: Organization has migrated to Custom Roles. Use 'assignedRoleIds' instead of 'role'.",
    ),
    client: { outcome: "error", message: /migrated to Custom Roles/ },
  },
  {
    behaviour: "a policy whose permissions target two resource scopes is refused",
    source: `${liveSuite}:592-597`,
    api: "management",
    dialect: "production",
    request: {
      method: "POST",
      path: roles,
      body: (ids: CaseIds) => ({
        name: "contract mixed",
        actors: [],
        policies: [
          {
            allowDeny: "ALLOW",
            permissions: ["control-plane:organization:view", "control-plane:service:view"],
            resources: [`organization/${ids.organizationId}`, "instance/*"],
          },
        ],
      }),
    },
    response: refused(
      /^BAD_REQUEST: .*All permissions in a policy must target the same resource scope/,
      "BAD_REQUEST: All permissions in a policy must target the same resource scope",
    ),
    client: { outcome: "error", message: /same resource scope/ },
  },
  {
    behaviour: "an organization resource must be the role's own organization: organization/* is refused",
    source: `${liveSuite}:633-637`,
    api: "management",
    dialect: "production",
    request: {
      method: "POST",
      path: roles,
      body: {
        name: "contract wildcard",
        actors: [],
        policies: [
          {
            allowDeny: "ALLOW",
            permissions: ["control-plane:organization:view"],
            resources: ["organization/*"],
          },
        ],
      },
    },
    response: refused(
      /^BAD_REQUEST: .*Organization \* must match the role's organization/,
      "BAD_REQUEST: Organization * must match the role's organization",
    ),
    client: { outcome: "error", message: /must match the role's organization/ },
  },
  {
    behaviour:
      "granting control-plane:service:manage also grants control-plane:service:delete, which the role shows",
    source:
      "terraform-provider-clickhouse internal/service/clickhouse/resource/role.go:406-420, role_test.go:125-140",
    api: "management",
    dialect: "production",
    request: {
      method: "POST",
      path: roles,
      body: {
        name: "contract managers",
        actors: [],
        policies: [
          { allowDeny: "ALLOW", permissions: ["control-plane:service:manage"], resources: ["instance/*"] },
        ],
      },
    },
    response: {
      status: 200,
      body: {
        status: 200,
        requestId: ANY_UUID,
        result: {
          id: ANY_UUID,
          name: "contract managers",
          type: "custom",
          actors: [],
          policies: [
            {
              id: ANY_UUID,
              allowDeny: "ALLOW",
              permissions: ["control-plane:service:manage", "control-plane:service:delete"],
              resources: ["instance/*"],
            },
          ],
          createdAt: ANY_DATE_TIME,
        },
      },
    },
    client: { outcome: "ok", resultSchema: "role" },
  },
  {
    behaviour: "a system role's actors can be replaced, as the Terraform role assignment does",
    source:
      "terraform-provider-clickhouse internal/service/clickhouse/resource/role_assignment.go (UpdateRole with actors " +
      "only), resource/descriptions/role_assignment.md (system and custom roles)",
    api: "management",
    dialect: "production",
    arrange: async (harness) => ({
      roleId: harness.fixture.roles.find((role) => role.name === "Member")?.id ?? "",
    }),
    request: {
      method: "PATCH",
      path: (ids) => `${roles(ids)}/${ids.made.roleId}`,
      body: (ids: CaseIds) => ({ actors: [`user/${ids.members.admin}`, `user/${ids.members.developer}`] }),
    },
    response: {
      status: 200,
      body: {
        status: 200,
        requestId: ANY_UUID,
        result: {
          id: ANY_UUID,
          name: "Member",
          type: "system",
          actors: [like(/^user\//, "user/a"), like(/^user\//, "user/b")],
        },
      },
    },
    client: { outcome: "ok", resultSchema: "role" },
  },
  {
    behaviour: "a deleted role is the API's own 404",
    source: `${liveSuite}:890-910 (get deleted role returns 404)`,
    api: "management",
    dialect: "production",
    arrange: async (harness) => {
      const created = await harness.management("POST", `${harness.orgPath}/roles`, {
        body: { name: "contract deleted", actors: [], policies: [] },
      });
      const roleId = (created.body as { result: { id: string } }).result.id;
      await harness.management("DELETE", `${harness.orgPath}/roles/${roleId}`);
      return { roleId };
    },
    request: { method: "GET", path: (ids) => `${roles(ids)}/${ids.made.roleId}` },
    response: {
      status: 404,
      body: {
        status: 404,
        error: like(/^NOT_FOUND: /, "NOT_FOUND: Role not found"),
        requestId: ANY_UUID,
      },
    },
    client: { outcome: "gone" },
  },
];
