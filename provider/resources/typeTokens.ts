/**
 * The type tokens of a kind, built here and nowhere else. The native plugin serves every kind as
 * `clickhouse-cloud:index:<Kind>`; the dynamic classes register `pulumi-nodejs:dynamic/<module>:<Kind>`, the form
 * `pulumi.dynamic.Resource` gives, under the API the kind belongs to. A stack's state holds one or the other.
 */
import type { ResourceDefinition } from "./definition";

/** The plugin's package name: the first part of its tokens and the namespace of its configuration. */
export const PACKAGE_NAME = "clickhouse-cloud";

type KindNaming = Pick<ResourceDefinition, "kind" | "module">;

/** `clickhouse-cloud:index:ApiKey` for `ApiKey`: every resource and function of the package lives in its index module. */
export function nativeTypeToken(name: string): string {
  return `${PACKAGE_NAME}:index:${name}`;
}

/** `pulumi-nodejs:dynamic/clickhouse:ApiKey`: the token of the kind's dynamic class. */
export function dynamicTypeToken({ kind, module }: KindNaming): string {
  return `pulumi-nodejs:dynamic/${module}:${kind}`;
}

/** Both tokens a kind's resources may have in state. */
export function typeTokensOf(naming: KindNaming): [dynamic: string, native: string] {
  return [dynamicTypeToken(naming), nativeTypeToken(naming.kind)];
}
