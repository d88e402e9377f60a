/** Runs `action` and returns its result and every progress line it printed (the provider writes them to stderr). */
export async function withProgressLines<T>(
  action: () => Promise<T>,
): Promise<{ result: T; lines: string[] }> {
  const lines: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => lines.push(args.map(String).join(" "));
  try {
    return { result: await action(), lines };
  } finally {
    console.error = original;
  }
}
