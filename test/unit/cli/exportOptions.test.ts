/** `export`'s command line, and the output file it refuses before reading any stack or API. */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import { checkWritable, parseExportOptions } from "../../../provider/cli/exportCommand";
import { UsageError } from "../../../provider/cli/usageError";

const service = "5a1ff2b4-6f0f-4b5b-9d53-0c7e3b3d1a11";

describe("export: command line", () => {
  it("takes repeated stacks and services and the output file", () => {
    expect(
      parseExportOptions(["--stack", "dev", "--stack", "prod", "--service", service, "--out", "r.json"]),
    ).to.deep.equal({
      stacks: ["dev", "prod"],
      services: [service],
      clickStackServiceIds: [],
      out: "r.json",
    });
  });

  it("takes repeated --clickstack-service service ids, each once", () => {
    const other = "0b3c2d4e-5f60-4718-8293-a4b5c6d7e8f9";
    expect(
      parseExportOptions([
        "--stack",
        "dev",
        "--clickstack-service",
        service,
        "--clickstack-service",
        other,
        "--clickstack-service",
        service,
        "--out",
        "r.json",
      ]),
    ).to.deep.equal({ stacks: ["dev"], services: [], clickStackServiceIds: [service, other], out: "r.json" });
  });

  it("refuses the <alias>= form of --clickstack-service without --from-terraform, and a service that is no uuid", () => {
    expect(() =>
      parseExportOptions(["--stack", "dev", "--clickstack-service", `eu=${service}`, "--out", "r.json"]),
    ).to.throw(
      UsageError,
      `--clickstack-service eu=${service}: the <alias>=<serviceId> form names a Terraform provider alias and ` +
        "goes with --from-terraform <state file> only; to read a service's managed ClickStack from the API, give " +
        "the service id alone: --clickstack-service <serviceId>",
    );
    for (const bad of ["prod", "", `${service}/..`]) {
      expect(
        () => parseExportOptions(["--stack", "dev", "--clickstack-service", bad, "--out", "r.json"]),
        bad,
      ).to.throw(UsageError, `--clickstack-service must be a uuid`);
    }
  });

  it("answers --help", () => {
    expect(parseExportOptions(["--help"])).to.equal("help");
    expect(parseExportOptions(["-h", "--stack", "dev"])).to.equal("help");
  });

  it("refuses a missing --stack, a missing --out, a service that is no uuid and a stray argument", () => {
    expect(() => parseExportOptions(["--out", "r.json"])).to.throw(UsageError, "--stack <name>");
    expect(() => parseExportOptions(["--stack", "dev"])).to.throw(UsageError, "--out <file>");
    expect(() => parseExportOptions(["--stack", "dev", "--out", ""])).to.throw(UsageError, "--out <file>");
    expect(() =>
      parseExportOptions(["--stack", "dev", "--out", "r.json", "--service", "prod-service"]),
    ).to.throw(UsageError, "--service");
    expect(() => parseExportOptions(["--stack", "dev", "--out", "r.json", "extra"])).to.throw(
      UsageError,
      'unexpected argument "extra"',
    );
    expect(() => parseExportOptions(["--stack", "dev", "--out", "r.json", "--delete", "x"])).to.throw(
      /Unknown option '--delete'/,
    );
  });
});

describe("export: the output file", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-export-out-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("accepts a new file and leaves no file behind", () => {
    const file = path.join(dir, "resources.json");
    checkWritable(file);
    expect(fs.existsSync(file)).to.equal(false);
  });

  it("accepts an existing file and leaves it as it was", () => {
    const file = path.join(dir, "resources.json");
    fs.writeFileSync(file, "before");
    checkWritable(file);
    expect(fs.readFileSync(file, "utf8")).to.equal("before");
  });

  it("refuses a directory that does not exist, a directory, and a place nothing can be written", () => {
    expect(() => checkWritable(path.join(dir, "missing", "r.json"))).to.throw(
      UsageError,
      `--out ${path.join(dir, "missing", "r.json")}: the directory ${path.join(dir, "missing")} does not exist`,
    );
    expect(() => checkWritable(dir)).to.throw(UsageError, `--out ${dir}: is a directory`);
    // sysfs takes no new files, not even from root.
    expect(() => checkWritable("/sys/resources.json")).to.throw(
      UsageError,
      "--out /sys/resources.json: cannot be written (EACCES)",
    );
  });
});
