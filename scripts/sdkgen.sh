#!/usr/bin/env bash
# `npm run sdk`: builds tools/sdkgen (Pulumi's schema binder and SDK generators, pinned to the same Pulumi
# modules as the CLI) and writes sdk/nodejs, sdk/python and sdk/go from provider/native/schema.json.
# Arguments go to the tool: `-check` binds the schema only; `-out <dir>` writes the SDKs elsewhere.
set -euo pipefail
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tool="$repo_root/dist/tools/sdkgen"
# Go's build cache makes this quick after the first time (the first build compiles Pulumi's codegen packages).
(cd "$repo_root/tools/sdkgen" && go build -o "$tool" .)
cd "$repo_root"
"$tool" -schema provider/native/schema.json -out sdk "$@"
