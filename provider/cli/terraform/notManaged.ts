/**
 * The resource types of the official ClickHouse Terraform provider (its `docs/resources/*.md`, at commit c320db9 of
 * github.com/ClickHouse/terraform-provider-clickhouse) that no kind of this package takes over, each with what it
 * manages: `export --from-terraform` lists their instances as not mapped, saying so. A type that is in neither this
 * list nor a kind's origins is one the Terraform provider added later.
 */

/** The provider commit the types were read from. */
export const TERRAFORM_PROVIDER_COMMIT = "c320db9";
/** Its full hash, for links to its files. */
export const TERRAFORM_PROVIDER_SHA = "c320db99ba37b84eca0181a074b2501f946d4d04";

export interface NotManagedType {
  readonly type: string;
  /** What it manages, lower case, for "no kind of this package manages <what> yet". */
  readonly what: string;
  /** The file of the Terraform provider's repository that documents it. */
  readonly source: string;
}

function notManaged(name: string, what: string): NotManagedType {
  return { type: `clickhouse_${name}`, what, source: `docs/resources/${name}.md` };
}

export const notManagedTypes: readonly NotManagedType[] = [
  notManaged(
    "service_transparent_data_encryption_key_association",
    "the association of a service with its transparent data encryption key (the key is a service input, set " +
      "where the service is managed)",
  ),
  notManaged("udf", "user-defined functions"),
  notManaged("udf_attachment", "the attachment of a user-defined function to a service"),
  notManaged("postgres_service", "Managed Postgres services"),
  notManaged("clickstack_connection", "ClickStack connections"),
  notManaged("clickstack_role", "ClickStack roles"),
  notManaged("clickstack_team", "ClickStack team settings"),
  notManaged("clickstack_team_member", "ClickStack team members"),
];
