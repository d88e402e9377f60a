#!/usr/bin/env bash
# `npm run setup`: what `npm test`, `npm run demo` and `npm run bench` do first, alone: npm ci when needed, the
# TypeScript build, and the Pulumi CLI (found, or built from Pulumi's Go modules). Ends with how to put that CLI on
# the PATH of your shell when it is not there yet.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
echo "[setup] ready: dependencies installed, sources built, Pulumi CLI $(pulumi version) in $PULUMI_CLI_DIR"
if [[ "$PULUMI_CLI_ON_CALLER_PATH" == no ]]; then
  echo "[setup] to run pulumi in your shell: export PATH=\"$PULUMI_CLI_DIR:\$PATH\""
fi
