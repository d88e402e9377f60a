/**
 * The command line of `npm run check:openapi`: `<spec file> [<recording file>...] [--allowlist <file>]`. Without
 * recording files it reads the file `CHC_RECORD_EXCHANGES` names, the one the emulator appended to. Exit codes: 0 when
 * every checked exchange conforms, 1 on a mismatch (or when nothing was checked, or a line could not be read), 2 when
 * the command cannot run (arguments, unreadable files).
 */
import * as path from "node:path";
import { exchangeRecordingFile, exchangeRecordingVariable } from "../../emulator/server/exchangeRecorder";
import { AllowlistError, readAllowlist } from "./allowlist";
import { checkRecordings, passed, reportText, specUnderCheck } from "./conformance";
import { readOpenApiDocument, SpecFileError } from "./document";
import { readRecordings } from "./recordings";

export const usage =
  "usage: npm run check:openapi -- <OpenAPI 3.1 file> [<recording file>...] [--allowlist <file>]\n" +
  `  recordings default to the file ${exchangeRecordingVariable} names\n`;

export interface CommandOutcome {
  exitCode: 0 | 1 | 2;
  stdout: string;
  stderr: string;
}

interface Arguments {
  specFile: string;
  recordingFiles: string[];
  allowlistFile: string;
}

function parseArguments(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  defaultAllowlist: string,
): Arguments | string {
  const positional: string[] = [];
  let allowlistFile = defaultAllowlist;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    if (arg === "--allowlist") {
      const value = args[index + 1];
      if (value === undefined) return "--allowlist takes a file";
      allowlistFile = value;
      index += 1;
    } else if (arg.startsWith("--")) return `unknown option ${arg}`;
    else positional.push(arg);
  }
  const [specFile, ...recordingFiles] = positional;
  if (specFile === undefined) return "the OpenAPI file is missing";
  if (recordingFiles.length === 0) {
    const recorded = exchangeRecordingFile(env);
    if (recorded === undefined) return `no recording file given, and ${exchangeRecordingVariable} is not set`;
    recordingFiles.push(recorded);
  }
  return { specFile, recordingFiles, allowlistFile };
}

export function checkOpenApiCommand(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  defaultAllowlist: string,
): CommandOutcome {
  const parsed = parseArguments(args, env, defaultAllowlist);
  if (typeof parsed === "string")
    return { exitCode: 2, stdout: "", stderr: `check:openapi: ${parsed}\n${usage}` };
  try {
    const spec = specUnderCheck(readOpenApiDocument(parsed.specFile));
    const allowlist = readAllowlist(parsed.allowlistFile);
    const result = checkRecordings(spec, readRecordings(parsed.recordingFiles), allowlist);
    return {
      exitCode: passed(result) ? 0 : 1,
      stdout: reportText(result, path.basename(parsed.specFile)),
      stderr: "",
    };
  } catch (error) {
    const known = error instanceof SpecFileError || error instanceof AllowlistError;
    const unreadable = (error as NodeJS.ErrnoException).code !== undefined;
    if (!known && !unreadable) throw error;
    return { exitCode: 2, stdout: "", stderr: `check:openapi: ${(error as Error).message}\n` };
  }
}
