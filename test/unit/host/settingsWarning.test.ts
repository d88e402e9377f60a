/**
 * The warning a check gives when its API's settings are incomplete: once per run and problem, naming each key.
 */
import { expect } from "chai";
import { reportProgressWith } from "../../../provider/host/progress";
import type { ProviderSession } from "../../../provider/host/session";
import { warnOfIncompleteSettings } from "../../../provider/host/settingsWarning";
import type { ResourceDefinition } from "../../../provider/resources/definition";
import { ConfigurationError } from "../../../provider/settings";

const alert = { kind: "Alert", module: "observability" } as ResourceDefinition;

/** A session whose settings miss `keys`; each test names its own keys, as the warning is given once per run. */
function sessionMissing(keys: string[]): ProviderSession {
  const problems = keys.map((key) => ({ key, envVar: key.toUpperCase(), problem: `missing ${key}` }));
  const problem = problems.length === 0 ? undefined : new ConfigurationError("observability API", problems);
  return { settingsProblem: () => problem } as unknown as ProviderSession;
}

describe("incomplete settings warning", () => {
  let lines: string[];
  beforeEach(() => {
    lines = [];
    reportProgressWith((label, message) => lines.push(`[${label}] ${message}`));
  });
  afterEach(() => {
    reportProgressWith((label, message) => console.error(`[${label}] ${message}`));
  });

  it("names each missing key with its environment variable, one a line, under the kind", () => {
    warnOfIncompleteSettings(sessionMissing(["warning-test:url", "warning-test:token"]), alert, {});
    expect(lines).to.deep.equal([
      "[Alert] warning: the settings of the observability API are incomplete: `pulumi up` will fail until they are set.\n" +
        "  - warning-test:url (or env WARNING-TEST:URL): missing warning-test:url\n" +
        "  - warning-test:token (or env WARNING-TEST:TOKEN): missing warning-test:token",
    ]);
  });

  it("warns once per run of the same problem, and not at all when the settings resolve", () => {
    const session = sessionMissing(["once-test:url"]);
    warnOfIncompleteSettings(session, alert, {});
    warnOfIncompleteSettings(session, alert, {});
    warnOfIncompleteSettings(sessionMissing([]), alert, {});
    expect(lines).to.have.length(1);
    expect(lines[0]).to.contain("once-test:url");
  });
});
