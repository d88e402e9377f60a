/**
 * One resource kind as both front ends serve it, on the engine's encoded property bags: what comes in is decoded
 * once (secrets unwrapped, declared defaults applied) for the kind's typed operations, and what goes out is
 * encoded once (secrets marked by the definition's rules and by what arrived secret). Check and diff follow the
 * definition; a read reports the inputs the outputs stand for.
 */
import type { ResourceDefinition } from "../resources/definition";
import type {
  CreateTarget,
  DiffVerdict,
  OperationContext,
  ReadPurpose,
  ResourceOperations,
} from "../resources/operations";
import { checkInputs, type CheckFailure } from "../resources/derive/check";
import type { CheckSpec } from "../resources/derive/checkSpec";
import { diffInputs, type DiffSpec } from "../resources/derive/diff";
import { checkSpecOf, diffSpecOf, inputNames } from "../resources/derive/specs";
import { PartialCreateError } from "../resources/lifecycle/partialCreate";
import type { PartlyKnown } from "../resources/partlyKnown";
import { pick, type PropertyBag } from "../propertyBags";
import { markSecret } from "../propertyEncoding";
import { decoded, decodedInputs } from "./decoding";
import { declaredSecrets, secretInputs, secretKeysIn, secretOutputs, type DeclaredSecrets } from "./secrecy";
import type { ProviderSession } from "./session";
import { warnOfIncompleteSettings } from "./settingsWarning";

export interface CheckOutcome {
  /** The inputs as given, with the secret ones marked. */
  readonly inputs: PropertyBag;
  readonly failures: CheckFailure[];
}

/** What a read found: its outputs, and the inputs they stand for, encoded. */
export interface ReadOutcome {
  readonly id: string;
  readonly outs: PropertyBag;
  readonly inputs: PropertyBag;
}

/** A kind as both front ends call it: on the engine's encoded bags, whatever the kind's typed inputs and outputs. */
export interface ServedKind {
  readonly definition: ResourceDefinition;
  check(news: PropertyBag, olds?: PropertyBag): Promise<CheckOutcome>;
  diff(olds: PropertyBag, news: PropertyBag, id?: string): DiffVerdict;
  create(news: PropertyBag, target?: CreateTarget): Promise<{ id: string; outs: PropertyBag }>;
  read(
    id: string,
    props: PropertyBag,
    oldInputs?: PropertyBag,
    purpose?: ReadPurpose,
  ): Promise<ReadOutcome | undefined>;
  update(id: string, olds: PropertyBag, news: PropertyBag): Promise<PropertyBag>;
  delete(id: string, props: PropertyBag): Promise<void>;
}

/**
 * The decoded bag as the kind's declared type. The engine sends create and update only inputs that check accepted
 * against the definition (the host adds the declared defaults), and read, update and delete only outputs this kind's
 * operations returned before; the generated `I` and `O` state those shapes, written from the same definition.
 */
function asDeclared<T extends PropertyBag>(bag: PropertyBag): T {
  return bag as T;
}

/** `I` and `O` are the kind's generated inputs and outputs (`resources/<kind>/shapes.ts`). */
export class KindProvider<I extends PropertyBag, O extends PropertyBag> implements ServedKind {
  private readonly checkSpec: CheckSpec;
  private readonly diffSpec: DiffSpec;
  private readonly secrets: DeclaredSecrets;
  /** What each operation of this kind receives: the session's clients, progress under the kind's name, the clock. */
  private readonly context: OperationContext;

  constructor(
    readonly definition: ResourceDefinition,
    private readonly operations: ResourceOperations<I, O>,
    private readonly session: ProviderSession,
  ) {
    this.checkSpec = checkSpecOf(definition);
    this.diffSpec = diffSpecOf(definition);
    this.secrets = declaredSecrets(definition);
    this.context = session.operationContext(definition.kind);
  }

  /** `olds` are the inputs the resource had (none for a create). */
  async check(news: PropertyBag, olds: PropertyBag = {}): Promise<CheckOutcome> {
    const inputs = decodedInputs(news);
    // An input not known yet in a preview will have a value: only its absence is a problem.
    const given = (name: string) =>
      inputs.unknown.has(name) || (inputs.known[name] !== undefined && inputs.known[name] !== null);
    const placement = {
      organizationId: given("organizationId"),
      clickstackServiceId: given("clickstackServiceId"),
    };
    // The wire's own rules need the wire: read from the stack config, as every operation reads it, unless the
    // resource names the service of its managed ClickStack (the production wire).
    const dialect =
      this.definition.dialectRules === undefined
        ? "spec"
        : this.session.dialect(this.definition.module, placement);
    const inputPlacement = {
      managedClickStack: this.session.onManagedClickStack(this.definition.module, placement),
    };
    const failures = checkInputs(this.checkSpec, inputs, dialect, decoded(olds), inputPlacement);
    for (const advisory of this.definition.advisories ?? []) {
      for (const { reason } of advisory(inputs.known, decoded(olds), inputs.unknown, inputPlacement)) {
        this.context.progress(`warning: ${reason}`);
      }
    }
    warnOfIncompleteSettings(this.session, this.definition, placement);
    const settingsComplete = this.session.settingsProblem(this.definition.module, placement) === undefined;
    if (failures.length === 0 && settingsComplete) {
      failures.push(...(await this.checkWithApi(inputs, decoded(olds))));
    }
    return { inputs: markSecret(news, secretInputs(this.secrets, secretKeysIn(news))), failures };
  }

