#!/bin/sh
# run --detect on a terminal: when the settings it picks from the host
# profile take longer than -T, it says what it chose and asks; n refuses
# (status 2, nothing measured), y runs them.  The profile is written by
# hand, so what is chosen does not depend on this machine's noise.
set -u
. tests/e2e/lib.subr

mkdir -p "$e2e_tmp/results"
# syscall, 5 repeats of a warm-up and 6 samples of 0.1 s, levels 1% apart.
awk -v host="$(hostname)" 'BEGIN {
	print "record,name,value,version,copies,sample,unit,duration," \
	    "elapsed,iterations,status,reason,per_copy,repeat,busy"
	print "meta,format,2,,,,,,,,,,,,"
	print "meta,hostname," host ",,,,,,,,,,,,"
	print "meta,kind,noise-profile,,,,,,,,,,,,"
	print "meta,duration,0.1,,,,,,,,,,,,"
	print "meta,samples,6,,,,,,,,,,,,"
	for (r = 1; r <= 5; r++)
		for (k = 0; k <= 6; k++) {
			v = 100000 * (1 + 0.01 * (r - 3)) * (1 + 0.01 * (k % 3 - 1))
			printf "sample,syscall,%g,1,1,%d,lps,0.1,0.1,%d,ok,,%g,%d,\n",
			    v, k, v / 10, v, r
		}
}' >"$e2e_tmp/results/noise-$(hostname).csv"

e2e_args="run --detect 10 -t syscall -T 0.2 -o $e2e_tmp/out.csv -F"
e2e_start
e2e_wait "run --detect 10%: -R [0-9]* -n [0-9]*"
e2e_wait "Go on? \[y/N\]"
e2e_keys n Enter
e2e_wait "longer than -T 0.2 s"
e2e_wait "sysmark-exit=2"
[ ! -e "$e2e_tmp/out.csv" ] || e2e_fail "a refused run saved a file"

e2e_keys clear Enter
e2e_launch
e2e_wait "Go on? \[y/N\]"
e2e_keys y Enter
e2e_wait "sysmark-exit=0" 120
[ -s "$e2e_tmp/out.csv" ] || e2e_fail "the run it went on with saved nothing"
echo "detect_ask: ok"
