/**
 * The plugin's installation page speaks the plugin's terms: its settings name one another by the plugin's config
 * keys (`clickhouse-cloud:<name>`), never the dynamic classes' (`clickhouse:` / `observability:`), and what it
 * refers the reader to is a link.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "chai";
import { inPluginTerms } from "../../../scripts/generate/registryDocs";

const repoRoot = path.resolve(__dirname, "../../../..");
const page = fs.readFileSync(path.join(repoRoot, "docs", "installation-configuration.md"), "utf8");

describe("docs: the plugin's installation page", () => {
  it("names no config key of the dynamic classes", () => {
    expect(page.match(/`(clickhouse|observability):[A-Za-z]+`/g) ?? []).to.deep.equal([]);
  });

  it("puts a setting's text in the plugin's keys", () => {
    expect(inPluginTerms("with `observability:clickstackServiceId`, `spec` elsewhere")).to.equal(
      "with `clickhouse-cloud:clickstackServiceId`, `spec` elsewhere",
    );
    expect(inPluginTerms("`clickhouse:apiUrl` or `observability:apiUrl`")).to.equal(
      "`clickhouse-cloud:apiUrl` or `clickhouse-cloud:observabilityApiUrl`",
    );
  });

  it("links the overview's example it refers to", () => {
    expect(page).to.not.match(/see the overview's example(?!\])/);
    expect(page).to.include("[the overview's example](../#example)");
  });
});
