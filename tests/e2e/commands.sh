#!/bin/sh
# Command tests (run -x, --suite, -P/-L, -i, the refusals) and the JSON
# importers, as a user meets them:
#   - commands alone take hyperfine's default plan (10 x 0.3 s) unless -d
#     or -n, and two or more end with hyperfine's summary;
#   - a scan -P n 1 2 makes one test per value, each recorded with its
#     command, whether a shell ran it, and the plan_command that resume
#     and the fleet's agents rebuild it from; show -s gives CPU time and
#     RSS, says which tests a shell ran, and draws the scan's curve;
#   - a failing command fails its samples with its status and last stderr
#     line, unless -i, and says so in one line on stderr even with -q;
#   - an empty command, an unbalanced quote, a program not on PATH, an
#     unset {NAME}, a {NAME} given values twice and a suite row with a column missing are refused
#     before anything runs, exit 2, the suite's by file:line;
#   - a hyperfine export imports and compares with the run of the same
#     command (same test id and version);
#   - a suite's title is its test's in show and show -f json.
set -u
top=$(pwd)
bin=$top/build/san/sysmark
[ -x "$bin" ] || bin=$top/sysmark
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-e2e.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
out=$tmp/out
fail() {
	echo "$0: $*" >&2
	cat "$out" >&2
	exit 1
}
want() {
	grep -q -F -- "$1" "$2" || fail "no \"$1\" in $2"
}

# A scan and a shell command, two samples each.  A shell's start-up,
# timed after the sample, may outlast it on a loaded machine (at a load
# of 36 `sh -c ''` took longer than `echo x | cat` once): the sample then
# fails, saying so, and that is the only failure allowed here.
$bin run -x 'e=echo {n}' -P n 1 2 -x 'p=sleep 0.05 | cat' -d 0.2 -n 2 -q \
    -o "$tmp/a.csv" >"$out" 2>&1
rc=$?
if [ $rc -eq 1 ]; then
	grep -q 'failed,.*the overhead subtracted' "$tmp/a.csv" ||
	    fail "run -x: exit status 1"
elif [ $rc -ne 0 ]; then
	fail "run -x: exit status $rc"
fi
for w in 'meta,plan_tests,"e-1,e-2,p"' 'meta,command.e-2,echo 2' \
    'meta,command_shell.e-1,no shell' 'meta,command_param.e-2,n=2' \
    'meta,command_shell.p,"/bin/sh -c, its start-up subtracted"' \
    'meta,plan_command.p,' 'sample,e-1,'
do
	want "$w" "$tmp/a.csv"
done
$bin show -s "$tmp/a.csv" >"$out" 2>&1 || fail "show: exit status $?"
want "e-2" "$out"
want "RSS MB" "$out"
want "Run directly, no shell: e-1, e-2." "$out"
want "Run through /bin/sh -c, its start-up measured and subtracted: p." "$out"
want "e against {n} (s, lower is better)" "$out"
want "Summary (the ratio of the means, +/- its 95% interval): e-" "$out"
grep -q '^  [0-9.]* +/- [0-9.]* times faster than e-[12]$' "$out" ||
    fail "show: no line of hyperfine's summary for the scan"

# Commands alone take hyperfine's default, at least 10 executions and
# 3 s, unless -d or -n; beside a catalog test, the catalog's plan.
$bin run -x true --dry-run >"$out" 2>&1 || fail "--dry-run: exit $?"
want "true: true, 1 copy, 10 x 0.3 s + warm-up" "$out"
$bin run -x true -d 1 --dry-run >"$out" 2>&1 || fail "--dry-run -d 1"
want "true: true, 1 copy, 6 x 1 s + warm-up" "$out"
$bin run -x true -t syscall --dry-run >"$out" 2>&1 || fail "--dry-run -t"
want "true: true, 1 copy, 6 x 10 s + warm-up" "$out"
$bin run --help >"$out" 2>&1
want "alone take 10 samples of 0.3 s unless -d or -n" "$out"
$bin import --help >"$out" 2>&1
for w in "BYTE UNIX Benchmarks 3.x" "UnixBench 5.x and 6.x" lmbench3 \
    "hyperfine --export-json" "Google Benchmark"; do
	want "$w" "$out"
done

# A failing command: its status and last line of stderr, unless -i.
$bin run -x "f=echo one >&2; echo 'it broke' >&2; exit 3" -d 0.2 -n 1 -q \
    -o "$tmp/f.csv" >"$out" 2>&1
