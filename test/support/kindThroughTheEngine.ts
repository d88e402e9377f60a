/**
 * One kind's lifecycle through the real engine, on both wires and through both front ends (the package's class and
 * the native plugin's type token): up makes the object, a preview after it shows no change, an update changes it in
 * place, a refresh finds nothing changed, and destroy deletes it. What the emulator holds is read by the kind's
 * provider in the test's own process, below both front ends.
 */
import * as fs from "node:fs";
import { expect } from "chai";
import type { ConfigMap } from "@pulumi/pulumi/automation";
import type { Fixture } from "../../emulator";
import type { ApiDialect } from "../../schemas/dialects";
import { kindProvider } from "../../provider/host/kindProviders";
import { resources, type ResourceKind } from "../../provider/resources/registry";
import { LocalStack } from "../../scripts/lib/localStack";
import { nativeProjectDir, nativeStackConfig } from "./nativeProject";
import { emulatorStackConfig, forEachDialect, sharedEmulator } from "./emulator";
import { emulatorOperationContext } from "./kindOperations";
import { testProgram } from "./programs";

type Inputs = Record<string, unknown>;

export interface EngineLifecycle {
  readonly kind: ResourceKind;
  /**
   * The inputs of the first `up`, and those of the update, for the wire's emulator (`run` makes names unique); a
   * promise for inputs that name what must be looked up first (an API key's id).
   */
  inputs(fixture: Fixture, run: string): LifecycleInputs | Promise<LifecycleInputs>;
}

interface LifecycleInputs {
  readonly create: Inputs;
  readonly update: Inputs;
}

export const frontEnds = ["dynamic", "native"] as const;

/** The inputs that are outputs too, which the object must show as given (lists by value). */
function echoed(kind: ResourceKind, inputs: Inputs): Inputs {
  const { outputs } = resources[kind].definition;
  return Object.fromEntries(Object.entries(inputs).filter(([name]) => Object.hasOwn(outputs, name)));
}

/** Nothing but unchanged resources in an engine summary. */
function unchanged(summary: Record<string, number>): void {
  const { same: _same, ...changes } = summary;
  expect(changes, JSON.stringify(summary)).to.deep.equal({});
}

export type FrontEnd = (typeof frontEnds)[number];

/** A stack of the one-kind test program through a front end, and how to remove it with its project directory. */
export interface OneKindStack {
  readonly stack: LocalStack;
  dispose(): Promise<void>;
}

/**
 * The one-kind test program's stack for `kind` through `frontEnd`, pointed at the wire's shared emulator, with the
 * kind's output names and `config` besides (its inputs, say).
 */
export async function oneKindStack(
  kind: ResourceKind,
  frontEnd: FrontEnd,
  dialect: ApiDialect,
  config: ConfigMap = {},
): Promise<OneKindStack> {
  const { fixture } = await sharedEmulator(dialect);
  const program = testProgram("e2e", "one-kind");
  const native = frontEnd === "native";
  const projectDir = native ? nativeProjectDir("chc-one-kind") : undefined;
  const stack = await LocalStack.create({
    projectDir: projectDir ?? program.projectDir,
    programModule: program.programModule,
    config: {
      ...(native ? nativeStackConfig(fixture) : await emulatorStackConfig(dialect)),
      "e2e:kind": { value: kind },
      "e2e:frontEnd": { value: frontEnd },
      "e2e:outputNames": { value: JSON.stringify(Object.keys(resources[kind].definition.outputs)) },
      ...config,
    },
  });
  return {
    stack,
    async dispose() {
      await stack.dispose();
      // The native front end's project directory is this test's own; the dynamic one is the checkout's.
      if (projectDir !== undefined) fs.rmSync(projectDir, { recursive: true, force: true });
    },
  };
}

export function describeThroughTheEngine({ kind, inputs }: EngineLifecycle): void {
  forEachDialect((dialect) => {
    for (const frontEnd of frontEnds) {
      describe(`${kind} through the real engine (${frontEnd} front end, ${dialect} wire)`, function () {
        this.timeout(300_000);
        let fixture: Fixture;
        let stack: LocalStack;
        let given: LifecycleInputs;
        let id = "";
        let made: OneKindStack | undefined;

        const withInputs = (values: Inputs) =>
          stack.stack.setConfig("e2e:inputs", { value: JSON.stringify(values) });

        /** The object as the emulator holds it, read by the kind's provider in this process. */
        async function held(outputs: Inputs): Promise<Inputs | undefined> {
          await emulatorOperationContext(kind, dialect);
          return (await kindProvider(kind).read(id, outputs))?.outs;
        }

        async function subject(): Promise<{ id: string; outputs: Inputs }> {
          const found = (await stack.resources()).find((resource) => resource.urn.endsWith("::subject"));
          expect(found, "the stack's resource").to.not.equal(undefined);
          return { id: String(found!.id), outputs: (found!.outputs ?? {}) as Inputs };
        }

        before(async () => {
          fixture = (await sharedEmulator(dialect)).fixture;
          given = await inputs(fixture, `${process.pid}-${Date.now().toString(36)}`);
          made = await oneKindStack(kind, frontEnd, dialect, {
            "e2e:inputs": { value: JSON.stringify(given.create) },
          });
          stack = made.stack;
        });

        after(async () => {
          await made?.dispose();
        });

        it("up makes it as given, and a preview after it shows no change", async () => {
          const outputs = (await stack.up()).subject?.value as Inputs;
          expect(outputs).to.deep.include(echoed(kind, given.create));
          ({ id } = await subject());
          expect(await held(outputs)).to.deep.include(echoed(kind, given.create));
          unchanged(await stack.preview());
        });

        it("an update changes it in place, and neither a refresh nor a preview finds a change", async () => {
          await withInputs(given.update);
          const outputs = (await stack.up()).subject?.value as Inputs;
          expect((await subject()).id, "updated in place, not replaced").to.equal(id);
          expect(outputs).to.deep.include(echoed(kind, given.update));
          expect(await held(outputs)).to.deep.include(echoed(kind, given.update));
          unchanged(await stack.refresh());
          unchanged(await stack.preview());
        });

        it("destroy deletes it", async () => {
          const { outputs } = await subject();
          await stack.destroy();
          expect(await held(outputs)).to.equal(undefined);
        });
      });
    }
  });
}
