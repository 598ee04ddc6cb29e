#!/bin/sh
# Run libFuzzer targets: sh tests/fuzz/run.sh NAME... (build/fuzz/fuzz_NAME
# built by make).  For each: replay the inputs that once failed
# (tests/fuzz/regress/NAME/), then fuzz for FUZZ_SECONDS (default 30) from
# the kept corpus (tests/fuzz/corpus/NAME/), the files NAME.seeds lists
# and what earlier runs on this machine found (build/fuzz/corpus/NAME/),
# with NAME.dict.  Prints executions, coverage and findings per target and
# the total; any finding fails, and its input is left in build/fuzz/ to
# become a regression file.
#
# With FUZZ_KEEP=1 (make fuzz) a clean run merges what it found into the
# kept corpus, minimised (-merge=1 -use_counters=0: the fewest inputs that
# reach the same edges, hit counts aside), so the next run, here or in
# CI, starts where this one stopped.  New inputs are at most FUZZ_MAX_LEN
# bytes (1024), so the kept corpora stay small enough to commit.
set -u

secs=${FUZZ_SECONDS:-30}
maxlen=${FUZZ_MAX_LEN:-1024}
status=0
total=0

# Merge what the run found into tests/fuzz/corpus/$short, minimised.
fuzz_keep() {	# bin short corpus log
	kept=tests/fuzz/corpus/$2
	new=build/fuzz/merge-$2
	rm -rf "$new"
	mkdir -p "$new" "$kept"
	if ! "$1" -merge=1 -use_counters=0 -timeout=10 -rss_limit_mb=2048 \
	    "$new" "$kept" "$3" >>"$4" 2>&1; then
		echo "[  FAILED  ] fuzz $2: merging the corpus failed"
		tail -n 20 "$4"
		rm -rf "$new"
		return 1
	fi
	# Swap in the merged set; what the run found is now kept.
	find "$kept" -type f -exec rm -f {} +
	find "$new" -type f -exec mv {} "$kept/" \;
	find "$3" -type f -exec rm -f {} +
	rm -rf "$new"
	echo "           fuzz $2: kept corpus $(ls "$kept" | wc -l) files," \
	    "$(cat "$kept"/* 2>/dev/null | wc -c) bytes"
}

for name in "$@"; do
	bin=build/fuzz/$name
	short=${name#fuzz_}
	corpus=build/fuzz/corpus/$short
	kept=tests/fuzz/corpus/$short
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
	dirs="$corpus"
	[ -d "$kept" ] && dirs="$dirs $kept"
	# New inputs go to the first directory; the others are only read.
	"$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
	    -max_len="$maxlen" -dict="tests/fuzz/$short.dict" \
	    -artifact_prefix="build/fuzz/finding-$short-" \
	    -print_final_stats=1 $dirs "$seeds" >"$log" 2>&1
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
	total=$((total + ${runs:-0}))
	echo "[       OK ] fuzz $short: $runs executions in $secs s," \
	    "${cov:-cov: ?} edges, 0 findings"
	if [ "${FUZZ_KEEP:-0}" = 1 ]; then
		fuzz_keep "$bin" "$short" "$corpus" "$log" || status=1
	fi
done
echo "           fuzz: $total executions in all"
exit $status
