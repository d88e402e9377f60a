/** SHA-256 sums of the release's files, in the format `sha256sum --check` reads. */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { releaseDir } from "./layout";

/** `relativeNames` are paths under the release directory; returns the sums file's text. */
export function checksumsText(relativeNames: readonly string[]): string {
  return [...relativeNames]
    .sort()
    .map((name) => {
      const digest = createHash("sha256")
        .update(fs.readFileSync(path.join(releaseDir, name)))
        .digest("hex");
      return `${digest}  ${name}\n`;
    })
    .join("");
}
