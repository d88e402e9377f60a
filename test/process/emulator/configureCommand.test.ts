/**
 * `configure --fixture`, called in this process with a stand-in `pulumi` on PATH that records its arguments and
 * answers as told: what the command asks the Pulumi CLI to set, what it prints, and how it explains failures. The
 * command's own tests run it as a child process against the real CLI.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import { configureOptions, configureStack, type ConfigureOptions } from "../../../emulator/cli/configure";
import { CliError, UsageError } from "../../../emulator/cli/support";
import { failureOf } from "../../support/failureOf";

const fixture = {
  managementUrl: "http://127.0.0.1:4010",
  observabilityUrl: "http://127.0.0.1:4010/observability",
  organizationId: "org-1",
  tokenKey: "key-id",
  tokenSecret: "key-secret",
  observabilityToken: "obs-token",
  services: { production: "svc-prod", staging: "svc-staging" },
  dashboards: [{ id: "dash-1", tileIds: ["tile-1", "tile-2"] }],
  port: 4010,
};

let scratch: string;
let savedEnv: NodeJS.ProcessEnv;

function writeFixture(content: unknown, name = "fixture.json"): string {
  const file = path.join(scratch, name);
  fs.writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}

/** One run of the stand-in CLI: its arguments and what it read on standard input. */
interface FakeCall {
  readonly args: string[];
  readonly stdin: string;
}

/** What the stand-in CLI does and what it was asked. */
interface FakePulumi {
  /** Every run, in order; undefined when it never ran. */
  readonly runs: () => FakeCall[] | undefined;
  /** The arguments of every run, one after the other. */
  readonly calls: () => string[] | undefined;
  readonly dir: string;
}

/**
 * Puts a `pulumi` first on PATH that records its arguments and its standard input, prints `stderr` and exits with
 * `exitCode`.
 */
