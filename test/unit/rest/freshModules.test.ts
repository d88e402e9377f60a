/**
 * What the REST layer keeps per process, each computed by a freshly loaded module (the test process's own copy
 * was filled by the first client an earlier test made): the User-Agent, read from the nearest package.json of
 * this package, the lazily loaded HTTP libraries, and the request validators, loaded on first use.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import type * as HttpLibraryModule from "../../../provider/rest/transport/httpLibrary";
import type * as UserAgentModule from "../../../provider/rest/transport/userAgent";
import type * as ValidationModule from "../../../provider/validation/validate";
import { freshlyLoaded } from "../../support/freshlyLoaded";

const providerDir = path.join(__dirname, "..", "..", "..", "provider");
const transportDir = path.join(providerDir, "rest", "transport");

describe("User-Agent", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-user-agent-"));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A copy of the compiled module at `where` (relative to the temp dir), then its User-Agent. */
  function userAgentFrom(where: string): string {
    const target = path.join(dir, where, "userAgent.js");
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(transportDir, "userAgent.js"), target);
    return freshlyLoaded<typeof UserAgentModule>(target).userAgent();
  }

  const manifest = (where: string, content: object) =>
    fs.writeFileSync(path.join(dir, where, "package.json"), JSON.stringify(content));

  it("names this package's version, read from its package.json", () => {
    const ownManifest = JSON.parse(
      fs.readFileSync(path.join(__dirname, "..", "..", "..", "..", "package.json"), "utf8"),
    ) as { version: string };
    const { userAgent } = freshlyLoaded<typeof UserAgentModule>(path.join(transportDir, "userAgent.js"));
    expect(userAgent()).to.equal(`pulumi-clickhouse-cloud/${ownManifest.version}`);
  });

  it("skips package.json files of other packages and of this one without a version, nearest first", () => {
    fs.mkdirSync(path.join(dir, "a", "b", "c"), { recursive: true });
    manifest("", { name: "pulumi-clickhouse-cloud", version: "9.8.7" });
    manifest("a", { name: "pulumi-clickhouse-cloud" });
    manifest(path.join("a", "b"), { name: "another-package", version: "1.0.0" });
    expect(userAgentFrom(path.join("a", "b", "c"))).to.equal("pulumi-clickhouse-cloud/9.8.7");
  });

  it("says the version is unknown when no package.json above it is this package's", () => {
    expect(userAgentFrom("lonely")).to.equal("pulumi-clickhouse-cloud/unknown");
  });
});

describe("HTTP libraries", () => {
  it("are axios with its Node transport and axios-retry, loaded on first use", () => {
    const { httpLibrary } = freshlyLoaded<typeof HttpLibraryModule>(
      path.join(transportDir, "httpLibrary.js"),
    );
    const library = httpLibrary();
    expect(library.axios.getAdapter("http")).to.equal(library.httpAdapter);
    expect(library.httpAdapter).to.be.a("function");
    expect(library.axiosRetry).to.be.a("function");
    expect(httpLibrary()).to.equal(library);
  });
});

describe("request validation", () => {
  it("loads the generated validators on first use", () => {
    const { validate } = freshlyLoaded<typeof ValidationModule>(
      path.join(providerDir, "validation", "validate.js"),
    );
    expect(validate("apiKey", { id: "x", name: 7 })).to.deep.equal([
      { property: "name", reason: "name must be a string or null; got 7" },
    ]);
  });
});
