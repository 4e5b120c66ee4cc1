#!/bin/bash
# Runs the built test suite (arguments go to `swift test`), then says how many tests were
# skipped and why, so that a green run without root or mount does not read as a full one.
set -uo pipefail
log=$(mktemp)
trap 'rm -f "$log"' EXIT
${SWIFT:-swift} test --skip-build "$@" 2>&1 | tee "$log"
status=$?
# Swift Testing reports a skip as "Test NAME skipped: "REASON"" (or "skipped." without one).
skips=$(grep -E '^.? ?Test .* skipped' "$log" | sed -E 's/.*Test (.*) skipped(: "(.*)")?\.?$/\3/')
count=$(grep -cE '^.? ?Test .* skipped' "$log")
# Kept for `make test` to repeat at its very end, after the package test.
summary=${SKIP_SUMMARY:-/dev/null}
{
    if [ "$count" -gt 0 ]; then
        echo "tests skipped: $count (this run is not a full one):"
        printf '%s\n' "$skips" | sed 's/^$/(no reason given)/' | sort | uniq -c | sed -E 's/^ *([0-9]+) /  \1 × /'
    else
        echo "tests skipped: none"
    fi
} | tee "$summary"
exit "$status"
