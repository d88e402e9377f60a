/**
 * The emulator command's option parsing and its checks of the user's paths, called in this process (the command's
 * own tests run it as a child process and see only its exit code and output).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import {
  checkWritableFile,
  CliError,
  commandName,
  integerOption,
  onOffOption,
  shellWord,
  UsageError,
  writeFileAtomically,
} from "../../../emulator/cli/support";
import { failureOf } from "../../support/failureOf";

const tempDirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-command-options-"));
  tempDirs.push(dir);
  return dir;
}

describe("emulator command: options and paths", () => {
  after(() => {
    for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("names the command users type in its hints", () => {
    expect(commandName).to.equal("npx pulumi-clickhouse-cloud-emulator");
  });

  describe("whole-number options", () => {
    it("takes the default when the option is absent, and the number when it is given", () => {
      expect(integerOption("port", undefined, 4010)).to.equal(4010);
      expect(integerOption("port", undefined, undefined)).to.equal(undefined);
      expect(integerOption("port", "0", 4010)).to.equal(0);
      expect(integerOption("port", "8080", 4010)).to.equal(8080);
    });

    for (const bad of ["", "-1", "1.5", "12abc", "abc12", " 12", "x"]) {
      it(`refuses ${JSON.stringify(bad)} as a usage error naming the option and the value`, async () => {
        const error = await failureOf(() => integerOption("port", bad, 4010));
        expect(error).to.be.instanceOf(UsageError);
        expect(error.message).to.equal(`--port must be a whole number; got ${JSON.stringify(bad)}`);
      });
    }
  });

  describe("on/off options", () => {
    it("takes the default when absent, true for on and false for off", () => {
      expect(onOffOption("rate-limits", undefined, true)).to.equal(true);
      expect(onOffOption("rate-limits", undefined, false)).to.equal(false);
      expect(onOffOption("rate-limits", "on", false)).to.equal(true);
      expect(onOffOption("rate-limits", "off", true)).to.equal(false);
    });

    for (const bad of ["", "yes", "true", "ON"]) {
      it(`refuses ${JSON.stringify(bad)}`, async () => {
        const error = await failureOf(() => onOffOption("rate-limits", bad, true));
        expect(error).to.be.instanceOf(UsageError);
        expect(error.message).to.equal(`--rate-limits must be on or off; got ${JSON.stringify(bad)}`);
      });
    }
  });

  describe("words printed for a POSIX shell", () => {
    it("leaves plain words as they are", () => {
      for (const word of ["fixture.json", "/tmp/a-b_c/d@e%f+g=h:i,j", "x"])
        expect(shellWord(word)).to.equal(word);
    });

    it("quotes words with spaces or shell characters, and escapes single quotes", () => {
      expect(shellWord("my dir")).to.equal("'my dir'");
      expect(shellWord("a$b")).to.equal("'a$b'");
      expect(shellWord("x y/")).to.equal("'x y/'");
      expect(shellWord(" lead")).to.equal("' lead'");
      expect(shellWord("it's")).to.equal(`'it'\\''s'`);
      expect(shellWord("")).to.equal("''");
    });
  });

  describe("checking that a file can be written", () => {
    it("accepts a new file in a writable directory, and an existing file", async () => {
      const dir = tempDir();
      await checkWritableFile("fixture-out", path.join(dir, "fixture.json"));
      fs.writeFileSync(path.join(dir, "fixture.json"), "{}");
      await checkWritableFile("fixture-out", path.join(dir, "fixture.json"));
    });

    it("refuses a directory, naming the flag and the path", async () => {
      const dir = tempDir();
      const error = await failureOf(() => checkWritableFile("fixture-out", dir));
      expect(error).to.be.instanceOf(CliError);
      expect(error.message).to.equal(`--fixture-out ${dir}: that is a directory; name a file in it instead`);
    });

    it("says to create a missing directory, with a command that can be pasted", async () => {
      const missing = path.join(tempDir(), "no such dir");
      const error = await failureOf(() => checkWritableFile("pid-file", path.join(missing, "pid")));
      expect(error).to.be.instanceOf(CliError);
      expect(error.message).to.equal(
        `--pid-file ${path.join(missing, "pid")}: the directory ${missing} does not exist; create it first ` +
          `(mkdir -p '${missing}') or choose another path`,
      );
    });

    it("says which part of the path is a file", async () => {
      const dir = tempDir();
      fs.writeFileSync(path.join(dir, "plain"), "");
      const underFile = path.join(dir, "plain", "fixture.json");
      const fileError = await failureOf(() => checkWritableFile("fixture-out", underFile));
      expect(fileError).to.be.instanceOf(CliError);
      expect(fileError.message).to.equal(
        `--fixture-out ${underFile}: ${path.join(dir, "plain")} is a file, not a directory`,
      );
      const deeper = path.join(dir, "plain", "sub", "fixture.json");
      const deeperError = await failureOf(() => checkWritableFile("fixture-out", deeper));
      expect(deeperError).to.be.instanceOf(CliError);
      expect(deeperError.message).to.equal(
        `--fixture-out ${deeper}: a part of ${path.join(dir, "plain", "sub")} is a file, not a directory`,
      );
    });

    it("names the system's reason for a directory it cannot use otherwise", async () => {
      const dir = tempDir();
      // Two links to each other: reaching the directory through them fails with ELOOP.
      fs.symlinkSync(path.join(dir, "b"), path.join(dir, "a"));
      fs.symlinkSync(path.join(dir, "a"), path.join(dir, "b"));
      const file = path.join(dir, "a", "fixture.json");
      const error = await failureOf(() => checkWritableFile("fixture-out", file));
      expect(error).to.be.instanceOf(CliError);
      expect(error.message).to.equal(`--fixture-out ${file}: cannot use ${path.join(dir, "a")} (ELOOP)`);
    });

    it("refuses a directory this user cannot write", async function () {
      // root writes anywhere the file system allows, so as root the read-only /proc/sys stands in for a directory
      // without write permission.
      let directory = path.join(tempDir(), "read-only");
      fs.mkdirSync(directory, { mode: 0o555 });
      if (process.getuid?.() === 0) {
        directory = "/proc/sys";
        try {
          fs.accessSync(directory, fs.constants.W_OK);
          console.warn(
            "    SKIPPED: running as root, and /proc/sys is writable here: no directory to refuse",
          );
          this.skip();
        } catch {
          // not writable: the case this test needs
        }
      }
      const file = path.join(directory, "fixture.json");
      const error = await failureOf(() => checkWritableFile("fixture-out", file));
      expect(error).to.be.instanceOf(CliError);
      expect(error.message).to.equal(
        `--fixture-out ${file}: ${directory} is not writable by this user; choose another path`,
      );
    });
  });

  describe("writing a file atomically", () => {
    it("writes the text with the mode asked for and leaves no temporary file", async () => {
      const dir = tempDir();
      const file = path.join(dir, "fixture.json");
      await writeFileAtomically("fixture-out", file, '{"a":1}', 0o600);
      expect(fs.readFileSync(file, "utf8")).to.equal('{"a":1}');
      expect(fs.statSync(file).mode & 0o777).to.equal(0o600);
      expect(fs.readdirSync(dir)).to.deep.equal(["fixture.json"]);
    });

    it("replaces a file that is there", async () => {
      const dir = tempDir();
      const file = path.join(dir, "fixture.json");
      fs.writeFileSync(file, "old");
      await writeFileAtomically("fixture-out", file, "new", 0o644);
      expect(fs.readFileSync(file, "utf8")).to.equal("new");
    });

    it("names the user's path and the reason when the file cannot be replaced, and cleans up", async () => {
      const dir = tempDir();
      const file = path.join(dir, "taken");
      fs.mkdirSync(path.join(file, "inside"), { recursive: true });
      const error = await failureOf(() => writeFileAtomically("fixture-out", file, "x", 0o600));
      expect(error).to.be.instanceOf(CliError);
      expect(error.message).to.equal(
        `--fixture-out ${file}: could not write it (EISDIR); choose another path`,
      );
      expect(fs.readdirSync(dir)).to.deep.equal(["taken"]);
    });

    it("reports a directory that went away as the user's path, not the temporary file's", async () => {
      const file = path.join(tempDir(), "gone", "fixture.json");
      const error = await failureOf(() => writeFileAtomically("fixture-out", file, "x", 0o600));
      expect(error).to.be.instanceOf(CliError);
      expect(error.message).to.equal(
        `--fixture-out ${file}: could not write it (ENOENT); choose another path`,
      );
    });
  });
});
