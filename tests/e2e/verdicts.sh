#!/bin/sh
# Every judging path gives one sign and one verdict for every kind of
# run: tests/check/verdicts.py (which says how) over series made from
# the real run files of tests/data/kinds, a step each way.
set -u
. tests/e2e/cli.subr
python3 "$top/tests/check/verdicts.py" "$bin" "$top/tests/data/kinds" \
    "$tmp" >"$out" 2>"$err" || fail "the paths disagree"
grep -q "all paths agree" "$out" || fail "no verdict"
exit 0
