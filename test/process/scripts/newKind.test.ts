/**
 * `npm run new-kind` in a copy of the checkout: the kind it writes builds, passes lint and the derived-files check,
 * serves its typed operations against the emulator, and fails its own test until the author fills in what the
 * scaffold marks.
 */
import { expect } from "chai";
import { kindNames } from "../../../scripts/newKind/names";
import { describeRun, Sandbox } from "../../support/docs/sandbox";

describe("the new-kind scaffold", function () {
  this.timeout(1_200_000);

  it("names a kind's folder, state field, API path and noun from its PascalCase name", () => {
    expect(kindNames("WidgetGroup")).to.deep.equal({
      kind: "WidgetGroup",
      folder: "widgetGroup",
      plural: "widgetGroups",
      segment: "widget-groups",
      noun: "widget group",
    });
    for (const bad of ["widget", "Widget_Group", "WIDGET", ""]) {
      expect(() => kindNames(bad), bad).to.throw("PascalCase");
    }
  });

  it("writes a kind that builds, serves its operations, and fails its test until it is filled in", async () => {
    const sandbox = Sandbox.checkout();
    try {
      const scaffold = await sandbox.run(
        "npm run --silent new-kind -- Widget observability-object --skip-sdk",
        {
          timeoutMs: 900_000,
        },
      );
      expect(scaffold.code, describeRun(scaffold)).to.equal(0);
      const checks = await sandbox.run(
        [
          "npx eslint provider/resources/widget schemas emulator/model/widgets.ts emulator/routes test/unit/resources/widget.test.ts test/engine/e2e/widget.test.ts",
          "npx prettier --check .",
          "node dist/scripts/generate.js --check",
        ].join("\n"),
        { timeoutMs: 300_000 },
      );
      expect(checks.code, describeRun(checks)).to.equal(0);
      const kindTest = await sandbox.run(
        "npx mocha --config .mocharc.json --reporter dot dist/test/unit/resources/widget.test.js",
        { timeoutMs: 300_000 },
      );
      expect(kindTest.code, "the filled-in test fails").to.equal(1);
      expect(kindTest.stdout)
        .to.match(/1 passing/)
        .and.to.match(/1 failing/);
      expect(kindTest.stdout).to.include("is filled in").and.to.include("SCAFFOLD:");
    } finally {
      sandbox.dispose();
    }
  });
});
