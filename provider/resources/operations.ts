/**
 * How one kind talks to the API, typed by the kind's inputs and outputs. The front ends decode what the engine
 * sends (secrets unwrapped, declared defaults applied) before an operation sees it, and encode what it returns;
 * check, diff and the inputs a read reports come from the definition. An operation receives everything it may use
 * besides its values in its context.
 */
import type { Clock } from "../clock";
import type { PropertyBag } from "../propertyBags";
import type { ManagementClient, ObservabilityClient } from "../rest";
import type { PartlyKnown } from "./partlyKnown";
import type { ValidationProblem } from "../validation/validate";

/** The management API's client and the organization an operation works in. */
export interface ManagementAccess {
  readonly client: ManagementClient;
  readonly organizationId: string;
}

export interface OperationContext {
  /** The client, for the resource's own organization when it names one, else the configured one. */
  management(organizationId: string | undefined): ManagementAccess;
  /**
   * The client of the managed ClickStack of `clickstackServiceId` (the resource's own service) when given, else the
   * configured observability API (`observability:clickstackServiceId`, or its URL and token).
   */
  observability(clickstackServiceId: string | undefined): ObservabilityClient;
  /** A line for the user about this operation, under the resource's kind; one that starts "warning: " warns. */
  progress(message: string): void;
  readonly clock: Clock;
}

/** An object and its outputs. */
export interface Found<O> {
  readonly id: string;
  readonly outs: O;
}

/** A diff's result: whether anything changes, and which inputs make it a replacement. */
export interface DiffVerdict {
  readonly changes: boolean;
  readonly replaces: readonly string[];
  /**
   * A replacement must delete the old object before it creates the new one (the API keeps one such object per
   * key, e.g. one pending invitation per address); otherwise the engine creates the new one first.
   */
  readonly deleteBeforeReplace?: boolean;
}

/**
 * Why an object is read: `refresh` of a resource a stack holds (its last outputs are known), or `import`, the read
 * of `pulumi import`, which knows only what the import id gives and adopts every field the object has.
 */
export type ReadPurpose = "refresh" | "import";

/** The resource a create makes the object for. */
export interface CreateTarget {
  /**
   * The resource's URN, the same in every run of its stack and in no other: what a create that marks its object
   * takes its marker from. Undefined when the caller does not know it (the provider called outside the engine).
   */
  readonly urn?: string;
}

export interface ResourceOperations<I, O> {
  create(inputs: I, context: OperationContext, target?: CreateTarget): Promise<Found<O>>;
  /**
   * Reads the object; `olds` are its last outputs (on an import, only what the import id gives). Undefined when the
   * object is gone.
   */
  read(id: string, olds: O, context: OperationContext, purpose: ReadPurpose): Promise<Found<O> | undefined>;
  update(id: string, olds: O, news: I, context: OperationContext): Promise<O>;
  delete(id: string, olds: O, context: OperationContext): Promise<void>;
  /**
   * Old outputs and the known new inputs in a form where equal meaning is equal value, before they are compared.
   * The inputs not known yet stay in `news.unknown` and count as changed whatever value the result puts under them.
   */
  comparable?(olds: O, news: PartlyKnown<I>): { olds: PropertyBag; news: PropertyBag };
  /** Changes the field-by-field verdict where the object's remote state calls for it (e.g. a Failed endpoint). */
  refineDiff?(verdict: DiffVerdict, olds: O, news: PartlyKnown<I>): DiffVerdict;
  /**
   * Sees the inputs a diff compares with the object `id` (a preview or `up` of an existing resource), for a kind
   * whose inputs other kinds' checks depend on; it decides nothing about the diff.
   */
  noteDiff?(id: string, news: PartlyKnown<I>): void;
  /** The inputs a read reports, when they are not simply each input's output of the same name. */
  inputsFromOutputs?(outs: O, purpose: ReadPurpose): PropertyBag;
  /**
   * Checks the known inputs against what only the API knows (the settings a service lets its owner change), at
   * check, once the definition's own checks found nothing: what it returns fails the check as they do, before
   * anything is sent. It runs in every preview, so it reads only when what it needs is known (skipping otherwise),
   * and a failure to read (thrown) never fails the check: the host reports it as a warning, and the API itself
   * refuses what it would have caught when `up` sends it. `olds` are the inputs the engine recorded at the last
   * `up` (none for a new resource), which the API took then: only what differs from them needs the API's word, so
   * a no-change preview sends nothing.
   */
  checkWithApi?(
    inputs: PartlyKnown<I>,
    context: OperationContext,
    olds: Partial<I>,
  ): Promise<ValidationProblem[]>;
}