  /**
   * The kind's check against what the API knows, on inputs its own checks accepted. A failure to read is the API's
   * or the network's, not the inputs': it must not fail a preview, so it is reported as a warning and checks
   * nothing (the API refuses the same inputs when `up` sends them).
   */
  private async checkWithApi(inputs: PartlyKnown, olds: PropertyBag): Promise<CheckFailure[]> {
    const operations = this.operations;
    if (operations.checkWithApi === undefined) return [];
    const typed: PartlyKnown<I> = { known: asDeclared<I>(inputs.known), unknown: inputs.unknown };
    try {
      return await operations.checkWithApi(typed, this.context, olds as Partial<I>);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.context.progress(
        `warning: the inputs could not be checked against the API (${reason}); the API checks them when \`up\` sends them`,
      );
      return [];
    }
  }

  /** `id` is the object's, when the front end has it. */
  diff(olds: PropertyBag, news: PropertyBag, id?: string): DiffVerdict {
    const oldOutputs = asDeclared<O>(decoded(olds));
    const given = decodedInputs(news);
    const newInputs: PartlyKnown<I> = {
      known: asDeclared<I>(this.withDefaults(given.known, given.unknown)),
      unknown: given.unknown,
    };
    if (id !== undefined) this.operations.noteDiff?.(id, newInputs);
    const compared = this.operations.comparable?.(oldOutputs, newInputs) ?? {
      olds: oldOutputs,
      news: newInputs.known,
    };
    const verdict = diffInputs(this.diffSpec, compared.olds, {
      known: compared.news,
      unknown: newInputs.unknown,
    });
    return this.operations.refineDiff?.(verdict, oldOutputs, newInputs) ?? verdict;
  }

  async create(news: PropertyBag, target: CreateTarget = {}): Promise<{ id: string; outs: PropertyBag }> {
    const inputs = asDeclared<I>(this.withDefaults(decoded(news)));
    const encode = (outs: PropertyBag) => this.encodeOutputs(outs, inputs, news);
    try {
      const made = await this.operations.create(inputs, this.context, target);
      return { id: made.id, outs: encode(made.outs) };
    } catch (error) {
      throw error instanceof PartialCreateError ? error.withProperties(encode(error.properties)) : error;
    }
  }

  /** `oldInputs` are the inputs the state holds, when the front end has them. Undefined when the object is gone. */
  async read(
    id: string,
    props: PropertyBag,
    oldInputs: PropertyBag = {},
    purpose: ReadPurpose = "refresh",
  ): Promise<ReadOutcome | undefined> {
    const found = await this.operations.read(id, asDeclared<O>(decoded(props)), this.context, purpose);
    if (found === undefined) return undefined;
    const inputs: PropertyBag =
      this.operations.inputsFromOutputs?.(found.outs, purpose) ??
      pick(found.outs, inputNames(this.definition));
    const arrived = secretKeysIn(props, oldInputs);
    return {
      id: found.id,
      outs: markSecret(
        found.outs,
        secretOutputs(this.secrets, { ...decoded(oldInputs), ...inputs }, arrived),
      ),
      inputs: markSecret(inputs, secretInputs(this.secrets, arrived)),
    };
  }

  async update(id: string, olds: PropertyBag, news: PropertyBag): Promise<PropertyBag> {
    const inputs = asDeclared<I>(this.withDefaults(decoded(news)));
    const outs = await this.operations.update(id, asDeclared<O>(decoded(olds)), inputs, this.context);
    return this.encodeOutputs(outs, inputs, news, olds);
  }

  async delete(id: string, props: PropertyBag): Promise<void> {
    await this.operations.delete(id, asDeclared<O>(decoded(props)), this.context);
  }

  /**
   * The inputs with each declared default in place of an input the program left out; an input named in `notKnown`
   * was given, only its value is not known yet.
   */
  private withDefaults(inputs: PropertyBag, notKnown: ReadonlySet<string> = new Set()): PropertyBag {
    const filled = { ...inputs };
    for (const [name, field] of Object.entries(this.definition.inputs)) {
      if (notKnown.has(name)) continue;
      if (field.default !== undefined && (filled[name] === undefined || filled[name] === null)) {
        filled[name] = field.default;
      }
    }
    return filled;
  }

  private encodeOutputs(outs: PropertyBag, inputs: PropertyBag, ...arrived: PropertyBag[]): PropertyBag {
    return markSecret(outs, secretOutputs(this.secrets, inputs, secretKeysIn(...arrived)));
  }
}
