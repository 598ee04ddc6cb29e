#!/bin/sh
# Run libFuzzer targets: sh tests/fuzz/run.sh NAME... (build/fuzz/fuzz_NAME
# built by make).  For each: replay the inputs that once failed
# (tests/fuzz/regress/NAME/), then fuzz for FUZZ_SECONDS (default 30) from
# a corpus seeded with the files NAME.seeds lists, with NAME.dict.  Prints
# executions, coverage and findings per target; any finding fails, and its
# input is left in build/fuzz/ to become a regression file.
set -u

secs=${FUZZ_SECONDS:-30}
status=0
for name in "$@"; do
	bin=build/fuzz/$name
	short=${name#fuzz_}
	corpus=build/fuzz/corpus/$short
	seeds=build/fuzz/seeds/$short
	log=build/fuzz/$short.log
	mkdir -p "$corpus" "$seeds"
	# The seeds are copied afresh: fixtures change, the corpus grows.
	for g in $(cat "tests/fuzz/$short.seeds"); do
		for f in $g; do [ -f "$f" ] && cp "$f" "$seeds/"; done
	done
	if [ -d "tests/fuzz/regress/$short" ] &&
	    ! "$bin" tests/fuzz/regress/"$short"/* >"$log" 2>&1; then
		echo "[  FAILED  ] fuzz $short: a regression input fails again"
		tail -n 30 "$log"
		status=1
		continue
	fi
	"$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
	    -dict="tests/fuzz/$short.dict" \
	    -artifact_prefix="build/fuzz/finding-$short-" \
	    -print_final_stats=1 "$corpus" "$seeds" >"$log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
	if [ "$rc" -ne 0 ]; then
		echo "[  FAILED  ] fuzz $short: a finding after ${runs:-?}" \
		    "executions:"
		grep -E '^(==|SUMMARY|.*runtime error|accepted|saved)' \
		    "$log" | head -n 20
		ls build/fuzz/finding-"$short"-* 2>/dev/null
		status=1
		continue
	fi
	echo "[       OK ] fuzz $short: $runs executions in $secs s," \
	    "${cov:-cov: ?} edges, 0 findings"
done
exit $status
