/**
 * Where the lines an operation writes for the user go. A dynamic provider's stderr reaches the user with the
 * operation; the native plugin's does not, so the plugin sends them to the engine instead.
 */

/** Writes one line for the user under a label (a resource kind, "rate limit"). */
export type ProgressSink = (label: string, message: string) => void;

function toStderr(label: string, message: string): void {
  console.error(`[${label}] ${message}`);
}

let sink: ProgressSink = toStderr;

/** Sends every later line to `reporter`. */
export function reportProgressWith(reporter: ProgressSink): void {
  sink = reporter;
}

/** The line writer of one label: what an operation of that kind receives as its `progress`. */
export function progressOf(label: string): (message: string) => void {
  return (message) => sink(label, message);
}
