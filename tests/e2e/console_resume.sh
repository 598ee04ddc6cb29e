#!/bin/sh
# The console offers to resume an interrupted run it finds in results/:
# n leaves it as it is; y continues it on the run screen,
# taking only the samples it lacks, and saves it into the same file,
# complete, the new samples in session 2.  A run of the console that a
# signal stopped is kept with its plan, so it is offered in turn.
set -u
. tests/e2e/lib.subr

res=$e2e_tmp/results
mkdir -p "$res"
# The sample rows of the run file (0 before it exists).
samples() {
	cat "$res/int.csv" 2>/dev/null | grep -c '^sample,'
}
# An interrupted run: sysmark run, stopped by SIGINT after two samples.
SYSMARK_RESULTS=$res "$e2e_bin" run -t syscall -n 6 -d 0.5 -q \
    -o "$res/int.csv" >/dev/null 2>&1 &
pid=$!
end=$(($(date +%s) + 60))
while [ "$(samples)" -lt 2 ]; do
	[ "$(date +%s)" -le "$end" ] || e2e_fail "the run saved nothing"
	sleep 0.05
done
kill -INT "$pid"
wait "$pid"
grep -q '^meta,status,interrupted,' "$res/int.csv" ||
    e2e_fail "the run was not interrupted"
before=$(samples)
[ "$before" -lt 7 ] || e2e_fail "the run ended before it was interrupted"

e2e_start
e2e_wait "Run int was interrupted: resume it? (y/n)"
e2e_shot resume-offer
e2e_keys n
e2e_wait "choose the tests"
e2e_keys q
e2e_check_restored 0
[ "$(samples)" = "$before" ] ||
    e2e_fail "n changed the file"

e2e_keys clear Enter
e2e_launch
e2e_wait "Run int was interrupted: resume it? (y/n)"
e2e_keys y
e2e_wait "sysmark -- results" 60
e2e_wait "saved .*int.csv"
e2e_keys q
e2e_check_restored 0
[ "$(samples)" = 7 ] ||
    e2e_fail "expected 7 samples (warm-up and 6), got \
$(samples)"
grep -q '^meta,status,complete,' "$res/int.csv" ||
    e2e_fail "the resumed run is not complete"
grep -q '^meta,resumed,1,' "$res/int.csv" || e2e_fail "no gap recorded"
# The session's column, wherever the format puts it.
col=$(head -n 1 "$res/int.csv" | tr ',' '\n' | grep -n -x session | cut -d: -f1)
[ "$(grep '^sample,' "$res/int.csv" | tail -n 1 | cut -d, -f"$col")" = 2 ] ||
    e2e_fail "the last sample is not of session 2"

# Nothing left to resume: the console starts on the select screen.
e2e_keys clear Enter
e2e_launch
e2e_wait "choose the tests"
e2e_screen | grep -q "resume it?" && e2e_fail "a complete run was offered"
e2e_keys q
e2e_check_restored 0
