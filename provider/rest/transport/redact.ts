/**
 * Removes known secret values from text that is about to leave the REST layer (error messages, log lines).
 * Messages are built without secrets in the first place; this is the second line of defence against a server
 * that echoes a header or token back in its error body.
 */
const REDACTED = "[redacted]";
/** Shorter values are too likely to match ordinary words to be replaced safely. */
const MIN_SECRET_LENGTH = 4;

export class Redactor {
  private readonly secrets: string[];

  constructor(secrets: readonly string[]) {
    // Longest first, so a secret containing another is replaced whole.
    this.secrets = [...new Set(secrets.filter((s) => s.length >= MIN_SECRET_LENGTH))].sort(
      (a, b) => b.length - a.length,
    );
  }

  /** A redactor that also hides `extra` (for example a secret contained in one response). */
  with(extra: readonly string[]): Redactor {
    return new Redactor([...this.secrets, ...extra]);
  }

  apply(text: string): string {
    let result = text;
    for (const secret of this.secrets) result = result.split(secret).join(REDACTED);
    return result;
  }
}
