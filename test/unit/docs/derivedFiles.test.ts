import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "chai";
import { derivedFiles } from "../../../scripts/generate/derivedFiles";

const repoRoot = path.resolve(__dirname, "..", "..", "..", "..");

describe("files derived from the resource definitions", function () {
  this.timeout(60_000);

  it("are what `npm run generate` writes: classes, kinds and the README's tables", async () => {
    const files = await derivedFiles(repoRoot);
    expect([...files.keys()]).to.include.members([
      "provider/classes/alert.ts",
      "provider/classes/apiKey.ts",
      "provider/classes/privateEndpoint.ts",
      "provider/classes/replicaScaling.ts",
      "provider/classes/reversePrivateEndpoint.ts",
      "provider/classes/index.ts",
      "provider/resources/registry.ts",
      "provider/native/schema.json",
      "README.md",
    ]);
    for (const [relative, content] of files) {
      const current = fs.readFileSync(path.join(repoRoot, relative), "utf8");
      expect(current, `${relative} is stale: run \`npm run generate\``).to.equal(content);
    }
  });

  it("the README's table says, per resource, which inputs update in place and which replace", () => {
    const readme = fs.readFileSync(path.join(repoRoot, "README.md"), "utf8");
    const row = (kind: string) => readme.split("\n").find((line) => line.startsWith(`| \`${kind}\``)) ?? "";
    const cells = (kind: string) =>
      row(kind)
        .split(" | ")
        .map((cell) => cell.trim());
    // Literal expectations from the APIs' behaviour: a key's settings PATCH in place, its credentials cannot change.
    expect(cells("ApiKey")[2]).to.equal(
      "`name`, `roles`, `assignedRoleIds`, `expireAt`, `state`, `ipAccessList`",
    );
    expect(cells("ApiKey")[3]).to.equal(
      "`keyId`, `keySecret`, `hashData`, `organizationId`, `adoptId`, `rotationTrigger`",
    );
    // The API's one update of a reverse private endpoint is the PATCH of its DNS names; readyTimeoutSeconds is the
    // provider's own.
    expect(cells("ReversePrivateEndpoint")[2]).to.equal("`customPrivateDnsNames`");
    expect(cells("ReversePrivateEndpoint")[3]).not.to.contain("readyTimeoutSeconds");
    expect(cells("PrivateEndpoint")[2]).to.equal("`description`");
    // An alert on another service's managed ClickStack is another alert.
    expect(cells("Alert")[3]).to.equal("`adoptId`, `clickstackServiceId`");
  });
});
