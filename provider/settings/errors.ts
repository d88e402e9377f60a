/** How a missing or unusable setting is reported: every problem of one API at once, in full once per run. */

/** One setting that is missing or unusable, with what the user should do about it. */
export interface ConfigurationProblem {
  readonly key: string;
  readonly envVar: string;
  readonly problem: string;
}

/**
 * Every problem found while resolving one API's settings, reported together so one fix round suffices. The
 * `reference` form is one line naming the keys, for when the full list has been reported already in this run.
 */
export class ConfigurationError extends Error {
  override readonly name = "ConfigurationError";
  constructor(
    readonly api: string,
    readonly problems: readonly ConfigurationProblem[],
    readonly form: "full" | "reference" = "full",
    /** A last line of the full form, about where the settings may have gone instead. */
    readonly note?: string,
  ) {
    super(
      form === "full"
        ? `configuration for the ${api} is incomplete:\n` +
            problems.map((p) => `  - ${p.key} (or env ${p.envVar}): ${p.problem}`).join("\n") +
            (note === undefined ? "" : `\n${note}`)
        : `configuration for the ${api} is incomplete: ` +
            `${problems.map((p) => `${p.key} (or env ${p.envVar})`).join(", ")} ` +
            "(reported in full once in this run, with how to set each)",
    );
  }
}

/** Full messages of the configuration errors this process has reported. */
const reportedInFull = new Set<string>();

/**
 * The error to throw in a process that resolves settings for many operations: every resource of a deployment
 * runs in one dynamic-provider process, and a program may call getSeries many times. The first report of a given
 * set of problems is in full; later ones are a one-line reference to it, so a missing setting is explained once
 * per run rather than once per resource.
 */
export function reportOncePerProcess(error: ConfigurationError): ConfigurationError {
  if (error.form === "reference" || !reportedInFull.has(error.message)) {
    reportedInFull.add(error.message);
    return error;
  }
  return new ConfigurationError(error.api, error.problems, "reference", error.note);
}
