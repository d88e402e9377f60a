/** A problem the user can fix, reported as one message without a stack trace. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
