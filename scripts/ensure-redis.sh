#!/usr/bin/env bash
# Makes sure `redis-server` is available for the tests of the Redis-backed shared budget, and prints its path.
#
# Order: a `redis-server` already on PATH, else Debian's package (`apt-get install redis-server`), which needs root
# or sudo. The tests start their own server on a free loopback port; the package's own service is not needed, so
# it is not started here. Progress goes to stderr; stdout carries only the binary's path, so callers can capture it.
set -euo pipefail

log() { echo "[ensure-redis] $*" >&2; }

if found="$(command -v redis-server 2>/dev/null)"; then
  echo "$found"
  exit 0
fi

if [[ "$(id -u)" -eq 0 ]]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo -n)
else
  log "redis-server is missing and installing it needs root: run \`apt-get install -y redis-server\` as root"
  exit 1
fi

log "installing redis-server (apt-get install redis-server)"
export DEBIAN_FRONTEND=noninteractive
# The package's post-install starts its service where an init system runs; policy-rc.d refuses that here.
"${as_root[@]}" apt-get update -qq >&2
"${as_root[@]}" env RUNLEVEL=1 apt-get install -y -qq --no-install-recommends redis-server >&2
command -v redis-server