[ $? -eq 1 ] || fail "a failing command: not exit status 1"
want "f: exited with status 3: it broke" "$tmp/f.csv"
# With -q its stderr still says why, in one line.
$bin run -q -x false -d 0.2 -n 1 --no-save 2>"$tmp/err" >/dev/null
[ $? -eq 1 ] || fail "run -q -x false: not exit status 1"
[ "$(wc -l <"$tmp/err")" -eq 1 ] || { cat "$tmp/err" >"$out";
    fail "run -q -x false: not one line on stderr"; }
want "sysmark: false, 1 copy: 2 of 2 samples failed: copy 1: false: exited with status 1" "$tmp/err"
$bin run -i -x 'f=false' -d 0.2 -n 1 -q -o "$tmp/i.csv" >"$out" 2>&1 ||
    fail "-i: exit status $?"

# Refused before anything runs.
refused() {
	msg=$1
	shift
	$bin run -d 0.2 -n 1 -o "$tmp/never.csv" "$@" >"$out" 2>&1
	[ $? -eq 2 ] || fail "$*: not exit status 2"
	want "$msg" "$out"
	[ ! -e "$tmp/never.csv" ] || fail "$*: something was saved"
}
refused 'the command is empty' -x ''
refused "an unbalanced ' quote" -x "echo 'x"
refused 'program "no-such-program-x" not found on PATH' \
    -x 'no-such-program-x -v'
refused '{t}: no parameter t is given (-P or -L)' -x 'sleep {t}'
# A parameter given twice, as hyperfine refuses it: the commands would
# get one list's values, the tests be named after the other's.
refused '-P n: {n} is given values twice' -x 'echo {n}' -P n 1 2 -P n 5 6
refused '-L n: {n} is given values twice' -x 'echo {n}' -P n 1 2 -L n 5,6
refused '-L n: {n} is given values twice' -x 'echo {n}' -L n 1,2 -L n 5,6
printf 'id,title,command,setup,cleanup,unit,direction\na,,true,,,s\n' \
    >"$tmp/s.csv"
refused "$tmp/s.csv:2: expected 7 columns" --suite "$tmp/s.csv"

# A suite's tests run under their ids, in their unit, and show and its
# JSON give each its title (an escape in it made visible on a terminal).
printf 'id,title,command,setup,cleanup,unit,direction\n%s\n' \
    "t,True $(printf '\033')[31mred,true,,,ms,lower" >"$tmp/s.csv"
$bin run --suite "$tmp/s.csv" -d 0.2 -n 1 -q -o "$tmp/s-run.csv" \
    >"$out" 2>&1 || fail "--suite: exit status $?"
want 'sample,t,' "$tmp/s-run.csv"
want ',ms,' "$tmp/s-run.csv"
$bin show -f json "$tmp/s-run.csv" >"$out" 2>&1 || fail "show -f json: $?"
python3 -c 'import json, sys
t = json.load(open(sys.argv[1]))["runs"][0]["tests"][0]
sys.exit(t["id"] != "t" or t["title"] != "True \033[31mred")' "$out" ||
    fail "show -f json: not the suite's title"
$bin show "$tmp/s-run.csv" >"$out" 2>&1 || fail "show: exit status $?"
want 'True \x1b[31mred' "$out"
grep -q "$(printf '\033')" "$out" && fail "show: an escape reached the terminal"

# hyperfine's export of `echo 1` is the same test as run -x 'e=echo 1'
# would be were it named echo: import it and compare with a run of it.
$bin run -x 'echo 1' -d 0.2 -n 2 -q -o "$tmp/echo.csv" >"$out" 2>&1 ||
    fail "run -x 'echo 1': exit status $?"
cat >"$tmp/hf.json" <<'JSON'
{"results": [{"command": "echo 1", "mean": 0.001, "times": [0.001, 0.0011,
 0.0009, 0.001], "exit_codes": [0, 0, 0, 0]}]}
JSON
$bin import -q -o "$tmp/hf.csv" "$tmp/hf.json" >"$out" 2>&1 ||
    fail "import: exit status $?"
$bin compare "$tmp/hf.csv" "$tmp/echo.csv" >"$out" 2>&1 ||
    fail "compare the import: exit status $?"
grep -q "^echo " "$out" || fail "the import and the run are not one test"
grep -q "version" "$out" && fail "the versions differ"
exit 0
