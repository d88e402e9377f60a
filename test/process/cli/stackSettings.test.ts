/**
 * How the orphan finder reads stacks in this process: `pulumi stack export` and `pulumi config` through a stand-in
 * CLI that records what it was asked, the project it must run in, the settings it takes from one or more stacks,
 * and how it explains the CLI's failures.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import { connect } from "../../../provider/cli/connect";
import { configSource, readStack, type StackData } from "../../../provider/cli/stackReader";
import { addTrackedObjects, emptyTracked, trackedIdsOf } from "../../../provider/cli/trackedObjects";
import { UsageError } from "../../../provider/cli/usageError";
import type { ConfigSource } from "../../../provider/settings/sources";
import { useEmulator } from "../../support/emulator";
import { failureOf } from "../../support/failureOf";

const settingEnvVars = [
  "CLICKHOUSE_ORG_ID",
  "CLICKHOUSE_TOKEN_KEY",
  "CLICKHOUSE_TOKEN_SECRET",
  "CLICKHOUSE_API_URL",
  "CLICKHOUSE_THROTTLE",
  "OBSERVABILITY_API_URL",
  "OBSERVABILITY_API_TOKEN",
  "OBSERVABILITY_THROTTLE",
  "CLICKSTACK_SERVICE_ID",
];

function stack(name: string, config: Record<string, string>): StackData {
  const json = Object.fromEntries(
    Object.entries(config).map(([key, value]) => [key, { value, secret: false }]),
  );
  return { name, exported: {}, config: configSource(json) };
}

const management = {
  "clickhouse:apiUrl": "http://127.0.0.1:4010",
  "clickhouse:organizationId": "org-1",
  "clickhouse:tokenKey": "key-id",
  "clickhouse:tokenSecret": "key-secret",
};
const observability = {
  "observability:apiUrl": "http://127.0.0.1:4010/observability",
  "observability:apiToken": "obs-token",
};

describe("orphans: the settings of the listed stacks", () => {
  let saved: Record<string, string | undefined>;
  beforeEach(() => {
    saved = Object.fromEntries(settingEnvVars.map((name) => [name, process.env[name]]));
    for (const name of settingEnvVars) delete process.env[name];
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it("takes the first stack's organization and key; alerts only where an observability API is set", () => {
    const withAlerts = connect(
      [stack("dev", { ...management, ...observability })],
      ["svc-1"],
      () => undefined,
    );
    expect(withAlerts.organizationId).to.equal("org-1");
    expect(withAlerts.tokenKey).to.equal("key-id");
    expect(withAlerts.serviceIds).to.deep.equal(["svc-1"]);
    expect(withAlerts.observability).to.not.equal(undefined);
    const withoutAlerts = connect([stack("dev", management)], [], () => undefined);
    expect(withoutAlerts.observability).to.equal(undefined);
  });

  it("lists alerts of a managed ClickStack through the management API's routes of its service", () => {
    const managed = connect(
      [stack("dev", { ...management, "observability:clickstackServiceId": "svc-9" })],
      [],
      () => undefined,
    );
    expect(managed.observability?.alerts).to.not.equal(undefined);
    expect(managed.observability?.dialect).to.equal("production");
  });

  it("reads a stack of the native plugin by its own keys, and the environment after the config", () => {
    process.env.CLICKHOUSE_TOKEN_SECRET = "from-env";
    const native = connect(
      [
        stack("native", {
          "clickhouse-cloud:apiUrl": "http://127.0.0.1:4010",
          "clickhouse-cloud:organizationId": "org-native",
          "clickhouse-cloud:tokenKey": "native-key",
          "clickhouse-cloud:observabilityApiUrl": "http://127.0.0.1:4010/observability",
          "clickhouse-cloud:observabilityApiToken": "t",
        }),
      ],
      [],
      () => undefined,
    );
    expect(native.organizationId).to.equal("org-native");
    expect(native.tokenKey).to.equal("native-key");
    expect(native.observability).to.not.equal(undefined);
  });

  it("accepts stacks of one organization and the same API URLs, with or without observability", () => {
    expect(() =>
      connect([stack("a", management), stack("b", management), stack("c", management)], [], () => undefined),
    ).to.not.throw();
    expect(() =>
      connect(
        [stack("a", { ...management, ...observability }), stack("b", { ...management, ...observability })],
        [],
        () => undefined,
      ),
    ).to.not.throw();
  });

  const differences: [string, Record<string, string>][] = [
    ["organization", { ...management, "clickhouse:organizationId": "org-2" }],
    ["management API URL", { ...management, "clickhouse:apiUrl": "http://127.0.0.1:4011" }],
    [
      "observability API URL",
      { ...management, ...observability, "observability:apiUrl": "http://127.0.0.1:9/obs" },
    ],
    ["observability API set up on one stack only", { ...management, ...observability }],
    ["configured managed ClickStack", { ...management, "observability:clickstackServiceId": "svc-2" }],
  ];
  const firstOf: Record<string, Record<string, string>> = {
    "observability API URL": { ...management, ...observability },
    "configured managed ClickStack": { ...management, "observability:clickstackServiceId": "svc-1" },
  };
  for (const [what, other] of differences) {
    it(`refuses stacks that differ in ${what}`, async () => {
      const first = firstOf[what] ?? management;
      const error = await failureOf(() =>
        connect([stack("dev", first), stack("same", first), stack("prod", other)], [], () => undefined),
      );
      expect(error).to.be.instanceOf(UsageError);
      expect(error.message).to.equal(
        'stacks "dev" and "prod" use different organizations, API URLs or configured managed ClickStacks; ' +
          "run the command once per organization and setup, with the stacks that share it",
      );
    });
  }

  it("says which stack lacks a setting, with the command for that stack, in the keys of its path", async () => {
    const { "clickhouse:tokenSecret": _dropped, ...noSecret } = management;
    const dynamic = await failureOf(() => connect([stack("dev", noSecret)], [], () => undefined));
    expect(dynamic).to.be.instanceOf(UsageError);
    expect(dynamic.message).to.equal(
      'stack "dev": configuration for the management API is incomplete:\n' +
        "  - clickhouse:tokenSecret (or env CLICKHOUSE_TOKEN_SECRET): missing; run " +
        "`pulumi config set --stack dev --secret clickhouse:tokenSecret <key-secret>` or set CLICKHOUSE_TOKEN_SECRET",
    );
    const native = await failureOf(() =>
      connect(
        [stack("prod", { "clickhouse-cloud:organizationId": "org", "clickhouse-cloud:tokenKey": "k" })],
        [],
        () => undefined,
      ),
    );
    expect(native.message).to.equal(
      'stack "prod": configuration for the management API is incomplete:\n' +
        "  - clickhouse-cloud:tokenSecret (or env CLICKHOUSE_TOKEN_SECRET): missing; run " +
        "`pulumi config set --stack prod --secret clickhouse-cloud:tokenSecret <key-secret>` or set CLICKHOUSE_TOKEN_SECRET",
    );
  });

  it("treats an observability API set up by its URL or its token alone as half set up", async () => {
    const halves: Record<string, string>[] = [
      { "observability:apiUrl": "http://127.0.0.1:4010/observability" },
      { "observability:apiToken": "t" },
    ];
    for (const half of halves) {
      const error = await failureOf(() =>
        connect([stack("dev", { ...management, ...half })], [], () => undefined),
      );
      expect(error).to.be.instanceOf(UsageError);
      expect(error.message).to.match(
        /^stack "dev": configuration for the observability API is incomplete:\n/,
      );
    }
  });

  it("lets a failure that is not about settings through as it is", async () => {
    const broken = new Error("the config store is unreadable");
    // Fails only when the settings are read (the native plugin's keys are looked at first, and answer nothing).
    const config: ConfigSource = {
      get(key) {
        if (key === "clickhouse:apiUrl") throw broken;
        return undefined;
      },
    };
    const error = await failureOf(() =>
      connect([{ name: "dev", exported: {}, config }], [], () => undefined),
    );
    expect(error).to.equal(broken);
  });

  describe("against the emulator", () => {
    const setup = useEmulator({ provisioningDelayMs: 0 });

    it("reports the wake of an idle service it lists endpoints of", async () => {
      const { managementUrl, organizationId, tokenKey, tokenSecret, services } = setup.emulator.fixture;
      await setup.emulator.control.setServiceState(services.production, "idle");
      const lines: string[] = [];
      const access = connect(
        [
          stack("dev", {
            "clickhouse:apiUrl": managementUrl,
            "clickhouse:organizationId": organizationId,
            "clickhouse:tokenKey": tokenKey,
            "clickhouse:tokenSecret": tokenSecret,
            "clickhouse:throttle": "off",
          }),
        ],
        [services.production],
        (line) => lines.push(line),
      );
      await access.management.reversePrivateEndpoints.list(organizationId, services.production);
      expect(lines).to.deep.equal([
        `service ${services.production} is idle, and the API refuses reverse private endpoint operations until it ` +
          "runs: waking it up and waiting up to 600 s",
      ]);
    });
  });
});

describe("orphans: `pulumi config --json` values", () => {
  it("reads only string values of entries that are objects", () => {
    const source = configSource({
      a: { value: "x" },
      b: null,
      c: { value: 5 },
      d: "plain",
      e: { secret: true },
    });
    expect(["a", "b", "c", "d", "e", "missing"].map((key) => source.get(key))).to.deep.equal([
      "x",
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(configSource(null).get("a")).to.equal(undefined);
    expect(configSource(undefined).get("a")).to.equal(undefined);
  });
});

describe("orphans: what a stack export tracks, at the edges", () => {
  it("skips empty ids and service ids, and takes service ids only from resources that name a service", () => {
    const tracked = emptyTracked();
    addTrackedObjects(tracked, {
      deployment: {
        resources: [
          { type: "clickhouse-cloud:index:ApiKey", id: "", outputs: { serviceId: "not-a-service-resource" } },
          {
            type: "pulumi-nodejs:dynamic/clickhouse:ReplicaScaling",
            id: "svc-a",
            outputs: { serviceId: "" },
          },
          { type: "clickhouse-cloud:index:PrivateEndpoint", id: "pe-1", outputs: { serviceId: "svc-b" } },
        ],
      },
    });
    expect([...trackedIdsOf(tracked, "ApiKey")]).to.deep.equal([]);
    expect([...tracked.serviceIds]).to.deep.equal(["svc-b"]);
  });

  it("reads nothing from an export that is null, missing or not an object", () => {
    const tracked = emptyTracked();
    for (const exported of [null, undefined, 5, "text", { deployment: null }])
      addTrackedObjects(tracked, exported);
    expect(tracked.serviceIds.size + trackedIdsOf(tracked, "ApiKey").size).to.equal(0);
  });
});

describe("orphans: reading a stack through the Pulumi CLI", () => {
  let scratch: string;
  let project: string;
  beforeEach(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "chc-stack-reader-"));
    project = path.join(scratch, "project");
    fs.mkdirSync(path.join(project, "src", "deep"), { recursive: true });
    fs.writeFileSync(path.join(project, "Pulumi.yaml"), "name: app\nruntime: nodejs\n");
  });
  afterEach(() => {
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  /**
   * A stand-in `pulumi` that records the directory and arguments of each call and answers: `stack export` with
   * `exported`, `config` with `config`, or, with `stderr`, fails with that text.
   */
  function fakePulumi(answer: { exported?: unknown; config?: unknown; stderr?: string }): {
    file: string;
    calls: () => string[];
  } {
    const file = path.join(scratch, "pulumi");
    const log = path.join(scratch, "calls");
    const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
    const script = [
      "#!/bin/sh",
      `echo "$(pwd) $*" >> ${quote(log)}`,
      ...(answer.stderr !== undefined
        ? [`printf '%s' ${quote(answer.stderr)} >&2`, "exit 255"]
        : [
            `if [ "$1" = stack ]; then printf '%s' ${quote(JSON.stringify(answer.exported ?? {}))}; fi`,
            `if [ "$1" = config ]; then printf '%s' ${quote(JSON.stringify(answer.config ?? {}))}; fi`,
          ]),
    ].join("\n");
    fs.writeFileSync(file, script, { mode: 0o755 });
    return { file, calls: () => fs.readFileSync(log, "utf8").trim().split("\n") };
  }

  it("runs `stack export` and `config --json --show-secrets` for the stack, in the directory it was given", async () => {
    // Bigger than a few hundred bytes: the whole export is read, whatever its size.
    const exported = { version: 3, deployment: { resources: [{ type: "x", id: "y".repeat(2_000) }] } };
    const cli = fakePulumi({ exported, config: { "clickhouse:tokenKey": { value: "k", secret: false } } });
    const cwd = path.join(project, "src", "deep");
    const data = await readStack("dev", cwd, cli.file);
    expect(data.name).to.equal("dev");
    expect(data.exported).to.deep.equal(exported);
    expect(data.config.get("clickhouse:tokenKey")).to.equal("k");
    expect(cli.calls()).to.deep.equal([
      `${cwd} stack export --stack dev`,
      `${cwd} config --json --show-secrets --stack dev`,
    ]);
  });

  it("runs the `pulumi` on PATH when no CLI is named", async () => {
    const cli = fakePulumi({});
    const saved = process.env.PATH;
    process.env.PATH = `${scratch}${path.delimiter}${saved ?? ""}`;
    try {
      await readStack("dev", project);
    } finally {
      process.env.PATH = saved;
    }
    expect(cli.calls()).to.have.length(2);
  });

  it("finds a project file named Pulumi.yml too", async () => {
    fs.renameSync(path.join(project, "Pulumi.yaml"), path.join(project, "Pulumi.yml"));
    const cli = fakePulumi({});
    await readStack("dev", project, cli.file);
    expect(cli.calls()).to.have.length(2);
  });

  it("refuses to run outside a Pulumi project, before running the CLI", async () => {
    const cli = fakePulumi({});
    const outside = path.join(scratch, "elsewhere");
    fs.mkdirSync(outside);
    const error = await failureOf(() => readStack("dev", outside, cli.file));
    expect(error).to.be.instanceOf(UsageError);
    expect(error.message).to.equal(
      `no Pulumi project in ${outside}: run this command in the directory of your Pulumi project (the one with ` +
        "Pulumi.yaml) or below it",
    );
    expect(fs.existsSync(path.join(scratch, "calls"))).to.equal(false);
  });

  it("says how to get the CLI when it is not there", async () => {
    const error = await failureOf(() => readStack("dev", project, path.join(scratch, "no-pulumi")));
    expect(error).to.be.instanceOf(UsageError);
    expect(error.message).to.equal(
      "the Pulumi CLI (`pulumi`) is not on PATH: install it (https://www.pulumi.com/docs/install/)",
    );
  });

  const failures: [string, string, (stack: string) => string][] = [
    [
      "no project",
      "error: no Pulumi.yaml project file found (searching upwards from /x)",
      () =>
        "no Pulumi project here: run this command in the directory of your Pulumi project (the one with Pulumi.yaml)",
    ],
    [
      "an unknown stack",
      "error: no stack named 'dev' found",
      (stack) =>
        `stack "${stack}" is not in this project's backend: \`pulumi stack ls\` lists the stacks; check ` +
        "`pulumi whoami` or PULUMI_BACKEND_URL for the backend the stack lives in",
    ],
    [
      "a stack that is not found",
      "error: stack 'org/app/dev' not found",
      (stack) =>
        `stack "${stack}" is not in this project's backend: \`pulumi stack ls\` lists the stacks; check ` +
        "`pulumi whoami` or PULUMI_BACKEND_URL for the backend the stack lives in",
    ],
    [
      "a passphrase",
      "  error: incorrect passphrase \n",
      (stack) =>
        `cannot decrypt the config of stack "${stack}": set PULUMI_CONFIG_PASSPHRASE (or ` +
        "PULUMI_CONFIG_PASSPHRASE_FILE) to the stack's passphrase. The CLI said: error: incorrect passphrase",
    ],
    [
      "anything else",
      "\nerror: the backend is down\n",
      () => "`pulumi stack export --stack dev` failed: error: the backend is down",
    ],
  ];
  for (const [what, stderr, message] of failures) {
    it(`explains ${what}`, async () => {
      const cli = fakePulumi({ stderr });
      const error = await failureOf(() => readStack("dev", project, cli.file));
      expect(error).to.be.instanceOf(UsageError);
      expect(error.message).to.equal(message("dev"));
    });
  }

  it("falls back to the process error when the CLI printed nothing", async () => {
    const cli = fakePulumi({ stderr: "" });
    const error = await failureOf(() => readStack("dev", project, cli.file));
    expect(error.message).to.match(/^`pulumi stack export --stack dev` failed: Command failed: /);
  });
});
