#!/bin/sh
# A command test's single executions, each timed alone, beside the
# interval of the mean: run -x prints their mean, sd, fastest and slowest
# under a legend that says the sd is one execution's (hyperfine's +/-)
# and +/- CI the mean's interval; show prints the same from the file;
# show -f json gives them per sample and pooled, to the schema; a command
# that sleeps 50 ms every other time shows that spread.  A run file of
# format 4, from before executions were timed, still shows, with
# neither the block nor the figures.
set -u
. tests/e2e/cli.subr
want() {	# TEXT FILE: TEXT in FILE, its lines joined as the wrap cut them
	tr '\n' ' ' <"$2" | tr -s ' ' | grep -q -F -- "$1" ||
	    fail "no \"$1\" in $2"
}
flip='flip=if [ -e "$TMPDIR/f" ]; then rm "$TMPDIR/f"; sleep 0.05; else : >"$TMPDIR/f"; fi'

$bin run -x "$flip" -x 'tr=true' -d 0.3 -n 2 -o "$tmp/x.csv" >"$out" \
    2>"$err" || fail "run -x: exit status $?"
want "SD is the standard deviation of one execution (hyperfine's +/- sigma)" \
    "$out"
want "+/- CI above is the 95% interval of the mean, not this spread" "$out"
grep -q '^  TEST  *MEAN  *SD  *MIN  *MAX  EXECUTIONS$' "$out" ||
    fail "run -x: no header of the executions"
grep -q '^  flip  *[0-9.]* [mun]*s  *[0-9.]* [mun]*s  *[0-9.]* [mun]*s  *[0-9.]* [mun]*s  [0-9][0-9]*$' \
    "$out" || fail "run -x: no executions of flip"
grep -q '^  tr  ' "$out" || fail "run -x: no executions of tr"
sed -n '/^Single executions/,$p' "$out" >"$tmp/block"
$bin show "$tmp/x.csv" >"$out" 2>"$err" || fail "show: exit status $?"
sed -n '/^Single executions/,$p' "$out" | cmp -s - "$tmp/block" ||
    fail "show's executions differ from run's"

$bin show -f json "$tmp/x.csv" >"$tmp/doc" 2>"$err" ||
    fail "show -f json: exit status $?"
python3 tests/check/json_check.py show <"$tmp/doc" >"$out" 2>&1 ||
    fail "JSON schema"
python3 - "$tmp/doc" >"$out" 2>&1 <<'PY' || fail "JSON: $(tail -n 1 "$out")"
import json, sys
t = {x["id"]: x for x in json.load(open(sys.argv[1]))["runs"][0]["tests"]}
for k in ("flip", "tr"):
    e = t[k]["executions"]
    s = [x for x in t[k]["samples"] if not x["warmup"] and x["status"] == "ok"]
    assert e["n"] == sum(x["iterations"] for x in s), (k, e)
    assert 0 <= e["min"] <= e["mean"] <= e["max"], (k, e)
    for x in t[k]["samples"]:
        assert x["exec_min"] <= x["exec_mean"] <= x["exec_max"], x
        assert x["exec_mean"] <= x["value"] * (1 + 1e-9), x
e = t["flip"]["executions"]
assert e["max"] - e["min"] > 0.03, e
assert 0.015 < e["sd"] < e["max"] - e["min"], e
PY

# A format 4 file: shown, without executions.
$bin show tests/data/kinds/cmd_seconds.csv >"$out" 2>"$err" ||
    fail "show format 4: exit status $?"
grep -q "Single executions" "$out" && fail "format 4: executions shown"
$bin show -f json tests/data/kinds/cmd_seconds.csv >"$tmp/doc" 2>"$err" ||
    fail "show -f json format 4: exit status $?"
python3 tests/check/json_check.py show <"$tmp/doc" >"$out" 2>&1 ||
    fail "JSON schema, format 4"
python3 -c 'import json, sys
for t in json.load(open(sys.argv[1]))["runs"][0]["tests"]:
    assert t["executions"] is None, t["executions"]
    assert all(x["exec_sd"] is None for x in t["samples"])' "$tmp/doc" \
    >"$out" 2>&1 || fail "format 4 JSON: $(tail -n 1 "$out")"
exit 0
