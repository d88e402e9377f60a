#!/usr/bin/env bash
# Lints GitHub Actions workflows with actionlint v1.7.12, built from its Go module (tools/actionlint pins it) into
# dist/tools/actionlint the first time. Arguments go to actionlint; without any it lints .github/workflows/*.yml (named
# one by one: actionlint alone looks for them through git, and a copy of the sources may have no .git).
set -euo pipefail
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tool="$repo_root/dist/tools/actionlint"
if [[ ! -x "$tool" || "$repo_root/tools/actionlint/go.mod" -nt "$tool" ]]; then
  echo "[actionlint] building actionlint from Go modules (tools/actionlint)" >&2
  (
    cd "$repo_root/tools/actionlint"
    # go.sum pins every module, so the checksum database is not needed; the local toolchain is newer than go.mod asks.
    export GOTOOLCHAIN=local GOFLAGS=-mod=readonly GOSUMDB=off
    go build -trimpath -ldflags "-s -w" -o "$tool" github.com/rhysd/actionlint/cmd/actionlint
  )
fi
cd "$repo_root"
if [[ $# -eq 0 ]]; then
  set -- .github/workflows/*.yml
fi
exec "$tool" "$@"
