/**
 * How a kind's check is described, apart from the code that runs it: the request body's builder and the spec's
 * derivation both name this shape, and the check imports both of them.
 */
import type { ApiDialect } from "../../../schemas/dialects";
import type { SchemaName } from "../../validation/validate";
import type { InputRule } from "../definition";

/** How one resource's inputs map onto the request body its schema describes. */
export interface CheckSpec {
  /** The request schema the body must satisfy. */
  readonly schema: SchemaName;
  /** Inputs that are not body fields (path parameters, adoption ids, triggers); validated by `extraRules`. */
  readonly nonBodyInputs: readonly string[];
  /** Inputs the body names differently, e.g. `{ endpointId: "id" }` because Pulumi reserves `id`. */
  readonly renamed?: Readonly<Record<string, string>>;
  /** Rules on inputs beyond the schema; each returns the problems it finds. */
  readonly extraRules: readonly InputRule[];
  /** Rules of one wire only. */
  readonly dialectRules?: Partial<Record<ApiDialect, readonly InputRule[]>>;
}
