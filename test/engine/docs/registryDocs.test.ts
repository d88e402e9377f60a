import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "chai";
import { parse as parseYaml } from "yaml";
import { configSetCommand, isRequiredSetting, SETTINGS, type SettingSpec } from "../../../schemas/settings";
import { CliProject } from "../native/support/cliProject";
import { repoRoot } from "../../support/programs";
import { packageVersion as version, releaseDryRun, serveRelease } from "../../support/release";
import { blocksOf } from "../../support/docs/markdown";

const pages = ["docs/_index.md", "docs/installation-configuration.md"];
const text = (relative: string) => fs.readFileSync(path.join(repoRoot, relative), "utf8");

function frontMatter(relative: string): Record<string, unknown> {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text(relative));
  expect(match, `${relative} starts with front matter`).to.not.equal(null);
  return parseYaml(match![1]) as Record<string, unknown>;
}

function bashBlocks(relative: string): string[] {
  return blocksOf(relative)
    .filter((block) => block.language === "bash")
    .map((block) => block.content);
}

/** The Pulumi Registry's pages of the package, in the Registry's format; their generated parts: derivedFiles.test. */
describe("docs: the Pulumi Registry's pages", function () {
  this.timeout(600_000);

  it("have the front matter the Registry reads: a title, a description and the package layout", () => {
    for (const page of pages) {
      const matter = frontMatter(page);
      expect(matter.layout, page).to.equal("package");
      expect(matter.title, page)
        .to.be.a("string")
        .and.match(/ClickHouse Cloud/);
      expect(matter.meta_desc, page).to.be.a("string").and.have.length.greaterThan(20);
    }
  });

  it("the overview shows the example in TypeScript, Python, Go and YAML, each in the Registry's chooser", () => {
    const index = text("docs/_index.md");
    expect(index).to.include('{{< chooser language "typescript,python,go,yaml" >}}');
    for (const language of ["typescript", "python", "go", "yaml"]) {
      expect(index).to.include(`{{% choosable language ${language} %}}\n\n\`\`\`${language}\n`);
    }
    expect(index).to.include("import pulumi_clickhouse_cloud as clickhousecloud");
    expect(index).to.include("clickhousecloud.NewApiKey(ctx");
    expect(index).to.include("type: clickhouse-cloud:index:ApiKey");
  });

  it("installation: each language's install line names its published package", () => {
    const install = text("docs/installation-configuration.md");
    for (const line of [
      "`npm install pulumi-clickhouse-cloud-native @pulumi/pulumi`",
      "`pip install pulumi_clickhouse_cloud`",
      `\`go get github.com/pulumi-clickhouse-cloud/pulumi-clickhouse-cloud/sdk/go@v${version}\``,
      "- YAML: no SDK",
    ]) {
      expect(install).to.include(line);
    }
  });

  it("installation: the config and environment blocks set every required setting, secrets as secrets", () => {
    const [, , config, environment] = bashBlocks("docs/installation-configuration.md");
    const required = Object.values(SETTINGS).filter((spec: SettingSpec) => isRequiredSetting(spec));
    expect(config.trim().split("\n")).to.deep.equal(
      required.map((spec) => configSetCommand(spec).replace(` ${spec.key} `, ` ${spec.pluginKey} `)),
    );
    expect(environment.trim().split("\n")).to.deep.equal(
      required.map((spec) => `export ${spec.envVar}=${spec.placeholder}`),
    );
  });

  it("installation: its plugin install command installs the plugin from the release's URL", async () => {
    const [install] = bashBlocks("docs/installation-configuration.md");
    const github =
      "https://github.com/pulumi-clickhouse-cloud/pulumi-clickhouse-cloud/releases/download/v<version>";
    expect(install.trim()).to.equal(
      `pulumi plugin install resource clickhouse-cloud <version> --server ${github}`,
    );
    await releaseDryRun();
    const server = await serveRelease();
    const project = CliProject.create("name: chc-registry-install\nruntime: yaml\n");
    try {
      // The command as written, with the version filled in and a loopback copy of the release for GitHub's.
      const args = install
        .trim()
        .replace(github, server.downloadUrl)
        .replaceAll("<version>", version)
        .split(" ")
        .slice(1);
      await project.pulumi(args);
      const installed = path.join(project.home, "plugins", `resource-clickhouse-cloud-v${version}`);
      expect(fs.readdirSync(installed)).to.include("pulumi-resource-clickhouse-cloud");
    } finally {
      project.dispose();
      await server.close();
    }
  });

  it("installation: with the mirror's override set as written, the install command downloads from the mirror", async () => {
    const [install, mirror] = bashBlocks("docs/installation-configuration.md");
    const assignment = /^export PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES='(.+)'$/.exec(mirror.trim());
    expect(assignment, mirror).to.not.equal(null);
    const mirrorUrl = "https://mirror.example.com/clickhouse-cloud/";
    expect(assignment![1]).to.include(`=${mirrorUrl}`);
    await releaseDryRun();
    const server = await serveRelease();
    // The loopback copy of the release stands in for the mirror: same override, the mirror's host replaced.
    const override = assignment![1].replace(
      mirrorUrl,
      `${new URL(server.downloadUrl).origin}/releases/download/`,
    );
    const project = CliProject.create("name: chc-registry-mirror\nruntime: yaml\n", {
      PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: override,
    });
    try {
      const before = server.requests.length;
      await project.pulumi(install.trim().replaceAll("<version>", version).split(" ").slice(1));
      expect(
        server.requests
          .slice(before)
          .some((request) => request.startsWith(`/releases/download/v${version}/`)),
      ).to.equal(true);
      const installed = path.join(project.home, "plugins", `resource-clickhouse-cloud-v${version}`);
      expect(fs.readdirSync(installed)).to.include("pulumi-resource-clickhouse-cloud");
    } finally {
      project.dispose();
      await server.close();
    }
  });
});
