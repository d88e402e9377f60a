import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import { budgetDirectory, budgetRoot } from "../../../provider/rest/budget/budgetDirectory";
import { systemClock } from "../../../provider/clock";
import { SharedBudget } from "../../../provider/rest/budget/sharedBudget";
import { sharedBudgetFor } from "../../../provider/rest/budget/sharedBudgetSetting";
import { managementClientFor } from "../../support/clients";
import { CannedServer } from "../../support/cannedServer";
import { testOptions } from "../../support/restHarness";

const settings = { limit: 10, windowMs: 1_000, marginMs: 100, maxPauseMs: 1_100 };
const BASE_URL = "https://api.example.com";
/** Nobody's uid on Debian: the owner of a directory another user made. */
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

function modeOf(file: string): string {
  return (fs.lstatSync(file).mode & 0o777).toString(8);
}

/** The shared budget's directory is this user's alone; one it cannot trust turns sharing off. */
describe("shared budget directory: per user, private, checked before use", () => {
  let tmp: string;
  const savedTmp = process.env.TMPDIR;
  const savedUmask = process.umask();
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "chc-budget-dir-"));
    process.env.TMPDIR = tmp;
  });
  afterEach(() => {
    process.umask(savedUmask);
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const open = (logs: string[] = []) =>
    sharedBudgetFor(BASE_URL, "Basic a2V5OnNlY3JldA==", settings, systemClock, (line) => logs.push(line));

  it("is named by the user's uid under the temp dir", () => {
    expect(budgetRoot()).to.equal(path.join(tmp, `pulumi-clickhouse-cloud-budget-${process.getuid!()}`));
  });

  it("where there are no uids (Windows): named by the user's name, and no owner or mode checked", () => {
    const getuid = Object.getOwnPropertyDescriptor(process, "getuid")!;
    Object.defineProperty(process, "getuid", { ...getuid, value: undefined });
    try {
      expect(budgetRoot()).to.equal(
        path.join(tmp, `pulumi-clickhouse-cloud-budget-${os.userInfo().username}`),
      );
      fs.mkdirSync(budgetRoot());
      fs.chmodSync(budgetRoot(), 0o777);
      expect(open()).to.be.instanceOf(SharedBudget);
    } finally {
      Object.defineProperty(process, "getuid", getuid);
    }
  });

  it("is never open to others, not even between its making and the setting of its mode", () => {
    process.umask(0o000);
    const modesBeforeSet: string[] = [];
    // The module object itself: what `import * as` gives has getters only.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const nodeFs = require("node:fs") as { chmodSync: (file: string, mode: number) => void };
    const chmodSync = nodeFs.chmodSync;
    nodeFs.chmodSync = (file, mode) => {
      modesBeforeSet.push(modeOf(file));
      chmodSync(file, mode);
    };
    try {
      expect(open()).to.be.instanceOf(SharedBudget);
    } finally {
      nodeFs.chmodSync = chmodSync;
    }
    expect(modesBeforeSet).to.deep.equal(["700", "700"]);
  });

  it("under a temp dir not made yet, makes it, its parents included", () => {
    process.env.TMPDIR = path.join(tmp, "not", "made");
    expect(open()).to.be.instanceOf(SharedBudget);
    expect(modeOf(budgetRoot())).to.equal("700");
  });

  it("under a temp dir that is a file: one warning line saying why, no sharing", () => {
    const file = path.join(tmp, "file");
    fs.writeFileSync(file, "");
    process.env.TMPDIR = file;
    const logs: string[] = [];
    expect(open(logs)).to.equal(undefined);
    expect(logs).to.deep.equal([
      `shared rate-limit budget off: ${budgetRoot()} cannot be made (ENOTDIR), so another user may have made it; ` +
        "this process throttles only itself",
    ]);
  });

  it("when first made, under a permissive umask: directories 0700, ticket and pause files 0600", async () => {
    process.umask(0o000);
    const budget = open();
    expect(budget).to.be.instanceOf(SharedBudget);
    const dir = budgetDirectory(BASE_URL, "Basic a2V5OnNlY3JldA==");
    expect(modeOf(budgetRoot())).to.equal("700");
    expect(modeOf(dir)).to.equal("700");
    (await budget!.take())();
    budget!.pauseUntil(Date.now() + 100);
    expect(fs.readdirSync(dir).sort()).to.deep.equal(["0", "pause"]);
    expect(modeOf(path.join(dir, "0"))).to.equal("600");
    expect(modeOf(path.join(dir, "pause"))).to.equal("600");
  });

  const untrusted: Array<[string, () => void, RegExp]> = [
    [
      "open to others (mode 0777)",
      () => {
        fs.mkdirSync(budgetRoot());
        fs.chmodSync(budgetRoot(), 0o777);
      },
      /budget-\d+ has mode 0777, not 0700/,
    ],
    [
      "a symbolic link to a private directory",
      () => {
        const elsewhere = path.join(tmp, "elsewhere");
        fs.mkdirSync(elsewhere, { mode: 0o700 });
        fs.symlinkSync(elsewhere, budgetRoot());
      },
      /budget-\d+ is a symbolic link/,
    ],
    ["a file", () => fs.writeFileSync(budgetRoot(), ""), /budget-\d+ is not a directory/],
  ];
  for (const [what, plant, problem] of untrusted) {
    it(`a directory that is ${what}: one warning line, no sharing`, () => {
      plant();
      const logs: string[] = [];
      expect(open(logs)).to.equal(undefined);
      expect(open(logs)).to.equal(undefined);
      expect(logs, logs.join("\n")).to.have.length(1);
      expect(logs[0]).to.match(problem);
      expect(logs[0]).to.contain("this process throttles only itself");
    });
  }

  it("a directory it cannot trust, for a client without a log: no sharing, and no failure", () => {
    fs.mkdirSync(budgetRoot());
    fs.chmodSync(budgetRoot(), 0o777);
    expect(sharedBudgetFor(BASE_URL, "Basic a2V5OnNlY3JldA==", settings, systemClock)).to.equal(undefined);
  });

  it("a directory another user made first: one warning line, no sharing", function () {
    if (!asRoot) {
      // Giving a directory to another uid needs root.
      console.log("      SKIPPED: not root, so no directory of another user can be made for the test");
      this.skip();
    }
    fs.mkdirSync(budgetRoot(), { mode: 0o700 });
    fs.chownSync(budgetRoot(), NOBODY, NOBODY);
    const logs: string[] = [];
    expect(open(logs)).to.equal(undefined);
    expect(logs).to.have.length(1);
    expect(logs[0]).to.match(new RegExp(`budget-0 belongs to uid ${NOBODY}, not to this user \\(uid 0\\)`));
  });

  it("a request still goes through, throttled by its process alone, when the directory is refused", async () => {
    fs.mkdirSync(budgetRoot());
    fs.chmodSync(budgetRoot(), 0o755);
    const server = await new CannedServer(() => ({
      status: 200,
      body: JSON.stringify({ result: { id: "0f8e5a52-6c1d-4a7e-9d0b-3c2f1e4d5a6b", name: "org" } }),
    })).start();
    try {
      const logs: string[] = [];
      const client = managementClientFor(server.url, testOptions(logs, { clock: undefined }));
      await client.organizations.get("0f8e5a52-6c1d-4a7e-9d0b-3c2f1e4d5a6b");
      expect(server.received).to.have.length(1);
      expect(logs.filter((line) => line.includes("shared rate-limit budget off"))).to.have.length(1);
      expect(fs.readdirSync(budgetRoot())).to.deep.equal([]);
    } finally {
      await server.stop();
    }
  });
});

