#!/usr/bin/env bash
# Makes sure the real Pulumi CLI v3.248.0 and its YAML language host are available, and prints the directory that
# holds the CLI.
#
# Order: a `pulumi` already on PATH at >= 3.248, else the cached build in
# ~/.pulumi/versions/3.248.0/bin (the Automation API's own layout), else a build from Pulumi's Go
# modules through the wrapper module in tools/pulumi-cli. No prebuilt CLI can be downloaded here.
# The YAML language host, `pulumi-language-yaml`, is one of the plugins the CLI looks for next to itself: when the
# CLI's directory has none, it is built there from Pulumi's Go modules (tools/pulumi-language-yaml), once.
# Progress goes to stderr; stdout carries only the directory, so callers can capture it.
set -euo pipefail

readonly PULUMI_VERSION="3.248.0"
readonly YAML_HOST_VERSION="1.25.0"
readonly MIN_MINOR=248
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache_bin="${PULUMI_HOME:-$HOME/.pulumi}/versions/${PULUMI_VERSION}/bin"

log() { echo "[ensure-pulumi] $*" >&2; }

# The Go version the wrapper module needs: its go.mod's `go` line.
go_minimum="$(sed -n 's/^go \([0-9][0-9.]*\)$/\1/p' "$repo_root/tools/pulumi-cli/go.mod")"

# `pulumi` in a shell of the user's only works once its directory is on PATH; say how when it is not.
path_hint() {
  if [[ "$(command -v pulumi 2>/dev/null)" != "$1/pulumi" ]]; then
    log "pulumi is not on your PATH; to use it in your shell (as the README's pulumi commands do):"
    log "  export PATH=\"$1:\$PATH\""
  fi
}

# Prints the CLI's version without the leading "v", or nothing when the binary does not answer.
cli_version() { "$1" version 2>/dev/null | sed -n 's/^v\{0,1\}\([0-9][0-9.]*\).*/\1/p' | head -n 1; }

usable() {
  local version
  version="$(cli_version "$1")"
  [[ -n "$version" ]] || return 1
  local major minor
  IFS=. read -r major minor _ <<<"$version"
  [[ "$major" -eq 3 && "$minor" -ge "$MIN_MINOR" ]]
}

# Builds the YAML language host into the CLI's directory $1 unless it is there already.
ensure_yaml_host() {
  local dir="$1"
  if [[ -x "$dir/pulumi-language-yaml" ]]; then
    return 0
  fi
  if [[ ! -w "$dir" ]]; then
    log "no pulumi-language-yaml next to $dir/pulumi, and that directory is not writable: YAML programs need"
    log "a Pulumi install that includes it (https://www.pulumi.com/docs/install/)."
    return 0
  fi
  require_go "the YAML language host"
  log "building pulumi-language-yaml v${YAML_HOST_VERSION} from Pulumi's Go modules (2-3 minutes the first time)."
  local started=$SECONDS build_dir
  build_dir="$(mktemp -d)"
  (
    cd "$repo_root/tools/pulumi-language-yaml"
    export GOTOOLCHAIN=local GOFLAGS=-mod=readonly GOSUMDB=off
    go build -trimpath \
      -ldflags "-s -w -X github.com/pulumi/pulumi-yaml/pkg/version.Version=v${YAML_HOST_VERSION}" \
      -o "$build_dir/pulumi-language-yaml" github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml
  ) >&2
  mv "$build_dir/pulumi-language-yaml" "$dir/pulumi-language-yaml"
  rm -rf "$build_dir"
  log "built pulumi-language-yaml in $((SECONDS - started)) s into $dir"
}

# Stops with what to install when no Go new enough to build $1 is on PATH.
require_go() {
  if ! command -v go >/dev/null 2>&1; then
    log "Building $1 needs Go >= ${go_minimum}, and there is no go on PATH."
    log "Install either the Pulumi CLI (https://www.pulumi.com/docs/install/) or Go >= ${go_minimum} (to build it here),"
    log "then run this again."
    exit 1
  fi
  local go_version
  go_version="$(GOTOOLCHAIN=local go env GOVERSION 2>/dev/null | sed -n 's/^go\([0-9][0-9.]*\).*/\1/p')"
  if [[ -z "$go_version" || "$(printf '%s\n%s\n' "$go_minimum" "$go_version" | sort -V | head -n 1)" != "$go_minimum" ]]; then
    log "Building $1 needs Go >= ${go_minimum} (tools/pulumi-cli/go.mod); $(command -v go) is go${go_version:-?}."
    log "Install a newer Go (https://go.dev/dl/), or the Pulumi CLI itself (https://www.pulumi.com/docs/install/),"
    log "then run this again."
    exit 1
  fi
}

if on_path="$(command -v pulumi 2>/dev/null)" && usable "$on_path"; then
  log "using pulumi $(cli_version "$on_path") from PATH ($on_path)"
  ensure_yaml_host "$(dirname "$on_path")"
  dirname "$on_path"
  exit 0
fi

if [[ -x "$cache_bin/pulumi" ]] && usable "$cache_bin/pulumi"; then
  log "using cached pulumi $(cli_version "$cache_bin/pulumi") ($cache_bin)"
  ensure_yaml_host "$cache_bin"
  path_hint "$cache_bin"
  echo "$cache_bin"
  exit 0
fi

if ! command -v go >/dev/null 2>&1; then
  log "No Pulumi CLI >= 3.${MIN_MINOR} on PATH and no cached build in $cache_bin."
fi
require_go "the Pulumi CLI"

log "building Pulumi CLI v${PULUMI_VERSION} from Pulumi's Go modules with $(go version | cut -d' ' -f3)."
log "The first build downloads the modules and compiles the CLI: expect 5-15 minutes on 2 cores. Later runs reuse it."
started=$SECONDS
build_dir="$(mktemp -d)"
trap 'rm -rf "$build_dir"' EXIT
(
  cd "$repo_root/tools/pulumi-cli"
  # go.sum pins every module, so the checksum database is not needed; the local toolchain is newer than go.mod asks.
  export GOTOOLCHAIN=local GOFLAGS=-mod=readonly GOSUMDB=off
  go build -trimpath \
    -ldflags "-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v${PULUMI_VERSION}" \
    -o "$build_dir/pulumi" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi
) >&2
mkdir -p "$cache_bin"
mv "$build_dir/pulumi" "$cache_bin/pulumi"
if ! usable "$cache_bin/pulumi"; then
  log "the built CLI does not report a version >= 3.${MIN_MINOR}: $("$cache_bin/pulumi" version 2>&1 || true)"
  exit 1
fi
log "built pulumi $(cli_version "$cache_bin/pulumi") in $((SECONDS - started)) s into $cache_bin"
ensure_yaml_host "$cache_bin"
path_hint "$cache_bin"
echo "$cache_bin"
