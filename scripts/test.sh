#!/usr/bin/env bash
# `npm test`: everything from a fresh clone. Installs, builds, makes sure the Pulumi CLI is there, checks lint and
# formatting, then runs the whole mocha suite: the three tiers under dist/test/ (unit, process, engine).
#
#   bash scripts/test.sh                   lint, then every tier, then the production management wire against
#                                          ClickHouse Cloud's OpenAPI (npm run check:openapi) when its file is there
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
  exec npx mocha --config .mocharc.json "$@"
fi

# Every emulator of the run, in this process or started by a test, appends its management exchanges here; the
# provider's requests and the emulator's answers on the production wire are then checked against ClickHouse Cloud's
# published OpenAPI. The check runs after failing tests too, so that one run reports both; the run fails if either did.
exchanges="$(mktemp "${TMPDIR:-/tmp}/chc-exchanges.XXXXXX")"
trap 'rm -f "$exchanges"' EXIT
status=0
CHC_RECORD_EXCHANGES="$exchanges" npx mocha --config .mocharc.json \
  "dist/test/unit/**/*.test.js" "dist/test/process/**/*.test.js" "dist/test/engine/**/*.test.js" || status=$?

# The OpenAPI file: the one CHC_OPENAPI_SPEC names, else shared/reference/ beside the checkout, else beside the
# repository this checkout was cloned from when that is a directory on this machine (CI clones main into a temporary
# directory, where nothing is beside it).
reference="shared/reference/clickhouse-cloud-openapi.json"
openapi_file() {
  if [[ -n "${CHC_OPENAPI_SPEC:-}" ]]; then
    echo "$CHC_OPENAPI_SPEC"
    return
  fi
  local origin
  origin="$(git remote get-url origin 2>/dev/null || true)"
  for candidate in "../$reference" "${origin%/}/../$reference"; do
    if [[ -f "$candidate" ]]; then
      echo "$candidate"
      return
    fi
  done
  echo "../$reference"
}
openapi="$(openapi_file)"
if [[ -n "${CHC_OPENAPI_SPEC:-}" && ! -f "$openapi" ]]; then
  echo "[test] CHC_OPENAPI_SPEC names no file: $openapi" >&2
  exit 1
elif [[ -f "$openapi" ]]; then
  echo "[test] the production management wire against $openapi (npm run check:openapi)" >&2
  node dist/scripts/checkOpenApi.js "$openapi" "$exchanges" || status=1
else
  echo "[test] ######## SKIPPED: the OpenAPI conformance check: no file ../$reference, nor beside the origin" >&2
  echo "[test] ######## set CHC_OPENAPI_SPEC to ClickHouse Cloud's OpenAPI JSON (clickhousectl's clickhouse_cloud_openapi.json)" >&2
fi
exit "$status"
