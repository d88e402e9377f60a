/**
 * Where the machine's shared budgets live, and the checks that keep other users out of them. The OS temp dir is
 * shared by every user, so each user gets a directory of their own, named by their uid, made with mode 0700; a
 * directory at that path that is not a real directory, not owned by this user, or open to others is never used
 * (another user could have made it first to plant pauses or symbolic links in it).
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** What names the current user in directory names: the uid, or the user name where there are no uids. */
function userTag(): string {
  const uid = process.getuid?.();
  return uid === undefined ? os.userInfo().username : String(uid);
}

/** This user's directory of budgets. */
export function budgetRoot(): string {
  return path.join(os.tmpdir(), `pulumi-clickhouse-cloud-budget-${userTag()}`);
}

/** What names one base URL and credential's budget, here and in Redis: a hash, never the credential. */
export function budgetDigest(baseUrl: string, credential: string): string {
  return createHash("sha256").update(`${baseUrl}\n${credential}`).digest("hex").slice(0, 32);
}

/** The directory of one base URL and credential's budget. */
export function budgetDirectory(baseUrl: string, credential: string): string {
  return path.join(budgetRoot(), budgetDigest(baseUrl, credential));
}

/**
 * Makes `dir` with mode 0700, or checks the one that is there: a directory, not a symbolic link, owned by this
 * user, open to nobody else. Returns what is wrong with it, or undefined when it may be used.
 */
export function privateDirectoryProblem(dir: string): string | undefined {
  try {
    fs.mkdirSync(dir, { mode: 0o700 });
    // The umask may have taken bits away, never added any; set the mode exactly.
    fs.chmodSync(dir, 0o700);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") {
      // The temp dir itself is missing (TMPDIR names a directory not made yet).
      fs.mkdirSync(path.dirname(dir), { recursive: true });
      return privateDirectoryProblem(dir);
    }
    if (code !== "EEXIST") return `${dir} cannot be made (${code ?? String(error)})`;
  }
  const stats = fs.lstatSync(dir);
  if (stats.isSymbolicLink()) return `${dir} is a symbolic link`;
  if (!stats.isDirectory()) return `${dir} is not a directory`;
  const uid = process.getuid?.();
  // Where there are no uids (Windows), there are no such owners and modes either.
  if (uid === undefined) return undefined;
  if (stats.uid !== uid) return `${dir} belongs to uid ${stats.uid}, not to this user (uid ${uid})`;
  const mode = stats.mode & 0o777;
  if (mode !== 0o700) return `${dir} has mode ${mode.toString(8).padStart(4, "0")}, not 0700`;
  return undefined;
}
