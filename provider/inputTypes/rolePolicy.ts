import type * as pulumi from "@pulumi/pulumi";
import type { PolicyEffect, PolicySqlConsoleRole } from "../../schemas";

/** What a policy's tags say about a service's databases in the SQL console. */
export interface RolePolicyTagsArgs {
  /** The databases the policy grants access to. */
  grants?: pulumi.Input<pulumi.Input<string>[]>;
  /** The SQL console role the policy gives: `sql-console-readonly` or `sql-console-admin`. */
  roleV2?: pulumi.Input<PolicySqlConsoleRole>;
}

/** One policy of a role: permissions it allows or denies on resources of one scope. */
export interface RolePolicyArgs {
  /** `ALLOW` or `DENY`. */
  allowDeny: pulumi.Input<PolicyEffect>;
  /** The permissions, each once, all on the organization or all on services (`control-plane:service:view`). */
  permissions: pulumi.Input<pulumi.Input<string>[]>;
  /** `organization/<organization id>`, or `instance/<service id>` and `instance/*`, each once. */
  resources: pulumi.Input<pulumi.Input<string>[]>;
  tags?: pulumi.Input<RolePolicyTagsArgs>;
}
