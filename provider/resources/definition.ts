/**
 * The shape of a resource definition: everything about one resource kind that is not how it talks to the API.
 * The dynamic providers' check and diff, the inputs a read returns, the secret outputs, the typed classes, the
 * README's resource table and the native provider's schema are all derived from it.
 */
import type { SchemaObject } from "ajv";
import type { ApiDialect } from "../../schemas/dialects";
import type { ValidationProblem } from "../validation/validate";
import type { SchemaName } from "../validation/validate";

/** What a change of an input does to the remote object. */
export type ChangeEffect =
  /** Sent to the API, which changes the object in place. */
  | "update"
  /** The object is deleted and created again (the API cannot change it, or the input names another object). */
  | "replace"
  /** Only the provider uses it (a timeout): a change is recorded and nothing is sent. */
  | "none";

/** A named TypeScript type of the package's API (an enum or an object), used instead of the schema's shape. */
export interface NamedType {
  /** The exported TypeScript name, e.g. `ApiKeyRole`. */
  readonly name: string;
  /** The module that exports it, relative to `provider/`: `../schemas`, `rest`, `resources/apiKey/settings`. */
  readonly from: string;
}

interface FieldCommon {
  /** Documentation: shown by IDE hover on the typed classes, in the API reference and in the native schema. */
  readonly description: string;
  /**
   * The value's JSON Schema. A body input may leave it out: it is then the request schema's property of the same
   * (or renamed) name, so one schema set serves the check, the emulator's model and the docs.
   */
  readonly schema?: SchemaObject;
  /** The TypeScript type programs see, when it has a name of its own. */
  readonly type?: NamedType;
  /** Encrypted in state and shown only with `--show-secrets`. */
  readonly secret?: boolean;
}

export interface InputField extends FieldCommon {
  /** A program must set it. */
  readonly required?: boolean;
  readonly change: ChangeEffect;
  /**
   * Leaving it out means "leave the remote value alone" or "use the configured default", never "set it to
   * nothing": an absent value is then not compared by diff.
   */
  readonly unsetMeansUnmanaged?: boolean;
  /** Not a field of the request body (a path parameter, an adoption id, a trigger); has its own `schema`. */
  readonly outsideBody?: boolean;
  /** The body field's name when it differs, e.g. `id` (a name Pulumi reserves). */
  readonly bodyName?: string;
  /**
   * The value the provider uses when the program leaves the input out: the front ends put it in place before an
   * operation sees the inputs, and the docs state it. Not for a value the API itself assumes (that is left out of
   * requests, and said in the description).
   */
  readonly default?: string | number | boolean;
  /**
   * The check of an input outside the body; `null` when the definition's `rules` check it with other inputs.
   * Without one, a string input is checked to be non-empty (when set, unless it is required); an input of another
   * type must have one.
   */
  readonly rule?: InputRule | null;
  /** Not compared by itself: a change shows through this other input, computed from it (keyId through hashData). */
  readonly comparedThrough?: string;
}

export interface OutputField extends FieldCommon {
  /** Always set once the resource exists (otherwise the output may be undefined). */
  readonly alwaysSet?: boolean;
  /** A secret only when the program set one of these inputs (e.g. credentials the program chose). */
  readonly secretWhenSet?: readonly string[];
}

/**
 * A rule on inputs beyond what a JSON Schema says; returns the problems it finds (none: valid). `inputs` are the
 * known ones; `previous` are the inputs the resource had before this change (none for a create), for an API that
 * accepts on update what it keeps unchanged; `notKnown` names the inputs given whose values are not known yet (a
 * preview), for a rule that needs one of several inputs.
 */
export type InputRule = (
  inputs: Readonly<Record<string, unknown>>,
  previous?: Readonly<Record<string, unknown>>,
  notKnown?: ReadonlySet<string>,
  placement?: InputPlacement,
) => ValidationProblem[];

/** Where the resource's object lives, as far as a rule of its inputs depends on it. */
export interface InputPlacement {
  /** On a service's managed ClickStack, named by the resource or by `observability:clickstackServiceId`. */
  readonly managedClickStack: boolean;
}

/** `Request` is the name of the request schema, so the body's type follows from the definition. */
export interface ResourceDefinition<Request extends SchemaName = SchemaName> {
  /** The type name, e.g. `ApiKey`: the class name and the last part of every type token. */
  readonly kind: string;
  /** Which API the resource belongs to: `clickhouse` (management) or `observability`. */
  readonly module: "clickhouse" | "observability";
  /** What the resource is and how it behaves; the class's TSDoc and the schema's description. */
  readonly description: string;
  /** One line on what sets it apart, for the README's table of resources. */
  readonly notes: string;
  /** How the resource id is formed, e.g. "the key's uuid, as the API lists it". */
  readonly id: string;
  /** The request schema the inputs in the body must satisfy; the body's type is this schema's (`rest/schemaTypes.ts`). */
  readonly requestSchema: Request;
  readonly inputs: Readonly<Record<string, InputField>>;
  readonly outputs: Readonly<Record<string, OutputField>>;
  /** Rules across inputs, or on inputs outside the body that a schema cannot state (each names the input). */
  readonly rules?: readonly InputRule[];
  /**
   * Rules of one wire only, checked when the resource's API speaks it: the production wire's own limits, or the
   * specification's refusal of inputs only the production wire has.
   */
  readonly dialectRules?: Partial<Record<ApiDialect, readonly InputRule[]>>;
  /**
   * Rules that find a likely mistake rather than a certain one (inputs that fail at `up` unless the program does
   * something rare): each problem is a warning of the check, which passes.
   */
  readonly advisories?: readonly InputRule[];
  /**
   * Whether a create marks its object with the resource's URN (in the object's name), so that the next run can
   * tell an object a killed run made for this resource: the dynamic front end then passes the URN as an input.
   */
  readonly markedCreate?: boolean;
}
