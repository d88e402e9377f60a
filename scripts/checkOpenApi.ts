/**
 * `npm run check:openapi -- <spec file> [<recording file>...]`: judges the management API exchanges the emulator
 * recorded (CHC_RECORD_EXCHANGES) against ClickHouse Cloud's published OpenAPI document (scripts/openapi/).
 */
import * as path from "node:path";
import { checkOpenApiCommand } from "./openapi/command";

const repoRoot = path.resolve(__dirname, "..", "..");
const outcome = checkOpenApiCommand(
  process.argv.slice(2),
  process.env,
  path.join(repoRoot, "scripts", "openapi", "allowlist.json"),
);
process.stdout.write(outcome.stdout);
process.stderr.write(outcome.stderr);
process.exitCode = outcome.exitCode;
