/**
 * Lint keeps the resource layer typed and free of the engine: the project's own ESLint configuration, run on
 * planted operations of a kind, reports each thing only the front ends or the host may do.
 */
import { expect } from "chai";
import { usePlantedLint } from "../../support/plantedLint";

describe("lint: the resource layer", function () {
  this.timeout(60_000);
  const linter = usePlantedLint("chc-layer-");

  /** Lints `text` as `relative` (a path inside the repository's layout) and returns `line: rule` per problem. */
  async function lint(relative: string, text: string): Promise<string[]> {
    const problems = await linter.lint({ [relative]: text });
    return problems.map((problem) => `${problem.line}: ${problem.ruleId}`);
  }

  const planted = [
    'import type * as pulumi from "@pulumi/pulumi";',
    'import { providerSession } from "../../host/session";',
    'import { UNKNOWN } from "../../propertyEncoding";',
    "declare const inputs: { x: number };",
    "declare function unwrapSecrets<T>(value: T): T;",
    "export const cast = 1 as unknown as string;",
    "export const text = String(inputs.x);",
    "export const plain = unwrapSecrets(inputs);",
    "export type Output = pulumi.Output<string>;",
    "export const session = providerSession;",
    "export const notKnownYet = UNKNOWN;",
    "",
  ].join("\n");

  it("refuses the engine's SDK and encoding, the host, double casts, String(inputs.x) and unwrapSecrets in a kind", async () => {
    expect(await lint("provider/resources/widget/operations.ts", planted)).to.deep.equal([
      "1: no-restricted-imports",
      "2: no-restricted-imports",
      "3: no-restricted-imports",
      "6: no-restricted-syntax",
      "7: no-restricted-syntax",
      "8: no-restricted-syntax",
    ]);
  });

  it("lets a front end do all of it", async () => {
    expect(await lint("provider/dynamic/widget.ts", planted)).to.deep.equal([]);
  });
});
