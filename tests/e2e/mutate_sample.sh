#!/bin/sh
# The mutation sampler (tests/mutate/sample.py) finds the sites its
# operators name and only those, keeps every line where it was, and
# draws the same sample from a seed every time: its self-test on a file
# whose every site is known, then --list twice on the tree itself with
# one seed (the same mutants, the seed printed) and once with another.
# Plants nothing and builds nothing; no clock, no network.
set -u
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-e2e.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

fail() {
	echo "$0: $*" >&2
	exit 1
}

python3 tests/mutate/selftest.py >"$tmp/self" 2>&1 ||
    { cat "$tmp/self" >&2; fail "the operators' self-test failed"; }

list() {
	python3 tests/mutate/sample.py --list -n 30 --seed "$1" >"$tmp/$2" \
	    2>&1 || { cat "$tmp/$2" >&2; fail "sample.py --list failed"; }
}
list 1234 a
list 1234 b
list 4321 c
grep -q 'seed 1234, 30 of [0-9]* mutants' "$tmp/a" ||
    fail "the seed and the count not printed: $(head -n 1 "$tmp/a")"
[ "$(grep -c '^src/\|^ui/' "$tmp/a")" -eq 30 ] || fail "not 30 mutants listed"
# The first line holds the date: the mutants must match, line by line.
tail -n +2 "$tmp/a" >"$tmp/a2"
tail -n +2 "$tmp/b" >"$tmp/b2"
tail -n +2 "$tmp/c" >"$tmp/c2"
cmp -s "$tmp/a2" "$tmp/b2" || fail "one seed drew two samples"
cmp -s "$tmp/a2" "$tmp/c2" && fail "two seeds drew one sample"
# Five of each operator in 30.
for op in ror lcr aor crp sdl rvr; do
	[ "$(grep -c ":$op " "$tmp/a2")" -eq 5 ] || fail "not 5 of $op in 30"
done
exit 0
