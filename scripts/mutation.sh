#!/usr/bin/env bash
# `npm run mutation`: StrykerJS mutation testing of provider/ and emulator/ (stryker.config.json says which files
# and which test files). Not part of `npm test`: the whole scope is about 9,000 mutants, hours on 2 cores.
#
#   npm run mutation                       every file of stryker.config.json; reports in reports/mutation/,
#                                          incremental cache reports/stryker-incremental.json
#   npm run mutation -- <chunk> [args]     one chunk of tools/mutation/chunks.json (e.g. resources-kinds); its
#                                          cache, HTML and JSON reports go to $MUTATION_REPORTS (default
#                                          reports/mutation): <chunk>.json, <chunk>/mutation.html, <chunk>/mutation.json
#   npm run mutation -- --list             the chunk names and their globs
#
# Each chunk has its own incremental cache, so a run of one chunk never discards another's results, and a later
# run of the same chunk retests only the mutants of changed code or changed tests. Stryker writes the cache only
# when a run completes. Other arguments go to `stryker run`, e.g. `npm run mutation -- --mutate provider/rest/transport/retry.ts`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tools="tools/mutation"
chunks="$tools/chunks.json"
if [[ "${1:-}" == "--list" ]]; then
  node -e 'for (const [name, globs] of Object.entries(require(process.argv[1]))) console.log(name + ": " + globs.join(" "))' "./$chunks"
  exit 0
fi
source scripts/bootstrap.sh

# Stryker lives in its own install: its mocha runner for Node 20 loads mocha 11, while the package tests with
# mocha 12.
if [[ ! -f "$tools/node_modules/.package-lock.json" || "$tools/package-lock.json" -nt "$tools/node_modules/.package-lock.json" ]]; then
  echo "[mutation] installing StrykerJS (npm ci in $tools)" >&2
  npm ci --prefix "$tools" --no-audit --no-fund >&2
fi
stryker="$tools/node_modules/.bin/stryker"

# Mutants run real file-system code: one that renames the shared-budget directory to "" makes the idle-budget
# cleanup (tested with a clock a day ahead) delete everything in the temp directory. The tests get a temp directory
# of their own, removed when the run ends.
mutation_tmp="$(mktemp -d "${TMPDIR:-/tmp}/pulumi-clickhouse-cloud-mutation-XXXXXX")"
trap 'rm -rf "$mutation_tmp"' EXIT
export TMPDIR="$mutation_tmp"

if [[ $# -gt 0 && "$1" != -* ]]; then
  chunk="$1"
  shift
  reports="${MUTATION_REPORTS:-reports/mutation}"
  mkdir -p "$reports/$chunk"
  # The chunk's config: stryker.config.json with the chunk's globs in place of its own, and the generated and
  # process-entry files that stryker.config.json leaves out ("!" globs) still left out.
  config="$reports/$chunk/stryker.config.json"
  node - "$chunk" "./$chunks" "$reports" "$config" <<'JS'
const fs = require("node:fs");
const path = require("node:path");
const [chunk, chunksFile, reports, out] = process.argv.slice(2);
const chunks = require(chunksFile);
if (!chunks[chunk]) {
  console.error(`[mutation] unknown chunk "${chunk}"; chunks: ${Object.keys(chunks).join(", ")}`);
  process.exit(2);
}
const base = JSON.parse(fs.readFileSync("stryker.config.json", "utf8"));
delete base.$schema;
const abs = (file) => path.resolve(reports, file);
const config = {
  ...base,
  mutate: [...chunks[chunk], ...base.mutate.filter((glob) => glob.startsWith("!"))],
  incrementalFile: abs(`${chunk}.json`),
  htmlReporter: { fileName: abs(`${chunk}/mutation.html`) },
  jsonReporter: { fileName: abs(`${chunk}/mutation.json`) },
};
fs.writeFileSync(out, JSON.stringify(config, null, 2) + "\n");
JS
  echo "[mutation] chunk $chunk: $(node -e 'console.log(require(process.argv[1]).mutate.join(" "))' "$(realpath "$config")")" >&2
  "$stryker" run "$config" "$@"
  exit
fi
"$stryker" run stryker.config.json "$@"
