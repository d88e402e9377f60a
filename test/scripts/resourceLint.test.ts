/**
 * Lint keeps the resource layer typed and free of the engine: the project's own ESLint configuration, run on
 * planted operations of a kind, reports each thing only the front ends or the host may do.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import { ESLint } from "eslint";

const configFile = path.resolve(__dirname, "../../../eslint.config.mjs");

describe("lint: the resource layer", function () {
  this.timeout(60_000);
  let directory: string;

  beforeEach(() => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), "chc-layer-"));
  });
  afterEach(() => fs.rmSync(directory, { recursive: true, force: true }));

  /** Lints `text` as `relative` (a path inside the repository's layout) and returns `line: rule` per problem. */
  async function lint(relative: string, text: string): Promise<string[]> {
    const file = path.join(directory, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    const eslint = new ESLint({ cwd: directory, overrideConfigFile: configFile });
    const [result] = await eslint.lintFiles([relative]);
    return result.messages.map((message) => `${message.line}: ${message.ruleId}`);
  }

  const planted = [
    'import type * as pulumi from "@pulumi/pulumi";',
    'import { providerSession } from "../../host/session";',
    "declare const inputs: { x: number };",
    "declare function unwrapSecrets<T>(value: T): T;",
    "export const cast = 1 as unknown as string;",
    "export const text = String(inputs.x);",
    "export const plain = unwrapSecrets(inputs);",
    "export type Output = pulumi.Output<string>;",
    "export const session = providerSession;",
    "",
  ].join("\n");

  it("refuses the engine's SDK, the host, double casts, String(inputs.x) and unwrapSecrets in a kind", async () => {
    expect(await lint("provider/resources/widget/operations.ts", planted)).to.deep.equal([
      "1: no-restricted-imports",
      "2: no-restricted-imports",
      "5: no-restricted-syntax",
      "6: no-restricted-syntax",
      "7: no-restricted-syntax",
    ]);
  });

  it("lets a front end do all of it", async () => {
    expect(await lint("provider/dynamic/widget.ts", planted)).to.deep.equal([]);
  });
});
