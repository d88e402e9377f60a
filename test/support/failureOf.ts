/** The error `run` throws or rejects with, for assertions on its class and text; fails the test when there is none. */
export async function failureOf(run: () => unknown): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a failure, and there was none");
}
