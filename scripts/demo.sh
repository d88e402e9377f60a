#!/usr/bin/env bash
# `npm run demo`: the main job, from a fresh clone.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
node dist/scripts/demo.js "$@"
