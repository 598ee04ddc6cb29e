#!/bin/sh
# The console judges as the command line does: for a higher-is-better
# catalog test and a lower-is-better command (seconds), each with a 15%
# step the worse way and the better way (series made from real run files
# by tests/check/verdicts.py), the History screen shows the step with the
# sign `sysmark history` gives it, its sides compared say the verdict
# `history --compare 1` says, and the compare screen, the first run
# picked against the last (a 60% step: one run a side), says the verdict
# `sysmark compare` says; each is the way the step was put in.  A series of another build is shown
# apart, with why.
set -u
. tests/e2e/lib.subr

e2e_series() {	# KIND WAY [STEP]: the series in $e2e_tmp/s; its test
	rm -rf "$e2e_tmp/s"
	python3 tests/check/verdicts.py --series tests/data/kinds \
	    "$e2e_tmp/s" "$1" "$2" 7 ${3:-} || e2e_fail "cannot write $1 $2"
}

# The first signed percentage of a line: + or -.
e2e_sign() {
	sed -n 's/^[^+-]*\([+-]\)[0-9.]*%.*/\1/p' | head -1
}

for kind in catalog-higher command-seconds; do
	for way in worse better; do
		test=$(e2e_series "$kind" "$way")
		case $kind-$way in
		catalog-higher-worse | command-seconds-better) want=- ;;
		*) want=+ ;;
		esac
		e2e_other=better
		[ "$way" = better ] && e2e_other=worse
		# The verdict column may be cut at 80 columns: its first 4.
		w4=$(echo "$way" | cut -c1-4)
		o4=$(echo "$e2e_other" | cut -c1-4)
		cli=$($e2e_bin history --index none "$e2e_tmp/s" 2>/dev/null |
		    grep "^$test .*\] $way at" | e2e_sign)
		[ "$cli" = "$want" ] ||
		    e2e_fail "$kind $way: history says '$cli', not $want $way"
		# compare's tables name a test by its title: the verdict is
		# the word after a figure, the geomean's line left aside.
		$e2e_bin history --index none --compare 1 "$e2e_tmp/s" \
		    2>/dev/null | grep -v geomean | grep -q "  $way " ||
		    e2e_fail "$kind $way: history --compare 1 is not $way"
		rm -rf "$e2e_tmp/results"
		cp -R "$e2e_tmp/s" "$e2e_tmp/results"
		e2e_start TERM=vt100 NO_COLOR=1 XDG_CACHE_HOME=$e2e_tmp/cache
		e2e_wait "choose the tests"
		e2e_keys o
		e2e_wait "sysmark -- compare"
		e2e_keys H
		e2e_wait "^$test .*% \[.*\] from run 13"
		got=$(e2e_screen | grep "^$test " | e2e_sign)
		[ "$got" = "$cli" ] ||
		    e2e_fail "$kind $way: the History screen says '$got', not $cli"
		e2e_keys Enter
		e2e_wait "change point 1 of 1"
		e2e_wait "[0-9%]   *$w4"
		e2e_screen | grep -v geomean |
		    grep -q "[0-9%]   *$o4" &&
		    e2e_fail "$kind $way: the sides say $e2e_other"
		e2e_keys q
		e2e_wait "sysmark-exit=0"
		$e2e_tmux kill-server 2>/dev/null

		# The compare screen: the first run against the last, a step
		# of 60% (one run a side must pass its group's floor).
		e2e_series "$kind" "$way" 0.6 >/dev/null
		rm -rf "$e2e_tmp/results"
		mkdir "$e2e_tmp/results"
		cp "$e2e_tmp/s/run-00.csv" "$e2e_tmp/s/run-23.csv" \
		    "$e2e_tmp/results/" || e2e_fail "cp"
		$e2e_bin compare "$e2e_tmp/results/run-00.csv" \
		    "$e2e_tmp/results/run-23.csv" 2>/dev/null |
		    grep -v geomean | grep -q "  $way " ||
		    e2e_fail "$kind $way: compare is not $way"
		e2e_start TERM=vt100 NO_COLOR=1 XDG_CACHE_HOME=$e2e_tmp/cache
		e2e_wait "choose the tests"
		e2e_keys o
		e2e_wait "compare: pick runs"
		e2e_keys j Space k Space Enter	# newest first: run-00 is the reference
		e2e_wait "[0-9%]   *$w4"
		e2e_screen | grep -v geomean |
		    grep -q "[0-9%]   *$o4" &&
		    e2e_fail "$kind $way: the compare screen says $e2e_other"
		e2e_keys q
		e2e_check_restored 0
		$e2e_tmux kill-server 2>/dev/null
	done
done
# Another build from run 13 on (-O3): a series apart, said on its line
# and, whole, below the list for the series under the cursor.
e2e_series catalog-higher worse >/dev/null
rm -rf "$e2e_tmp/results"
cp -R "$e2e_tmp/s" "$e2e_tmp/results"
for f in "$e2e_tmp"/results/run-1[2-9].csv "$e2e_tmp"/results/run-2?.csv; do
	sed 's/^meta,bench_cflags,-O2 -g,/meta,bench_cflags,-O3,/' "$f" \
	    >"$f.t" && mv "$f.t" "$f" || e2e_fail "sed $f"
done
$e2e_bin history --index none "$e2e_tmp/results" 2>/dev/null |
    tr '\n' ' ' | tr -s ' ' |
    grep -q "not compared with the 12 runs before: another build" ||
    e2e_fail "history does not say the series is apart"
e2e_start TERM=vt100 NO_COLOR=1 XDG_CACHE_HOME=$e2e_tmp/cache
e2e_wait "choose the tests"
e2e_keys o
e2e_wait "sysmark -- compare"
e2e_keys H
e2e_wait "history: 24 runs, 2 series"
e2e_wait "; apart: another build"
e2e_keys j
e2e_wait "^not compared with the 12 runs before: another build (sysmark"
e2e_keys q
e2e_check_restored 0
exit 0