describe("shared budget files: planted symbolic links are never followed", () => {
  let dir: string;
  let victim: string;
  beforeEach(() => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "chc-budget-links-"));
    dir = path.join(tmp, "budget");
    victim = path.join(tmp, "victim");
    fs.writeFileSync(victim, "precious");
  });
  afterEach(() => {
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it("pause.<pid> and pause linked to another file: the pause is written, the file is untouched", async () => {
    const budget = new SharedBudget(dir, settings, systemClock);
    fs.symlinkSync(victim, path.join(dir, `pause.${process.pid}`));
    fs.symlinkSync(victim, path.join(dir, "pause"));
    const until = Date.now() + 200;
    budget.pauseUntil(until);
    expect(fs.readFileSync(victim, "utf8")).to.equal("precious");
    expect(fs.lstatSync(path.join(dir, "pause")).isFile()).to.equal(true);
    expect(fs.readFileSync(path.join(dir, "pause"), "utf8")).to.equal(String(until));
  });

  it("a ticket replaced by a link before it is marked sent and answered: the file it points to is untouched", async () => {
    const budget = new SharedBudget(dir, settings, systemClock);
    const markSent = await budget.take();
    fs.rmSync(path.join(dir, "0"));
    fs.symlinkSync(victim, path.join(dir, "0"));
    const markAnswered = markSent();
    expect(fs.readFileSync(victim, "utf8")).to.equal("precious");
    markAnswered();
    expect(fs.readFileSync(victim, "utf8")).to.equal("precious");
  });
});
