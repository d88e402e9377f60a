#!/usr/bin/env bash
# `npm run mutation`: StrykerJS mutation testing of provider/ and emulator/ (stryker.config.json says which files
# and which test files). Not part of `npm test`: a full run takes about an hour on 2 cores. Reports go to
# reports/mutation/ (HTML and JSON); reports/stryker-incremental.json lets the next run test only changed code.
# Extra arguments go to `stryker run`, e.g. `npm run mutation -- --mutate provider/rest/retry.ts`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"

# Stryker lives in its own install: its mocha runner for Node 20 loads mocha 11, while the package tests with
# mocha 12.
tools="tools/mutation"
if [[ ! -f "$tools/node_modules/.package-lock.json" || "$tools/package-lock.json" -nt "$tools/node_modules/.package-lock.json" ]]; then
  echo "[mutation] installing StrykerJS (npm ci in $tools)" >&2
  npm ci --prefix "$tools" --no-audit --no-fund >&2
fi
"$tools/node_modules/.bin/stryker" run stryker.config.json "$@"
