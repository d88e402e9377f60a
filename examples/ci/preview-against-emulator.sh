#!/usr/bin/env bash
# A pull-request check without a cloud account: previews, applies and destroys this project's stack against the
# emulator of the ClickHouse Cloud and observability APIs. Run it from the directory of your Pulumi.yaml, after
# `npm ci`, with the Pulumi CLI on PATH. Each argument names an id your program reads from its stack config, as
# <config key>=<path in the emulator's fixture>, e.g. serviceId=services.production.
set -euo pipefail

work="$(mktemp -d)"
cleanup() {
  npx pulumi-clickhouse-cloud-emulator stop --pid-file "$work/emulator.pid"
  rm -rf "$work"
}
trap cleanup EXIT

# The stack's secrets are encrypted with a passphrase; the stack only ever meets the emulator, so any value does.
export PULUMI_CONFIG_PASSPHRASE="${PULUMI_CONFIG_PASSPHRASE:-emulator-only}"
export PULUMI_SKIP_UPDATE_CHECK=true

# Returns once the emulator serves and has written the fixture; --seed gives the same ids on every run.
npx pulumi-clickhouse-cloud-emulator --port 0 --seed 42 --fixture-out "$work/fixture.json" \
  --pid-file "$work/emulator.pid" --detach --quiet

mkdir -p "$work/state"
pulumi login "file://$work/state" # state in the job's temporary directory, not in Pulumi Cloud
pulumi stack init pr-check
set_ids=()
for id in "$@"; do set_ids+=(--set "$id"); done
npx pulumi-clickhouse-cloud-emulator configure --fixture "$work/fixture.json" "${set_ids[@]}"

pulumi preview
pulumi up --yes --skip-preview     # the plan was just shown
pulumi preview --expect-no-changes # a second plan must be empty: the program converges
pulumi destroy --yes --remove
