#!/usr/bin/env bash
# `npm run bench`: the benchmarks of bench/README.md, from a fresh clone (about 16 minutes on 2 cores). Prints the
# table and writes bench/results.md and bench/results.json. BENCH_RUNS, BENCH_THROUGHPUT_RUNS and BENCH_FIGURES
# tune a run.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
node dist/bench/run.js "$@"
