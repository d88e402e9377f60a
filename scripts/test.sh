#!/usr/bin/env bash
# `npm test`: everything from a fresh clone. Installs, builds, makes sure the Pulumi CLI is there, checks lint and
# formatting, then runs the whole mocha suite (unit, emulator, provider, end to end through the real engine).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"

echo "[test] lint and format check" >&2
npx eslint . >&2
npx prettier --check . >&2

npx mocha --config .mocharc.json "${@:-dist/test/**/*.test.js}"
