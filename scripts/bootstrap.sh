#!/usr/bin/env bash
# Sourced by the npm scripts (setup, test, demo, bench): installs what a fresh clone lacks, builds, finds or
# builds the Pulumi CLI, and installs redis-server when missing. Afterwards PULUMI_CLI_DIR names the CLI's directory, PATH holds the CLI and the
# dynamic-provider launcher that ships in @pulumi/pulumi, and PULUMI_CLI_ON_CALLER_PATH says whether the caller's
# own PATH already found that CLI (when not, hints for the user's shell print the `export PATH=...` it needs).
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo_root"

# npm ci when node_modules is missing or older than the lock file (npm writes node_modules/.package-lock.json).
if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  echo "[bootstrap] installing dependencies (npm ci)" >&2
  npm ci --no-audit --no-fund >&2
fi

# Examples and the dynamic-provider shim import this package by its name, as a user's program does; inside the
# repository that name resolves through this link to the package root.
# The package's bins get the same treatment (npm links no bin of the root package itself), so
# `npx pulumi-clickhouse-cloud-emulator` and `npx pulumi-clickhouse-cloud` work here as they do for a user who
# installed the package.
if [[ ! -L node_modules/pulumi-clickhouse-cloud ]]; then
  ln -sfn .. node_modules/pulumi-clickhouse-cloud
fi
ln -sfn ../pulumi-clickhouse-cloud/dist/emulator/cli/main.js node_modules/.bin/pulumi-clickhouse-cloud-emulator
ln -sfn ../pulumi-clickhouse-cloud/dist/provider/cli/main.js node_modules/.bin/pulumi-clickhouse-cloud

echo "[bootstrap] building (tsc)" >&2
npm run --silent build

PULUMI_CLI_DIR="$(bash scripts/ensure-pulumi.sh)"
export PULUMI_CLI_DIR

# redis-server, for the tests of the rate-limit budget shared through Redis; installed only when missing. Nothing
# else needs it, so a machine where it cannot be installed (no root, no sudo) still sets up, with a warning.
if ! bash scripts/ensure-redis.sh >/dev/null; then
  echo "[bootstrap] warning: redis-server is missing; the tests of the budget shared through Redis will fail" >&2
fi

# The engine looks for the dynamic-provider launcher beside the CLI first (where Pulumi's releases ship it) and
# warns about every copy it finds on PATH instead. The launcher is a small script that resolves @pulumi/pulumi from
# the program's directory, so a copy serves every checkout. A CLI we do not own keeps its own launcher.
launcher="node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs"
if [[ -w "$PULUMI_CLI_DIR" && ! -e "$PULUMI_CLI_DIR/pulumi-resource-pulumi-nodejs" ]]; then
  install -m 0755 "$launcher" "$PULUMI_CLI_DIR/pulumi-resource-pulumi-nodejs"
fi
if [[ "$(command -v pulumi 2>/dev/null)" == "$PULUMI_CLI_DIR/pulumi" ]]; then
  export PULUMI_CLI_ON_CALLER_PATH=yes
else
  export PULUMI_CLI_ON_CALLER_PATH=no
fi
export PATH="$PULUMI_CLI_DIR:$PATH"
export PULUMI_SKIP_UPDATE_CHECK=true
echo "[bootstrap] Pulumi CLI $(pulumi version) at $PULUMI_CLI_DIR" >&2
