#!/usr/bin/env bash
# Issue 15's flake proof: run ./run-tests RUNS times in one copy of this commit while a second copy
# runs the whole suite over and over beside it, on the same cores. Prints one line per run.
# Usage: scripts/suite_beside_itself.sh [RUNS=3] [WORKDIR=/tmp/tabuleiro-beside]
# The copies share nothing but the machine (separate venvs and checkouts; the second copy's
# PostgreSQL tests use TABULEIRO_TEST_PG_B when set, so the two never share a database).
set -euo pipefail
runs="${1:-3}"
work="${2:-/tmp/tabuleiro-beside}"
root="$(cd "$(dirname "$0")/.." && pwd)"
commit="$(git -C "$root" rev-parse HEAD)"
mkdir -p "$work"
for copy in a b; do
    if [ ! -d "$work/$copy/.git" ]; then
        git clone --quiet --no-checkout "$root" "$work/$copy"
    fi
    git -C "$work/$copy" fetch --quiet "$root" "$commit"
    git -C "$work/$copy" checkout --quiet --detach "$commit"
done
rm -f "$work/a.done"
(
    export TABULEIRO_TEST_PG="${TABULEIRO_TEST_PG_B:-}"
    i=0
    while [ ! -f "$work/a.done" ]; do
        i=$((i + 1))
        start=$(date +%s)
        rc=0
        "$work/b/run-tests" -p no:cacheprovider -rfE >"$work/b-$i.log" 2>&1 || rc=$?
        echo "beside run $i: exit $rc in $(($(date +%s) - start)) s"
    done
) &
beside=$!
failed=0
for i in $(seq 1 "$runs"); do
    start=$(date +%s)
    rc=0
    "$work/a/run-tests" -p no:cacheprovider -rfE >"$work/a-$i.log" 2>&1 || rc=$?
    echo "run $i: exit $rc in $(($(date +%s) - start)) s, load $(cut -d' ' -f1-3 /proc/loadavg) ($work/a-$i.log)"
    [ "$rc" -eq 0 ] || failed=1
done
touch "$work/a.done"
wait "$beside"
exit "$failed"