function fakePulumi(answer: { exitCode?: number; stderr?: string } = {}): FakePulumi {
  const dir = fs.mkdtempSync(path.join(scratch, "bin-"));
  const argsFile = path.join(dir, "args");
  const script = [
    "#!/bin/sh",
    `{ printf '%s\\n' "$@"; printf '<stdin>'; cat; printf '</stdin>\\n'; } >> '${argsFile}'`,
    `printf '%s' '${(answer.stderr ?? "").replace(/'/g, `'\\''`)}' >&2`,
    `exit ${answer.exitCode ?? 0}`,
  ].join("\n");
  fs.writeFileSync(path.join(dir, "pulumi"), script, { mode: 0o755 });
  process.env.PATH = `${dir}${path.delimiter}${savedEnv.PATH ?? ""}`;
  const runs = (): FakeCall[] | undefined => {
    if (!fs.existsSync(argsFile)) return undefined;
    const text = fs.readFileSync(argsFile, "utf8");
    return [...text.matchAll(/([\s\S]*?)<stdin>([\s\S]*?)<\/stdin>\n/g)].map(([, args, stdin]) => ({
      args: args.split("\n").slice(0, -1),
      stdin,
    }));
  };
  return { dir, runs, calls: () => runs()?.flatMap((run) => run.args) };
}

function options(overrides: Partial<ConfigureOptions>): ConfigureOptions {
  return { fixture: writeFixture(fixture), set: [], plugin: false, ...overrides };
}

describe("emulator command: configure --fixture", () => {
  beforeEach(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "chc-configure-"));
    savedEnv = { ...process.env };
  });

  afterEach(() => {
    process.env.PATH = savedEnv.PATH;
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  describe("its options", () => {
    it("needs --fixture", async () => {
      for (const values of [{}, { fixture: "" }]) {
        const error = await failureOf(() => configureOptions(values));
        expect(error).to.be.instanceOf(UsageError);
        expect(error.message).to.equal("configure needs --fixture <file>, the file --fixture-out wrote");
      }
    });

    it("reads the fixture, the stack, every --set and --plugin; --set and --plugin default to none and off", () => {
      expect(configureOptions({ fixture: "f.json" })).to.deep.equal({
        fixture: "f.json",
        stack: undefined,
        set: [],
        plugin: false,
      });
      expect(
        configureOptions({ fixture: "f.json", stack: "dev", set: ["a=b.c", "d=e"], plugin: true }),
      ).to.deep.equal({ fixture: "f.json", stack: "dev", set: ["a=b.c", "d=e"], plugin: true });
      expect(configureOptions({ fixture: "f.json", plugin: "yes" }).plugin).to.equal(false);
    });
  });

  it("sets the dynamic classes' keys, secrets as secrets on standard input, and prints them hidden", async () => {
    const cli = fakePulumi();
    const file = writeFixture(fixture);
    const printed = await configureStack({ fixture: file, set: [], plugin: false });
    expect(cli.runs()).to.deep.equal([
      {
        args: [
          "config",
          "set-all",
          "--plaintext",
          "clickhouse:apiUrl=http://127.0.0.1:4010",
          "--plaintext",
          "clickhouse:organizationId=org-1",
          "--plaintext",
          "clickhouse:tokenKey=key-id",
          "--plaintext",
          "observability:apiUrl=http://127.0.0.1:4010/observability",
          "--plaintext",
          "clickhouse:apiDialect=spec",
          "--plaintext",
          "observability:apiDialect=spec",
        ],
        stdin: "",
      },
      { args: ["config", "set", "--secret", "clickhouse:tokenSecret"], stdin: "key-secret" },
      { args: ["config", "set", "--secret", "observability:apiToken"], stdin: "obs-token" },
    ]);
    // No secret is ever an argument, where the process list would show it.
    expect(cli.calls()!.join(" ")).to.not.match(/key-secret|obs-token/);
    expect(printed).to.equal(
      `configured the current stack from ${file} with the dynamic classes' keys (clickhouse:*, observability:*; ` +
        "a program on the clickhouse-cloud plugin needs --plugin):\n" +
        "  clickhouse:apiUrl = http://127.0.0.1:4010\n" +
        "  clickhouse:organizationId = org-1\n" +
        "  clickhouse:tokenKey = key-id\n" +
        "  clickhouse:tokenSecret = [secret]\n" +
        "  observability:apiUrl = http://127.0.0.1:4010/observability\n" +
        "  observability:apiToken = [secret]\n" +
        "  clickhouse:apiDialect = spec\n" +
        "  observability:apiDialect = spec\n",
    );
  });

  it("sets the dialect keys to the wire of the emulator that wrote the fixture", async () => {
    for (const plugin of [false, true]) {
      const cli = fakePulumi();
      await configureStack({
        fixture: writeFixture({ ...fixture, dialect: "production" }),
        set: [],
        plugin,
      });
      const prefix = plugin ? "clickhouse-cloud:" : "clickhouse:";
      const observability = plugin ? "clickhouse-cloud:observabilityApiDialect" : "observability:apiDialect";
      expect(cli.calls()).to.include.members([
        `${prefix}apiDialect=production`,
        `${observability}=production`,
      ]);
    }
  });

  it("with --plugin, sets the native plugin's keys; with --stack, names the stack; --set adds program keys", async () => {
    const cli = fakePulumi();
    const file = writeFixture(fixture);
    const printed = await configureStack({
      fixture: file,
      stack: "dev",
      set: ["serviceId=services.production", "tileId=dashboards.0.tileIds.1"],
      plugin: true,
    });
    expect(cli.runs()).to.deep.equal([
      {
        args: [
          "config",
          "set-all",
          "--plaintext",
          "clickhouse-cloud:apiUrl=http://127.0.0.1:4010",
          "--plaintext",
          "clickhouse-cloud:organizationId=org-1",
          "--plaintext",
          "clickhouse-cloud:tokenKey=key-id",
          "--plaintext",
          "clickhouse-cloud:observabilityApiUrl=http://127.0.0.1:4010/observability",
          "--plaintext",
          "clickhouse-cloud:apiDialect=spec",
          "--plaintext",
          "clickhouse-cloud:observabilityApiDialect=spec",
          "--plaintext",
          "serviceId=svc-prod",
          "--plaintext",
          "tileId=tile-2",
          "--stack",
          "dev",
        ],
        stdin: "",
      },
      {
        args: ["config", "set", "--secret", "clickhouse-cloud:tokenSecret", "--stack", "dev"],
        stdin: "key-secret",
      },
      {
        args: ["config", "set", "--secret", "clickhouse-cloud:observabilityApiToken", "--stack", "dev"],
        stdin: "obs-token",
      },
    ]);
    expect(printed.split("\n")[0]).to.equal(
      `configured stack dev from ${file} with the clickhouse-cloud plugin's keys (clickhouse-cloud:*):`,
    );
    expect(printed).to.contain("\n  serviceId = svc-prod\n  tileId = tile-2\n");
  });

  describe("in a project that uses the clickhouse-cloud plugin, without --plugin", () => {
    let savedCwd: string;
    beforeEach(() => {
      savedCwd = process.cwd();
      process.chdir(scratch);
    });
    afterEach(() => process.chdir(savedCwd));

    const projects: { file: string; text: string; reason: string }[] = [
      {
        file: "Pulumi.yaml",
        text: "name: p\nruntime: yaml\nresources:\n  key:\n    type: clickhouse-cloud:index:ApiKey\n",
        reason: "Pulumi.yaml names clickhouse-cloud resources",
      },
      {
        file: "package.json",
        text: '{ "dependencies": { "pulumi-clickhouse-cloud-native": "0.1.0" } }',
        reason: "package.json depends on its Node.js SDK",
      },
      {
        file: "requirements.txt",
        text: "pulumi>=3.248.0\npulumi_clickhouse_cloud\n",
        reason: "requirements.txt depends on its Python SDK",
      },
      {
        file: "go.mod",
        text: "module m\nrequire github.com/pulumi-clickhouse-cloud/pulumi-clickhouse-cloud/sdk/go v0.1.0\n",
        reason: "go.mod requires its Go SDK",
      },
    ];
    for (const { file, text, reason } of projects) {
      it(`says the keys it wrote are ignored, and to use --plugin (${file})`, async () => {
        fakePulumi();
        fs.writeFileSync(path.join(scratch, file), text);
        const printed = await configureStack({ fixture: writeFixture(fixture), set: [], plugin: false });
        expect(printed).to.include("  clickhouse:tokenKey = key-id\n");
        expect(printed.trimEnd().split("\n").at(-1)).to.equal(
          `note: this project uses the clickhouse-cloud plugin (${reason}), which reads only clickhouse-cloud:* ` +
            "keys: run configure again with --plugin",
        );
      });
    }

    it("says nothing more with --plugin, nor in a project of the dynamic classes", async () => {
      fakePulumi();
      fs.writeFileSync(
        path.join(scratch, "package.json"),
        '{ "dependencies": { "pulumi-clickhouse-cloud": "0.1.0" } }',
      );
      const dynamic = await configureStack({ fixture: writeFixture(fixture), set: [], plugin: false });
      expect(dynamic).to.not.include("note:");
      fs.writeFileSync(
        path.join(scratch, "go.mod"),
        "require github.com/pulumi-clickhouse-cloud/pulumi-clickhouse-cloud/sdk/go v0.1.0\n",
      );
      const plugin = await configureStack({ fixture: writeFixture(fixture), set: [], plugin: true });
      expect(plugin).to.not.include("note:");
    });
  });

  describe("a --set it cannot use", () => {
    for (const entry of [
      "serviceId",
      "=services.production",
      "service Id=services.production",
      "a=b c",
      "a=",
      "a=b/c",
    ]) {
      it(`refuses ${JSON.stringify(entry)} as a usage error, before running the CLI`, async () => {
        const cli = fakePulumi();
        const error = await failureOf(() => configureStack(options({ set: [entry] })));
        expect(error).to.be.instanceOf(UsageError);
        expect(error.message).to.equal(
          `--set takes <config key>=<path in the fixture>, e.g. serviceId=services.production; got ${JSON.stringify(entry)}`,
        );
        expect(cli.calls()).to.equal(undefined);
      });
    }

    for (const dotted of [
      "services.qa",
      "services",
      "port",
      "dashboards.0.tileIds.5",
      "services.production.x",
      "services.production.0",
      "nope.deeper",
    ]) {
      it(`names a path with no text (${dotted}) and lists the fixture's fields`, async () => {
        const cli = fakePulumi();
        const error = await failureOf(() => configureStack(options({ set: [`k=${dotted}`] })));
        expect(error).to.be.instanceOf(CliError);
        expect(error.message).to.equal(
          `--set k=${dotted}: the fixture has no text at ${dotted} (top-level fields: managementUrl, ` +
            "observabilityUrl, organizationId, tokenKey, tokenSecret, observabilityToken, services, dashboards, port; " +
            "list items by number, e.g. dashboards.0.tileIds.0)",
        );
        expect(cli.calls()).to.equal(undefined);
      });
    }

    it("walks through a null without failing on it", async () => {
      fakePulumi();
      const file = writeFixture({ ...fixture, extra: null });
      const error = await failureOf(() =>
        configureStack({ fixture: file, set: ["k=extra.x"], plugin: false }),
      );
      expect(error.message).to.match(/^--set k=extra.x: the fixture has no text at extra.x /);
    });
  });

  describe("a fixture it cannot use", () => {
    it("says how to make a fixture that does not exist", async () => {
      const file = path.join(scratch, "missing.json");
      const error = await failureOf(() => configureStack({ fixture: file, set: [], plugin: false }));
      expect(error).to.be.instanceOf(CliError);
      expect(error.message).to.equal(
        `--fixture ${file} does not exist: start the emulator with --fixture-out ${file} (and --detach to wait until it is written)`,
      );
    });

    it("names the reason it cannot read one", async () => {
      const error = await failureOf(() => configureStack({ fixture: scratch, set: [], plugin: false }));
      expect(error).to.be.instanceOf(CliError);
      expect(error.message).to.equal(`--fixture ${scratch}: cannot read it (EISDIR)`);
    });

    it("refuses one that is not JSON", async () => {
      const file = writeFixture("{ not json");
      const error = await failureOf(() => configureStack({ fixture: file, set: [], plugin: false }));
      expect(error).to.be.instanceOf(CliError);
      expect(error.message).to.equal(
        `--fixture ${file} is not JSON; it should be the file the emulator's --fixture-out wrote`,
      );
    });

    for (const field of [
      "managementUrl",
      "observabilityUrl",
      "organizationId",
      "tokenKey",
      "tokenSecret",
    ] as const) {
      it(`refuses one without ${field}, or with it empty or not text`, async () => {
        const cli = fakePulumi();
        for (const value of [undefined, "", 5]) {
          const file = writeFixture({ ...fixture, [field]: value });
          const error = await failureOf(() => configureStack({ fixture: file, set: [], plugin: false }));
          expect(error).to.be.instanceOf(CliError);
          expect(error.message).to.equal(`--fixture ${file} is not an emulator fixture: it has no ${field}`);
        }
        expect(cli.calls()).to.equal(undefined);
      });
    }

    it("refuses one without an observability token, and accepts an empty one", async () => {
      const cli = fakePulumi();
      const withoutToken = writeFixture({ ...fixture, observabilityToken: undefined });
      const error = await failureOf(() => configureStack({ fixture: withoutToken, set: [], plugin: false }));
      expect(error).to.be.instanceOf(CliError);
      expect(error.message).to.equal(
        `--fixture ${withoutToken} is not an emulator fixture: it has no observabilityToken`,
      );
      expect(cli.calls()).to.equal(undefined);
      // The emulator's fixture has an empty token when observability auth is off.
      await configureStack({
        fixture: writeFixture({ ...fixture, observabilityToken: "" }),
        set: [],
        plugin: false,
      });
      expect(cli.runs()).to.deep.include({
        args: ["config", "set", "--secret", "observability:apiToken"],
        stdin: "",
      });
    });
  });

  describe("when the Pulumi CLI fails", () => {
    it("says how to get the CLI when it is not on PATH", async () => {
      process.env.PATH = scratch;
      const error = await failureOf(() => configureStack(options({})));
      expect(error).to.be.instanceOf(CliError);
      expect(error.message).to.equal(
        "the Pulumi CLI (pulumi) is not on PATH. Install it (https://www.pulumi.com/docs/install/), or use the one " +
          `this repository's npm scripts build: export PATH="$HOME/.pulumi/versions/3.248.0/bin:$PATH"`,
      );
    });

    const hints: [string, string, string][] = [
      [
        "a missing passphrase",
        "error: constructing secrets manager: passphrase must be set with PULUMI_CONFIG_PASSPHRASE\n",
        "\nSet PULUMI_CONFIG_PASSPHRASE (any value for a stack that only meets the emulator) before " +
          "`pulumi stack init`, and keep it set for every later pulumi command of that stack.",
      ],
      [
        "no project",
        "error: no Pulumi.yaml project file found (searching upwards from /x)",
        "\nRun configure in the directory of your Pulumi.yaml.",
      ],
      [
        "no project file",
        "error: no project file found",
        "\nRun configure in the directory of your Pulumi.yaml.",
      ],
      [
        "no stack selected",
        "error: no stack selected; please use `pulumi stack select`",
        "\nCreate the stack first (`pulumi stack init <name>`), or name it with --stack <name>.",
      ],
      [
        "no stack is selected",
        "error: no stack is selected",
        "\nCreate the stack first (`pulumi stack init <name>`), or name it with --stack <name>.",
      ],
      [
        "an unknown stack",
        "error: no stack named 'dev' found",
        "\nCreate the stack first (`pulumi stack init <name>`), or name it with --stack <name>.",
      ],
      ["anything else", "error: something else\n", ""],
    ];
    for (const [what, stderr, hint] of hints) {
      it(`prints the CLI's error and what to do about ${what}`, async () => {
        fakePulumi({ exitCode: 255, stderr });
        const error = await failureOf(() => configureStack(options({})));
        expect(error).to.be.instanceOf(CliError);
        expect(error.message).to.equal(`pulumi config set-all failed:\n${stderr.trim()}${hint}`);
      });
    }
  });
});
