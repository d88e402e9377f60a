/**
 * The bulk-import file `export` writes: the names it makes from the objects' names, how it keeps them unique, and
 * the file's shape as `pulumi import --file` reads it (pkg/cmd/pulumi/operations/import.go of pulumi/pulumi
 * v3.248.0: an object with `resources`, each with `type`, `name` and `id`).
 */
import { expect } from "chai";
import { importFile, MAX_NAME_LENGTH, readableName, uniqueName } from "../../../provider/cli/importFile";

/** What Pulumi YAML, TypeScript, Python and Go all take as a resource's name in generated code. */
const identifier = /^[a-z][A-Za-z0-9]*$/;

describe("export: names for the import file", () => {
  const cases: Array<[string, string, string]> = [
    ["Error rate above 5%", "Alert", "errorRateAbove5"],
    ["left-by-a-killed-run", "ApiKey", "leftByAKilledRun"],
    ["CI deployer", "ApiKey", "ciDeployer"],
    ["  to the   queue  ", "ReversePrivateEndpoint", "toTheQueue"],
    ["Café échec", "Alert", "cafeEchec"],
    ["analytics.prod::main scaling", "ReplicaScaling", "analyticsProdMainScaling"],
    ["vpce-0123456789abcdef0", "PrivateEndpoint", "vpce0123456789abcdef0"],
  ];
  for (const [label, kind, expected] of cases) {
    it(`names ${JSON.stringify(label)} ${expected}`, () => {
      expect(readableName(label, kind)).to.equal(expected);
    });
  }

  it("puts the kind in front of a name that would start with a digit", () => {
    expect(readableName("5xx errors", "Alert")).to.equal("alert5xxErrors");
    expect(readableName("2024", "ApiKey")).to.equal("apiKey2024");
  });

  it("names an object after its kind when its name has no letter or digit Pulumi names take", () => {
    expect(readableName("", "ApiKey")).to.equal("apiKey");
    expect(readableName("日本語のアラート", "Alert")).to.equal("alert");
    expect(readableName("--- !!! ---", "ReversePrivateEndpoint")).to.equal("reversePrivateEndpoint");
  });

  it("cuts a long name at a word, within the limit", () => {
    const label = Array.from({ length: 40 }, (_, index) => `word${index}`).join(" ");
    const name = readableName(label, "Alert");
    expect(name.length).to.be.at.most(MAX_NAME_LENGTH);
    expect(name.length).to.be.greaterThan(MAX_NAME_LENGTH - "Word39".length);
    expect(name).to.match(/^word0Word1Word2/);
    expect(label.replace(/ /g, "").toLowerCase().startsWith(name.toLowerCase())).to.equal(true);
  });

  it("keeps a name of exactly the limit whole", () => {
    const name = readableName(`${"a".repeat(MAX_NAME_LENGTH - 4)} tail`, "Alert");
    expect(name).to.equal(`${"a".repeat(MAX_NAME_LENGTH - 4)}Tail`);
  });

  it("cuts a first word longer than the limit", () => {
    expect(readableName(`${"x".repeat(100)} tail`, "Alert")).to.equal("x".repeat(MAX_NAME_LENGTH));
  });

  it("numbers a repeated name from 2, ignoring case, and records what it hands out", () => {
    const taken = new Set<string>();
    expect(["errors", "errors", "Errors", "errors"].map((name) => uniqueName(name, taken))).to.deep.equal([
      "errors",
      "errors2",
      "Errors3",
      "errors4",
    ]);
    expect([...taken]).to.deep.equal(["errors", "errors2", "errors3", "errors4"]);
  });

  it("skips a numbered name that is taken already", () => {
    const taken = new Set(["errors", "errors2"]);
    expect(uniqueName("errors", taken)).to.equal("errors3");
  });
});

describe("export: the import file", () => {
  it("has one {type, name, id} per object, with the native plugin's type tokens", () => {
    const file = importFile([
      { kind: "ApiKey", importId: "0398b2a3-b861-4887-bc06-da839eeb3836", label: "CI deployer" },
      { kind: "Alert", importId: "65a1b2c3d4e5f60718293a4c", label: "Error rate above 5%" },
    ]);
    expect(JSON.parse(JSON.stringify(file))).to.deep.equal({
      resources: [
        {
          type: "clickhouse-cloud:index:ApiKey",
          name: "ciDeployer",
          id: "0398b2a3-b861-4887-bc06-da839eeb3836",
        },
        { type: "clickhouse-cloud:index:Alert", name: "errorRateAbove5", id: "65a1b2c3d4e5f60718293a4c" },
      ],
    });
  });

  it("keeps names unique across kinds and away from the names the stacks use", () => {
    const file = importFile(
      [
        { kind: "ApiKey", importId: "a", label: "deployer" },
        { kind: "Alert", importId: "b", label: "Deployer" },
        { kind: "ApiKey", importId: "c", label: "" },
        { kind: "ApiKey", importId: "d", label: "☃" },
        { kind: "Alert", importId: "e", label: "errors" },
      ],
      ["errors", "apiKey"],
    );
    expect(file.resources.map((resource) => resource.name)).to.deep.equal([
      "deployer",
      "deployer2",
      "apiKey2",
      "apiKey3",
      "errors2",
    ]);
    for (const { name } of file.resources) expect(name).to.match(identifier);
  });

  it("writes nothing but an empty list when there is nothing to import", () => {
    expect(importFile([])).to.deep.equal({ resources: [] });
  });
});
