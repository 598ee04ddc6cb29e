#!/bin/sh
# Nothing on the compare screen is cut or left behind at 80x24
# (TERM=vt100): a summary row's label, "geomean of 4 ratios", is whole
# even where the test column gives way to ids (it once read "geomean of 4
# ra~"); and the table's caption (compare's From/To) scrolls away with it,
# never drawn again unscrolled under the column header.  Runs written by
# hand; no measurement, no clock.
set -u
. tests/e2e/lib.subr

# run NAME SCALE: four tests, three samples each, in the results folder.
run() {
	{
		echo "record,name,value,version,copies,sample,unit,duration,elapsed,iterations,status,reason,per_copy"
		echo "meta,format,1,,,,,,,,,,"
		echo "meta,hostname,$1,,,,,,,,,,"
		for t in syscall:1 context1:1 pipe:1 spawn:1; do
			for i in 1 2 3; do
				echo "sample,${t%:*},$(( ($2 + i) * 1000 )),${t#*:},1,$i,lps,1,1,1000,ok,,"
			done
		done
	} >"$e2e_tmp/results/$1.csv"
}
mkdir -p "$e2e_tmp/results"
run aaa 100
run bbb 120
# The versions the catalog has (sysmark list's V column), so that no "!"
# widens the table.
"$e2e_bin" list >"$e2e_tmp/list" 2>/dev/null
col=$(sed -n 1p "$e2e_tmp/list" | awk '{ print index($0, " V ") + 1 }')
for t in syscall context1 pipe spawn; do
	v=$(awk -v t="$t" -v c="$col" '$1 == t { print substr($0, c, 2) + 0 }' \
	    "$e2e_tmp/list")
	[ -n "$v" ] || e2e_fail "no version for $t in sysmark list"
	sed -i "s/^sample,$t,\([0-9]*\),1,/sample,$t,\1,$v,/" \
	    "$e2e_tmp/results/aaa.csv" "$e2e_tmp/results/bbb.csv"
done

e2e_start TERM=vt100 NO_COLOR=1
e2e_wait "choose the tests"
e2e_keys o
e2e_wait "^  \[ \] saved run  bbb "
e2e_keys Space j Space Enter
e2e_wait "^sysmark -- compare: the second against the first"
e2e_wait "^geomean of 4 ratios "
e2e_screen | grep -q "geomean of 4 ra~" && e2e_fail "the geomean label cut"
e2e_keys q

# The caption: a BYTE run against an lmbench baseline (short rows, each
# test only on one side); a page down, the From/To and the warnings are
# gone, none of it left beside the rows under the header.
mkdir -p "$e2e_tmp/r2"
cp tests/data/seed003-linux-1.3.3.csv "$e2e_tmp/r2/linux133.csv"
e2e_wait "sysmark-exit=0"
e2e_launch TERM=vt100 NO_COLOR=1 SYSMARK_RESULTS="$e2e_tmp/r2" \
    SYSMARK_BASELINES="$e2e_top/baselines"
e2e_wait "choose the tests"
e2e_keys o
e2e_wait "^  \[ \] saved run  linux133 "
e2e_keys Space
e2e_cursor_base() {
	e2e_n=$(e2e_screen | grep -n "^  \[ \] baseline   $1 " | cut -d: -f1)
	[ -n "$e2e_n" ] || e2e_fail "no baseline $1 in the list"
	for _ in $(seq 4 "$e2e_n"); do
		e2e_keys j
	done
}
e2e_cursor_base lmbench-alpha
e2e_keys Space Enter
e2e_wait "^From: linux133"
e2e_wait "1995"
e2e_keys J
e2e_end=$(($(date +%s) + 15))
while e2e_screen | grep -q "^From: linux133"; do
	[ "$(date +%s)" -le "$e2e_end" ] || e2e_fail "J did not page"
	sleep 0.1
done
e2e_screen | grep -q "1995\|the software's\|MET DST" &&
    e2e_fail "the caption drawn under the table after it scrolled away"
e2e_keys q
e2e_check_restored 0
