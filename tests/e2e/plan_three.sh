#!/bin/sh
# One plan, three front ends, one session: the same plan (syscall, 1
# copy, 0.3 s, 3 samples) measured by `sysmark run`, by the console
# (driven in tmux) and by the agent a fleet starts (its plan on stdin, as
# fleet run sends it) gives three run files with the same plan keys,
# each journaled as it went (journal_pid) and complete, no lock left.
set -u
. tests/e2e/lib.subr

keys="plan_tests plan_copies duration samples repeats warmup order \
time_cap target_ci repeat_gap prepare setup cleanup plan_baseline"

# plan_keys FILE: the plan's keys of a run file, one "KEY,VALUE" a line.
plan_keys() {
	for k in $keys; do
		grep "^meta,$k," "$1" | cut -d, -f2,3
	done
}

mkdir -p "$e2e_tmp/results"
# 1. run
SYSMARK_RESULTS=$e2e_tmp/results "$e2e_bin" run -t syscall -c 1 -d 0.3 \
    -n 3 -q -o "$e2e_tmp/run.csv" >/dev/null 2>"$e2e_tmp/run.err" ||
    e2e_fail "run: $(cat "$e2e_tmp/run.err")"

# 2. the agent: its plan as fleet run writes it, a heartbeat while it
# runs (the writer ends with SIGPIPE once the agent has gone); its TMPDIR
# its own, where it takes the host's lock, so that another test's agent
# on this machine never meets it.
{
	printf 'sysmark-plan 2\nplan_tests syscall\nplan_copies 1\n'
	printf 'duration 0.3\nsamples 3\ngo\n'
	while echo hb 2>/dev/null; do sleep 0.5; done
} | TMPDIR=$e2e_tmp "$e2e_bin" agent -o "$e2e_tmp/agent.csv" \
    >"$e2e_tmp/agent.out" 2>"$e2e_tmp/agent.err"
[ $? -eq 0 ] || e2e_fail "agent: $(cat "$e2e_tmp/agent.err")"
grep -q '^exit 0$' "$e2e_tmp/agent.out" || e2e_fail "the agent sent no exit 0"

# 3. the console, saving where run does.
e2e_start
e2e_wait "choose the tests"
e2e_keys x / C-u "System Call Overhead" Enter Space
e2e_keys c C-u 1 Enter d C-u 0.3 Enter m C-u 3 Enter
e2e_wait "Copies 1   Duration 0.3 s   Samples 3   Tests 1 of"
e2e_keys Enter
e2e_wait "^saved $e2e_tmp/results/" 120
e2e_keys q
e2e_wait "sysmark-exit=0"
con=$(ls "$e2e_tmp"/results/*.csv | head -n 1)
[ -f "$con" ] || e2e_fail "the console saved no run"

plan_keys "$e2e_tmp/run.csv" >"$e2e_tmp/run.keys"
grep -q '^plan_tests,syscall$' "$e2e_tmp/run.keys" ||
    e2e_fail "run's file holds no plan: $(cat "$e2e_tmp/run.keys")"
for f in "$e2e_tmp/agent.csv" "$con"; do
	plan_keys "$f" >"$e2e_tmp/other.keys"
	cmp -s "$e2e_tmp/run.keys" "$e2e_tmp/other.keys" || {
		diff "$e2e_tmp/run.keys" "$e2e_tmp/other.keys" >&2
		e2e_fail "$f: another plan than run's"
	}
done
for f in "$e2e_tmp/run.csv" "$e2e_tmp/agent.csv" "$con"; do
	grep -q '^meta,journal_pid,[0-9]' "$f" || e2e_fail "$f: not journaled"
	grep -q '^meta,status,complete,' "$f" || e2e_fail "$f: not complete"
	[ ! -e "$f.lock" ] || e2e_fail "$f.lock left behind"
	# Sample 0 is the warm-up.
	[ "$(grep -c '^sample,syscall,[^,]*,[^,]*,1,[1-9]' "$f")" -eq 3 ] ||
	    e2e_fail "$f: not 3 samples"
done
e2e_check_restored 0
echo "plan_three: the same $(wc -l <"$e2e_tmp/run.keys") plan keys in" \
    "run's, the agent's and the console's files"
