import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import { repoRoot } from "../../support/programs";

function actionlint(args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) =>
    execFile(
      "bash",
      [path.join(repoRoot, "scripts", "actionlint.sh"), ...args],
      { cwd: repoRoot, encoding: "utf8" },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    ),
  );
}

/** The GitHub Actions workflows, checked by actionlint (built from its Go module by scripts/actionlint.sh). */
describe("GitHub Actions workflows pass actionlint", function () {
  this.timeout(600_000);

  it("the repository's workflows and the CI example of the docs", async () => {
    const workflows = fs
      .readdirSync(path.join(repoRoot, ".github", "workflows"))
      .map((name) => `.github/workflows/${name}`);
    expect(workflows).to.include(".github/workflows/release.yml");
    const result = await actionlint([...workflows, "examples/ci/github-actions.yml"]);
    expect(result.code, result.output).to.equal(0);
  });

  it("reports a workflow with a mistake, naming it (the linter does run)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-actionlint-"));
    try {
      const broken = path.join(dir, "broken.yml");
      fs.writeFileSync(
        broken,
        "on: push\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ github.refname }}\n",
      );
      const result = await actionlint([broken]);
      expect(result.code).to.equal(1);
      expect(result.output).to.include('property "refname" is not defined');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
