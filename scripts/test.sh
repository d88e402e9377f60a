#!/usr/bin/env bash
# `npm test`: everything from a fresh clone. Installs, builds, makes sure the Pulumi CLI is there, checks lint and
# formatting, then runs the whole mocha suite: the three tiers under dist/test/ (unit, process, engine).
#
#   bash scripts/test.sh                   lint, then every tier
#   bash scripts/test.sh <spec>...         lint, then the given test files or globs
#   bash scripts/test.sh --tier <tier>     no lint, the one tier (npm run test:process, npm run test:engine)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"

if [[ "${1:-}" == "--tier" ]]; then
  tier="${2:?--tier takes unit, process or engine}"
  if [[ ! -d "test/$tier" ]]; then
    echo "[test] no tier test/$tier (the tiers are unit, process and engine)" >&2
    exit 2
  fi
  exec npx mocha --config .mocharc.json "dist/test/$tier/**/*.test.js"
fi

echo "[test] lint and format check" >&2
npx eslint . >&2
npx prettier --check . >&2

# The tiers are named, not dist/test/**: a dist/ built before a test moved still holds the file at its old place.
if [[ $# -gt 0 ]]; then
  npx mocha --config .mocharc.json "$@"
else
  npx mocha --config .mocharc.json "dist/test/unit/**/*.test.js" "dist/test/process/**/*.test.js" "dist/test/engine/**/*.test.js"
fi
