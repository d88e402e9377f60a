/**
 * The texts that say what the package manages name every kind of the registry: the README's first lines, the
 * Registry overview's (docs/_index.md), the package description the SDKs' manifests carry (the Python package's
 * pyproject.toml), and what `export` says it writes (its help and docs/adopting.md), since it exports every kind. A
 * new kind fails this test until it has a phrase here and is named in each text.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "chai";
import { exportUsage } from "../../../provider/cli/exportCommand";
import { resources } from "../../../provider/resources/registry";

const repoRoot = path.resolve(__dirname, "../../../..");

/**
 * How each kind is named in prose (matched in lower case). Keyed by name, not typed by the registry: a kind the
 * scaffold adds still builds, and fails the first test below until it has its phrase.
 */
const phrases: Record<string, RegExp> = {
  Service: /\bservices\b/,
  ReplicaScaling: /\breplica (auto-)?scaling\b/,
  ScalingSchedule: /\bscaling schedules?\b/,
  ServiceClickHouseSettings: /\bclickhouse settings\b/,
  UpgradeWindow: /\bupgrade windows?\b/,
  ServiceQueryEndpoint: /\bquery api endpoints?\b/,
  // "private endpoints", or "private and reverse private endpoints", but not only "reverse private endpoints".
  PrivateEndpoint: /(?<!reverse )\bprivate (and reverse private )?endpoints\b/,
  ReversePrivateEndpoint: /\breverse private endpoints\b/,
  ClickPipe: /\bclickpipes\b/,
  ClickPipesCdcScaling: /\b(?:their|clickpipes) cdc scaling\b/,
  OrganizationSettings: /\borganization(?:'s)? settings\b/,
  ApiKey: /\bapi keys\b/,
  Role: /\bcustom roles\b/,
  RoleAssignment: /\brole assignments\b/,
  Member: /\bmembers\b/,
  Invitation: /\binvitations\b/,
  Alert: /\balerts\b/,
  Webhook: /\bwebhooks\b/,
  SavedSearch: /\bsaved searches\b/,
  Dashboard: /\bdashboards\b/,
  Source: /\bsources\b/,
};

function read(relative: string): string {
  return fs.readFileSync(path.join(repoRoot, relative), "utf8");
}

/** The text between the first occurrence of `from` and the next of `to`. */
function between(text: string, from: string, to: string): string {
  const start = text.indexOf(from);
  const end = text.indexOf(to, start + from.length);
  expect(start, `"${from}"`).to.be.at.least(0);
  expect(end, `"${to}"`).to.be.greaterThan(start);
  return text.slice(start, end);
}

const texts: Record<string, () => string> = {
  "README.md's first lines": () => between(read("README.md"), "# pulumi-clickhouse-cloud", "## From a clone"),
  "docs/_index.md's first lines": () => between(read("docs/_index.md"), "layout: package", "## Example"),
  "the Python package's description": () => {
    const match = /^\s*description = "(.*)"$/m.exec(read("sdk/python/pyproject.toml"));
    expect(match, "sdk/python/pyproject.toml has a description").to.not.equal(null);
    return match![1];
  },
  "the package schema's description": () =>
    (JSON.parse(read("provider/native/schema.json")) as { description: string }).description,
  "what `export --help` says it writes": () => between(exportUsage, "Writes a file", "Each entry"),
  "what docs/adopting.md says export writes": () =>
    between(read("docs/adopting.md"), "**Which objects**", "**The file**"),
};

describe("docs: every kind is named where the package says what it manages", () => {
  it("has a phrase for every kind of the registry, and only for those", () => {
    expect(Object.keys(phrases).sort()).to.deep.equal(Object.keys(resources).sort());
  });

  it("tells a text that names a kind from one that does not", () => {
    expect(phrases.PrivateEndpoint.test("reverse private endpoints")).to.equal(false);
    expect(phrases.PrivateEndpoint.test("private and reverse private endpoints")).to.equal(true);
    expect(phrases.Dashboard.test("alerts on dashboard tiles")).to.equal(false);
  });

  for (const [name, text] of Object.entries(texts)) {
    it(`${name}: every kind is named`, () => {
      const lower = text().toLowerCase().replace(/\s+/g, " ");
      const missing = Object.entries(phrases)
        .filter(([, phrase]) => !phrase.test(lower))
        .map(([kind]) => kind);
      expect(missing, name).to.deep.equal([]);
    });
  }
});
