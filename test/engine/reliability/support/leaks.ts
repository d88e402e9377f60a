/**
 * Where a secret could leak to, as text to search: every file under a directory (a state backend holds the
 * current state, its backups and the update history), and everything an engine operation printed.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "chai";
import type { OperationLog } from "../../../../scripts/lib/localStack";

/** Every file below `dir`, with its text. */
export function filesBelow(dir: string): { file: string; text: string }[] {
  return fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).flatMap((relative) => {
    const file = path.join(dir, relative);
    return fs.statSync(file).isFile() ? [{ file, text: fs.readFileSync(file, "utf8") }] : [];
  });
}

export function logText(logs: readonly OperationLog[]): string {
  return logs.map((log) => `${log.stdout}\n${log.stderr}`).join("\n");
}

/** The ways a credential pair travels: each part alone and as a Basic authorization value. */
export function credentialForms(id: string, secret: string): string[] {
  return [secret, Buffer.from(`${id}:${secret}`).toString("base64")];
}

/** Fails naming the place and the kind of secret (never the secret itself) when any secret occurs in `text`. */
export function expectNoSecret(text: string, secrets: Record<string, string>, where: string): void {
  for (const [name, value] of Object.entries(secrets)) {
    expect(value.length, `${name} is too short to search for`).to.be.at.least(8);
    expect(text.includes(value), `${name} found in ${where}`).to.equal(false);
  }
}
